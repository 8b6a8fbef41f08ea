import { describe, expect, it } from "vitest";

import { chooseHint, HINT_RULES, type HintTurn } from "@/lib/conversations/live-hints";

/** A call as alternating lines, learner first: the buyer's answers are plain and short. */
const call = (...lines: string[]): HintTurn[] =>
  lines.map((text, i) => ({ speaker: i % 2 === 0 ? "learner" : "persona", text }));
const idOf = (turns: HintTurn[], kind?: Parameters<typeof chooseHint>[1]) => chooseHint(turns, kind)?.id ?? null;

// The learner's lines are phrased as a nervous beginner or a non-native speaker would type or say them.
describe("the hint after a learner's turn", () => {
  const cases: { name: string; turns: HintTurn[]; id: string | null }[] = [
    {
      name: "a hesitant situation question",
      turns: call("um so... how many people are in your team right now?"),
      id: "situation",
    },
    {
      name: "a situation question in a learner's word order",
      turns: call("Hi, thanks for the time.", "Sure.", "ok and which software you use for the invoices now?"),
      id: "situation",
    },
    {
      name: "a problem asked as yes/no",
      turns: call(
        "How do you close the month?",
        "With spreadsheets.",
        "is it difficult sometimes, the closing of month?",
      ),
      id: "closed-question",
    },
    {
      name: "an open problem question",
      turns: call("How do you close the month?", "With spreadsheets.", "What frustrates you most about month end?"),
      id: "problem",
    },
    {
      name: "a second problem and still no implication",
      turns: call(
        "How do you close the month?",
        "With spreadsheets.",
        "What frustrates you most about month end?",
        "Copying numbers by hand.",
        "And what other problems do you have with the approvals?",
      ),
      id: "no-implication-yet",
    },
    {
      name: "an implication in non-native grammar",
      turns: call(
        "What frustrates you most about month end?",
        "The reports are always late.",
        "and when it is late, what it cost to you?",
      ),
      id: "implication",
    },
    {
      name: "a need-payoff question without a question word at the front",
      turns: call(
        "What frustrates you most about month end?",
        "Eight days of closing.",
        "if you can close in three days, it will help you how?",
      ),
      id: "need-payoff",
    },
    {
      name: "a pitch before any problem",
      turns: call(
        "So our product is the best, it does automatic reconciliation and it saves fifty percent of time for the team.",
      ),
      id: "pitch-before-problem",
    },
    {
      name: "a next step before the buyer said what it is worth",
      turns: call(
        "What frustrates you most about month end?",
        "Copying numbers by hand.",
        "can we maybe do a demo next week tuesday?",
      ),
      id: "proposal-before-value",
    },
    {
      name: "three situation questions in a row",
      turns: call(
        "how many people are in your team right now?",
        "Six.",
        "which software you use for the invoices now?",
        "Excel.",
        "how many invoices you get every month?",
      ),
      id: "situation-run",
    },
    {
      name: "only a greeting",
      turns: call("Hello! Nice to meet you, thanks for the time."),
      id: "open-with-situation",
    },
    {
      name: "a long turn with no question",
      turns: call(
        "How do you close the month?",
        "With spreadsheets.",
        "I understand, many of our customers were in the same place before, they had many spreadsheets and many people typing the same numbers again and again, and it was taking them a lot of days every month, and also the managers were not happy because they did not see the numbers on time.",
      ),
      id: "long-turn-no-question",
    },
  ];
  for (const c of cases) it(c.name, () => expect(idOf(c.turns)).toBe(c.id));

  it("says the brief's example for a situation question", () => {
    expect(chooseHint(call("how many people are in your team right now?"))?.text).toBe(
      "That was a situation question; what problem might sit behind it?",
    );
  });

  it("is about the learner's last turn: the buyer's reply after it changes nothing", () => {
    const asked = call("What frustrates you most about month end?");
    const answered = [...asked, { speaker: "persona" as const, text: "Copying numbers by hand, every month." }];
    expect(chooseHint(answered)).toEqual(chooseHint(asked));
    expect(chooseHint(answered)?.turn).toBe(0);
  });

  it("words the same advice differently the second time", () => {
    const first = chooseHint(call("how many people are in your team right now?"));
    const second = chooseHint(
      call("how many people are in your team right now?", "Six.", "which software you use for the invoices now?"),
    );
    expect([first?.id, second?.id]).toEqual(["situation", "situation"]);
    expect(second?.text).not.toBe(first?.text);
  });

  it("gives no SPIN hints in a job interview or a customer-service call", () => {
    const turns = call("um so... how many people are in your team right now?");
    expect(idOf(turns, "job-interview")).toBeNull();
    expect(idOf(turns, "customer-service")).toBeNull();
    expect(idOf(turns, "general")).toBe("situation");
  });

  it("has no hint before the learner speaks", () => {
    expect(chooseHint([{ speaker: "persona", text: "Hello, who is this?" }])).toBeNull();
    expect(chooseHint([])).toBeNull();
  });
});

describe("the hint rules", () => {
  it("have unique ids and short, varied wording", () => {
    expect(new Set(HINT_RULES.map((r) => r.id)).size).toBe(HINT_RULES.length);
    for (const rule of HINT_RULES) {
      expect(rule.say.length, rule.id).toBeGreaterThan(0);
      for (const text of rule.say) expect(text.length, text).toBeLessThanOrEqual(120);
      expect(new Set(rule.say).size, rule.id).toBe(rule.say.length);
    }
  });

  it("break ties by priority: a long pitch is a pitch before it is a long turn", () => {
    const pitch =
      "So let me tell you about us, our platform does automatic reconciliation, approvals, reporting and forecasting, it connects to every bank, and customers like yours save fifty percent of their closing time in the first quarter, and the support team is available all day in your language.";
    expect(idOf(call(pitch))).toBe("pitch-before-problem");
  });
});
