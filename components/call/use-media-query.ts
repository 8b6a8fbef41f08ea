"use client";

import { useSyncExternalStore } from "react";

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** The control bar goes minimal under 760 px, or 1000 px while the chat is open. */
export const useCompactControls = (chatOpen: boolean) => useMediaQuery(`(max-width: ${chatOpen ? 1000 : 760}px)`);
