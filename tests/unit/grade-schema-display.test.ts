import { describe, expect, it } from "vitest";

import { durationMinutes, scoreBand } from "@/components/grade/score-band";

describe("grade colour bands", () => {
  it.each([
    [100, "green"],
    [80, "green"],
    [79, "yellow"],
    [60, "yellow"],
    [59, "red"],
    [0, "red"],
    [null, "grey"],
    [undefined, "grey"],
  ] as const)("%s -> %s", (score, band) => {
    expect(scoreBand(score)).toBe(band);
  });
});

describe("duration", () => {
  it("is the rounded minutes between start and end", () => {
    expect(durationMinutes("2025-03-04T15:00:00Z", "2025-03-04T15:01:29Z")).toBe(1);
    expect(durationMinutes("2025-03-04T15:00:00Z", "2025-03-04T15:01:31Z")).toBe(2);
    expect(durationMinutes("2025-03-04T15:00:00Z", null)).toBeNull();
  });
});
