/** How the persona answers each kind of turn, from its card and what it has said so far. */
import type { TurnReading, Understood } from "@/lib/language";
import { tokenise } from "@/lib/language/nlp";

import { PERIODS, REASSURANCE, stem } from "./cues";
import { type Card, type Fact, stemsOf } from "./facts";
import { lowerFirst, upperFirst } from "./first-person";
import { consequence, line, type LineKey } from "./lines";
import { type Hit, isGeneric, type Query, specificOverlap } from "./retrieval";
import { FULL_PICTURE, missingForClose, REVEAL_TRUST, type State } from "./state";

export type Ctx = {
  card: Card;
  s: State;
  reading: TurnReading;
  main: Understood | null;
  q: Query;
  hits: Hit[];
  seed: string;
  /** Everything the persona has said in this call, so no reply repeats and no opener becomes a tic. */
  used: Set<string>;
  /** A "sorry, I meant ..." turn: facts already told may be told again. */
  repaired: boolean;
  /** What the persona said last, if anything. */
  buyerBefore?: string | null;
};

export const say = (c: Ctx, key: LineKey, values: Record<string, string> = {}) =>
  line(key, `${c.seed}:${c.s.turn}`, c.used, values);

const PIECES = { easy: 4, medium: 3, hard: 2 } as const;
/**
 * The ranker's probability above which "how often's that happening?" is about the told pain it picked,
 * words or not; "what else gets in the way?" still asks for a new one.
 */
const SURE_PAIN = 0.35;
const FACTS = { easy: 2, medium: 1, hard: 1 } as const;

const hidden = (c: Ctx) => c.card.pains.map((_, i) => i).filter((i) => !c.s.revealed.includes(i));
export const painText = (c: Ctx, i: number) => c.card.pains[i].facts.flatMap((f) => f.pieces).join(" ");

/** After a lead-in that ends in a comma ("Well,", "As I said,") the words go on in lower case. */
const afterIntro = (intro: string, text: string, names?: ReadonlySet<string>) =>
  `${intro} ${/,$/.test(intro) ? lowerFirst(text, names) : text}`;

/** A piece said on its own loses the word that tied it to the one before ("And ..."). */
const alone = (piece: string) => upperFirst(piece.replace(/^(and|but|plus|so|also)\s+/i, ""));

/** Facts spoken as short first-person pieces; ones already told are flagged as such. */
export function speakFacts(c: Ctx, facts: Fact[]): string {
  let out: string[] = [];
  let told = false;
  c.s.topic = facts[0]?.kind ?? c.s.topic;
  for (const f of facts) {
    if (c.s.told.has(f.id)) told = true;
    c.s.told.add(f.id);
    const said = f.pieces.slice(0, PIECES[c.card.difficulty]);
    // "How many spaces does the Long Stay have?": the figure asked for, when it sits past what would be said.
    // Only a piece the question singles out by a word no other piece has ("Long Stay", "valet"): "how many car
    // parks and how many spaces" asks for the whole picture.
    const k = c.q.wants.number && f.pieces.length > said.length ? closestIndex(c, f.pieces) : 0;
    const singled = k >= said.length && /\d/.test(f.pieces[k]) && singledOut(c, f.pieces, k);
    out.push(...(singled ? [alone(withWhatItHangsOn(f.pieces, k))] : said));
  }
  // Asked again, a person repeats the part that answers, not the whole story: "How long does a repair
  // take?" after the broken-kit pain gets "As I said, an average repair takes 9 days."
  if (told && !c.repaired && facts.every((f) => c.s.told.has(f.id)) && out.length > 1) out = [closestPiece(c, out)];
  const intro = told && !c.repaired ? say(c, "told") : say(c, "intro");
  return afterIntro(intro, out.join(" "), c.card.names).trim();
}

/** Piece k has a word the learner said that no other piece of the fact has. */
function singledOut(c: Ctx, pieces: string[], k: number): boolean {
  const stems = pieces.map((p) => stemsOf(p).stems);
  return [...stems[k].keys()].some((st) => c.q.said.has(st) && stems.every((other, j) => j === k || !other.has(st)));
}

/** A piece in the form the turn asks for counts more: "how long does it stay broken?" wants the one with the duration. */
const form = (c: Ctx, piece: string) =>
  (c.q.wants.time && DURATION.test(piece) ? 2 : 1) * (c.q.wants.number && /\d/.test(piece) ? 1.5 : 1);
