/**
 * Questions the card answers directly: the fact a turn clearly names (its rare words, not names or
 * words every question uses), who decides, and how big the business is. A question that names a
 * fact gets that fact, whatever the learner's grammar or word order; evasions are for questions
 * the card has nothing on.
 */
import { CLASSES } from "@/lib/language/lexicon";
import { tokenise } from "@/lib/language/nlp";
import { isAux, WH } from "@/lib/language/units";

import { answerFrom, type Ctx, onConcern, onImplication, onPayoff, onProblem, say, speakFacts } from "./answers";
import { RELATED, stem } from "./cues";
import type { Fact } from "./facts";
import { upperFirst } from "./first-person";
import { type Hit, isGeneric, specificOverlap } from "./retrieval";

/** Who decides, signs off or has a say: answered from how the persona decides and who it reports to. */
export const DECISION_WORDS =
  /\b(who (else )?(decides|makes (the|that|this) (call|decision)|signs|approves|would need to|(needs?|has|have|would have) to (say yes|agree|approve|sign|ok|okay|be (involved|convinced|on board))|is involved|has (the )?(final )?say|(is|are|would be|will be) (involved|in on))|decisions? (like (this|that)|on (this|something like this)|to (buy|go ahead)|get made|process)|(part of|involved in|in on|a say in) (the|a|this|that) decision|in on (a|the|this) decision|sign(s|ed)? (it |this |that |something like this |anything )?off|sign-?off|final say|a say in|(have|has|get|want|wanna) a say|(be|in) the room|buy-?in|budget holder|veto|your call|yours to make|what would (it take|make you (say yes|agree|go ahead|sign))|make you say yes|how (do|does|would|will|did) (you|they|we) (usually |normally |typically )?(make|take|reach) (the |a |your |these |those |such )?(buying |purchasing )?decisions?)\b/;
const DECISION_LEMMAS = new Set(
  "decide decision approve approval purchase purchasing procurement buy buying sign-off signoff".split(" "),
);
/** "Who decides how many buns each shop gets", "who decides which orders go first": deciding the work, not a purchase. */
function decidesTheWork(c: Ctx): boolean {
  const core = c.main ? c.main.tokens.slice(c.main.start) : [];
  const decideAt = core.findIndex((t) => t.lemma === "decide");
  return (
    decideAt >= 0 &&
    WH.has(core[decideAt + 1]?.lower ?? "") &&
    !core.slice(decideAt + 2, decideAt + 5).some((t) => PURCHASED.has(stem(t.lemma)))
  );
}

/** What a buyer buys or cuts: deciding which of these is a buying decision. */
const PURCHASED = new Set(
  "tool software system vendor supplier contract budget spend renewal licence license seat product solution platform subscription provider"
    .split(" ")
    .map(stem),
);
const DECISION_SHAPE = new Set(
  "who whom process involve involved step steps look work happen take usually normally".split(" "),
);

/**
 * "Who is involved in that planning?", "who's involved in the rostering": who does the work, not who buys. What
 * follows "is involved" names the work; "in this", "in a project like this" or nothing keeps it a buying question.
 */
function involvedInTheWork(after: string): boolean {
  const m = /^\s+in\s+(?:(?:the|that|this|a|an|your|their|those|these)\s+)?([a-z-]+)/i.exec(after);
  return (
    !!m &&
    !/^(?:this|that|it|decision|decisions|purchase|purchasing|buying|choice|sign-?off|approval|process|projects?|evaluation|selection|change|switch|rollout|pilot|trial|conversation|discussion|call|choos\w*|select\w*|pick\w*|approv\w*|sign\w*|decid\w*|evaluat\w*|buy\w*|purchas\w*|invest\w*|spend\w*|budget\w*|vendors?|suppliers?|software|tools?|solutions?|something|anything)$/i.test(
      m[1],
    )
  );
}

/**
 * A question about how the buying decision is made: the phrases above, or a word of deciding or
 * buying with a word of who or how ("who all will be involved in taking the decision", "what would
 * your purchasing process look like"). Deciding the work itself is not the purchase ("who decides how
 * many buns each shop gets").
 */
