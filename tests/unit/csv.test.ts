import { describe, expect, it } from "vitest";

import { csvCell, csvFilename, toCsv } from "@/lib/dev/csv";

describe("CSV of seeded accounts", () => {
  it.each([
    ["plain", "plain"],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["=SUM(A1)", "'=SUM(A1)"],
    ["+1", "'+1"],
    ["@cmd", "'@cmd"],
  ])("writes %j as %j", (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it("writes a header row then one row per account", () => {
    const csv = toCsv(["group", "role", "email", "password"], [["Cohort, A", "admin", "a@x", "pw"]]);
    expect(csv).toBe('group,role,email,password\r\n"Cohort, A",admin,a@x,pw\r\n');
  });

  it.each([
    ["Spring Pilot 2026", "Spring_Pilot_2026_users.csv"],
    ["Riverside/Uni: Sales", "Riverside_Uni__Sales_users.csv"],
    ["Ünï", "_n__users.csv"],
  ])("names the file for %j", (name, filename) => {
    expect(csvFilename(name)).toBe(filename);
  });
});
