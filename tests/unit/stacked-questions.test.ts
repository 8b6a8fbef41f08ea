import { describe, expect, it } from "vitest";

import { markQuestions } from "@/lib/grading/questions";
import type { TranscriptTurn } from "@/lib/grading/transcript";

const at = new Date("2026-11-28T16:00:00Z");
const transcript = (lines: [TranscriptTurn["speaker"], string][]): TranscriptTurn[] =>
  lines.map(([speaker, text], seq) => ({ seq, speaker, text, source: "text", started_at: at, ended_at: at }));
const answered = (lines: [TranscriptTurn["speaker"], string][]) =>
  markQuestions(transcript(lines)).map((q) => [q.text, q.answered]);

/**
 * Two or three questions asked back to back, as non-native and nervous learners often do, each count when the
 * buyer's reply takes them up; one the reply ignores does not.
 * From the session 13 review call (a Brazilian Portuguese speaker).
 */
describe("stacked questions", () => {
  it("counts both questions of a stack the buyer answers", () => {
    const marked = answered([
      ["learner", "Great. So how many vehicles you have in the fleet, and how you plan the routes today"],
      [
        "persona",
        "We run 28 refrigerated vans out of one warehouse. Two dispatchers build the routes every morning in a spreadsheet.",
      ],
    ]);
    expect(marked).toHaveLength(2);
    expect(marked.every(([, a]) => a === true)).toBe(true);
  });

  it("counts what-would-it-mean in a stack when the reply answers in the conditional", () => {
    const marked = markQuestions(
      transcript([
        [
          "learner",
          "Ok, this is important. Imagine if the routes are ready in fifteen minutes and the system recalculate automatic when a driver call in sick. How this would help you and your team before the summer? And what is the target you need to show for your boss",
        ],
        [
          "persona",
          "Honestly, that would be huge. If the dispatchers got two hours back, they could actually handle customer calls. My target is 95 percent on time by the end of the year.",
        ],
      ]),
    );
    expect(marked.length).toBeGreaterThanOrEqual(2);
    const payoff = marked.filter((q) => q.stage === "need-payoff");
    expect(payoff.length).toBeGreaterThan(0);
    expect(payoff.every((q) => q.answered)).toBe(true);
  });

  it("does not count a stacked question the reply ignores", () => {
    const ignored = answered([
      ["learner", "How many drivers do you have, and what software do you use for invoicing?"],
      ["persona", "We use Xero for invoicing, it's fine, nothing special about it really, the accountant likes it."],
    ]);
    expect(ignored[0][1]).toBe(false);
    expect(ignored[1][1]).toBe(true);
  });
});

/**
 * A question the buyer cannot take up did not land: "what's the impact of that?" before anything was said gets
 * "Of what?". From dev call c12 (a pushy pitch with cue-word questions, coach band 10-28; graded 44 before).
 */
describe("questions the buyer brushes off", () => {
  it("does not count a question answered with 'Of what?' or a shrug, and still counts a real answer", () => {
    const marked = answered([
      ["learner", "Quick question first, what's the impact of that on your business?"],
      ["persona", "Of what? We haven't talked about anything yet."],
      ["learner", "And what would it mean if you could solve all your inventory challenges?"],
      ["persona", "I don't know."],
      ["learner", "How many stores have the online stock problem?"],
      ["persona", "I don't know exactly, maybe 30 of the 40."],
      ["learner", "How do you count stock today?"],
      ["persona", "It depends on the store, but mostly handheld scanners once a week."],
    ]);
    expect(marked).toEqual([
      ["Quick question first, what's the impact of that on your business?", false],
      ["And what would it mean if you could solve all your inventory challenges?", false],
      ["How many stores have the online stock problem?", true],
      ["How do you count stock today?", true],
    ]);
  });

  it("does not count a question the learner follows with a pitch or a push for a step, however short (the cue-question check of bench:grading)", () => {
    const sold = answered([
      ["learner", "What challenges does that cause? And we have a tool that fixes all of it."],
      ["persona", "Does it? We've got two tools already."],
    ]);
    expect(sold.find(([t]) => /challenges/.test(String(t)))?.[1]).toBe(false);
    const waited = answered([
      ["learner", "What challenges does that cause, roughly?"],
      ["persona", "Mostly the re-planning when drivers call in sick."],
    ]);
    expect(waited[0][1]).toBe(true);
  });
});

/**
 * A question with the learner's own talk after it (six words or more) was left to answer only if the reply takes
 * it up: the buyer answers what ends the turn. From the cue-question check of bench:grading (session 20).
 */
describe("a question followed by the learner's own talk", () => {
  it("is not counted when the reply answers the talk instead", () => {
    expect(
      answered([
        ["learner", "How often does the system go down? And my manager asked me to check on the contract too."],
        ["persona", "The contract is with our parent company, I'd have to ask them."],
      ]),
    ).toEqual([["How often does the system go down?", false]]);
  });

  it("is counted when the reply takes it up, and a short tail never matters", () => {
    const vans = answered([
      ["learner", "How many vans do you run at the moment? And my manager asked me to check on the depots too."],
      ["persona", "About 40 vans, out of two depots."],
    ]);
    expect(vans.map(([, a]) => a)).toEqual([true]);
    const short = answered([
      ["learner", "What goes wrong with the rota? Just curious."],
      ["persona", "People swap shifts and nobody updates the sheet."],
    ]);
    expect(short.map(([, a]) => a)).toEqual([true]);
  });
});
