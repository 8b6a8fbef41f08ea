/**
 * The automatic rubric for style scripts (bench/persona/RUBRIC.md): labels each persona reply to a
 * script turn from the turn's `asks`/`about`, the card and the reply alone, never the engine's state.
 */
import { recitesCard } from "@/lib/conversations/offline-persona";
import { stem, STOP } from "@/lib/conversations/persona/cues";
import { tokenise } from "@/lib/language/nlp";
import type { Persona } from "@/lib/validations/persona";

export type Turn = { text: string; asks: string; about: string[] };
export type Script = {
  id: string;
  persona: string;
  style: string;
  expect_close: "agree" | "decline" | "either";
  turns: Turn[];
  /** Writers D and H split their own scripts. */
  split?: "dev" | "holdout";
};
export type Label = "answers" | "evades" | "non-sequitur" | "recites";
export type Decision = "yes" | "no" | "unclear";

export const YES = /^(yes\b|agreed\b|deal\b|let's do\b)/i;
export const NO = /^(not yet|no\b|not now|that's a no)/i;
export const EVASION =
  /\b(check that|have to check|with finance|not a number i'd share|couldn't tell you|have to hand|come back to you|what others do|other firms|couldn't pick|hard to say|not really what this call|why do you ask|what exactly are you after|why you're asking|what makes you ask|we manage|run fine)\b/i;
export const CONFUSED =
  /\b(where are you going with this|not sure i follow|what did you actually want|how does that relate|what are you getting at)\b/i;
export const ACCUSES = /\b(went straight past|skipped right over|did you hear what i just said)\b/i;

const SKIP = new Set(["PUNCT", "DET", "PRON", "ADP", "CCONJ", "AUX", "SCONJ", "PART", "INTJ"]);
function contentOf(text: string, names: Set<string>): Set<string> {
  return new Set(
    tokenise(text)
      .filter((t) => !SKIP.has(t.pos) && !STOP.has(t.lower) && !STOP.has(t.lemma) && !names.has(t.lower))
      .map((t) => (/\d/.test(t.lower) ? t.lower : stem(t.lemma)))
      .filter((s) => s.length >= 2),
  );
}

export function fieldText(persona: Persona, field: string): string {
  const m = /^(\w+)\[(\d+)\]$/.exec(field);
  if (m) return ((persona as Record<string, unknown>)[m[1]] as string[] | undefined)?.[Number(m[2])] ?? "";
  const [a, b] = field.split(".");
  const v = (persona as Record<string, unknown>)[a];
  return (b ? (v as Record<string, string> | undefined)?.[b] : (v as string)) ?? "";
}

export function allFields(persona: Persona): string[] {
  const out = ["situation", "background", "role", "close"];
  persona.pain_points.forEach((_, i) => out.push(`pain_points[${i}]`));
  persona.goals.forEach((_, i) => out.push(`goals[${i}]`));
  for (const k of Object.keys(persona.company ?? {})) out.push(`company.${k}`);
  for (const k of Object.keys(persona.personality ?? {})) out.push(`personality.${k}`);
  return out;
}

export const decisionOf = (reply: string): Decision => {
  const body = reply.replace(/^\w+ here\.\s*/, "");
  return YES.test(body) ? "yes" : NO.test(body) ? "no" : "unclear";
};

/** One reply's label. */
export function label(persona: Persona, turn: Turn, reply: string): Label {
  if (recitesCard(reply, persona)) return "recites";
  const names = new Set(persona.name.toLowerCase().split(/\s+/));
  if (ACCUSES.test(reply) && turn.asks !== "pitch") return "non-sequitur";
  if (CONFUSED.test(reply)) return "non-sequitur";
  if (turn.asks === "proposal") return decisionOf(reply) === "unclear" ? "non-sequitur" : "answers";
  if (turn.asks === "goodbye") return decisionOf(reply) === "yes" ? "non-sequitur" : "answers";
  const words = contentOf(reply, names);
  const about = new Set(turn.about.flatMap((f) => [...contentOf(fieldText(persona, f), names)]));
  const shared = [...words].filter((w) => about.has(w)).length;
  const others = Math.max(
    0,
    ...allFields(persona)
      .filter((f) => !turn.about.includes(f))
      .map((f) => [...contentOf(fieldText(persona, f), names)].filter((w) => words.has(w) && !about.has(w)).length),
  );
  if (turn.about.length && shared >= 2 && shared >= others) return "answers";
  if (turn.about.length === 0 && others < 2) return EVASION.test(reply) ? "evades" : "answers";
  if (others >= 2) return "non-sequitur";
  return "evades";
}

/** Pains a set of replies uncovered: a reply carries half the content words of the pain's first sentence. */
export function painsUncovered(persona: Persona, replies: string[]): number {
  const names = new Set(persona.name.toLowerCase().split(/\s+/));
  const got = replies.map((r) => contentOf(r, names));
  return persona.pain_points.filter((p) => {
    const want = [...contentOf(p.split(/(?<=[.!?])\s/)[0], names)];
    return got.some((g) => want.filter((w) => g.has(w)).length >= Math.ceil(want.length / 2));
  }).length;
}
