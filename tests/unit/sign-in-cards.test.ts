import { describe, expect, it } from "vitest";

import { toCsv } from "@/lib/dev/csv";
import { cardsToPrint, organizationFromFilename, pagesOf, parseSeedCsv } from "@/lib/dev/sign-in-cards";

const HEADER = ["group", "role", "email", "password", "name"];

describe("sign-in cards from the seed's CSV", () => {
  it("reads back what the seed writes, quoted and formula-guarded cells included", () => {
    const csv = toCsv(HEADER, [
      ["Cohort, A", "admin", "i01.rcc@pilot.parley.example", "kf7m-qx4t-9wrh", "Instructor 01"],
      ['=Say "hi"', "member", "s01.rcc@pilot.parley.example", "ab2c-defg-hjk3", "Student 01"],
    ]);
    expect(parseSeedCsv(csv)).toEqual({
      cards: [
        {
          group: "Cohort, A",
          role: "admin",
          email: "i01.rcc@pilot.parley.example",
          password: "kf7m-qx4t-9wrh",
          name: "Instructor 01",
        },
        {
          group: '=Say "hi"',
          role: "member",
          email: "s01.rcc@pilot.parley.example",
          password: "ab2c-defg-hjk3",
          name: "Student 01",
        },
      ],
    });
  });

  it("accepts an older CSV without names, a byte-order mark and LF line ends (a spreadsheet's save)", () => {
    const parsed = parseSeedCsv("\uFEFFgroup,role,email,password\nA,member,a@x,pw-pw-pw\n\n");
    expect(parsed).toEqual({ cards: [{ group: "A", role: "member", email: "a@x", password: "pw-pw-pw", name: "" }] });
  });

  it.each([
    ["name,score\nMaya,80\n", /needs the columns group, role, email and password/],
    ["group,role,email,password\nA,owner,a@x,pw\n", /Row 2 of the CSV has no login/],
    ["group,role,email,password\nA,member,,pw\n", /Row 2/],
    ["group,role,email,password\n", /lists no accounts/],
    ["", /needs the columns/],
  ])("explains why %j is not a seed's CSV", (csv, message) => {
    const parsed = parseSeedCsv(csv);
    expect("error" in parsed && parsed.error).toMatch(message);
  });

  it("names the organisation from the CSV's file name", () => {
    expect(organizationFromFilename("Riverside_Community_College_users.csv")).toBe("Riverside Community College");
    expect(organizationFromFilename("Riverside_Community_College_users (1).csv")).toBe(
      "Riverside Community College users (1)",
    );
  });

  it("prints learners, instructors when asked, eight to a page", () => {
    const cards = Array.from({ length: 18 }, (_, i) => ({
      group: "A",
      role: i < 2 ? ("admin" as const) : ("member" as const),
      email: `${i}@x`,
      password: "p",
      name: `${i}`,
    }));
    expect(cardsToPrint(cards, false)).toHaveLength(16);
    expect(cardsToPrint(cards, true)).toHaveLength(18);
    expect(pagesOf(cardsToPrint(cards, false)).map((p) => p.length)).toEqual([8, 8]);
    expect(pagesOf(cardsToPrint(cards, true)).map((p) => p.length)).toEqual([8, 8, 2]);
  });
});
