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

/**
 * The last seed's logins for the printable sign-in cards. The passwords exist nowhere else but the
 * downloaded CSV (the database keeps hashes), so they stay in this tab's sessionStorage: gone when the
 * tab closes, never sent anywhere.
 */
export type StoredSeed = { organization: string; csv_data: string };
const SEED_KEY = "parley.seed";

export function saveSeed(seed: StoredSeed) {
  sessionStorage.setItem(SEED_KEY, JSON.stringify(seed));
}

export function readSeed(): StoredSeed | null {
  try {
    const seed = JSON.parse(sessionStorage.getItem(SEED_KEY) ?? "null");
    return typeof seed?.csv_data === "string" && typeof seed?.organization === "string" ? seed : null;
  } catch {
    return null;
  }
}

export function forgetSeed() {
  sessionStorage.removeItem(SEED_KEY);
}
