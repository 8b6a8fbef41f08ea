"use client";

import { LogOut } from "lucide-react";
import { useState } from "react";

import { Button } from "@/components/ui/button";
import { api } from "@/lib/client/api";
import { clearSession, getToken } from "@/lib/client/storage";

/** Revokes the session, clears token, user and isDev, and goes to /. */
export async function signOut() {
  // Without a stored token the session cookie still identifies the caller.
  await api("/api/protected/signout", { method: "POST", auth: getToken() !== null }).catch((err) =>
    console.error("Sign out failed", err),
  );
  clearSession();
  // A full load drops the client router's cached signed-in pages.
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  window.location.assign("/");
}

export function SignOutButton({ variant = "outline" }: { variant?: "outline" | "default" }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant={variant}
      onClick={() => {
        setBusy(true);
        void signOut();
      }}
      disabled={busy}
    >
      <LogOut aria-hidden /> {busy ? "Signing out..." : "Sign Out"}
    </Button>
  );
}
