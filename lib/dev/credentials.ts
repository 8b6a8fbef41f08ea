import "server-only";

import { randomBytes, randomInt } from "node:crypto";

const ALPHANUMERIC = "abcdefghijklmnopqrstuvwxyz0123456789";

export function slug(value: string, fallback: string, max = 24): string {
  const s = value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, max)
    .replace(/-+$/, "");
  return s || fallback;
}

function randomTag(length: number): string {
  let tag = "";
  for (let i = 0; i < length; i++) tag += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return tag;
}

/** 96 random bits as 16 base64url characters; never starting with '-' or '_', which spreadsheets mangle. */
export function generatePassword(): string {
  for (;;) {
    const password = randomBytes(12).toString("base64url");
    if (/^[A-Za-z0-9]/.test(password)) return password;
  }
}

/** An anonymous login such as `spring-pilot-cohort-a-member-3-k2x9@pilot.parley.example`. */
export function pilotEmail(input: { org: string; group: string; role: "admin" | "member"; n: number; domain: string }) {
  return `${slug(input.org, "org")}-${slug(input.group, "group")}-${input.role}-${input.n}-${randomTag(4)}@${input.domain}`;
}

/** Anonymous display names: 'Cohort A Student 3', 'Cohort A Admin 1'. */
export function pilotName(group: string, role: "admin" | "member", n: number) {
  return `${group} ${role === "admin" ? "Admin" : "Student"} ${n}`;
}
