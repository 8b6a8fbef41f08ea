"use client";

import { ArrowLeft } from "lucide-react";
import { useRouter } from "next/navigation";
import { useSyncExternalStore } from "react";

import { Button } from "@/components/ui/button";

const nothingToWatch = () => () => {};

/**
 * One step back in history; a page opened in a fresh tab has none, so it goes home instead. It is
 * disabled until React runs in the browser: before that a click would silently do nothing.
 */
export function BackButton({ fallback = "/" }: { fallback?: string }) {
  const router = useRouter();
  const interactive = useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );
  return (
    <Button
      type="button"
      variant="ghost"
      className="-ml-3"
      disabled={!interactive}
      onClick={() => (window.history.length > 1 ? router.back() : router.push(fallback))}
    >
      <ArrowLeft aria-hidden />
      Back
    </Button>
  );
}
