/**
 * Which facts of the card a learner's turn asks about: BM25 over stems of content words (and
 * related words, at half weight), boosted by the question's form (how many wants numbers, who wants
 * people, how long wants time). It also says what the turn mentions that the card knows nothing
 * about, so a question off the card gets an evasion instead of an unrelated fact.
 */
import type { TurnReading, Understood } from "@/lib/language";

import {
  GENERIC,
  GENERIC_QUESTION,
  MONEY,
  negatedStems,
  OPPOSITE_WHEN_NEGATED,
  OTHERS,
  RELATED,
  SMALL_TALK,
  stem,
  STOP,
} from "./cues";
import type { Card, Fact } from "./facts";

export type Wants = { number: boolean; person: boolean; time: boolean; when: boolean; meaning: boolean };
export type Query = {
  terms: Map<string, number>;
  /** Stems the learner actually said (not related words). */
  said: Set<string>;
  /** Stems of the main unit. */
  main: Set<string>;
  /** Content words of the main unit the card does not know and that are not generic. */
  unknown: string[];
  smallTalk: boolean;
  topic: "money" | "others" | "personal" | "other";
  wants: Wants;
};
/** `p`: the learned ranker's probability that the turn is about this fact (ranker.ts), once ranked. */
export type Hit = { fact: Fact; score: number; share: number; p?: number };

const SKIP_POS = new Set(["PUNCT", "DET", "PRON", "ADP", "CCONJ", "AUX", "SCONJ", "PART", "INTJ"]);

const unitText = (u: Understood) =>
  u.tokens
    .slice(u.start)
    .map((t) => t.lower)
    .join(" ");

function stemsOfUnit(u: Understood): string[] {
  const tokens = u.tokens.slice(u.start);
  const negated = negatedStems(tokens);
  return tokens
    .filter((t) => !SKIP_POS.has(t.pos) && !STOP.has(t.lower) && !STOP.has(t.lemma))
    .map((t) => (/\d/.test(t.lower) ? t.lower : stem(t.lemma)))
    .filter((s) => s.length >= 2 && !STOP.has(s))
    .filter((s) => !(OPPOSITE_WHEN_NEGATED.has(s) && negated.includes(`not:${s}`)))
    .concat(negated);
}

