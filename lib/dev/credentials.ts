import "server-only";

import { randomInt } from "node:crypto";

export type PilotRole = "admin" | "member";

/** Lower case without the look-alikes o/0, l/1/i: a password read aloud or copied from paper survives. */
const PASSWORD_LETTERS = "abcdefghjkmnpqrstuvwxyz";
export const PASSWORD_ALPHABET = `${PASSWORD_LETTERS}23456789`;
const GROUPS = 3;
const GROUP_LENGTH = 4;

/**
 * Three groups of four joined by dashes, `kf7m-qx4t-9wrh`, from the CSPRNG: about 59 bits. It starts
 * with a letter, so a spreadsheet never reads it as a date or a number.
 */
export function generatePassword(): string {
  const chars = Array.from({ length: GROUPS * GROUP_LENGTH }, (_, i) => {
    const alphabet = i === 0 ? PASSWORD_LETTERS : PASSWORD_ALPHABET;
    return alphabet[randomInt(alphabet.length)];
  });
  return Array.from({ length: GROUPS }, (_, g) => chars.slice(g * GROUP_LENGTH, (g + 1) * GROUP_LENGTH).join("")).join(
    "-",
  );
}

const STOP_WORDS = new Set(["an", "and", "at", "de", "des", "du", "for", "in", "la", "le", "of", "on", "the"]);
const WHOLE_MAX = 10;
const INITIALS_MAX = 8;
const SINGLE_WORD_MAX = 12;

/** The name's words in ASCII lower case: accents dropped, anything else a separator. */
function words(name: string): string[] {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * A short tag for an organisation, made of whole words or their initials and never a word cut
 * short: 'Acme Labs' -> 'acmelabs', 'Riverside Community College' -> 'rcc', 'Spring Pilot 2026' ->
 * 'sp2026'. Numbers stay whole; small words (of, the...) are dropped when others remain.
 */
export function orgTag(name: string): string {
  const all = words(name);
  const kept = all.filter((w) => !STOP_WORDS.has(w));
  const list = kept.length ? kept : all;
  if (!list.length) return "org";
  const whole = list.join("");
  if (whole.length <= WHOLE_MAX) return whole;
  if (list.length === 1) return whole.length <= SINGLE_WORD_MAX ? whole : whole[0];
  let tag = "";
  for (const piece of list.map((w) => (/^\d+$/.test(w) ? w : w[0]))) {
    if (tag.length + piece.length > INITIALS_MAX) break;
    tag += piece;
  }
  return tag || list[0][0];
}

/** The k-th candidate for a tag: 'rcc', 'rcc2', 'rcc3'...; a tag ending in a digit takes a dash first ('sp2026-2'). */
export function tagCandidate(base: string, k: number): string {
  if (k <= 1) return base;
  return /\d$/.test(base) ? `${base}-${k}` : `${base}${k}`;
}

/** The first candidate that no other organisation's logins use: deterministic for the same logins. */
export function chooseOrgTag(base: string, taken: ReadonlySet<string>): string {
  for (let k = 1; ; k++) {
    const candidate = tagCandidate(base, k);
    if (!taken.has(candidate)) return candidate;
  }
}

const ROLE_LETTER: Record<PilotRole, string> = { admin: "i", member: "s" };
const ROLE_NAME: Record<PilotRole, string> = { admin: "Instructor", member: "Student" };

/** A number padded to two digits, or to as many as the largest number of its kind needs. */
function pilotNumber(n: number, count: number): string {
  return String(n).padStart(Math.max(2, String(count).length), "0");
}

/** The tag a pilot login carries, or null when the address is not one: `s01.rcc@domain` -> 'rcc'. */
export function loginTag(email: string, domain: string): string | null {
  const at = email.toLowerCase().lastIndexOf("@");
  if (at < 0 || email.slice(at + 1).toLowerCase() !== domain.toLowerCase()) return null;
  const match = /^[is]\d{2,}\.([a-z0-9-]+)$/.exec(email.slice(0, at).toLowerCase());
  return match ? match[1] : null;
}

/** An anonymous login such as `s01.rcc@pilot.parley.example`: role letter, number in the organisation, its tag. */
export function pilotEmail(input: { tag: string; role: PilotRole; n: number; count: number; domain: string }) {
  return `${ROLE_LETTER[input.role]}${pilotNumber(input.n, input.count)}.${input.tag}@${input.domain}`;
}

/** Anonymous display names numbered across the organisation: 'Student 03', 'Instructor 01'. */
export function pilotName(role: PilotRole, n: number, count: number) {
  return `${ROLE_NAME[role]} ${pilotNumber(n, count)}`;
}