/** "takes a scheduler most of a morning", "spends half a day": a duration in words. */
const SPELLED_DURATION =
  /\b(?:takes?|spends?|lose|loses|eats?)\b[^.]{0,40}\b(?:most of|half|all|a whole|an?)\s+(?:morning|afternoon|evening|day|week|hour|shift)s?\b/i;
const DURATION = /\b\d[\d.,-]*\s+(?:minutes?|hours?|days?|weeks?|months?|years?)\b/i;
/** Which piece shares most words with the turn, in the form it asks for (the first among equals). */
function closestIndex(c: Ctx, pieces: string[]): number {
  const score = (piece: string) =>
    [...stemsOf(piece).stems.keys()].reduce((n, s) => n + (c.q.terms.get(s) ?? 0) * (c.card.idf.get(s) ?? 1), 0.5) *
    form(c, piece);
  const scores = pieces.map(score);
  return scores.reduce((top, x, k) => (x > scores[top] ? k : top), 0);
}

/** The piece that shares most words with the turn, in the form it asks for (the first among equals). */
function closestPiece(c: Ctx, pieces: string[]): string {
  return alone(withWhatItHangsOn(pieces, closestIndex(c, pieces)).replace(/^which\b/i, "that"));
}

/** "...which from October to January backs up to 4,000+": a "which" piece is said with the one it hangs on. */
function withWhatItHangsOn(pieces: string[], k: number): string {
  if (!/^which\b/i.test(pieces[k]) || k === 0) return pieces[k];
  return `${pieces[k - 1].replace(/[.!]$/, ",")} ${lowerFirst(pieces[k])}`;
}

/**
 * A thin follow-up ("how long does that take?", "per week or per month?") answered from what was just said: the
 * piece of the last fact told that has the figure asked for, else a told fact on the same thing that has one ("do
 * managers find ordering takes long?" then "roughly how long?": the 6 hours a week on ordering), else an honest
 * "no exact figure". Never a new pain or the company's size.
 */
export function onThinFollowUp(c: Ctx): string {
  const before = stemsOf(c.buyerBefore ?? "").stems;
  const shared = (f: Fact) => [...f.stems.keys()].filter((st) => before.has(st) && !/\d/.test(st)).length;
  const wantsTime = c.q.wants.time;
  // "Is that per year or per term?" wants a figure by one of them; "how many days a year?" by both.
  const periods = [
    ...new Set((c.main?.tokens.slice(c.main.start) ?? []).map((t) => stem(t.lemma)).filter((st) => PERIODS.has(st))),
  ];
  const either = /\bor\b/.test(c.main?.text.toLowerCase() ?? "");
  const byPeriod = (piece: string) => {
    const has = periods.filter((p) => new RegExp(`\\b${p}s?\\b`, "i").test(piece)).length;
    return has >= (either ? Math.min(1, periods.length) : periods.length);
  };
  const fits = (piece: string) =>
    (wantsTime ? DURATION.test(piece) || SPELLED_DURATION.test(piece) : /\d/.test(piece)) && byPeriod(piece);
  const onTable = c.card.facts
    .filter((f) => f.kind !== "goal" && (f.kind !== "pain" || c.s.revealed.includes(f.index)))
    .map((f) => ({ f, n: shared(f) }))
    .filter((x) => x.n >= 2)
    .sort((a, b) => b.n - a.n);
  for (const { f } of onTable) {
    const k = f.pieces.findIndex(fits);
    if (k < 0) continue;
    const told = c.s.told.has(f.id);
    c.s.told.add(f.id);
    const piece = alone(withWhatItHangsOn(f.pieces, k));
    return afterIntro(told ? say(c, "told") : say(c, "intro"), piece, c.card.names).trim();
  }
  // A pain not told yet that the words just said lead to ("ordering" and its 6 hours a week) is told now.
  const hidden = c.card.pains
    .map((p, i) => ({ i, n: p.facts.reduce((m, f) => Math.max(m, shared(f)), 0) }))
    .filter((x) => !c.s.revealed.includes(x.i) && x.n >= 2 && c.card.pains[x.i].facts.some((f) => f.pieces.some(fits)))
    .sort((a, b) => b.n - a.n)[0];
  if (hidden) return revealPain(c, hidden.i);
  return say(c, "evadeNumber");
}

