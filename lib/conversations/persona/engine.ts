import type { Persona } from "@/lib/validations/persona";

import { upperFirst } from "./first-person";
import { classify, type Intent, isQuestion, keywords, overlap, REASSURANCE } from "./intent";
import { type Knowledge, knowledgeOf, type Said } from "./knowledge";
import { consequence, line, type LineKey } from "./lines";

export type TranscriptLine = { speaker: "learner" | "persona"; text: string };

/** What the persona has given away and how it feels about the caller so far. */
type State = {
  turn: number;
  trust: number;
  given: { situation: number; background: number; company: number };
  revealed: number[];
  depth: number[];
  current: number | null;
  goalsShared: number[];
  motivationShared: boolean;
  implications: number;
  concern: "none" | "raised" | "addressed";
  closed: boolean;
  hinted: boolean;
  /** Key words of the last thing the persona said that deserved a follow-up. */
  expects: Set<string> | null;
};

const START_TRUST = { easy: 1, medium: 0, hard: -1 } as const;
/** How much trust the first problem needs: hard personas deflect the first time or two. */
const REVEAL_TRUST = { easy: 1, medium: 1, hard: 2 } as const;
const FACTS_PER_ANSWER = { easy: 2, medium: 1, hard: 1 } as const;
const GOAL_QUESTION = /\b(goals?|priorit|objectives?|success|aim|trying to achieve|hoping to|what do you want)\b/i;

function initialState(k: Knowledge): State {
  return {
    turn: 0,
    trust: START_TRUST[k.difficulty],
    given: { situation: 0, background: 0, company: 0 },
    revealed: [],
    depth: k.pains.map(() => 0),
    current: null,
    goalsShared: [],
    motivationShared: false,
    implications: 0,
    concern: "none",
    closed: false,
    hinted: false,
    expects: null,
  };
}

/** Whether enough discovery happened for this difficulty to say yes to a next step. */
function readyToClose(k: Knowledge, s: State): boolean {
  const pains = s.revealed.length;
  const goals = s.goalsShared.length + (s.motivationShared ? 1 : 0);
  if (k.difficulty === "easy") return pains >= Math.ceil(k.pains.length / 2) && goals >= 1;
  if (k.difficulty === "medium") return pains === k.pains.length && s.implications >= 1 && goals >= 1;
  return pains === k.pains.length && s.implications >= Math.min(2, k.pains.length) && goals >= 1;
}

/** The pain a question is about: one it names, else the one under discussion. */
function painAskedAbout(k: Knowledge, words: Set<string>, among: number[]): number | null {
  let best: number | null = null;
  let bestHits = 0;
  for (const i of among) {
    const hits = overlap(words, k.pains[i].words);
    if (hits > bestHits) [best, bestHits] = [i, hits];
  }
  return best;
}

function bestGoalFor(k: Knowledge, pain: Said | undefined, shared: number[]): number | null {
  const open = k.goals.map((_, i) => i).filter((i) => !shared.includes(i));
  if (!open.length) return null;
  if (!pain) return open[0];
  return open.reduce((a, b) => (overlap(pain.words, k.goals[b].words) > overlap(pain.words, k.goals[a].words) ? b : a));
}

type Ctx = { k: Knowledge; s: State; text: string; words: Set<string>; seed: string; used: Set<string> };
const say = (c: Ctx, key: LineKey, values: Record<string, string> = {}) =>
  line(key, `${c.seed}:${c.s.turn}`, c.used, values);

function nextFacts(c: Ctx, order: ("situation" | "background" | "company")[]): string | null {
  const lists = { situation: c.k.situation, background: c.k.background, company: c.k.companyFacts };
  const howMany = c.s.trust >= 2 && c.k.difficulty !== "hard" ? 2 : FACTS_PER_ANSWER[c.k.difficulty];
  const out: string[] = [];
  for (const kind of order) {
    while (out.length < howMany && c.s.given[kind] < lists[kind].length) out.push(lists[kind][c.s.given[kind]++]);
    if (out.length) break;
  }
  return out.length ? out.join(" ") : null;
}

function revealPain(c: Ctx, index: number): string {
  const { k, s } = c;
  const pain = k.pains[index];
  const first = s.revealed.length === 0;
  s.revealed.push(index);
  s.current = index;
  s.expects = pain.words;
  const key: LineKey = first ? "painFirst" : pain.clause ? "painNext" : "painNextPhrase";
  let reply = say(c, key, { pain: pain.sentence, inline: pain.inline });
  const more = s.revealed.length < k.pains.length;
  if (more && (k.difficulty === "easy" || (k.difficulty === "medium" && s.trust >= 3)))
    reply += ` ${say(c, "volunteerMore")}`;
  if (
    k.difficulty === "hard" &&
    k.concern &&
    s.concern === "none" &&
    s.revealed.length >= Math.min(2, k.pains.length)
  ) {
    s.concern = "raised";
    reply += ` ${say(c, "objectionRaised", { concern: concernText(k) })}`;
  }
  return reply.trim();
}

