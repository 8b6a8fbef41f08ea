"use client";

import { usePathname } from "next/navigation";

/** The call screen fills the viewport on its own: no app bar there. */
export function ShellHeaderGate({ children }: { children: React.ReactNode }) {
  return usePathname() === "/call" ? null : children;
}
