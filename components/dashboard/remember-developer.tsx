"use client";

import { useEffect } from "react";

import { STORAGE_KEYS } from "@/lib/client/storage";

/** The dashboard stores isDev in local storage. */
export function RememberDeveloper({ isDev }: { isDev: boolean }) {
  useEffect(() => {
    localStorage.setItem(STORAGE_KEYS.isDev, isDev ? "true" : "false");
  }, [isDev]);
  return null;
}