const concernText = (k: Knowledge) =>
  k.concern!.clause ? k.concern!.sentence : `The last thing I need is ${k.concern!.inline}.`;

function onProblem(c: Ctx): string {
  const { k, s, words } = c;
  const hidden = k.pains.map((_, i) => i).filter((i) => !s.revealed.includes(i));
  const named = painAskedAbout(k, words, hidden);
  // A question that names the problem is a good one: it earns a little more openness.
  if (named !== null) s.trust += 1;
  if (hidden.length === 0) {
    const about = painAskedAbout(k, words, s.revealed);
    if (about !== null) return onImplication(c, about);
    return say(c, "painsDone");
  }
  if (s.trust < REVEAL_TRUST[k.difficulty] && s.revealed.length === 0) return say(c, "guardedProblem");
  return revealPain(c, named ?? hidden[0]);
}

function onImplication(c: Ctx, forced?: number): string {
  const { k, s } = c;
  if (s.revealed.length === 0) return say(c, "implicationNone");
  const about = forced ?? painAskedAbout(k, c.words, s.revealed) ?? s.current;
  const candidates = [about, ...s.revealed].filter((i): i is number => i !== null && s.depth[i] < 3);
  if (!candidates.length) return say(c, "implicationDone");
  const i = candidates[0];
  const goalIndex = bestGoalFor(k, k.pains[i], []);
  const reply = consequence(k.pains[i], s.depth[i]++, goalIndex === null ? undefined : k.goals[goalIndex], c.used);
  s.current = i;
  s.implications += 1;
  s.expects = keywords(reply);
  return c.used.has(reply) ? say(c, "implicationDone") : reply;
}

function onPayoff(c: Ctx): string {
  const { k, s, text } = c;
  const goalQuestion = GOAL_QUESTION.test(text);
  if (s.revealed.length === 0 && !goalQuestion) return say(c, "payoffNone");
  const g = bestGoalFor(k, s.current === null ? undefined : k.pains[s.current], s.goalsShared);
  if (g !== null) {
    s.goalsShared.push(g);
    const goal = k.goals[g];
    if (goal.can && !goalQuestion) return say(c, "payoffCan", { can: goal.can });
    if (goalQuestion) return goal.clause ? goal.sentence : say(c, "goalPhrase", { inline: goal.inline });
    return say(c, "payoffGoal", { goal: goal.sentence });
  }
  if (k.motivation && !s.motivationShared) {
    s.motivationShared = true;
    const m = k.motivation.clause ? k.motivation.sentence : `it's about ${k.motivation.inline}.`;
    return say(c, "payoffMotivation", { motivation: m });
  }
  return say(c, "payoffDone");
}

function onClose(c: Ctx): string {
  const { k, s, words } = c;
  if (s.closed) return say(c, "agreedAlready");
  if (s.revealed.length === 0) {
    s.trust = Math.max(-2, s.trust - 1);
    return say(c, "closeEarly");
  }
  if (!readyToClose(k, s)) return say(c, "closeNotYet");
  const needsObjection = k.concern && k.difficulty !== "easy";
  if (needsObjection && s.concern === "none") {
    s.concern = "raised";
    s.expects = k.concern!.words;
    return say(c, "objection", { concern: concernText(k) });
  }
  if (needsObjection && s.concern === "raised") {
    if (!REASSURANCE.test(c.text) && overlap(words, k.concern!.words) === 0) return say(c, "objectionUnanswered");
    s.concern = "addressed";
  }
  s.closed = true;
  if (!k.close) return say(c, "agreeGeneric");
  return say(c, "agree", { close: k.close, Close: upperFirst(k.close) });
}