/** The best facts among the hits that `keep` allows: untold first, as many as the difficulty gives. */
export function answerFrom(c: Ctx, keep: (f: Fact) => boolean): string | null {
  const role = /\b(role|job|title|position|responsib\w*|in charge)\b/.test(c.reading.text);
  const hits = c.hits.filter((h) => keep(h.fact) && (h.fact.kind !== "role" || role));
  if (!hits.length) return null;
  const fresh = hits.filter((h) => !c.s.told.has(h.fact.id) || c.repaired);
  const best = fresh[0] ?? hits[0];
  const many = c.card.difficulty !== "hard" && c.s.trust >= 2 ? 2 : FACTS[c.card.difficulty];
  const chosen = [best, ...fresh.filter((h) => h !== best && h.score >= best.score * 0.6)].slice(0, many);
  return speakFacts(
    c,
    chosen.map((h) => h.fact).sort((a, b) => a.id - b.id),
  );
}

/** The next facts of a field in card order (a general "tell me about ..." question). */
export function nextFacts(c: Ctx, kinds: Fact["kind"][]): string | null {
  const untold = c.card.facts.filter((f) => kinds.includes(f.kind) && !c.s.told.has(f.id));
  if (!untold.length) return null;
  const many = c.card.difficulty !== "hard" && c.s.trust >= 2 ? 2 : FACTS[c.card.difficulty];
  let reply = speakFacts(c, untold.slice(0, many));
  const { s, card } = c;
  if (card.difficulty === "easy" && !s.hinted && s.revealed.length === 0 && s.told.size >= 2) {
    s.hinted = true;
    reply += " Not everything's running smoothly, though.";
  }
  return reply;
}

const concernText = (c: Ctx) => {
  const facts = c.card.facts.filter((f) => f.kind === "concern");
  return facts.length ? facts[0].pieces.join(" ") : null;
};

export function revealPain(c: Ctx, i: number): string {
  const { card, s } = c;
  const pain = card.pains[i];
  const first = s.revealed.length === 0;
  s.revealed.push(i);
  s.current = i;
  s.topic = "pain";
  s.expects = pain.distinctive;
  const [head, ...rest] = pain.facts;
  s.told.add(head.id);
  const [lead, ...more] = head.pieces.slice(0, PIECES[card.difficulty]);
  let reply = say(c, first ? "painFirst" : "painNext", {
    pain: lead,
    inline: lowerFirst(lead.replace(/\.$/, ""), card.names),
  });
  if (more.length) reply += ` ${more.join(" ")}`;
  if (card.difficulty === "easy" && rest[0]) {
    s.told.add(rest[0].id);
    reply += ` ${rest[0].pieces.join(" ")}`;
  }
  const left = hidden(c).length > 0;
  if (left && (card.difficulty === "easy" || (card.difficulty === "medium" && s.trust >= 3)))
    reply += ` ${say(c, "volunteerMore")}`;
  // A worry is raised when a step is proposed (onProposal) or asked about, never tacked onto a problem the
  // learner asked about: "30+ disputes a month... One thing on my mind: tags surviving hot washes" answers
  // two questions, one of them never asked.
  return reply.trim();
}

/** A question about problems: the hidden pain it names, else the next one, at the pace of the difficulty. */
export function onProblem(c: Ctx, named: number | null): string {
  const { card, s } = c;
  s.problemsAsked += 1;
  if (named !== null) s.trust += 1;
  const open = hidden(c);
  // "What about the phones, busy in the morning?" names a pain already told: more of it, not the next one.
  const first = c.hits[0];
  if (
    named === null &&
    first?.fact.kind === "pain" &&
    s.revealed.includes(first.fact.index) &&
    (specificOverlap(card, c.q, first.fact) >= 1 ||
      ((first.p ?? 0) >= SURE_PAIN && !/\b(else|other|another|more)\b/.test(c.reading.text)))
  )
    return onImplication(c, first.fact.index);
  if (!open.length) {
    // "What else gets in the way?" after every pain is told: that's the list, not the last pain again.
    const more = /\b(?:else|other|another|more)\b/.test(c.reading.text.toLowerCase());
    const about = more ? undefined : c.hits.find((h) => h.fact.kind === "pain")?.fact.index;
    return about !== undefined ? onImplication(c, about) : say(c, "painsDone");
  }
  // The difficulty's pace holds back vague "any problems?" questions, never one that names the pain.
  if (named === null && s.trust < REVEAL_TRUST[card.difficulty] && s.revealed.length === 0)
    return say(c, "guardedProblem");
  const scored = c.hits.find((h) => h.fact.kind === "pain" && open.includes(h.fact.index))?.fact.index;
  return revealPain(c, named ?? scored ?? open[0]);
}

