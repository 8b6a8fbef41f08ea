import { describe, expect, it } from "vitest";

import { passwordProblem } from "@/lib/auth/password-policy";
import {
  chooseOrgTag,
  generatePassword,
  loginTag,
  orgTag,
  PASSWORD_ALPHABET,
  pilotEmail,
  pilotName,
  tagCandidate,
} from "@/lib/dev/credentials";

const DOMAIN = "pilot.parley.example";

describe("pilot passwords", () => {
  const passwords = Array.from({ length: 2000 }, generatePassword);

  it("are three groups of four for reading aloud, starting with a letter", () => {
    for (const p of passwords) expect(p).toMatch(/^[a-z][a-z0-9]{3}-[a-z0-9]{4}-[a-z0-9]{4}$/);
  });

  it("never hold a look-alike (o/0, l/1/I), a capital or punctuation other than the group dashes", () => {
    for (const ambiguous of ["o", "0", "l", "1", "i", "I", "O"]) expect(PASSWORD_ALPHABET).not.toContain(ambiguous);
    const used = new Set(passwords.join("").replace(/-/g, ""));
    expect([...used].every((c) => PASSWORD_ALPHABET.includes(c))).toBe(true);
    // 2000 x 11 draws from 31 symbols: every one of them shows up, so the whole alphabet is in use.
    expect(used.size).toBe(PASSWORD_ALPHABET.length);
  });

  it("are distinct and pass the password policy for the account they are printed with", () => {
    expect(new Set(passwords).size).toBe(passwords.length);
    passwords.forEach((p, i) => {
      const email = pilotEmail({ tag: "rcc", role: "member", n: i + 1, count: passwords.length, domain: DOMAIN });
      expect(passwordProblem(p, { email, name: pilotName("member", i + 1, passwords.length) })).toBeNull();
    });
  });
});

describe("organisation tags", () => {
  it.each([
    ["Riverside Community College", "rcc"],
    ["Acme", "acme"],
    ["Acme Labs", "acmelabs"],
    ["Spring Pilot 2026", "sp2026"],
    ["University of the West", "uw"],
    ["École Supérieure de Commerce", "esc"],
    ["Ünïcode ☃", "unicode"],
    ["Salesacademy", "salesacademy"],
    ["Internationalisation", "i"],
    ["!!!", "org"],
    ["The The", "thethe"],
    ["Alpha Beta Gamma Delta Epsilon Zeta Eta Theta Iota Kappa", "abgdezet"],
  ])("%j -> %j", (name, tag) => {
    expect(orgTag(name)).toBe(tag);
  });

  it("never cuts a word: the tag is whole words joined, or each word's initial (numbers whole)", () => {
    const names = [
      "Riverside Community College Tuesday Section",
      "Northwestern Polytechnic Institute Technology 2027",
      "Spring Pilot 2026",
      "Acme Corporation",
      "Big Sales Bootcamp",
    ];
    for (const name of names) {
      const words = name.toLowerCase().split(/\s+/);
      const tag = orgTag(name);
      const whole = words.join("");
      const initials = words.map((w) => (/^\d+$/.test(w) ? w : w[0]));
      const isPrefixOfInitials = initials.some((_, k) => initials.slice(0, k + 1).join("") === tag);
      expect(tag === whole || isPrefixOfInitials, `${name} -> ${tag}`).toBe(true);
      expect(tag.length).toBeLessThanOrEqual(10);
    }
  });
});

describe("login tags across organisations", () => {
  it("number a taken tag deterministically, with a dash after a digit", () => {
    expect([1, 2, 3].map((k) => tagCandidate("rcc", k))).toEqual(["rcc", "rcc2", "rcc3"]);
    expect(tagCandidate("sp2026", 2)).toBe("sp2026-2");
    expect(chooseOrgTag("rcc", new Set())).toBe("rcc");
    expect(chooseOrgTag("rcc", new Set(["rcc"]))).toBe("rcc2");
    expect(chooseOrgTag("rcc", new Set(["rcc", "rcc2", "rcc4"]))).toBe("rcc3");
    expect(chooseOrgTag("rcc", new Set(["rcc2"]))).toBe("rcc");
    expect(chooseOrgTag("sp2026", new Set(["sp2026"]))).toBe("sp2026-2");
  });

  it("reads the tag back from a login on the pilot domain only", () => {
    expect(loginTag("s01.rcc2@pilot.parley.example", DOMAIN)).toBe("rcc2");
    expect(loginTag("I123.sp2026-2@PILOT.parley.example", DOMAIN)).toBe("sp2026-2");
    expect(loginTag("s01.rcc@elsewhere.example", DOMAIN)).toBeNull();
    expect(loginTag("maya.rcc@pilot.parley.example", DOMAIN)).toBeNull();
  });
});

describe("pilot logins and names", () => {
  it("are short: role letter, two-digit number, organisation tag", () => {
    const email = pilotEmail({ tag: "rcc", role: "member", n: 1, count: 30, domain: DOMAIN });
    expect(email).toBe("s01.rcc@pilot.parley.example");
    expect(pilotEmail({ tag: "rcc", role: "admin", n: 2, count: 2, domain: DOMAIN })).toBe(
      "i02.rcc@pilot.parley.example",
    );
    expect(email.length).toBeLessThanOrEqual(30);
    const long = pilotEmail({
      tag: orgTag("Riverside Community College Tuesday Section"),
      role: "member",
      n: 7,
      count: 100,
      domain: DOMAIN,
    });
    expect(long).toBe("s007.rccts@pilot.parley.example");
  });

  it("are unique within an organisation of the largest seed", () => {
    const logins = new Set<string>();
    for (const role of ["admin", "member"] as const)
      for (let n = 1; n <= 1000; n++) logins.add(pilotEmail({ tag: "rcc", role, n, count: 1000, domain: DOMAIN }));
    expect(logins.size).toBe(2000);
  });

  it.each([
    ["member", 3, 40, "Student 03"],
    ["admin", 1, 1, "Instructor 01"],
    ["member", 12, 12, "Student 12"],
    ["member", 7, 100, "Student 007"],
  ] as const)("names a %s %i of %i %j", (role, n, count, name) => {
    expect(pilotName(role, n, count)).toBe(name);
  });
});
