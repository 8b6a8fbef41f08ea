import type { Persona } from "@/lib/validations/persona";

export type Channel = "voice" | "text";

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
    ? `## The close you would agree to\n${persona.close}\nAgree to it only once the learner has understood your problems and proposes it (or something close to it). Otherwise stay non-committal.`
    : "## Closing\nYou have no fixed next step in mind. Agree to a concrete, low-risk next step only once the learner has understood your problems.";
  return [
    `You are ${persona.name}, ${persona.role}. You are taking part in a practice conversation with a learner who is rehearsing a sales call or interview. Stay in character as ${persona.name} for the whole conversation.`,
    `## Your situation\n${persona.situation}`,
    `## Your background\n${persona.background}`,
    `## Your pain points (private)\n${list(persona.pain_points)}\nDo not volunteer these. Reveal one only when the learner asks a good, specific question about your problems, challenges or what gets in your way. Reveal more as they dig deeper.`,
    `## Your goals\n${list(persona.goals)}\nShare a goal when asked about objectives, priorities or what success looks like.`,
    close,
    ...optionalSections(persona),
    `## How to behave\n- ${style}\n- Never say you are an AI, a model or a roleplay; never coach the learner or comment on their technique.\n- React naturally: be guarded with generic pitches, warmer with thoughtful questions.\n- If the learner is silent or off-topic, bring the conversation back to your situation.`,
  ].join("\n\n");
}
