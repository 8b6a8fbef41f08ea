/**
 * Which card fact a learner's turn is about, learned. Word overlap alone (BM25 in retrieval.ts) puts
 * the fact a good buyer would answer from first in about half of the scripted turns: "how do the club
 * managers tell you when something's broken?" shares as many words with the worry about club managers
 * as with how faults are reported, and "how much is that, roughly?" shares none with the pain on the
 * table. This model weighs the overlap together with what the turn does (its act, what it wants: a
 * number, a person, a consequence), what is on the table (the current pain, what was told) and the
 * fact's kind. It is a linear scorer with a softmax over the card's facts, trained only on the dev
 * scripts' labelled turns (`npm run train:ranker`; writer B and writer D's holdout are never read).
 */
import { ANAPHORS } from "@/lib/language/lexicon";

import type { Ctx } from "./answers";
import type { Fact } from "./facts";
import { asksDecision, asksSize, GOAL_WORDS, PROBLEM_WORDS } from "./focus";
import model from "./ranker-model.json";
import { type Hit, isGeneric, specificOverlap } from "./retrieval";
import { COMPANY_WORDS, CONCERN_WORDS, ROLE_WORDS } from "./turn";

const ACTS = ["situation", "problem", "implication", "need-payoff"] as const;
const MONEY_FACT = /[£$€]|\b(cost|revenue|budget|spend|lost sales|per (year|month|week))\b/i;

/** What the features read from the turn alone: worked out once per turn, not once per fact. */
export type TurnView = ReturnType<typeof turnOf>;
export function turnOf(c: Ctx) {
  const text = c.reading.text;
  const core = c.main ? c.main.tokens.slice(c.main.start) : [];
  return {
    act: ACTS.find((a) => a === c.main?.act) ?? "other",
    wh: whOf(core),
    anaphor: core.some((t) => ANAPHORS.has(t.lower)),
    // A thin turn names nothing the card knows ("how much is that, roughly?").
    thin: ![...c.q.main].some((s) => c.card.idf.has(s) && !isGeneric(c.card, s)),
    nextHidden: c.card.pains.findIndex((_, i) => !c.s.revealed.includes(i)),
    problemWords: PROBLEM_WORDS.test(text),
    goalWords: GOAL_WORDS.test(text),
    concernWords: CONCERN_WORDS.test(text),
    companyWords: COMPANY_WORDS.test(text),
    size: asksSize(c),
    decision: asksDecision(c),
    role: ROLE_WORDS.test(text),
  };
}

/** The named features of one (turn, fact) pair; absent names are 0. */
export function featuresOf(
  c: Ctx,
  fact: Fact,
  hit: Hit | undefined,
  best: number,
  turn: TurnView = turnOf(c),
): Map<string, number> {
  const f = new Map<string, number>();
  const on = (name: string, v: number | boolean = 1) => {
    const x = typeof v === "boolean" ? (v ? 1 : 0) : v;
    if (x) f.set(name, x);
  };
  const { act, anaphor, thin, nextHidden } = turn;
  const pain = fact.kind === "pain";
  const current = pain && c.s.current === fact.index;

  on(`kind:${fact.kind}`);
  on(`wh:${turn.wh}*kind:${fact.kind}`);
  on(`form:${c.main?.question ?? "none"}*kind:${fact.kind}`);
  on(`act:${act}*kind:${fact.kind}`);
  if (hit) {
    on("bm25:rel", best > 0 ? hit.score / best : 0);
    on("bm25:top", hit.score >= best);
    on("bm25:log", Math.log1p(hit.score));
    on("share", hit.share);
    on("specific", Math.min(3, specificOverlap(c.card, c.q, fact)) / 3);
    on(`bm25:rel*kind:${fact.kind}`, best > 0 ? hit.score / best : 0);
  } else on("bm25:none");
  on("wants:number*numeric", c.q.wants.number && fact.numeric);
  on("wants:number*plain", c.q.wants.number && !fact.numeric);
  on("wants:person*person", c.q.wants.person && fact.person);
  on("wants:time*time", c.q.wants.time && fact.time);
  on("wants:when*pain", c.q.wants.when && pain);
  on(`wants:meaning*kind:${fact.kind}`, c.q.wants.meaning);
  on("money*moneyFact", c.q.topic === "money" && MONEY_FACT.test(fact.pieces.join(" ")));
  on("current", current);
  on("current*thin", current && thin);
  on("current*anaphor", current && anaphor);
  on(`current*act:${act}`, current);
  on("revealed", pain && c.s.revealed.includes(fact.index));
  on("hidden", pain && !c.s.revealed.includes(fact.index));
  on(`nextHidden*act:${act}`, pain && fact.index === nextHidden);
  on("told", c.s.told.has(fact.id));
  on(`told*kind:${fact.kind}`, c.s.told.has(fact.id));
  on("first", fact.order === 0);
  on("continues", c.s.topic === fact.kind);
  on(`thin*kind:${fact.kind}`, thin);
  on("problemWords*pain", turn.problemWords && pain);
  on(`goalWords*kind:${fact.kind}`, turn.goalWords);
  on(`concernWords*kind:${fact.kind}`, turn.concernWords);
  on("companyWords*company", turn.companyWords && fact.kind === "company");
  on("size*size", turn.size && fact.field === "company.size");
  on("decision*decides", turn.decision && (fact.kind === "decision" || (fact.kind === "background" && fact.person)));
  on("role*role", turn.role && fact.kind === "role");
  return f;
}

