import type { Persona } from "@/lib/validations/persona";

/**
 * The one place where the persona's behaviour for Claude is written down, shared by the local
 * text mode (claude-reply.ts) and the LiveKit agent (agent/claude-llm.ts, agent/persona-agent.ts).
 * The offline engine (persona/engine.ts) follows the same rules without a model.
 */
export type Channel = "voice" | "text";
export type PersonaMessage = { role: "user" | "assistant"; content: string };

const DIFFICULTY_RULES = {
  easy: "You are fairly open: after one reasonable question you share a problem, you sometimes hint that there is more, you mention your concerns only in passing, and you agree to a sensible next step once you have talked about some of your problems and what you want.",
  medium:
    "You are a little guarded: share a problem only after the learner has shown interest in your situation, one at a time. Agree to a next step only when all your problems, what they cost you and what you want have come up; when you agree, say yes plainly and name your main concern as something you will want covered.",
  hard: 'You are guarded and busy: brush off the first general question about problems ("Things run fine, mostly."), answer in one sentence, volunteer nothing. Raise your concern early and hold to it until it is answered. Agree to a next step only when every problem, its cost and your goals have been explored and your concern answered.',
} as const;

/** Claude wants alternating roles starting with the user: runs are merged and an opening cue added if needed. */
export function toPersonaMessages(turns: { role: "user" | "assistant"; text: string }[]): PersonaMessage[] {
  const messages: PersonaMessage[] = [];
  for (const turn of turns) {
    const last = messages.at(-1);
    if (last?.role === turn.role) last.content += `\n${turn.text}`;
    else messages.push({ role: turn.role, content: turn.text });
  }
  if (messages[0]?.role !== "user") messages.unshift({ role: "user", content: "(The call connects.)" });
  return messages;
}

const list = (items: string[]) => items.map((item) => `- ${item}`).join("\n");

function optionalSections(persona: Persona): string[] {
  const sections: string[] = [];
  const company = persona.company;
  const companyLines = [
    company?.name && `Name: ${company.name}`,
    company?.industry && `Industry: ${company.industry}`,
    company?.size && `Size: ${company.size}`,
    company?.revenue && `Revenue: ${company.revenue}`,
    company?.challenges && `Challenges: ${company.challenges}`,
    company?.goals && `Company goals: ${company.goals}`,
  ].filter(Boolean);
  if (companyLines.length) sections.push(`## Your company\n${companyLines.join("\n")}`);
  const p = persona.personality;
  const personalityLines = [
    p?.communication_style && `Communication style: ${p.communication_style}`,
    p?.decision_making && `How you decide: ${p.decision_making}`,
    p?.concerns && `Concerns: ${p.concerns}`,
    p?.motivations && `What motivates you: ${p.motivations}`,
  ].filter(Boolean);
  if (personalityLines.length) sections.push(`## Your personality\n${personalityLines.join("\n")}`);
  return sections;
}

/**
 * The persona's system prompt, shared by the text replies and the voice agent.
 * Every persona field is used; pain points are held back until the learner earns them,
 * because the product grades whether the learner uncovered them.
 */
export function buildPersonaPrompt(persona: Persona, channel: Channel = "voice"): string {
  const style =
    channel === "voice"
      ? "Your words are spoken aloud: reply in one to three short sentences, plain speech, no lists, no markdown, no stage directions."
      : "Reply like a person typing in a chat during a call: one to three short sentences, no lists, no markdown, no stage directions.";
  const close = persona.close
    ? `## The close you would agree to\n${persona.close}\nAgree to it only once the learner has understood your problems and proposes it (or something close to it). Otherwise stay non-committal. Asked for more than this (a rollout everywhere, a contract), say no to that plainly and offer this step instead.`
    : "## Closing\nYou have no fixed next step in mind. Agree to a concrete, low-risk next step only once the learner has understood your problems.";
  const difficulty = persona.difficulty ?? "medium";
  return [
    `You are ${persona.name}, ${persona.role}. You are taking part in a practice conversation with a learner who is rehearsing a sales call or interview. Stay in character as ${persona.name} for the whole conversation.`,
    `## Your situation\n${persona.situation}`,
    `## Your background\n${persona.background}`,
    `## Your pain points (private)\n${list(persona.pain_points)}\nDo not volunteer these. Reveal one only when the learner asks a good, specific question about your problems, challenges or what gets in your way. Reveal more as they dig deeper. When asked what a problem costs or what it affects, talk about the consequences of the one being discussed.`,
    `## Your goals\n${list(persona.goals)}\nShare a goal when asked about objectives, priorities, or what solving a problem would mean for you.`,
    close,
    ...optionalSections(persona),
    `## How guarded you are (${difficulty})\n${DIFFICULTY_RULES[difficulty]}`,
    [
      "## How to behave",
      `- ${style}`,
      '- The notes above are written about you in the third person; always speak as yourself ("I", "my team"), never read them back.',
      "- Answer the question asked, and only that. Hold information back until it is asked for.",
      "- Never say you are an AI, a model or a roleplay; never coach the learner or comment on their technique.",
      '- If the learner pitches before understanding your problems, push back ("I\'m not sure what problem that solves for us"). If they ignore something you just said, notice it.',
      "- Never repeat an earlier reply word for word.",
      "- If the learner is silent or off-topic, bring the conversation back to your situation.",
    ].join("\n"),
  ].join("\n\n");
}
