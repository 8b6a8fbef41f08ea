/** What the persona has given away and how it feels about the caller so far. */
import type { Card, Difficulty, Fact } from "./facts";

export type State = {
  turn: number;
  trust: number;
  /** Facts spoken, by id. */
  told: Set<number>;
  /** Pains revealed, in order. */
  revealed: number[];
  /** Consequence lines given per pain. */
  depth: number[];
  current: number | null;
  /** The learner's own words for each pain ("that gap" is the food-cost pain if they called it a gap). */
  painWords: Map<number, Set<string>>;
  /** What the persona's last factual reply was about, for "what happened with that one?". */
  topic: Fact["kind"] | null;
  goalsShared: Set<number>;
  motivationShared: boolean;
  implications: number;
  /** Questions the learner asked about what a problem costs or leads to, answered or not. */
  costAsked: number;
  /** Questions the learner asked about what solving a problem would mean, answered or not. */
  payoffAsked: number;
  /** Stems of everything the learner has said, for the card's own condition for a close. */
  heard: Set<string>;
  /** Questions the learner asked about problems (vague or named). */
  problemsAsked: number;
  concern: "none" | "raised" | "addressed";
  /** Pitches the persona has pushed back on: claims after one are pushed back on too, not waved on. */
  pitched: number;
  closed: boolean;
  hinted: boolean;
  /** Stems of the last thing the persona said that deserved a follow-up. */
  expects: Set<string> | null;
  /** The last learner question, for "sorry, I meant ..." turns. */
  lastQuestion: string | null;
  /** The caller with a complaint (customer service), whose yes depends on what is offered, not on discovery. */
  customer?: boolean;
};

const START_TRUST: Record<Difficulty, number> = { easy: 1, medium: 0, hard: -1 };
/** How much trust the first problem needs: hard personas deflect the first time or two. */
export const REVEAL_TRUST: Record<Difficulty, number> = { easy: 1, medium: 1, hard: 2 };

export function initialState(card: Card): State {
  return {
    turn: 0,
    trust: START_TRUST[card.difficulty],
    told: new Set(),
    revealed: [],
    depth: card.pains.map(() => 0),
    current: null,
    painWords: new Map(),
    topic: null,
    goalsShared: new Set(),
    motivationShared: false,
    implications: 0,
    costAsked: 0,
    payoffAsked: 0,
    heard: new Set(),
    problemsAsked: 0,
    concern: "none",
    pitched: 0,
    closed: false,
    hinted: false,
    expects: null,
    lastQuestion: null,
  };
}

/**
 * What the learner has not yet covered before this difficulty says yes to a next step, or null.
 * It counts what the learner asked about (problems, a consequence, a goal), not how many pains the
 * persona happened to reveal: a pain still hidden when the rest is earned is volunteered by an
 * easy or medium buyer and named as missing by a hard one (see onProposal).
 */
export const FULL_PICTURE = "I don't think you've got the full picture yet.";

/** `ignorePains`: what else is missing once the problems are set aside (a hard buyer then names the untold one). */
export function missingForClose(card: Card, s: State, ignorePains = false): string | null {
  const goals = s.goalsShared.size + (s.motivationShared ? 1 : 0);
  const problems = Math.max(s.problemsAsked, s.revealed.length);
  if (problems === 0 || s.revealed.length === 0) return "you haven't asked me what's actually going wrong.";
  // The card's own condition, covered in the learner's words ("if the seller has asked about the audit and what a
  // second failure would mean"): earned, whatever the counts of question kinds say.
  const condition = [...card.condition];
  if (condition.length >= 3 && condition.filter((k) => s.heard.has(k)).length >= 0.6 * condition.length) return null;
  const needed = { easy: 1, medium: Math.min(2, card.pains.length), hard: card.pains.length }[card.difficulty];
  if (problems < needed && !ignorePains) return FULL_PICTURE;
  const costs = card.difficulty === "hard" ? Math.min(2, card.pains.length) : card.difficulty === "medium" ? 1 : 0;
  // A cost the learner asked about counts even when the buyer had no figure to give: it was asked.
  if (Math.max(s.implications, s.costAsked) < costs) return "I'm not sure you see what this is costing us yet.";
  // Likewise a question about what solving it would mean, even one the buyer's reply went past.
  const explored = goals + s.payoffAsked;
  if (explored < 1 && card.difficulty !== "easy") return "you don't know yet what I'm actually trying to achieve.";
  if (explored < 1 && s.implications < 1) return "you don't know yet what I'm actually trying to achieve.";
  return null;
}
