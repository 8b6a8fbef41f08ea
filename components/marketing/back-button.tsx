"use client";

import { ArrowLeft } from "lucide-react";
import { useRouter } from "next/navigation";

import { Button } from "@/components/ui/button";

/** One step back in history; a page opened in a fresh tab has none, so it goes home instead. */
export function BackButton({ fallback = "/" }: { fallback?: string }) {
  const router = useRouter();
  return (
    <Button
      type="button"
      variant="ghost"
      className="-ml-3"
      onClick={() => (window.history.length > 1 ? router.back() : router.push(fallback))}
    >
      <ArrowLeft aria-hidden />
      Back
    </Button>
  );
}
