"use client";

import type { RoomAnswer } from "@/lib/rooms/service";

/** The local storage keys other clients rely on, in one place. */
export const STORAGE_KEYS = {
  token: "token",
  user: "user",
  isDev: "isDev",
  selectedRoleplay: "selected_roleplay_schema",
} as const;

export type StoredUser = { id: string; name: string; email?: string; isDev?: boolean };

export function getToken(): string | null {
  return typeof window === "undefined" ? null : localStorage.getItem(STORAGE_KEYS.token);
}

export function getStoredUser(): StoredUser | null {
  if (typeof window === "undefined") return null;
  try {
    return JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? "null");
  } catch {
    return null;
  }
}

export function storeSignIn(token: string, user: StoredUser) {
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

/** Sign-out removes token, user and isDev. */
export function clearSession() {
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(STORAGE_KEYS.user);
  localStorage.removeItem(STORAGE_KEYS.isDev);
}

/** The 401/Token rule drops token and user only. */
export function clearToken() {
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(STORAGE_KEYS.user);
}

/** Navigation state for /call: Next.js has none, so the room answer lives in sessionStorage for one tab. */
export type CallState = RoomAnswer;
const CALL_KEY = "parley.call";

export function saveCallState(state: CallState) {
  sessionStorage.setItem(CALL_KEY, JSON.stringify(state));
}

export function takeCallState(): CallState | null {
  try {
    return JSON.parse(sessionStorage.getItem(CALL_KEY) ?? "null");
  } catch {
    return null;
  }
}

export function clearCallState() {
  sessionStorage.removeItem(CALL_KEY);
}
