import { describe, expect, it } from "vitest";

import { generatePassword, pilotEmail, pilotName, slug } from "@/lib/dev/credentials";

describe("pilot credentials", () => {
  it("generates strong, distinct passwords that start with a letter or digit", () => {
    const passwords = Array.from({ length: 200 }, generatePassword);
    expect(new Set(passwords).size).toBe(200);
    for (const p of passwords) expect(p).toMatch(/^[A-Za-z0-9][A-Za-z0-9_-]{15}$/);
  });

  it("builds anonymous logins on the pilot domain", () => {
    const email = pilotEmail({
      org: "Spring Pilot!",
      group: "Cohort A",
      role: "member",
      n: 3,
      domain: "pilot.example",
    });
    expect(email).toMatch(/^spring-pilot-cohort-a-member-3-[a-z0-9]{4}@pilot\.example$/);
  });

  it.each([
    ["Ünïcode ☃", "org", "n-code"],
    ["!!!", "org", "org"],
    ["A".repeat(40), "org", "a".repeat(24)],
  ])("slugs %j", (value, fallback, expected) => {
    expect(slug(value, fallback)).toBe(expected);
  });

  it("names accounts without personal data", () => {
    expect(pilotName("Cohort A", "member", 3)).toBe("Cohort A Student 3");
    expect(pilotName("Cohort A", "admin", 1)).toBe("Cohort A Admin 1");
  });
});
