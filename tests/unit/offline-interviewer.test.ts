import { describe, expect, it } from "vitest";

import { offlineReply, type TranscriptLine } from "@/lib/conversations/offline-persona";
import { LIBRARY } from "@/lib/roleplays/library";
import { personaSchema } from "@/lib/validations/persona";

const interviews = LIBRARY.filter((e) => e.scenario.kind === "job-interview");

function interview(key: string, lines: string[], seed = "t") {
  const entry = interviews.find((e) => e.key === key)!;
  const persona = personaSchema.parse({ ...entry.persona, difficulty: "medium" });
  const history: TranscriptLine[] = [];
  for (const text of lines)
    history.push(
      { speaker: "learner", text },
      { speaker: "persona", text: offlineReply(persona, history, text, seed, "job-interview") },
    );
  return history.filter((l) => l.speaker === "persona").map((l) => l.text);
}

const EXAMPLE_ANSWER =
  "Last summer at the call centre I had a week where nobody bought anything. I asked my team lead to listen to my calls, changed my opening, and the next week I sold 14 contracts.";
const SECOND_EXAMPLE =
  "When I joined the debating society I had two weeks to learn the format, so I watched ten finals and practised every night, and we reached the semi-final.";

describe("the offline interviewer (job-interview roleplays: the persona asks, the learner answers)", () => {
  it("opens as an interviewer, not as a prospect taking a call", () => {
    for (const entry of interviews) {
      const [first] = interview(entry.key, ["Hi, thanks for having me."]);
      expect(first).toMatch(/tell me a bit about yourself/i);
      expect(first).toContain(entry.persona.name.split(" ")[0]);
      expect(first).not.toMatch(/what's this regarding|don't have long|what can i do for you/i);
    }
  });

  it("probes an answer without an example once, and moves on after a real example", () => {
    const replies = interview("interview-graduate-sdr", [
      "hi",
      "I study business at Leeds and worked two summers in a call centre.",
      "I just don't give up easily.",
      EXAMPLE_ANSWER,
    ]);
    expect(replies[1]).toMatch(/tell me about a time/i);
    expect(replies[2]).toMatch(/specific example|one real time/i);
    expect(replies[3]).toMatch(/clear example|like that|helpful/i);
    expect(replies[3]).toMatch(/\?$/);
    expect(replies[3]).not.toBe(replies[1]);
  });

  it("rephrases a question the candidate did not follow, and answers the candidate's own questions from the card without repeating a fact", () => {
    const replies = interview("interview-graduate-sdr", [
      "hi",
      "I study business and worked in a call centre.",
      "sorry what do you mean",
      "what does a typical day look like for someone on your team",
      "and how many people are on the team",
    ]);
    expect(replies[2]).toMatch(/another way/i);
    expect(replies[2]).not.toContain("Tell me about a time you kept going");
    expect(replies[3]).toMatch(/team of eight/);
    expect(replies[3]).toMatch(/back to my question/i);
    expect(replies[4]).not.toContain("team of eight");
  });

  it("reads a spoken answer that mentions questions as an answer, not as a question to answer", () => {
    const replies = interview("interview-graduate-sdr", [
      "hi",
      "I study business and worked in a call centre.",
      EXAMPLE_ANSWER,
      "um i would listen to the best reps calls first and copy what they do and ask lots of questions",
    ]);
    expect(replies[3]).not.toMatch(/good question|happy to answer/i);
  });

  it("invites questions at the end, and closes with the card's next step after real examples, politely otherwise", () => {
    const strong = interview("interview-customer-success", [
      "hi",
      "I've spent two years in account management at a payroll software firm.",
      EXAMPLE_ANSWER,
      "I'd map which small accounts are at risk and call every one of them in my first month.",
      SECOND_EXAMPLE,
      "I'd spend the first month with the support team, then run onboarding calls for every new customer.",
      "I'm too impatient sometimes, so I plan my week every Monday.",
      "What do the best people on your team do differently?",
      "no that's all, thank you",
    ]);
    expect(strong.slice(0, -2).some((r) => /any questions for me/i.test(r))).toBe(true);
    expect(strong.at(-1)).toMatch(/invite you to present a 30-60-90 day plan/i);

    const weak = interview("interview-customer-success", ["hi", "I like people.", "I don't know.", "bye"]);
    expect(weak.at(-1)).toMatch(/we'll be in touch/i);
    expect(weak.at(-1)).not.toMatch(/invite/i);
  });

  it("never says the same line twice in a call", () => {
    const replies = interview("interview-graduate-sdr", [
      "hi",
      "I study business.",
      "I don't give up.",
      "I really don't.",
      EXAMPLE_ANSWER,
      "what's the team like",
      "what's the team like",
      "what's the team like",
    ]);
    expect(new Set(replies).size).toBe(replies.length);
  });
});
