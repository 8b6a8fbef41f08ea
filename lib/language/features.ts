/**
 * What the act model sees of a unit: its lemmas and lemma pairs, its question form, the word
 * classes it uses, and what the buyer just said (a fact, a problem, a concern) and whether the unit
 * points back at it. Numbers are folded to one token so a figure is never memorised.
 */
import { ANAPHORS, CLASSES, CONTINUING, HYPOTHETICAL, SOLVED, STOP, type WordClass } from "./lexicon";
import type { Token } from "./nlp";
import type { Unit } from "./units";

export type BuyerState = "none" | "fact" | "problem" | "concern" | "question";

export type Context = {
  /** The buyer's previous turn, as tokens (null when the learner speaks first or twice in a row). */
  buyer: Token[] | null;
  /** Earlier units of the same learner turn ("you said X. what does that cost?"). */
  before: Unit[];
  /** The unit ends the learner's turn (where a question asked as a statement waits for an answer). */
  last?: boolean;
};

const CONCERN =
  /\b(?:worry|worried|concern|concerned|afraid|risk|sceptical|skeptical|burn|burned|last time|tried before|not sure|doubt|price|expensive|budget|contract|disruption|rollout|implementation|roll out)\b/;

export const lemmaOf = (t: Token) => (/^[\d.,$£€%]+$|^\d/.test(t.lower) ? "#" : t.lemma === "n't" ? "not" : t.lemma);

export function classesOf(ts: Token[]): Set<WordClass> {
  const out = new Set<WordClass>();
  for (const t of ts)
    for (const [name, words] of Object.entries(CLASSES) as [WordClass, Set<string>][])
      if (words.has(t.lemma) || words.has(t.lower)) out.add(name);
  return out;
}

/** What the buyer's turn did: named a problem, raised a concern, asked something, or gave a fact. */
/** How people say something hurts without a word of difficulty: "takes forever", "no-show a lot", "ring constantly". */
const EVERYDAY_TROUBLE =
  /\b(?:forever|for ages|takes ages|constantly|no ?-? ?shows?|doing my head in|drives? (?:me|us) (?:mad|crazy|nuts)|killing us|piling up|a lot of (?:chasing|rework|calls|complaints)|keeps? (?:\w+ing|going)|half of (?:them|it) (?:get|go))\b/;

export function buyerState(buyer: Token[] | null): BuyerState {
  if (!buyer || buyer.length === 0) return "none";
  const text = buyer.map((t) => t.lower).join(" ");
  if (
    CONCERN.test(text) &&
    /\b(?:worry|worried|concern|afraid|sceptical|skeptical|burn|burned|last time|doubt|not sure)\b/.test(text)
  )
    return "concern";
  const cls = classesOf(buyer);
  const negatedVerb = buyer.some((t) => t.negated && (t.pos === "VERB" || t.pos === "AUX"));
  if (
    cls.has("difficulty") ||
    EVERYDAY_TROUBLE.test(text) ||
    (negatedVerb &&
      /\b(?:can't|cannot|can not|don't|doesn't|didn't|won't|never|not)\b/.test(text) &&
      /\b(?:keep up|work|know|track|see|find|get|trust|reach|make|hit|cope|manage)\b/.test(text))
  )
    return "problem";
  if (/^(?:what|how|why|who|where|when|do|does|is|are|can|could|would)\b/.test(text)) return "question";
  return "fact";
}

function content(ts: Token[]): Set<string> {
  return new Set(
    ts.filter((t) => t.lemma.length > 2 && !STOP.has(t.lemma) && /^[a-z]/.test(t.lemma)).map((t) => t.lemma),
  );
}

export function unitFeatures(unit: Unit, ctx: Context): string[] {
  const core = unit.tokens.slice(unit.start);
  const lemmas = core.map(lemmaOf);
  const out: string[] = [];
  for (const l of lemmas) out.push(`w:${l}`);
  for (let i = 1; i < lemmas.length; i++) out.push(`b:${lemmas[i - 1]}_${lemmas[i]}`);
  out.push(
    `first:${lemmas[0] ?? ""}`,
    `first2:${lemmas.slice(0, 2).join("_")}`,
    `first3:${lemmas.slice(0, 3).join("_")}`,
  );
  // The question's frame: its wh-word (wherever it stands) with the verb and noun it asks about.
  const whAt = core.findIndex((t) => ["what", "how", "why", "who", "where", "when", "which"].includes(t.lower));
  if (whAt >= 0) {
    const wh = core[whAt].lower;
    const verb = core.slice(whAt + 1).find((t) => t.pos === "VERB");
    const noun = core.slice(whAt + 1).find((t) => t.pos === "NOUN");
    const next = core[whAt + 1]?.lemma ?? "";
    out.push(`wh:${wh}`, `wh:${wh}_${next}`);
    if (verb) out.push(`whv:${wh}_${verb.lemma}`, `v:${verb.lemma}`);
    if (noun) out.push(`whn:${wh}_${noun.lemma}`);
  } else {
    const verb = core.find((t) => t.pos === "VERB");
    if (verb) out.push(`v:${verb.lemma}`);
  }
  const modal = core.find((t) => ["would", "could", "'d", "will", "might"].includes(t.lower));
  if (modal) out.push(`m:${modal.lower === "'d" ? "would" : modal.lower}`);
  const form = unit.question ?? "statement-plain";
  out.push(`q:${form}`, unit.open ? "q:open" : "q:closed", `len:${Math.min(4, Math.floor(lemmas.length / 4))}`);
  const cls = classesOf(core);
  for (const c of cls) out.push(`c:${c}`);
  const set = new Set(lemmas);
  const hypothetical = [...HYPOTHETICAL].some((h) => set.has(h));
  if (hypothetical) out.push("c:hypothetical");
  if (hypothetical && [...SOLVED].some((h) => set.has(h))) out.push("c:hypo-solved");
  if (hypothetical && [...CONTINUING].some((h) => set.has(h))) out.push("c:hypo-continuing");
  if (core.some((t) => t.negated)) out.push("c:negated");
  const refers = core.some((t) => ANAPHORS.has(t.lower));
  if (refers) out.push("c:anaphor");
  // What this turn said just before the unit ("ten days, and in this time...") colours it.
  const previous = ctx.before.at(-1);
  if (previous)
    for (const t of previous.tokens.slice(previous.start)) if (!STOP.has(t.lemma)) out.push(`p:${lemmaOf(t)}`);
  // Context: the buyer's turn, and what this turn said before the unit.
  const state = buyerState(ctx.buyer);
  const earlier = ctx.before.flatMap((u) => u.tokens);
  const earlierState = earlier.length ? buyerState(earlier) : "none";
  const effective = state === "problem" || earlierState === "problem" ? "problem" : state;
  out.push(`x:${effective}`);
  out.push(`x:${effective}&${form}`);
  for (const c of cls) out.push(`x:${effective}&c:${c}`);
  if (hypothetical) out.push(`x:${effective}&hypo`);
  if (whAt >= 0) out.push(`x:${effective}&wh:${core[whAt].lower}`);
  const verbLemma = core.find((t) => t.pos === "VERB")?.lemma;
  if (verbLemma) out.push(`x:${effective}&v:${verbLemma}`);
  out.push(`x:${effective}&first:${lemmas[0] ?? ""}`);
  if (ctx.buyer) {
    const shared = [...content(core)].filter((l) => content(ctx.buyer!).has(l));
    if (shared.length) out.push("x:shares", `x:${effective}&shares`);
    if (refers) out.push(`x:${effective}&anaphor`);
    if (lemmas.length <= 4) out.push(`x:${effective}&short`);
  }
  return out;
}
