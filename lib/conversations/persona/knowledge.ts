import type { Persona } from "@/lib/validations/persona";

import { lowerFirst, sentencesOf, toFirstPerson, trimEnd, upperFirst } from "./first-person";
import { keywords } from "./intent";

export type Difficulty = "easy" | "medium" | "hard";

/** A field ready to speak: `sentence` stands alone; `inline` follows a colon or "is". */
export type Said = { sentence: string; inline: string; clause: boolean; words: Set<string>; can?: string };

export type Knowledge = {
  firstName: string;
  role: string;
  company?: string;
  difficulty: Difficulty;
  situation: string[];
  background: string[];
  companyFacts: string[];
  pains: Said[];
  goals: Said[];
  concern?: Said;
  motivation?: Said;
  close?: string;
};

/** Lines about how the persona behaves on the call are for the actor, not to be said aloud. */
const STAGE_DIRECTION =
  /\b(guarded|wary|sceptical|skeptical|suspicious|defensive|impatient|reluctant|agreed to (a|an|this|the)\b.*\b(call|meeting|chat)|cold (e-?mail|call)|on the call|during the call|in this call)\b/i;

const IMPERATIVE =
  /^(ship|cut|meet|keep|hire|free|reduce|increase|improve|get|build|launch|hit|grow|save|make|find|move|lower|raise|win|close|automate|replace|consolidate|standardi[sz]e|eliminate|achieve|deliver|expand|retain|scale|stop|prove|show|bring|double|halve|speed|shorten|simplify|protect|avoid|own|fix|modernise|modernize|land|renew|hold)\b/i;

function said(field: string, name: string): Said {
  const spoken = sentencesOf(field).flatMap((s) => toFirstPerson(s, name));
  const clause = spoken.every((s) => s.kind === "clause");
  const text = spoken.map((s) => trimEnd(s.text)).join(". ");
  return { sentence: `${upperFirst(text)}.`, inline: lowerFirst(text), clause, words: keywords(field) };
}

/** A goal as something to want: "Ship 99% of orders" -> "I want to ship 99% of orders". */
function goalSaid(field: string, name: string): Said {
  const base = said(field, name);
  if (!base.clause && IMPERATIVE.test(field.trim())) {
    const can = lowerFirst(trimEnd(field));
    return { ...base, sentence: `I want to ${can}.`, inline: `I want to ${can}`, clause: true, can };
  }
  return base;
}

function facts(field: string | undefined, name: string): string[] {
  if (!field) return [];
  return sentencesOf(field)
    .flatMap((s) => toFirstPerson(s, name))
    .map((s) =>
      trimEnd(s.text)
        .split(/\s+but\s+/i)
        .filter((part) => !STAGE_DIRECTION.test(part))
        .join(" but "),
    )
    .filter((s) => s && !STAGE_DIRECTION.test(s))
    .map((s) => `${upperFirst(s)}.`);
}

/** The object of a close: "Would agree to a workflow review with her leads if..." -> "a workflow review with my leads". */
function closeObject(close: string | undefined, name: string): string | undefined {
  if (!close) return undefined;
  let text = trimEnd(close)
    .replace(/^(she|he|they)\s+/i, "")
    .replace(/^(would|will|could|might)\s+(be\s+)?(happy\s+to\s+|willing\s+to\s+|open\s+to\s+)?/i, "")
    .replace(/^(agree to|accept|consider|take|sign up for|commit to|book|schedule|say yes to)\s+/i, "")
    .replace(/\s+(if|once|provided|as long as|when|assuming|but only)\b.*$/i, "");
  const invite = text.match(/^invite\s+.+?\s+to\s+(.+)$/i);
  if (invite) text = invite[1];
  const spoken = toFirstPerson(text, name)
    .map((s) => s.text)
    .join(", ");
  return lowerFirst(spoken.replace(/^I\s+/, ""));
}

function companyFacts(persona: Persona): string[] {
  const c = persona.company;
  if (!c) return [];
  const out: string[] = [];
  if (c.name && c.industry) out.push(`We're ${c.name}, ${lowerFirst(trimEnd(c.industry))}.`);
  else if (c.name) out.push(`The company's ${c.name}.`);
  else if (c.industry) out.push(`We're in ${lowerFirst(trimEnd(c.industry))}.`);
  if (c.size && c.revenue)
    out.push(`Size-wise, ${lowerFirst(trimEnd(c.size))}, about ${trimEnd(c.revenue)} in revenue.`);
  else if (c.size) out.push(`Size-wise, ${lowerFirst(trimEnd(c.size))}.`);
  else if (c.revenue) out.push(`Revenue's around ${trimEnd(c.revenue)}.`);
  return out;
}

/** A pain is recognised in a question by its own words, not by ones the whole situation shares ("orders"). */
function distinctive(pain: Said, common: Set<string>): Said {
  return { ...pain, words: new Set([...pain.words].filter((w) => !common.has(w))) };
}

export function knowledgeOf(persona: Persona): Knowledge {
  const name = persona.name;
  const common = keywords(
    [persona.situation, persona.background, persona.role, ...Object.values(persona.company ?? {})].join(" "),
  );
  const situation = facts(persona.situation, name);
  const background = facts(persona.background, name);
  return {
    firstName: name.trim().split(/\s+/)[0],
    role: persona.role,
    company: persona.company?.name,
    difficulty: persona.difficulty ?? "medium",
    situation: situation.length
      ? situation
      : [`I'm the ${persona.role}${persona.company?.name ? ` at ${persona.company.name}` : ""}.`],
    // Asked about their role, people start with the title: "I'm the Head of Operations."
    background: [
      `I'm the ${persona.role}${persona.company?.name ? ` at ${persona.company.name}` : ""}.`,
      ...background,
    ],
    companyFacts: companyFacts(persona),
    pains: persona.pain_points.map((p) => distinctive(said(p, name), common)),
    goals: persona.goals.map((g) => goalSaid(g, name)),
    concern: persona.personality?.concerns ? said(persona.personality.concerns, name) : undefined,
    motivation: persona.personality?.motivations ? said(persona.personality.motivations, name) : undefined,
    close: closeObject(persona.close, name),
  };
}
