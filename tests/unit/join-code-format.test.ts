import { describe, expect, it } from "vitest";

import {
  generateJoinCode,
  JOIN_CODE_ALPHABET,
  joinCodeHint,
  joinCodePrefix,
  normaliseJoinCode,
} from "@/lib/organizations/join-code-format";

describe("join code format", () => {
  it("has no character people confuse when reading aloud or typing", () => {
    for (const c of "01OIL") expect(JOIN_CODE_ALPHABET).not.toContain(c);
    expect(new Set(JOIN_CODE_ALPHABET).size).toBe(JOIN_CODE_ALPHABET.length);
  });

  it.each([
    ["Riverside Community College", "RCC"],
    ["Riverside University Sales Lab", "RUS"],
    ["Lakeside Institute of Oratory", ""], // L, I and O are left out
    ["École supérieure", "ES"],
    ["  ", ""],
  ])("prefixes %j with %j", (name, prefix) => {
    expect(joinCodePrefix(name)).toBe(prefix);
  });

  it("groups eight random characters in fours after the prefix, differently each time", () => {
    const chars = `[${JOIN_CODE_ALPHABET}]`;
    const codes = Array.from({ length: 200 }, () => generateJoinCode("Riverside Community College"));
    for (const code of codes) expect(code).toMatch(new RegExp(`^RCC-${chars}{4}-${chars}{4}$`));
    expect(new Set(codes).size).toBe(codes.length);
    expect(generateJoinCode("Lakeside Institute")).toMatch(new RegExp(`^${chars}{4}-${chars}{4}$`));
  });

  it.each([
    ["RCC-7KQ4-M9TX", "RCC7KQ4M9TX"],
    [" rcc 7kq4 m9tx ", "RCC7KQ4M9TX"],
    ["rcc–7kq4—m9tx", "RCC7KQ4M9TX"],
    ["ＲＣＣ７ＫＱ４Ｍ９ＴＸ", "RCC7KQ4M9TX"],
  ])("reads %j as %j", (typed, normal) => {
    expect(normaliseJoinCode(typed)).toBe(normal);
  });

  it("hints with the last four characters", () => {
    expect(joinCodeHint("RCC-7KQ4-M9TX")).toBe("M9TX");
  });
});
