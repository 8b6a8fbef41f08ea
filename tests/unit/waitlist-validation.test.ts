import { describe, expect, it } from "vitest";

import { waitlistSchema } from "@/lib/validations/waitlist";

const base = { email: "ada@example.com" };

function firstError(input: unknown) {
  const result = waitlistSchema.safeParse(input);
  if (result.success) throw new Error("expected a validation failure");
  return { path: result.error.issues[0].path.join("."), message: result.error.issues[0].message };
}

describe("waitlistSchema accepts and normalises", () => {
  it.each([
    ["trims the email", { email: "  ada@example.com " }, { email: "ada@example.com" }],
    ["missing name, interests, details", base, { name: null, interests: [], otherDetails: null }],
    ["blank name becomes null", { ...base, name: "   " }, { name: null }],
    ["name is trimmed", { ...base, name: "  Ada Lovelace " }, { name: "Ada Lovelace" }],
    ["null name and interests", { ...base, name: null, interests: null }, { name: null, interests: [] }],
    [
      "duplicate interests collapse",
      { ...base, interests: ["sales", "legal", "sales"] },
      { interests: ["sales", "legal"] },
    ],
    [
      "all eight interests",
      {
        ...base,
        interests: [
          "sales",
          "interviews",
          "presentations",
          "customer-service",
          "legal",
          "therapy",
          "team-training",
          "other",
        ],
      },
      {},
    ],
    [
      "details kept with other",
      { ...base, interests: ["other"], otherDetails: "  Debate club " },
      { otherDetails: "Debate club" },
    ],
    [
      "details dropped without other",
      { ...base, interests: ["sales"], otherDetails: "Debate club" },
      { otherDetails: null },
    ],
    ["blank details become null", { ...base, interests: ["other"], otherDetails: "  " }, { otherDetails: null }],
    ["name of exactly 100", { ...base, name: "n".repeat(100) }, { name: "n".repeat(100) }],
  ])("%s", (_label, input, expected) => {
    const parsed = waitlistSchema.parse(input);
    expect(parsed).toMatchObject(expected);
  });
});

describe("waitlistSchema refuses", () => {
  it.each([
    ["missing email", {}, "email", "Email is required"],
    ["empty email", { email: "" }, "email", "Email is required"],
    ["blank email", { email: "    " }, "email", "Email is required"],
    ["non-email", { email: "not-an-email" }, "email", "Enter a valid email address"],
    ["overlong email", { email: `${"a".repeat(250)}@x.io` }, "email", "Email must be at most 254 characters"],
    ["overlong name", { ...base, name: "n".repeat(101) }, "name", "Name must be at most 100 characters"],
    [
      "overlong details",
      { ...base, interests: ["other"], otherDetails: "d".repeat(1001) },
      "otherDetails",
      "Other details must be at most 1000 characters",
    ],
    ["non-text name", { ...base, name: 42 }, "name", "Name must be text"],
    ["interests not a list", { ...base, interests: "sales" }, "interests", "Interests must be a list"],
    [
      "more than eight interests",
      { ...base, interests: Array(9).fill("sales") },
      "interests",
      "Choose at most 8 interests",
    ],
  ])("%s", (_label, input, path, message) => {
    expect(firstError(input)).toEqual({ path, message });
  });

  it("names the unknown interest and the allowed ones", () => {
    const { path, message } = firstError({ ...base, interests: ["sales", "cooking"] });
    expect(path).toBe("interests.1");
    expect(message).toMatch(/^Unknown interest "cooking": choose from sales, interviews, .*, other$/);
  });
});