export function wantsOf(text: string): Wants {
  return {
    number:
      /\b(how (many|much|big|often|far)|percentage|what('s| is) the (rate|number|percentage|figure)|the number of|running at|roughly|approximately|how much time|come to|comes to|add up to|adds up to|in (pounds|dollars|euros|money terms|cash terms)|money[- ]?wise)\b/.test(
        text,
      ),
    person: /\b(who|whose|whom)\b/.test(text),
    time: /\b(how long|since when|when did|how many years|how did you (get|end up|come))\b/.test(text),
    when: /\b(what happens (when|if|on|with)|when .+ what|on the days|what do you do when|what did that|what does that do)\b/.test(
      text,
    ),
    meaning:
      /\b(what would (that|it|this) (mean|change|do)|what (that|it|this) (would|will) (mean|change|do)|if .+ what would|what would you do|what would .* look like|if\b.+\b(would|could) you\b|what (would|will) (you|they) (do|give|put|change)|where would you put)\b/.test(
        text,
      ),
  };
}

/** The query of a turn: the main unit at full weight, the other units as context. */
/**
 * A word any question may use ("problem", "cost") says little about which fact is wanted; a word of
 * trouble or value ("overtime", "fail") does when this card itself uses it.
 */
export const isGeneric = (card: Card, s: string) =>
  (GENERIC_QUESTION.has(s) && !rareOnCard(card, s)) || (GENERIC.has(s) && !card.idf.has(s));
/**
 * A word any question may use still names a fact when the card uses it in one place only: "broken"
 * on a card whose only broken things are the gym machines, "software" on a card with one worry about it.
 */
const rareOnCard = (card: Card, s: string) => (card.idf.get(s) ?? 0) >= RARE_ON_CARD;
const RARE_ON_CARD = 2.9;

/**
 * The card's stem a word is another form of: "renewal" for "renews", "planning" for "plans" when the stemmer
 * leaves a suffix on. Both at least five letters, so "signal" is not "sign".
 */
function sameWordOnCard(card: Card, s: string): string | undefined {
  if (s.length < 5 || /\d/.test(s) || s.includes(":")) return undefined;
  for (const k of card.idf.keys())
    if (k.length >= 5 && k !== s && s.startsWith(k) && s.length - k.length <= 3) return k;
  return undefined;
}

export function queryOf(
  reading: TurnReading,
  main: Understood | null,
  card: Card,
  buyerBefore: string | null = null,
): Query {
  const terms = new Map<string, number>();
  const own = ownNames(card);
  const said = new Set<string>();
  const put = (s: string, w: number) => terms.set(s, Math.max(terms.get(s) ?? 0, w));
  // "How much time does this person spend on it?" right after "a single roster clerk builds them":
  // the person is the one the buyer just named.
  for (const s of personReferredTo(main, buyerBefore)) put(s, 0.8);
  // A thin question ("how much is the percentage?") takes its subject from the rest of the turn,
  // whatever the learner's word order ("the deliveries that fail, how much is the percentage").
  // A question with words of its own the card does not know ("how much diesel do your boats burn?") is not
  // thin: it is off the card, and the chat before it ("ok, work stuff.") does not say what it is about.
  const thin =
    !main || stemsOfUnit(main).filter((s) => !isGeneric(card, s) && !own.has(s) && !/\d/.test(s)).length === 0;
  for (const u of reading.units) {
    const w = u === main ? 1 : thin && u.act !== "small-talk" ? 0.8 : u.question ? 0.5 : 0.3;
    for (const s of stemsOfUnit(u)) {
      // Names and words any question uses say little about which fact is wanted.
      const weight = own.has(s)
        ? w * 0.2
        : GENERIC_QUESTION.has(s) && !rareOnCard(card, s)
          ? w * 0.25
          : isGeneric(card, s)
            ? w * 0.4
            : w;
      put(s, weight);
      said.add(s);
      for (const r of RELATED.get(s) ?? []) put(r, weight * 0.5);
      // "the renewal" and a card's "renews": a word the card has only in another form is that word.
      const base = card.idf.has(s) ? undefined : sameWordOnCard(card, s);
      if (base) put(base, weight * 0.8);
    }
  }
  const mainStems = new Set(
    (main ? stemsOfUnit(main) : [])
      .concat(thin ? reading.units.filter((u) => u !== main && u.act !== "small-talk").flatMap(stemsOfUnit) : [])
      .filter((s) => !own.has(s)),
  );
  const unknown = [...mainStems].filter(
    (s) =>
      !s.startsWith("not:") &&
      !card.idf.has(s) &&
      !sameWordOnCard(card, s) &&
      !GENERIC.has(s) &&
      !(RELATED.get(s) ?? []).some((r) => card.idf.has(r)),
  );
  // Chat about the match or the weather stays chat even when it names a place on the card;
  // "food" on a restaurant's card is business, not chat.
  const chat = [...mainStems].filter((s) => SMALL_TALK.has(s) && !card.idf.has(s));
  const business = [...mainStems].filter((s) => card.idf.has(s) && !ownNames(card).has(s) && !isGeneric(card, s));
  const all = [...terms.keys()];
  // "How do other councils handle that?", "what does the clinic down the road charge?": what others do.
  // The whole turn: the language layer may cut "which other rostering vendors / have you looked at" in two.
  const aboutOthers = OTHER_FIRMS.test(main ? unitText(main) : reading.text) || OTHER_FIRMS.test(reading.text);
  if (aboutOthers && !unknown.includes(OTHERS_MARK)) unknown.push(OTHERS_MARK);
  const topic = aboutOthers
    ? "others"
    : all.some((s) => MONEY.has(s))
      ? "money"
      : all.some((s) => OTHERS.has(s))
        ? "others"
        : all.some((s) => SMALL_TALK.has(s))
          ? "personal"
          : "other";
  return {
    terms,
    said,
    main: mainStems,
    unknown,
    // Chat about the match or the weather stays chat even when it names a place on the card.
    smallTalk: chat.length > 0 && business.length < chat.length + (main?.act === "small-talk" ? 1 : 0),
    topic,
    wants: wantsOf(main ? unitText(main) : reading.text),
  };
}

/** Other organisations like the buyer's: "other councils", "everyone else", "the one down the road", "next door". */
const OTHER_FIRMS = new RegExp(
  `\\b(?:other (?:(?!(?:with|from|at|in|on|do|does|did|are|is|was|were|have|has|had|for|of|to|the|your|our|you|we|they|that|this|and|or|issues?|problems?|things?|teams?|people)\\b)[a-z-]+ ){0,2}(?:${[
    "compan(?:y|ies)",
    "firms?",
    "business(?:es)?",
    "organi[sz]ations?",
    "councils?",
    "authorit(?:y|ies)",
    "clinics?",
    "practices",
    "schools?",
    "districts?",
    "hospitals?",
    "trusts",
    "hotels?",
    "restaurants?",
    "caf(?:e|é)s?",
    "stores",
    "shops?",
    "retailers?",
    "gyms?",
    "warehouses",
    "carriers?",
    "airports?",
    "airlines?",
    "operators?",
    "agenc(?:y|ies)",
    "banks?",
    "insurers?",
    "dealers(?:hips)?",
    "garages?",
    "bakeries",
    "breweries",
    "pharmacies",
    "labs?",
    "universit(?:y|ies)",
    "colleges?",
    "charities",
    "providers?",
    "suppliers?",
    "vendors?",
    "contractors?",
    "manufacturers?",
    "farms?",
    "plants",
    "sites",
    "co-?ops?",
    "libraries",
    "roasters?",
    "fleets?",
    "players in",
    "people in (?:the|your) (?:industry|sector|field)",
  ].join(
    "|",
  )})|everyone else|everybody else|elsewhere|next door|down the road|across town|the rest of the (?:industry|sector|market)|the competition|your (?:[\\w-]+ )?competitors?|(?:which|what) (?:[\\w-]+ )?(?:compan(?:y|ies)|firms?|agenc(?:y|ies)|competitors?|providers?|brands?)\\b[\\w\\s']{0,30}\\b(?:go|goes|going|went|gone|move|moving|moved|switch\\w*|leav\\w*))\\b`,
);
/** Put among a turn's unknown words when it asks about other firms ("other councils", "down the road"). */
export const OTHERS_MARK = stem("others");

const PERSON_REFERENCE = /\b(this|that|the same) (person|guy|lady|man|woman|one)\b|\b(he|she|him|her)\b/;
const PERSON_NOUN =
  /\b(clerk|manager|supervisor|planner|driver|dispatcher|receptionist|assistant|admin|administrator|coordinator|engineer|technician|analyst|accountant|chef|nurse|officer|lead|director|owner|operator|scheduler)s?\b/g;

/** The person nouns of the buyer's last line that "this person", "he" or "she" in the turn points back to. */
function personReferredTo(main: Understood | null, buyerBefore: string | null): string[] {
  if (!main || !buyerBefore || !PERSON_REFERENCE.test(main.text)) return [];
  return [...buyerBefore.toLowerCase().matchAll(PERSON_NOUN)].map((m) => stem(m[1]));
}

/** The persona's and company's names and the proper names on the card (places, products): naming them asks nothing specific. */
function ownNames(card: Card): Set<string> {
  const cached = NAMES.get(card);
  if (cached) return cached;
  // Company words the card also uses as plain words ("five restaurants") are not names.
  const text = card.fields.map((f) => f.text).join(" ");
  const plain = (w: string) => new RegExp(`\\b${w.toLowerCase().replace(/[^a-z0-9]/g, "")}\\b`).test(text);
  const company = [...(card.company ?? "").split(/\s+/), ...card.names].filter((w) => w && !plain(w));
  const words = [...card.name.split(/\s+/), ...company].map((w) => w.toLowerCase());
  const out = new Set([...words, ...words.map(stem)]);
  NAMES.set(card, out);
  return out;
}
const NAMES = new WeakMap<Card, Set<string>>();

/**
 * How clearly a fact answers the turn: the specific words (not names, not words any question
 * uses) it shares with the turn, weighted by how rare they are on the card.
 */
export function specificOverlap(card: Card, q: Query, fact: Fact, only?: Set<string>): number {
  const own = ownNames(card);
  return [...q.terms].filter(
    ([s, w]) =>
      w >= 0.4 &&
      q.said.has(s) &&
      fact.stems.has(s) &&
      (!only || only.has(s)) &&
      !isGeneric(card, s) &&
      !own.has(s) &&
      (card.idf.get(s) ?? 0) >= 1,
  ).length;
}

const K1 = 1.2;
const B = 0.4;

/** Facts ranked by how well they answer the query; `share` is how much of the main unit they cover. */
export function retrieve(card: Card, q: Query, keep: (f: Fact) => boolean = () => true): Hit[] {
  const maxIdf = Math.max(1, ...card.idf.values());
  const mainWeight = [...q.main].reduce((n, s) => n + (isGeneric(card, s) ? 0.3 : 1) * (card.idf.get(s) ?? maxIdf), 0);
  const hits: Hit[] = [];
  for (const fact of card.facts) {
    if (!keep(fact)) continue;
    let score = 0;
    let covered = 0;
    for (const [s, w] of q.terms) {
      const tf = fact.stems.get(s);
      if (!tf) continue;
      const idf = card.idf.get(s) ?? 0;
      score += w * idf * ((tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * fact.length) / card.avgLength)));
      if (q.main.has(s)) covered += (isGeneric(card, s) ? 0.3 : 1) * idf;
    }
    if (score <= 0) continue;
    const boost =
      (q.wants.number ? (fact.numeric ? 1.5 : 0.7) : 1) *
      (q.wants.person && fact.person ? 1.5 : 1) *
      (q.wants.time && fact.time ? 1.5 : 1) *
      (q.wants.when && fact.kind === "pain" && fact.order > 0 ? 1.4 : 1) *
      (q.wants.meaning && (fact.kind === "goal" || fact.kind === "motivation") ? 1.5 : 1);
    hits.push({ fact, score: score * boost, share: mainWeight ? Math.min(1, covered / mainWeight) : 0 });
  }
  return hits.sort((a, b) => b.score - a.score || a.fact.id - b.fact.id);
}
