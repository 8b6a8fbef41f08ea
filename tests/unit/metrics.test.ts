import { describe, expect, it } from "vitest";

import { countFillers, totalFillers } from "@/lib/grading/fillers";
import { computeMetrics, turnSeconds } from "@/lib/grading/metrics";
import { mentions } from "@/lib/grading/topics";

import { discoveryCall, pushyPitch, samplePersona, timedTurns } from "../fixtures/grading/sample-calls";

const topics = [...samplePersona.pain_points, ...samplePersona.goals];

describe("filler words", () => {
  it.each([
    ["Um, so like, we basically, you know, do it.", { um: 1, like: 1, basically: 1, "you know": 1 }],
    ["Uh, er, hmm. It works, you know.", { uh: 1, er: 1, hmm: 1, "you know": 1 }],
    ["It's kind of slow and sort of broken. I mean, it works.", { "kind of": 1, "sort of": 1, "I mean": 1 }],
    ["Actually it literally stopped.", { actually: 1, literally: 1 }],
  ])("%s", (text, expected) => {
    expect(countFillers(text)).toEqual(expected);
  });

  it.each([
    "I like it.",
    "Tools like Excel help.",
    "Do you know the price?",
    "What kind of system do you use?",
    "It is a sort of scheduler.",
    "What I mean is the cut-off.",
  ])("does not count meaningful use: %s", (text) => {
    expect(totalFillers(countFillers(text))).toBe(0);
  });
});

describe("transcript metrics on a spoken discovery call", () => {
  const m = computeMetrics(timedTurns(discoveryCall), topics);

  it("measures words per minute from the learner's spoken time", () => {
    // 85 learner words (whitespace-separated) over 33 seconds of learner speech
    expect(m.learner_words).toBe(85);
    expect(m.learner_seconds).toBe(33);
    expect(m.wpm).toBe(Math.round(85 / (33 / 60)));
    expect(m.timing).toBe("voice");
  });

  it("computes the talk ratio, talk-to-listen and longest monologue", () => {
    expect(m.persona_seconds).toBe(35);
    expect(m.talk_ratio).toBe(0.49);
    expect(m.talk_to_listen).toBe(0.94);
    expect(m.longest_monologue_seconds).toBe(8);
    expect(m.longest_monologue_seq).toBe(1);
  });

  it("counts questions, open questions and SPIN stages", () => {
    expect(m.questions).toBe(6);
    expect(m.open_questions).toBe(5);
    const stages = m.question_marks.map((q) => q.stage);
    // "What happens during peak weeks when the volume jumps?" after a plain fact: a careful coach could
    // call it problem or implication (it probes a difficulty without the buyer having named one).
    expect(["problem", "implication"]).toContain(stages[1]);
    expect([stages[0], ...stages.slice(2)]).toEqual(["situation", "problem", "implication", "need-payoff", null]);
    expect(m.stages_covered).toEqual(["situation", "problem", "implication", "need-payoff"]);
    expect(m.fillers).toBe(0);
    expect(m.fillers_per_minute).toBe(0);
  });

  it("finds every pain point and goal that came up", () => {
    expect(m.topics_covered).toEqual(topics);
  });
});

describe("transcript metrics on a pushy pitch", () => {
  const m = computeMetrics(timedTurns(pushyPitch), topics);

  it("has no questions, many fillers and one long monologue", () => {
    expect(m.questions).toBe(0);
    expect(m.stages_covered).toEqual([]);
    expect(m.fillers).toBeGreaterThanOrEqual(20);
    expect(m.fillers_per_minute).toBeGreaterThan(20);
    expect(m.longest_monologue_seconds).toBe(24);
    expect(m.wpm).toBeGreaterThan(110);
    expect(m.talk_ratio).toBe(0.85); // 46 of 54 seconds
    expect(m.topics_covered).toEqual([]);
  });

  it("joins consecutive learner turns into one monologue", () => {
    const turns = timedTurns([
      ["learner", "One two three.", 10],
      ["learner", "Four five.", 20],
      ["persona", "Hm.", 1],
    ]);
    const joined = computeMetrics(turns);
    expect(joined.longest_monologue_seconds).toBe(30);
    expect(joined.longest_monologue_words).toBe(5);
  });
});

describe("typed conversations", () => {
  const turns = timedTurns(
    [
      ["persona", "Hello there, what can I do for you today?", 0],
      ["learner", "What is slowing your team down right now?", 0],
    ],
    "text",
  );
  const m = computeMetrics(turns);

  it("reports no words per minute and estimates speaking time at 150 words per minute", () => {
    expect(m.timing).toBe("typed");
    expect(m.wpm).toBeNull();
    expect(turnSeconds(turns[1])).toBeCloseTo((8 / 150) * 60);
    expect(m.learner_seconds).toBe(3.2);
    expect(m.talk_ratio).toBe(0.47); // 8 of 17 words
  });

  it("gives an empty transcript empty metrics", () => {
    const empty = computeMetrics([]);
    expect(empty).toMatchObject({
      learner_turns: 0,
      wpm: null,
      talk_ratio: null,
      questions: 0,
      fillers_per_minute: 0,
      longest_monologue_seconds: 0,
    });
  });
});

describe("a topic mentioned in a turn", () => {
  it("needs two of a topic's words in one turn, matched by stem", () => {
    expect(mentions("Overtime costs went up 30% this year", "Overtime cost us a lot")).toBe(true);
    expect(mentions("Overtime costs went up 30% this year", "Overtime is fine")).toBe(false);
    expect(mentions("Overtime costs went up 30% this year", "costs are fine")).toBe(false);
    expect(mentions("Pick-list errors are found only when customers complain", "we batch pick lists every hour")).toBe(
      false,
    );
  });
});