export function asksDecision(c: Ctx): boolean {
  const core = c.main ? c.main.tokens.slice(c.main.start) : [];
  const decideAt = core.findIndex((t) => t.lemma === "decide");
  // "Who decides which tools get cut" decides a purchase; "who decides how many buns each shop gets" the work.
  if (decideAt >= 0 && WH.has(core[decideAt + 1]?.lower ?? "")) return !decidesTheWork(c);
  const decision = DECISION_WORDS.exec(c.reading.text);
  if (decision) return !involvedInTheWork(c.reading.text.slice(decision.index + decision[0].length));
  if (!core.some((t) => DECISION_LEMMAS.has(t.lemma) || DECISION_LEMMAS.has(t.lower))) return false;
  return core.some((t) => DECISION_SHAPE.has(t.lemma) || DECISION_SHAPE.has(t.lower));
}

/** A question about aims: what the persona wants, not what is wrong ("what's their morning look like" is how things are). */
export const GOAL_WORDS =
  /\b(goals?|priorit\w*|objectives?|aim\w*|target|good result|success|achieve|hoping|meant to be|supposed to be|should it be|coming up|(would|will|should|could|ideal|good|great|better|success)\b[\w\s']{0,30}\blook like|looking ahead|plans|plan for|(?:want|like|hope|expect)\b[\w\s']{0,30}\bto be\b[\w\s']{0,20}\b(?:next|in (?:a|two|three|five) years?|by (?:the end|next))|where do you see)\b/;
/** How big the business is: answered from the company's size first. */
const SIZE_WORDS =
  /\b(how (big|large)|size|how many (people|staff|employees|sites|locations|clinics|restaurants|vans|depots|stores|branches|plants|places|machines|physios?|trucks|vehicles))\b/;

/** A vague question about what goes wrong, in the many ways learners put it. */
export const PROBLEM_WORDS =
  /\b(get(s|ting)? in the way|snags?|hold(s|ing)? (you|things) back|difficult\w*|challeng\w*|struggl\w*|frustrat\w*|pain( points?)?|problems?|trouble\w*|issues?|break(s)? down|go(es)? wrong|keeps? you up|headaches?|bottlenecks?|bugs? you|annoy\w*|not working|could be better)\b/;
/** The hit a turn clearly asks about, or null: two specific words in common, or one and most of the question. */
export function clearHit(c: Ctx): Hit | null {
  const best = c.hits[0];
  if (!best) return null;
  // "Where does planning cause you trouble?" is about the planning pain, in any words.
  const aboutPain =
    PROBLEM_WORDS.test(c.reading.text) || c.q.wants.when || (c.main?.act === "implication" && c.s.current !== null);
  // What solving it would mean is first what the persona is trying to achieve, then why it matters.
  const payoff = asksPayoff(c);
  const fits = (h: Hit) => {
    if (aboutPain && !payoff && h.fact.kind !== "pain") return false;
    // Aims answer questions about aims; how things stand is a pain or a fact.
    if (h.fact.kind === "goal" && !payoff) return false;
    // How the persona decides a purchase answers a buying question, not "who decides which orders go first".
    if (h.fact.kind === "decision" && decidesTheWork(c)) return false;
    // Why it matters to the persona answers why and who-cares questions, not how things are done.
    return !(
      h.fact.kind === "motivation" &&
      !payoff &&
      !c.q.wants.person &&
      !/\b(why|matter|care|important|personally)\b/.test(c.reading.text)
    );
  };
  // Close seconds are measured against the best fact of a kind that can answer: "how's the overtime
  // budget looking" ranks the overtime goal first, and the overtime pain is the answer.
  const allowed = c.hits.slice(0, aboutPain && !payoff ? 8 : 5).filter(fits);
  const candidates = allowed.filter((h) => h.score >= (allowed[0]?.score ?? 0) * 0.6);
  const clear = candidates.filter((h) => {
    // Otherwise a hidden pain is named only by its own words, not by ones it shares with how things run.
    // or by shared words when it clearly outscores every plain fact ("managers' week on counts and ordering").
    const plain = c.hits.find((x) => x.fact.kind !== "pain");
    const hidden =
      h.fact.kind === "pain" &&
      !c.s.revealed.includes(h.fact.index) &&
      !aboutPain &&
      !(h === best && (!plain || h.score >= plain.score * 1.25));
    const n = specificOverlap(c.card, c.q, h.fact, hidden ? c.card.pains[h.fact.index].distinctive : undefined);
    // One rare word the learner said, on the best-matching fact, is clear too ("who's watching the number").
    const rare =
      n >= 1 && h === best && [...c.q.said].some((s) => h.fact.stems.has(s) && (c.card.idf.get(s) ?? 0) >= RARE);
    return n >= 2 || (n >= 1 && h.share >= 0.3) || rare;
  });
  if (!payoff) return clear[0] ?? null;
  // "If you had live stock figures, what would change?" names a pain: the goal it blocks is found by onPayoff.
  if (
    clear.some((h) => h.fact.kind === "pain") &&
    !c.hits.some((h) => h.fact.kind === "goal" && specificOverlap(c.card, c.q, h.fact) > 0)
  )
    return null;
  const goal = c.hits.find((h) => h.fact.kind === "goal" && h.score >= best.score * 0.1);
  // The act model alone calls "what would group IT need to see?" a payoff question: a fact it clearly names wins.
  const named = clear.find(
    (h) => !["goal", "motivation"].includes(h.fact.kind) && specificOverlap(c.card, c.q, h.fact) >= 2,
  );
  if (named && !c.q.wants.meaning && !GOAL_WORDS.test(c.reading.text) && (!goal || named.score > goal.score))
    return named;
  return goal ?? clear.find((h) => h.fact.kind === "motivation") ?? null;
}
/** What solving it would mean or what the persona aims for; the act model's "need-payoff" only with a hypothetical in the words. */
export function asksPayoff(c: Ctx): boolean {
  // "I was hoping you could tell me..." asks for an account, not for what the buyer hopes for.
  const text = c.reading.text.replace(/\bwould you say\b|\bhoping you (?:could|can|would|might)\b/g, "");
  return (
    c.q.wants.meaning ||
    GOAL_WORDS.test(text) ||
    (c.main?.act === "need-payoff" && /\b(if|would|could|imagine|suppose)\b/.test(text))
  );
}

/** An idf this high: the word is in one fact of the card. */
const RARE = 2.5;

/** The reply to a clear hit, by what kind of fact it is. */
export function onClearHit(c: Ctx, hit: Hit): string | null {
  const { fact } = hit;
  // "What's your failed delivery rate?" when the rate was told: the rate again, not the next detail.
  if (
    fact.kind === "pain" &&
    c.s.told.has(fact.id) &&
    c.s.revealed.includes(fact.index) &&
    specificOverlap(c.card, c.q, fact) >= 1
  )
    return speakFacts(c, [fact]);
  if (fact.kind === "pain")
    return c.s.revealed.includes(fact.index) ? onImplication(c, fact.index) : onProblem(c, fact.index);
  // "And your main goals this year?" after one goal was shared wants the next, unless it names the first again.
  if (fact.kind === "goal")
    return onPayoff(
      c,
      true,
      c.s.goalsShared.has(fact.index) && specificOverlap(c.card, c.q, fact) === 0 ? undefined : fact.index,
    );
  if (fact.kind === "motivation") {
    c.s.motivationShared = true;
    return speakFacts(c, [fact]);
  }
  if (fact.kind === "concern") return onConcern(c);
  return answerFrom(c, (f) => !["pain", "goal", "concern"].includes(f.kind) && (f === fact || f.kind !== "role"));
}

const decides = (f: Fact) =>
  f.kind === "decision" ||
  (f.kind === "background" &&
    f.person &&
    /\b(report|sign|approv|owner|board|partner|director)/i.test(f.pieces.join(" ")));

export function onDecision(c: Ctx): string | null {
  // How the persona decides comes first; who it reports to only when the card says nothing on that.
  const own = c.card.facts.filter((f) => f.kind === "decision");
  const pool = own.length ? own : c.card.facts.filter(decides);
  const ranked = c.hits.map((h) => h.fact).filter((f) => pool.includes(f));
  const rest = pool.filter((f) => !ranked.includes(f)).sort((a, b) => a.id - b.id);
  const facts = [...ranked, ...rest].filter((f) => !c.s.told.has(f.id) || c.repaired);
  const chosen = (facts.length ? facts : [...ranked, ...rest]).slice(0, c.card.difficulty === "hard" ? 1 : 2);
  if (!chosen.length) return null;
  const reply = speakFacts(
    c,
    chosen.sort((a, b) => a.id - b.id),
  );
  // "Is it you alone, or also the COO?" asks who: when the facts name nobody, say where it starts
  // (nothing new), so the answer is not just how the persona likes to decide.
  const who = /\b(?:who|whom|you alone|just you|only you|by yourself|on your own)\b/i.test(c.reading.text);
  const named = chosen.some((f) => f.person || DECIDERS.test(f.pieces.join(" ")));
  return who && !named
    ? `${say(c, "decisionStarts")} ${upperFirst(reply.replace(/^(?:well|right|sure|so|look),\s*/i, ""))}`
    : reply;
}

/** Words for someone who signs off. */
const DECIDERS = /\b(?:ceo|cfo|coo|cto|board|boss|owner|partners?|director|finance|procurement|committee|manager)\b/i;

export const asksSize = (c: Ctx) =>
  SIZE_WORDS.test(c.reading.text) && !asksTeamPart(c) && c.card.facts.some((f) => f.field === "company.size");

/** A headcount question: "how many people...", "how many staff...", "how big is the team". */
const HEADCOUNT =
  /\bhow many (?:people|staff|employees|workers|persons|folks|guys|colleagues|of (?:your|the) (?:staff|people|team))\b|\bhow (?:big|large) is (?:the|your) team\b/;
/** Words of a headcount question that say nothing about which part of the team is meant. */
const HEADCOUNT_WORDS = new Set(
  "people staf employe worker person folk guy colleagu team work employ compani busi total altogeth overal have got there".split(
    " ",
  ),
);
/**
 * "How many people on your team are involved in scheduling?", "how many staff do the booking and calling?": a
 * headcount of a part of the team (a word of the card's work in it that the company's size does not use).
 */
export function asksTeamPart(c: Ctx): boolean {
  if (!HEADCOUNT.test(c.reading.text)) return false;
  if (TEAM_PART.test(c.reading.text)) return true;
  const size = c.card.facts.find((f) => f.field === "company.size");
  return [...c.q.main].some(
    (s) => !HEADCOUNT_WORDS.has(s) && c.card.idf.has(s) && !isGeneric(c.card, s) && !size?.stems.has(s),
  );
}

/** Counting time is asking how long or how often, not what the business has. */
const DURATIONS = new Set(["time", "hour", "minut", "day", "week", "month", "year", "shift", "second"].map(stem));

/**
 * "How many gyms you got?", "how many properties does Coastline operate?", "so how many crew do u have": the
 * things counted, by the first noun after "how many".
 */
export function countedNoun(c: Ctx): string | null {
  const core = c.main ? c.main.tokens.slice(c.main.start) : [];
  const at = core.findIndex((t, k) => t.lower === "how" && core[k + 1]?.lower === "many");
  if (at < 0) return null;
  const noun = core.slice(at + 2, at + 5).find((t) => t.pos !== "ADJ");
  return noun && ["NOUN", "PROPN"].includes(noun.pos) ? stem(noun.lemma) : null;
}

/**
 * "How many devices do you fail to get back?", "how many rooms aren't ready?": a count of a trouble, not of what
 * the business has.
 */
function countsTrouble(c: Ctx): boolean {
  const core = c.main ? c.main.tokens.slice(c.main.start) : [];
  return core.some((t) => t.negated || CLASSES.difficulty.has(t.lemma) || CLASSES.difficulty.has(t.lower));
}

/**
 * The card fact that counts the thing asked about ("22 gyms", "3 vessels", "about 140 staff"): a number, then
 * within three words the noun or a related word. A hidden pain is not given away this way.
 */
export function countingFact(c: Ctx): Fact | null {
  // Asked by the route's test and again by its reply: tokenising every fact once per turn is enough.
  if (!COUNTED_CACHE.has(c)) COUNTED_CACHE.set(c, findCountingFact(c));
  return COUNTED_CACHE.get(c)!;
}
const COUNTED_CACHE = new WeakMap<Ctx, Fact | null>();

function findCountingFact(c: Ctx): Fact | null {
  const noun = countedNoun(c);
  if (!noun || HEADCOUNT_WORDS.has(noun) || DURATIONS.has(noun) || countsTrouble(c)) return null;
  const core = c.main ? c.main.tokens.slice(c.main.start) : [];
  // "How many rooms would a room attendant clean in one shift?": a rate per person, not what the business has.
  const at = core.findIndex((t) => stem(t.lemma) === noun);
  const after = core.slice(at + 1, at + 4);
  if (isAux(after[0]) && ["a", "an", "each", "every", "one"].includes(after[1]?.lower ?? "")) return null;
  const wanted = new Set([noun, ...(RELATED.get(noun) ?? [])]);
  const isWanted = (x: { lemma: string; lower: string }) => wanted.has(stem(x.lemma)) || wanted.has(stem(x.lower));
  // The company's size first: "how many vans?" is the total before the per-depot split.
  const facts = [...c.card.facts].sort(
    (a, b) => Number(b.field === "company.size") - Number(a.field === "company.size"),
  );
  return (
    facts.find((f) => {
      if (f.kind === "pain" && !c.s.revealed.includes(f.index)) return false;
      // An aim's numbers are targets ("grow from 85 to 130 accounts"), not what the business has.
      if (f.kind === "goal") return false;
      const ts = tokenise(f.pieces.join(" "));
      // The noun of the number's own phrase: "38 refuse trucks", not "4 receptionists take bookings".
      return ts.some((t, k) => {
        if (t.pos !== "NUM") return false;
        for (const x of ts.slice(k + 1, k + 4)) {
          if (isWanted(x)) return true;
          if (!["ADJ", "NOUN", "PROPN", "NUM"].includes(x.pos)) return false;
        }
        return false;
      });
    }) ?? null
  );
}

/** A number of people in a card fact: "a team of 6 schedulers/callers", "4 receptionists", "two supervisors". */
const COUNTED =
  /\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|a dozen|a handful of)(?:-person)?\s+(?:[a-z/-]+\s+){0,2}?(?:people|staff|[a-z/-]*(?:ers|ors|ists|ians|ants|ees|men|women|members))\b/i;

/**
 * The part of the team asked about: the card fact that counts people and shares the question's words (a pain
 * only once it is on the table), else an honest "I'd have to count", never the company's size.
 */
export function onTeamPart(c: Ctx): string {
  // With related words: "the front desk" is the receptionists.
  const words = [...c.q.terms].filter(([s, w]) => w >= 0.5 && !HEADCOUNT_WORDS.has(s)).map(([s]) => s);
  const best = c.card.facts
    .filter((f) => f.field !== "company.size" && (f.kind !== "pain" || c.s.revealed.includes(f.index)))
    .filter((f) => COUNTED.test(f.pieces.join(" ")))
    .map((f) => ({ f, n: words.filter((s) => f.stems.has(s)).length }))
    .filter((x) => x.n > 0)
    .sort((a, b) => b.n - a.n || a.f.id - b.f.id)[0];
  return best ? speakFacts(c, [best.f]) : say(c, "evadeHeadcount");
}
/** "How many people on your team are involved in scheduling?", "how many staff do the booking?": a part, not the size. */
const TEAM_PART =
  /\bhow many (?:people|staff|employees)\s+(?:(?:on|in) (?:your|the) \w+ (?:are|do|does|is)\b|(?:(?:are|is) )?(?:involved|handl\w+|do the|doing the|work on|working on|deal with|look after|take care of|run the|manage the|answer\w*|book\w*|schedul\w*|call\w*)\b)/;

export function onSize(c: Ctx): string | null {
  const size = c.card.facts.filter((f) => f.field === "company.size");
  return size.length ? speakFacts(c, size) : null;
}

/** How many of the turn's words (or their related words) the size field shares. */
export const sizeOverlap = (c: Ctx) => {
  const size = c.card.facts.find((f) => f.field === "company.size");
  if (!size) return 0;
  const shared = [...c.q.terms].filter(([s, w]) => w >= 0.4 && size.stems.has(s)).length;
  return shared + (/\b(how (big|large)|size|staff|employees|people)\b/.test(c.reading.text) ? 2 : 0);
};
