import { randomInt } from "node:crypto";

/**
 * Join codes are read aloud in a classroom and typed on phones: capitals and digits without the ones
 * people confuse (0/O, 1/I/L), in groups of four after the organisation's initials: `RCC-7KQ4-M9TX`.
 * Eight random characters from 31 give about 40 bits, with the rate limit and the hash on top.
 */
export const JOIN_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const RANDOM_LENGTH = 8;
const HINT_LENGTH = 4;

/** Up to three initials of the organisation's name, from the same alphabet (so nothing in a code is ambiguous). */
export function joinCodePrefix(organizationName: string): string {
  const initials = organizationName
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .map((word) => word[0] ?? "")
    .filter((c) => JOIN_CODE_ALPHABET.includes(c));
  return initials.slice(0, 3).join("");
}

/** A fresh code from the CSPRNG, formatted for reading aloud. */
export function generateJoinCode(organizationName: string): string {
  let random = "";
  for (let i = 0; i < RANDOM_LENGTH; i++) random += JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)];
  const groups = [random.slice(0, 4), random.slice(4)];
  const prefix = joinCodePrefix(organizationName);
  return [...(prefix ? [prefix] : []), ...groups].join("-");
}

/** What a learner typed, as the code is hashed: case, spaces and dashes do not matter. */
export function normaliseJoinCode(typed: string): string {
  return typed
    .normalize("NFKC")
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "");
}

/** The last characters, so admins can tell codes apart without the code being stored. */
export function joinCodeHint(code: string): string {
  return normaliseJoinCode(code).slice(-HINT_LENGTH);
}