function respond(c: Ctx, intent: Intent): string {
  const { k, s } = c;
  if (intent === "close") return onClose(c);
  if (intent === "pitch") {
    s.trust = Math.max(-2, s.trust - (s.revealed.length ? 0 : 1));
    return say(c, s.revealed.length ? "pitchLate" : "pitchEarly");
  }
  if (intent === "concern") {
    if (!k.concern) return say(c, "concernNone");
    if (s.concern === "none") s.concern = "raised";
    s.expects = k.concern.words;
    return concernText(k);
  }
  if (intent === "cause") {
    if (s.current === null) return say(c, "causeNone");
    s.expects = k.pains[s.current].words;
    return say(c, "causeKnown");
  }
  if (intent === "implication" || (intent === "problem" && s.revealed.length > 0 && isFollowUp(c)))
    return onImplication(c);
  if (intent === "problem") return onProblem(c);
  if (intent === "payoff") return onPayoff(c);
  if (intent === "greeting") return s.turn === 1 ? say(c, "greeting", { first: k.firstName }) : say(c, "greetingAgain");
  if (intent === "situation" || intent === "background" || intent === "company") {
    const order =
      intent === "background"
        ? (["background", "situation", "company"] as const)
        : intent === "company"
          ? (["company", "situation", "background"] as const)
          : (["situation", "company", "background"] as const);
    const facts = nextFacts(c, [...order]);
    if (!facts) return say(c, "situationDone");
    let reply = `${say(c, "situationIntro")} ${facts}`.trim();
    if (k.difficulty === "easy" && !s.hinted && s.revealed.length === 0 && s.given.situation >= k.situation.length) {
      s.hinted = true;
      reply += " Not everything's running smoothly, though.";
    }
    return reply;
  }
  if (!isQuestion(c.text) && s.expects && overlap(c.words, s.expects) > 0) return say(c, "ack");
  return say(c, "other");
}

/** "And what about the overtime?" right after the overtime came up is a follow-up, not a new problem. */
function isFollowUp(c: Ctx): boolean {
  return (
    c.s.current !== null && overlap(c.words, c.k.pains[c.s.current].words) > 0 && /\b(that|this|it)\b/i.test(c.text)
  );
}

/** Answers one learner turn and updates the state. */
function step(k: Knowledge, s: State, text: string, seed: string, used: Set<string>): string {
  s.turn += 1;
  const c: Ctx = { k, s, text, words: keywords(text), seed, used };
  let intent = classify(text);
  // "How has the overtime budget been?" is about a problem even though it is worded as a situation question.
  const hidden = k.pains.map((_, i) => i).filter((i) => !s.revealed.includes(i));
  const named = painAskedAbout(k, c.words, hidden);
  const namedHits = named === null ? 0 : overlap(c.words, k.pains[named].words);
  if (
    ["situation", "company", "background"].includes(intent) &&
    named !== null &&
    (namedHits >= 2 || s.trust >= REVEAL_TRUST[k.difficulty])
  ) {
    intent = "problem";
  }

  // Talking past what the persona just said (a concern, a problem) is noticed.
  const ignored =
    s.expects !== null &&
    ["pitch", "close", "other"].includes(intent) &&
    overlap(c.words, s.expects) === 0 &&
    !REASSURANCE.test(text);
  if (
    s.concern === "raised" &&
    intent !== "close" &&
    intent !== "pitch" &&
    (REASSURANCE.test(text) || (k.concern && overlap(c.words, k.concern.words) > 0))
  ) {
    s.concern = "addressed";
    s.expects = null;
    return say(c, "objectionHeard");
  }
  if (ignored && intent !== "close") {
    s.trust = Math.max(-2, s.trust - 1);
    s.expects = null;
    return say(c, "ignored");
  }
  const wasExpecting = s.expects;
  const reply = respond(c, intent);
  // A good question earns openness for the next answer, not this one: the persona warms up.
  if (["situation", "background", "company", "problem", "implication", "payoff", "cause", "concern"].includes(intent))
    s.trust = Math.min(4, s.trust + 1);
  if (s.expects === wasExpecting && intent !== "other") s.expects = null;
  const opener = s.turn === 1 && intent !== "greeting" ? `${k.firstName} here. ` : "";
  return opener + reply;
}

/**
 * A deterministic stand-in for the persona when no model is configured. It replays the
 * conversation so far to know what it has given away, then answers the latest turn.
 * `seed` (the conversation id) picks the phrasing, so one conversation always reads the same.
 */
export function offlineReply(
  persona: Persona,
  history: TranscriptLine[],
  learnerText: string,
  seed = "parley",
): string {
  const k = knowledgeOf(persona);
  const s = initialState(k);
  // Each past turn is replayed with what had been said before it, so it takes the same path again.
  const said = new Set<string>();
  for (const turn of history) {
    if (turn.speaker === "learner") step(k, s, turn.text, seed, new Set(said));
    else said.add(turn.text);
  }
  return step(k, s, learnerText, seed, said);
}