const WH_WORDS = new Set(["how", "what", "who", "when", "where", "why", "which"]);
/** The question word that leads the turn's main unit, with "how many/much/long/often" kept apart. */
function whOf(core: { lower: string }[]): string {
  const i = core.findIndex((t) => WH_WORDS.has(t.lower));
  if (i < 0) return "none";
  const next = core[i + 1]?.lower ?? "";
  return core[i].lower === "how" && ["many", "much", "long", "often"].includes(next) ? `how-${next}` : core[i].lower;
}

/**
 * The features of "no fact": small talk, a pitch, a proposal or a question the card cannot answer.
 * Trained on the scripts' turns whose `about` is empty, so the buyer can tell when to evade. The act
 * is left out on purpose: the act model calls "how's the overtime budget looking" small talk, and the
 * card's own words must outweigh that.
 */
export function noneFeatures(c: Ctx): Map<string, number> {
  const f = new Map<string, number>([["none", 1]]);
  const on = (name: string, v: number | boolean = 1) => {
    const x = typeof v === "boolean" ? (v ? 1 : 0) : v;
    if (x) f.set(name, x);
  };
  const core = c.main ? c.main.tokens.slice(c.main.start) : [];
  on(`none*wh:${whOf(core)}`);
  on(`none*form:${c.main?.question ?? "none"}`);
  on("none*first-turn", c.s.turn === 1);
  on("none*bm25:log", Math.log1p(c.hits[0]?.score ?? 0));
  on("none*bm25:nohit", !c.hits.length);
  on("none*specific", c.hits[0] ? Math.min(3, specificOverlap(c.card, c.q, c.hits[0].fact)) / 3 : 0);
  on("none*unknown", Math.min(3, c.q.unknown.length) / 3);
  on("none*small-talk", c.q.smallTalk);
  on(`none*topic:${c.q.topic}`);
  on(
    "none*asks",
    c.reading.units.some((u) => u.question),
  );
  return f;
}

type Model = { weights: Record<string, number> };
export const WEIGHTS = new Map(Object.entries((model as Model).weights));

export const scoreOf = (features: Map<string, number>, weights: Map<string, number> = WEIGHTS) =>
  [...features].reduce((n, [k, v]) => n + (weights.get(k) ?? 0) * v, 0);

export type Ranked = { fact: Fact; p: number; hit: Hit | undefined };

/**
 * Every fact of the card with the model's probability that the turn is about it, best first, and
 * the probability that it is about none of them.
 */
export function rankFacts(c: Ctx, weights: Map<string, number> = WEIGHTS): { facts: Ranked[]; none: number } {
  const byId = new Map(c.hits.map((h) => [h.fact.id, h]));
  const best = c.hits[0]?.score ?? 0;
  const turn = turnOf(c);
  const scored = c.card.facts.map((fact) => {
    const hit = byId.get(fact.id);
    return { fact, hit, z: scoreOf(featuresOf(c, fact, hit, best, turn), weights) };
  });
  const zNone = scoreOf(noneFeatures(c), weights);
  const max = Math.max(zNone, ...scored.map((x) => x.z));
  const sum = scored.reduce((n, x) => n + Math.exp(x.z - max), Math.exp(zNone - max));
  return {
    facts: scored
      .map(({ fact, hit, z }) => ({ fact, hit, p: Math.exp(z - max) / sum }))
      .sort((a, b) => b.p - a.p || a.fact.id - b.fact.id),
    none: Math.exp(zNone - max) / sum,
  };
}