/** A piece that names a sum of money. */
const PRICED = /[£$€]|\b(costs?|euros?|pounds?|dollars?|revenue|budget|spend)\b/i;

/** Words that open a condition ("when those orders miss the cut-off, ..."), and words that end one. */
const CONDITION = new Set(["when", "if", "whenever", "once"]);
const OPENS_MAIN = new Set(["what", "how", "who", "why", "where", "does", "do", "did", "is", "are", "would", "will"]);

/** The turn's content words outside its "when/if ..." clause, and inside it. */
function clauses(c: Ctx): { asked: Set<string>; given: Set<string> } {
  const main: string[] = [];
  const condition: string[] = [];
  let inside = false;
  const tokens = c.reading.units.flatMap((u) => u.tokens);
  for (const [k, t] of tokens.entries()) {
    // "when did it start" asks when; "when it breaks, ..." sets a condition.
    if (CONDITION.has(t.lower) && tokens[k + 1]?.pos !== "AUX") {
      inside = true;
      continue;
    }
    if (inside && (t.text === "," || (OPENS_MAIN.has(t.lower) && condition.length > 1))) inside = false;
    (inside ? condition : main).push(t.text);
  }
  const content = (words: string[]) =>
    new Set([...stemsOf(words.join(" ")).stems.keys()].filter((s) => !isGeneric(c.card, s)));
  return { asked: content(main), given: content(condition) };
}

/**
 * "What happens when they miss the cut-off?" about a pain told in full: the part of it that answers
 * the question's own words ("what does that do to the phone lines?" -> "our lines are busy"), else the
 * part that follows the one the condition restates ("what if the re-audit goes badly?" -> "a second
 * failure could lead to a detention order"). Null when the card says nothing more: never the condition again.
 */
/** Clauses in a piece, counted by their main verbs ("is due ... and ... could lead" has two), leaving out verbs in `except`. */
function clausesOf(piece: string, except: Set<string>): number {
  const tokens = tokenise(piece);
  return tokens.filter(
    (t, k) =>
      // "Pick-list" is a noun, whatever its first half is tagged.
      (t.pos === "VERB" && !except.has(stem(t.lemma)) && tokens[k + 1]?.text !== "-") ||
      (t.pos === "AUX" && !tokens.slice(k + 1, k + 3).some((n) => n.pos === "VERB")),
  ).length;
}

function whatItLeadsTo(c: Ctx, i: number): string | null {
  const pieces = c.card.pains[i].facts.flatMap((f) => f.pieces);
  const { asked, given } = clauses(c);
  // Rare words weigh most. A money question wants a piece with the money in it, when the pain has one.
  const money = c.q.topic === "money" && pieces.some((p) => PRICED.test(p));
  const byAsk = pieces.map((p) =>
    money && !PRICED.test(p)
      ? 0
      : ([...stemsOf(p).stems.keys()].reduce((n, s) => n + (asked.has(s) ? (c.card.idf.get(s) ?? 1) : 0), 0) +
          (money ? 1 : 0)) *
        form(c, p),
  );
  // Among equals the later piece: a card tells the trouble first and what it leads to after.
  let k = byAsk.reduce((top, n, j) => (n >= byAsk[top] && n > 0 ? j : top), 0);
  if (byAsk[k] === 0) {
    const byCondition = pieces.map((p) => [...stemsOf(p).stems.keys()].filter((s) => given.has(s)).length);
    const restated = byCondition.reduce((top, n, j) => (n > byCondition[top] ? j : top), 0);
    if (byCondition[restated] === 0) return null;
    // The piece the condition restates may go on to say what follows ("... re-planning takes another
    // hour and the trucks leave late"): two clauses of its own. Else the piece after it, if any.
    if (clausesOf(pieces[restated], given) < 2) {
      if (restated + 1 >= pieces.length) return null;
      k = restated + 1;
    } else k = restated;
  }
  const intro = say(c, "told");
  return afterIntro(intro, alone(withWhatItHangsOn(pieces, k).replace(/^which\b/i, "that")), c.card.names);
}

