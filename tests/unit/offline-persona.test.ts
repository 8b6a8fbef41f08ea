import { describe, expect, it } from "vitest";
import { offlineReply, type TranscriptLine } from "@/lib/conversations/offline-persona";
import { personaSchema } from "@/lib/validations/persona";

const persona = personaSchema.parse({
  name: "Dana Whitfield",
  role: "Head of Operations",
  situation: "Runs two regional warehouses shipping about 4,000 orders a day.",
  background: "Twelve years in logistics, promoted from shift supervisor.",
  pain_points: ["Roughly 6% of orders miss the carrier cut-off during peak weeks", "Overtime costs went up 30% this year"],
  goals: ["Ship 99% of orders same day by next peak season"],
  close: "Would agree to a 45-minute workflow review with her two shift leads if the value is clear.",
  company: { name: "Harbor & Pine Outfitters" },
});

/** Plays a script against the offline persona, feeding each reply back as history. */
function play(script: string[]) {
  const history: TranscriptLine[] = [];
  for (const text of script) {
    const reply = offlineReply(persona, history, text);
    history.push({ speaker: "learner", text }, { speaker: "persona", text: reply });
  }
  return history.filter((l) => l.speaker === "persona").map((l) => l.text);
}

describe("offline persona", () => {
  it("plays a discovery call: greeting, situation, background, pains one at a time, goal, close", () => {
    const replies = play([
      "Hi Dana, thanks for taking the call.",
      "Could you tell me about your current situation?",
      "And your background?",
      "What are the biggest challenges you face at peak?",
      "Any other problems?",
      "Anything else that's difficult?",
      "What would success look like for you next year?",
      "Would you be open to a workflow review with your shift leads?",
    ]);
    expect(replies[0]).toBe("Hi, Dana Whitfield here, Head of Operations at Harbor & Pine Outfitters. I've got a few minutes. What's this about?");
    expect(replies[1]).toContain("runs two regional warehouses shipping about 4,000 orders a day");
    expect(replies[2]).toContain("twelve years in logistics");
    expect(replies[3]).toContain("roughly 6% of orders miss the carrier cut-off");
    expect(replies[4]).toContain("overtime costs went up 30%");
    expect(replies[5]).toMatch(/told you the main problems already/);
    expect(replies[6]).toContain("ship 99% of orders same day");
    expect(replies[7]).toMatch(/^That sounds reasonable/);
  });

  it("is deterministic", () => {
    const script = ["Hello", "What's hard about your job?", "Let's book a demo next week"];
    expect(play(script)).toEqual(play(script));
  });

  it("hesitates at a generic close before any pain point was discussed", () => {
    const [, reply] = play(["Hello", "Let's book a demo next week"]);
    expect(reply).toMatch(/not sure we're there yet/);
  });

  it("agrees to a next step once a pain point has come up", () => {
    const replies = play(["Hello", "What frustrates you most?", "Can I schedule a follow-up call for Thursday?"]);
    expect(replies[2]).toMatch(/^That sounds reasonable/);
  });

  it("agrees at once when the learner proposes the persona's own close", () => {
    const [reply] = play(["Could we set up a 45-minute workflow review with your shift leads?"]);
    expect(reply).toMatch(/^That sounds reasonable/);
  });

  it("never reveals a pain point unprompted", () => {
    const replies = play(["Hello", "We sell warehouse software.", "It is very popular.", "Okay."]);
    for (const reply of replies) for (const pain of persona.pain_points) expect(reply.toLowerCase()).not.toContain(pain.toLowerCase().slice(0, 20));
  });

  it("keeps acronyms intact when quoting", () => {
    const p = { ...persona, pain_points: ["WMS rollouts always run late"] };
    expect(offlineReply(p, [{ speaker: "learner", text: "Hi" }], "What problems do you have?")).toContain("WMS rollouts");
  });
});
