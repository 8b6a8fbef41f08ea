import { describe, expect, it } from "vitest";
import { durationMinutes, feedbackItems, scoreBand } from "@/components/grade/score-band";

describe("grade colour bands (spec section 4)", () => {
  it.each([
    [100, "green"], [80, "green"], [79, "yellow"], [60, "yellow"], [59, "red"], [0, "red"], [null, "grey"], [undefined, "grey"],
  ] as const)("%s -> %s", (score, band) => {
    expect(scoreBand(score)).toBe(band);
  });
});

describe("strengths, improvements and recommendations as given", () => {
  it.each([
    ["a list", ["One", " Two ", ""], ["One", "Two"]],
    ["a JSON-encoded list", '["One", "Two"]', ["One", "Two"]],
    ["plain text", "Ask more questions.", ["Ask more questions."]],
    ["text that only looks like JSON", "[draft] Ask more", ["[draft] Ask more"]],
    ["an empty list", [], []],
    ["an empty string", "  ", []],
    ["nothing", null, []],
  ])("%s", (_label, value, expected) => {
    expect(feedbackItems(value)).toEqual(expected);
  });
});

describe("duration", () => {
  it("is the rounded minutes between start and end", () => {
    expect(durationMinutes("2025-03-04T15:00:00Z", "2025-03-04T15:01:29Z")).toBe(1);
    expect(durationMinutes("2025-03-04T15:00:00Z", "2025-03-04T15:01:31Z")).toBe(2);
    expect(durationMinutes("2025-03-04T15:00:00Z", null)).toBeNull();
  });
});