/** What a revealed pain costs: the rest of its card entry first, then its knock-on effects, then the goal it blocks. */
export function onImplication(c: Ctx, about?: number): string {
  const { card, s } = c;
  if (!s.revealed.length) return say(c, "implicationNone");
  const i = about ?? s.current ?? s.revealed.at(-1)!;
  s.current = i;
  s.implications += 1;
  const untold = card.pains[i].facts.filter((f) => !s.told.has(f.id));
  // "How are downtime reasons captured?" about a pain already told: that part again, not a platitude.
  // Asked what a told pain leads to, the part of it that says so again ("what does that do to the phone
  // lines?" -> "our lines are busy"); never its opening line, which only restates the question ("when those
  // orders miss the cut-off, what happens next?").
  const named = about !== undefined ? c.hits.find((h) => h.fact.kind === "pain" && h.fact.index === i) : undefined;
  if (!untold.length && named && named === c.hits[0]) {
    if (c.main?.act !== "implication") return speakFacts(c, [named.fact]);
    const again = whatItLeadsTo(c, i);
    if (again) return again;
  }
  if (untold.length) {
    const ranked = c.hits.find((h) => untold.includes(h.fact))?.fact ?? untold[0];
    return speakFacts(c, [ranked]);
  }
  // "What does that cost you each month?" after the figure was given: the figure again, not a platitude.
  // "How many time this is happening?" names no word of it: the pain on the table's own figure.
  // A money question wants a sum: "6% of orders miss the cut-off" is a rate, not what missing it costs.
  const fits = (f: Fact) => f.numeric && (c.q.wants.number || PRICED.test(f.pieces.join(" ")));
  const figure =
    c.hits.find((h) => h.fact.kind === "pain" && h.fact.index === i && fits(h.fact))?.fact ??
    (c.q.wants.number ? card.pains[i].facts.find((f) => f.numeric) : undefined);
  if (figure && (c.q.wants.number || c.q.topic === "money")) return speakFacts(c, [figure]);
  const linked = goalOfPain(c, i);
  const g =
    linked !== undefined && !s.goalsShared.has(linked) ? linked : card.goals.findIndex((_, k) => !s.goalsShared.has(k));
  const goal = g >= 0 ? { can: card.goals[g].can, text: card.goals[g].facts[0]?.pieces.join(" ") } : undefined;
  const reply = consequence(painText(c, i), s.depth[i]++, goal, c.used);
  if (reply && goal && reply.includes(goal.can ?? goal.text ?? "\u0000")) s.goalsShared.add(g);
  return reply && !c.used.has(reply) ? reply : say(c, "implicationDone");
}

/** "If you had live stock figures, what would change?": the goal that shares most words with the pain the question names. */
function linkedGoal(c: Ctx): number | undefined {
  const pain = c.hits.find((h) => h.fact.kind === "pain" && c.s.revealed.includes(h.fact.index));
  if (!pain || pain !== c.hits.find((h) => h.fact.kind === "pain" || h.fact.kind === "goal")) return undefined;
  return goalOfPain(c, pain.fact.index);
}

/** The goal that shares most words with a pain: what that pain stands in the way of. */
function goalOfPain(c: Ctx, i: number): number | undefined {
  const stems = new Set(c.card.pains[i].facts.flatMap((f) => [...f.stems.keys()]));
  const ranked = c.card.goals
    .map((g, k) => ({
      k,
      n: g.facts.flatMap((f) => [...f.stems.keys()]).filter((x) => stems.has(x) && !/\d/.test(x)).length,
    }))
    .sort((a, b) => b.n - a.n);
  return ranked[0]?.n ? ranked[0].k : undefined;
}

