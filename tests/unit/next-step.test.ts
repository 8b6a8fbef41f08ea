import { describe, expect, it } from "vitest";

import { nextStep } from "@/lib/grading/signals";
import type { TranscriptTurn } from "@/lib/grading/transcript";

const at = new Date("2026-11-20T16:00:00Z");
const turn = (seq: number, speaker: TranscriptTurn["speaker"], text: string): TranscriptTurn => ({
  seq,
  speaker,
  text,
  source: "text",
  started_at: at,
  ended_at: at,
});
const call = (learner: string, buyer: string) => [turn(0, "learner", learner), turn(1, "persona", buyer)];

describe("an agreed next step", () => {
  const ask = "Would it make sense to set up a 45-minute workflow review with your two shift leads next week?";

  it.each([
    "If you keep it to 45 minutes, yes. Send me a couple of times.",
    "Sure, that works.",
    "Yes, let's do it. Send me the invite.",
  ])("counts a conditional or plain yes as agreement: %s", (buyer) => {
    const step = nextStep(call(ask, buyer));
    expect(step.agreed?.quote).toBe(buyer);
    expect(step.concrete).toBe(true);
  });

  it.each([
    "Just send me something and I'll have a look.",
    "Not right now, maybe next quarter.",
    "I'll think about it.",
  ])("does not count a brush-off as agreement: %s", (buyer) => {
    const step = nextStep(call(ask, buyer));
    expect(step.proposed).not.toBeNull();
    expect(step.agreed).toBeNull();
  });
});
