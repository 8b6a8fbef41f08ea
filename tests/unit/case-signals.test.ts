import { describe, expect, it } from "vitest";

import { gradeWithRubric } from "@/lib/grading/rubric-grader";
import { caseChecks, overApologises } from "@/lib/grading/signals";
import type { TranscriptTurn } from "@/lib/grading/transcript";

import { samplePersona, timedTurns } from "../fixtures/grading/sample-calls";

/** A request conversation: the manager's line, then the learner's, for each pair given. */
const talk = (...pairs: [string, string][]): TranscriptTurn[] =>
  pairs.flatMap(([persona, learner], i) => [
    ...(persona ? [{ seq: 2 * i, speaker: "persona", text: persona, started_at: null, ended_at: null }] : []),
    { seq: 2 * i + 1, speaker: "learner", text: learner, started_at: null, ended_at: null },
  ]) as unknown as TranscriptTurn[];
const opening = (line: string) => caseChecks(talk(["", line]));
const after = (persona: string, line: string) => caseChecks(talk(["", "Hi, thanks for the time."], [persona, line]));

describe("making the case: the purpose, said by the learner", () => {
  it.each([
    "Thanks for seeing me. I wanted to talk about my salary today.",
    "hi mark thanks for making time um so i wanted to talk about my pay",
    "I want speak about my compensation, if it is ok for you.",
    "Can we talk about my role for a few minutes?",
    "The reason I booked this is my workload since the reorganisation.",
    "I have a request about my contract hours.",
    "Good morning. I came to ask about a pay review.",
  ])("heard in %s", (line) => {
    expect(opening(line).purpose).not.toBeNull();
  });

  it.each([
    "Hi, sorry, is now still okay? I can come back later.",
    "So I've been thinking about, like, where I am and whether my role is where it should be.",
    "How was the offsite last week?",
  ])("not heard in %s", (line) => {
    expect(opening(line).purpose).toBeNull();
  });

  it("is pulled out, not stated, when the other side first has to ask what it is about", () => {
    const c = caseChecks(
      talk(
        ["", "Hi, have you got a minute?"],
        ["Sure. What did you want to talk about?", "I wanted to talk about my pay."],
      ),
    );
    expect(c.purpose).toBeNull();
  });
});

describe("making the case: a figure, and holding it", () => {
  it.each([
    "So I am asking for 104,000.",
    "i'd like to ask to move to sixty two which is the middle of that range",
    "I would like an increase to 58k from September.",
    "My number is 72 thousand, based on the two offers I benchmarked.",
  ])("a figure in %s", (line) => {
    expect(after("Go on.", line).figure).not.toBeNull();
  });

  it("a number given when the other side asks for the figure is the ask", () => {
    expect(
      after("Do you have a figure in mind?", "Around 38, based on the market range of 38 to 42.").figure,
    ).not.toBeNull();
    expect(after("How was your weekend?", "Good, we walked about 20 kilometres.").figure).toBeNull();
  });

  it.each([
    "Maybe 38? Sorry, if that's too much I totally understand, whatever you think is fair really.",
    "I was hoping for 60, but honestly anything would help.",
    "I'd say 55k, but I'd understand if not.",
    "so maybe forty five but only if it's possible",
    "I'd be happy with whatever you can do.",
    "I don't need the full amount, even a small raise would help.",
  ])("undercut in %s", (line) => {
    expect(after("What are you asking for?", line).undercut).not.toBeNull();
  });

  it.each([
    "If the full raise isn't possible in one step, would an on-call stipend help bridge it?",
    "101 would be acceptable for me if it comes with the new grade.",
    "I understand the budget is not your decision. Is there another route, like a re-grade?",
    "I know budgets are tight, so what would you need to see to make a case above the normal range?",
    "Whatever you decide on the timing, I'd like the figure in writing.",
  ])("held in %s", (line) => {
    expect(after("The budget is 3% this year.", line).undercut).toBeNull();
  });
});

describe("making the case: evidence and apologies", () => {
  it("results with their numbers are evidence; a single figure is not", () => {
    expect(
      opening(
        "Since March I took over the newsletter and the open rate went from 18% to 27%, with click-throughs up by a third.",
      ).evidence,
    ).not.toBeNull();
    expect(
      opening("i rebuilt the returns process and we cut processing from five days to two").evidence,
    ).not.toBeNull();
    expect(opening("I have been here for 3 years and I like the team.").evidence).toBeNull();
  });

  it("apologising through the request gives the ask away; one nervous sorry does not", () => {
    const nervous = caseChecks(
      talk(
        ["", "Sorry, I'm a bit nervous. I wanted to talk about my salary."],
        ["Go ahead.", "I cut the regression run from three days to four hours and trained two new engineers."],
        ["And the figure?", "I'm asking for 78 thousand."],
      ),
    );
    expect(overApologises(nervous)).toBe(false);
    const apologetic = caseChecks(
      talk(
        ["", "Sorry, is now okay? Sorry."],
        ["Yes.", "Sorry, it's about my pay, sorry to bring it up."],
        ["Go on.", "I'm asking for 40, sorry."],
      ),
    );
    expect(overApologises(apologetic)).toBe(true);
    // Sorry for the other side's trouble is empathy, not self-effacement.
    expect(opening("I'm sorry to hear about the budget freeze.").apologies).toBe(0);
  });
});

/** The same as typed practice: timed turns, as the grader reads a stored conversation. */
const typed = (...pairs: [string, string][]) =>
  timedTurns(
    talk(...pairs).map((t) => [t.speaker, t.text, 10] as const),
    "text",
  );

describe("a request graded on its case", () => {
  const raise = (figureLine: string) =>
    gradeWithRubric({
      persona: samplePersona,
      scenario: { kind: "general", objective: "Ask for a raise" },
      turns: typed(
        ["", "Thanks for making time, Priya. I wanted to talk about my salary today."],
        [
          "Sure, go ahead.",
          "Since January I have led the billing migration, which cut month-end close from six days to two, and I trained three new analysts.",
        ],
        ["That's been noticed. What are you asking for?", figureLine],
        [
          "That's above the usual band. I'd need HR to sign it off.",
          "I understand it needs HR. What would you need from me to take it to them?",
        ],
        [
          "A one-page case with those numbers.",
          "I'll send it by Friday. Can we meet on the 14th to go through their answer?",
        ],
        ["Yes, the 14th works.", "Thank you, Priya."],
      ),
    });

  it("scores the case, and holds a call that undercuts its own figure below the pass mark", () => {
    const held = raise("I'm asking for 72 thousand, in line with the market range of 68 to 76.");
    const undercut = raise("Maybe 72 thousand? If that's too much I totally understand, whatever you think is fair.");
    const criterion = (g: typeof held, id: string) => g.scorecard.criteria.find((c) => c.id === id);
    expect(criterion(held, "case")?.score).toBe(100);
    expect(criterion(undercut, "case")?.score).toBe(75);
    expect(undercut.scorecard.cap?.reason).toMatch(/you undercut your own ask/);
    expect(undercut.score).toBeLessThanOrEqual(60);
    expect(held.score).toBeGreaterThan(70);
  });
});
