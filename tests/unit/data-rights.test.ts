import { describe, expect, it } from "vitest";

import { daysKept } from "@/components/grade/transcript-deleted";
import { auditQuerySchema, retentionFormSchema, retentionSchema } from "@/lib/validations/data-rights";

describe("retention input", () => {
  const json: [unknown, number | null | "refused"][] = [
    [1, 1],
    [30, 30],
    [3650, 3650],
    [null, null],
    [0, "refused"],
    [-5, "refused"],
    [3651, "refused"],
    [2.5, "refused"],
    ["30", "refused"], // the API takes a JSON number; the form reads text
    [true, "refused"],
    [undefined, "refused"],
  ];
  it.each(json)("API %j -> %j", (value, expected) => {
    const r = retentionSchema.safeParse({ retention_days: value });
    expect(r.success ? r.data.retention_days : "refused").toBe(expected);
  });

  it("refuses unknown fields in the API body", () => {
    expect(retentionSchema.safeParse({ retention_days: 5, days: 5 }).success).toBe(false);
  });

  const form: [string, number | null | "refused"][] = [
    ["", null],
    ["  ", null],
    ["30", 30],
    [" 90 ", 90],
    ["0", "refused"],
    ["3651", "refused"],
    ["1.5", "refused"],
    ["1e3", "refused"],
    ["thirty", "refused"],
  ];
  it.each(form)("form %j -> %j", (value, expected) => {
    const r = retentionFormSchema.safeParse({ retention_days: value });
    expect(r.success ? r.data.retention_days : "refused").toBe(expected);
  });
});

describe("audit filters", () => {
  it.each([
    [{}, { page: 1 }],
    [
      { page: "3", action: "grade" },
      { page: 3, action: "grade" },
    ],
    [{ action: "", actor_id: "" }, { page: 1 }],
  ])("%j -> %j", (input, expected) => {
    expect(auditQuerySchema.parse(input)).toEqual(expected);
  });
  it.each([{ page: "0" }, { page: "-1" }, { action: "grade; drop" }, { actor_id: "x" }])("refuses %j", (input) => {
    expect(auditQuerySchema.safeParse(input).success).toBe(false);
  });
});

describe("days a transcript was kept, as the grade page says", () => {
  it.each([
    ["2026-01-01T10:00:00Z", "2026-01-31T10:30:00Z", 30],
    ["2026-01-01T10:00:00Z", "2026-01-01T11:00:00Z", 0],
    ["2026-01-01T10:00:00Z", "2026-01-02T09:59:00Z", 0],
    [null, "2026-01-02T09:59:00Z", null],
  ])("%s to %s -> %s", (ended, deleted, days) => {
    expect(daysKept(ended, deleted)).toBe(days);
  });
});