/** What solving it would mean, or what the persona is aiming for: its goals, then its motivation. */
export function onPayoff(c: Ctx, goalQuestion: boolean, named?: number): string {
  const { card, s } = c;
  if (!s.revealed.length && !goalQuestion && !c.q.wants.meaning) return say(c, "payoffNone");
  // A goal the question names is the answer even when it was said before.
  const hit = c.hits.find((h) => h.fact.kind === "goal" && !s.goalsShared.has(h.fact.index));
  const g = named ?? linkedGoal(c) ?? hit?.fact.index ?? card.goals.findIndex((_, k) => !s.goalsShared.has(k));
  if (g >= 0) {
    s.goalsShared.add(g);
    const facts = card.goals[g].facts;
    facts.forEach((f) => s.told.add(f.id));
    const goal = facts.flatMap((f) => f.pieces).join(" ");
    return goalQuestion
      ? say(c, "goalIntro", { goal, inline: lowerFirst(goal.replace(/\.$/, ""), c.card.names) })
      : say(c, "payoffGoal", { goal });
  }
  const motivation = card.facts.find((f) => f.kind === "motivation" && !s.told.has(f.id));
  if (motivation) {
    s.motivationShared = true;
    s.told.add(motivation.id);
    return say(c, "payoffMotivation", { motivation: motivation.pieces.join(" ") });
  }
  return say(c, "payoffDone");
}

export function onConcern(c: Ctx): string {
  const { s } = c;
  const concerns = c.card.facts.filter((f) => f.kind === "concern");
  const untold = concerns.find((f) => !s.told.has(f.id)) ?? concerns[0];
  const reply = answerFrom(c, (f) => f.kind === "concern") ?? (untold ? speakFacts(c, [untold]) : null);
  if (!reply) return say(c, "concernNone");
  if (s.concern === "none") s.concern = "raised";
  s.expects = new Set(c.card.facts.filter((f) => f.kind === "concern").flatMap((f) => [...f.stems.keys()]));
  return reply;
}

export const reassures = (c: Ctx) => {
  const concern = new Set(c.card.facts.filter((f) => f.kind === "concern").flatMap((f) => [...f.stems.keys()]));
  return [...c.q.terms.entries()].some(([t, w]) => w >= 0.5 && (REASSURANCE.has(t) || concern.has(t)));
};

/**
 * A customer with a complaint judges the fix offered, not the discovery: yes when it covers two thirds
 * of what the card says would settle it (and the agent first let them explain), otherwise what
 * they want instead.
 */
function onResolution(c: Ctx): string {
  const { card, s } = c;
  const close = card.close;
  if (!close) return say(c, "agreeGeneric");
  const wants = [...stemsOf(close).stems.keys()].filter((t) => !isGeneric(card, t) && !/^\d/.test(t));
  const covered = wants.filter((t) => c.q.said.has(t) || c.q.terms.has(t)).length;
  const values = { close, Close: upperFirst(close) };
  if (s.turn < 3 && !s.revealed.length) return say(c, "resolutionUnheard");
  if (covered >= Math.max(1, Math.ceil((wants.length * 2) / 3))) {
    s.closed = true;
    return say(c, "resolutionAgree", values);
  }
  return say(c, covered > 0 ? "resolutionPartial" : "resolutionNo", values);
}

