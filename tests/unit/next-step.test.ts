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
    "I can take it to HR this week with my recommendation. I can't promise the full number.",
    "i can take it to hr this week with my recommendation i can't promise the full number",
    "I'd be open to that. I'd need IT to sign off on the app, though.",
    "Thursday afternoon could work for him.",
    "Wednesday at ten.",
    // Writer Z (session 17): an excellent Brazilian Portuguese discovery was capped at 60 for "no agreed step".
    "That's fair. Wednesday at 9 works. Set it up with our checklist format, I'll send it over.",
  ])("counts a conditional or plain yes as agreement: %s", (buyer) => {
    const step = nextStep(call(ask, buyer));
    expect(step.agreed?.quote).toBe(buyer);
    expect(step.concrete).toBe(true);
  });

  it.each([
    "Just send me something and I'll have a look.",
    "Not right now, maybe next quarter.",
    "I'll think about it.",
    "I can't promise anything, and I can't take it further this quarter.",
    "Friday isn't realistic. Our CFO reviews anything over a hundred thousand.",
    "Fine. Goodbye.",
    "ok bye",
    "Wednesday doesn't work, and honestly nothing this month works.",
  ])("does not count a brush-off as agreement: %s", (buyer) => {
    const step = nextStep(call(ask, buyer));
    expect(step.proposed).not.toBeNull();
    expect(step.agreed).toBeNull();
  });

  it("does not take a yes that confirms a remark for agreement to a step", () => {
    const step = nextStep(
      call(
        "I lead three engineer now and I do their code review. We finished the migration two week early.",
        "That migration was a big deal, yes. Finance noticed.",
      ),
    );
    expect(step.agreed).toBeNull();
  });
});

describe("sending material is not a step the buyer commits to", () => {
  it.each([
    ["Sure. I send you brochure and case study. After, I follow up with you next week, OK?", "Fine. Email is best."],
    ["great so i'll just email you some info and follow up next week", "sure sounds good"],
    ["I'll forward our pricing and a couple of case studies tomorrow.", "Okay, thanks."],
  ])("%s / %s", (learner, buyer) => {
    const step = nextStep(call(learner, buyer));
    expect(step.agreed).not.toBeNull();
    expect(step.sendsOnly).toBe(true);
    expect(step.concrete).toBe(false);
  });

  it.each([
    [
      "I'll send you a one-pager by Friday. Could we set a time to talk again once you've spoken to HR, say in two weeks?",
      "Let's put something in for the 20th.",
    ],
    ["I'll send the invite for Tuesday at 10 with a short agenda.", "Great, send it over."],
    ["I'll email you the deck and we can walk through it on Thursday's call.", "Sure."],
    ["Can I send the details and book 30 minutes with your finance lead?", "Yes, do that."],
  ])("a send with the buyer's time in it still counts: %s", (learner, buyer) => {
    const step = nextStep(call(learner, buyer));
    expect(step.sendsOnly).toBe(false);
    expect(step.concrete).toBe(true);
  });
});