const PROMISE = /\b(i'll|i will|ill|we'll|we will|i'm going to|i am going to)\b/;
/** "...and we can lock in a start date", "and we fix a time": a promise that also asks for something new. */
const NEW_ASK = /\b(we can|we could|let's|lets|shall we|we fix|we set|we lock|we book|lock in|set up a|book a|fix a)\b/;

/** A proposed next step: yes when discovery earned it, otherwise "not yet" with the reason. */
export function onProposal(c: Ctx): string {
  const { card, s } = c;
  if (s.closed)
    return say(
      c,
      PROMISE.test(c.reading.text) &&
        !c.reading.text.includes("?") &&
        !c.reading.units.some((u) => u.question) &&
        !NEW_ASK.test(c.reading.text)
        ? "promiseTaken"
        : "agreedAlready",
    );
  if (s.customer) return onResolution(c);
  // "No pressure! I'll send the contract over, have a look": a contract promised, not asked for, is held off with
  // the buyer's own step (it got the last refusal again, word for word).
  if (
    !learnerStep(c) &&
    card.close &&
    bigAsk(c.reading.text) &&
    PROMISE.test(c.reading.text.toLowerCase()) &&
    !NEW_ASK.test(c.reading.text.toLowerCase()) &&
    !c.reading.units.some((u) => u.question)
  )
    return say(c, "holdContract", { close: card.close });
  const missing = missingForClose(card, s);
  const open = hidden(c);
  if (
    missing &&
    !(card.difficulty === "hard" && open.length && missing === FULL_PICTURE && !missingForClose(card, s, true))
  ) {
    if (!s.revealed.length) {
      s.trust = Math.max(-2, s.trust - 1);
      return say(c, "closeEarly");
    }
    return say(c, "closeNotYet", { reason: missing, Reason: upperFirst(missing) });
  }
  // Earned but for a problem still untold: a hard buyer says what was never asked about.
  const onlyPains = missing === FULL_PICTURE && !missingForClose(card, s, true);
  if (open.length && card.difficulty === "hard" && (!missing || onlyPains)) {
    const reason = `we haven't talked about ${card.pains[open[0]].topic} yet.`;
    return say(c, "closeNotYet", { reason, Reason: upperFirst(reason) });
  }
  const concern = concernText(c);
  // A medium buyer whose close was earned says yes and names its worry as a condition; a hard one holds the yes
  // back until the worry is answered. (A flat "No, not yet" after an earned discovery was the writers' most
  // common surprise: 18 of 387 proposals across every writer's scripts.)
  const withWorry = !!concern && card.difficulty === "medium" && s.concern === "none" && !reassures(c);
  if (concern && card.difficulty === "hard" && s.concern !== "addressed") {
    if (reassures(c)) s.concern = "addressed";
    else if (s.concern === "raised") return say(c, "objectionUnanswered");
    else {
      s.concern = "raised";
      s.expects = new Set(card.facts.filter((f) => f.kind === "concern").flatMap((f) => [...f.stems.keys()]));
      return say(c, "objection", { concern });
    }
  }
  // "Let's just roll it out to all 11 clinics", "sign the 12-month contract": a bigger commitment than the step the
  // buyer would take is turned down plainly, with that step offered instead (the learner can take it up).
  if (!learnerStep(c) && card.close && bigAsk(c.reading.text))
    return say(c, "closeSmaller", { close: card.close, Close: upperFirst(card.close) });
  s.closed = true;
  // The buyer says yes to what the learner proposed, in the learner's words, and to its own close otherwise.
  const step = learnerStep(c) ?? card.close;
  let reply = step ? say(c, "agree", { close: step }) : say(c, "agreeGeneric");
  if (withWorry) {
    s.concern = "raised";
    reply += ` ${say(c, "agreeWorry", { concern: lowerFirst(concern!, card.names) })}`;
  }
  // An easy or medium buyer who says yes tells the seller what they never asked about.
  // After a worry, one untold problem is enough for one breath; the rest can come at the meeting.
  (withWorry ? open.slice(0, 1) : open).forEach((i, k) => {
    const head = card.pains[i].facts[0];
    const inline = lowerFirst(head.pieces.join(" ").replace(/\.$/, ""), card.names);
    s.revealed.push(i);
    s.told.add(head.id);
    reply += k === 0 ? ` ${say(c, "volunteerLast", { inline })}` : ` Also, ${inline}.`;
  });
  return reply;
}

/** A commitment bigger than a first step: a rollout, a contract, a purchase, every site at once. */
const BIG_ASK =
  /\b(?:roll(?:ing)?\s+(?:it|this|them)\s+out|roll\s*-?\s*out|contracts?|sign\s+(?:up|it|the|a|today|now)|subscription|licen[cs]es|purchase|buy\s+(?:it|now|today)|deal on (?:the )?price|go(?:ing)? live|all (?:\d+|[a-z]+) (?:of (?:your|the) )?(?:sites|clinics|branches|depots|stores|shops|locations|schools|plants|warehouses|halls|pools|hospitals))\b/i;

/** What the learner says is not asked: "no long contract", "without any subscription". */
const NOT_ASKED =
  /\b(?:no|without(?: a| any)?|not (?:a|any)|never a|zero)\s+(?:[a-z-]+\s+)?(?:contracts?|subscriptions?|licen[cs]es|commitment|lock-?in)\b/gi;
const bigAsk = (text: string) => BIG_ASK.test(text.replace(NOT_ASKED, " "));

const STEP_NOUNS = new Set(
  "pilot trial demo demonstration meeting call workshop session review walkthrough visit test follow-up chat".split(
    " ",
  ),
);
const NP_WORDS = new Set(["DET", "ADJ", "NUM", "NOUN", "PROPN"]);
const PP_START = new Set(["at", "with", "for", "in", "on", "of", "across", "covering"]);
/** The learner's words seen from the buyer's side: "your shift leads" is "my shift leads". */
const SWAP: Record<string, string> = {
  your: "my",
  yours: "mine",
  you: "me",
  our: "your",
  us: "you",
  we: "you",
  my: "your",
  me: "you",
  i: "you",
};

const PROPOSING_VERBS = new Set(
  "fancy want wanna try book schedule arrange do get have need suggest propose organise organize set plan".split(" "),
);

/**
 * The next step the learner proposed, as a phrase the buyer can say back: the step noun with the
 * words before it ("a two-week pilot") and one phrase after it ("at one of the warehouses"), or null.
 */
export function learnerStep(c: Ctx): string | null {
  const unit = c.reading.units.find((u) => u.act === "proposal") ?? c.main;
  if (!unit) return null;
  const ts = unit.tokens;
  const at = ts.findIndex((t) => STEP_NOUNS.has(t.lemma) && t.pos === "NOUN");
  if (at < 0) return null;
  let from = at;
  // "fancy a quick demo", "book a demo": a proposing verb the tagger reads as a noun is not part of the step.
  // A determiner starts the noun phrase: "worth a proper demo" is "a proper demo".
  while (
    from > 0 &&
    NP_WORDS.has(ts[from - 1].pos) &&
    !PROPOSING_VERBS.has(ts[from - 1].lower) &&
    ts[from].pos !== "DET" &&
    at - from < 5
  )
    from--;
  let to = at + 1;
  if (to < ts.length && PP_START.has(ts[to].lower)) {
    // "with your shift leads": a plural the tagger reads as a verb still ends the phrase.
    // "with your dispatchers, 45 mins, no commitment": a number after the noun starts another phrase.
    const inPhrase = (k: number) =>
      (NP_WORDS.has(ts[k].pos) && !(ts[k].pos === "NUM" && ts[k - 1]?.pos === "NOUN")) ||
      ["of", "and", "your", "our", "my"].includes(ts[k].lower) ||
      (ts[k].pos === "VERB" && /s$/.test(ts[k].lower) && ts[k - 1]?.pos === "NOUN");
    let k = to + 1;
    while (k < ts.length && inPhrase(k) && k - to < 8) k++;
    if (k > to + 1) to = k;
  }
  const cased = new Map(
    c.card.fields.flatMap((f) => (f.text.match(/\b[A-Z][\w'-]*/g) ?? []).map((w) => [w.toLowerCase(), w] as const)),
  );
  // The words as written, hyphens kept ("two-week"), from the turn's text.
  const escaped = ts.slice(from, to).map((t) => t.lower.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const said = new RegExp(escaped.join("[\\s-]+")).exec(c.reading.text)?.[0] ?? escaped.join(" ");
  const words = said.split(/\s+/).map((w) => SWAP[w] ?? cased.get(w) ?? w);
  // "next meeting with your IT person": the tagger may end the phrase at a word it misreads ("IT" as "it"), so
  // a phrase never ends on a possessive or a preposition ("a next meeting with my").
  while (
    words.length &&
    ["and", "of", "the", "a", "an", "my", "your", "our", "their", "with", "to", "for", "at", "on", "in"].includes(
      words.at(-1)!.toLowerCase(),
    )
  )
    words.pop();
  if (!words.some((w) => /[a-z]/.test(w))) return null;
  // "pilot" alone reads oddly: "a pilot". A card that opens a sentence with "A four-week pilot" lends its capital
  // to the learner's "a" ("let's do a A four-week pilot"): an article is said in lower case.
  const DETERMINERS = ["a", "an", "the", "this", "that", "one", "my", "your"];
  if (DETERMINERS.includes(words[0].toLowerCase())) words[0] = words[0].toLowerCase();
  else if (!/^\d/.test(words[0])) words.unshift(/^[aeiou]/i.test(words[0]) ? "an" : "a");
  return words.join(" ");
}

/** A read-back of what the learner heard: confirmed in a few words; an open buyer adds what is still missing. */
export function onCheck(c: Ctx): string {
  const { card, s } = c;
  const topics = s.revealed.map((i) => card.pains[i].topic);
  let reply = topics.length
    ? say(c, "check", {
        topics: topics.length > 1 ? `${topics.slice(0, -1).join(", ")} and ${topics.at(-1)}` : topics[0],
      })
    : say(c, "checkEmpty");
  const open = hidden(c);
  if (open.length && s.revealed.length && card.difficulty !== "hard") reply += ` ${revealPain(c, open[0])}`;
  return reply;
}
