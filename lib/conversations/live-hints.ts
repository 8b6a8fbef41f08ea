/**
 * Live hints: after a learner's turn, at most one short coaching hint, read by the shared language
 * layer (the classifier the grader uses) from that turn and the call so far. A hint is shown beside
 * the chat only: it is never sent to the persona or the model, never stored, never part of a grade.
 * Rules are entries (house style): the highest priority that applies wins; a rule's wording varies
 * with how often it already fired in this call, so a hint never repeats word for word back to back.
 */
import { type Act, type SpinStage, understand, vocabularyOf } from "@/lib/language";
import type { ScenarioKind } from "@/lib/validations/scorecard";

export type HintTurn = { speaker: "learner" | "persona"; text: string };
export type Hint = { id: string; text: string; turn: number };

type Counts = Record<SpinStage, number>;
/** What one learner turn did, and what the learner asked before it. */
type HintContext = {
  kind: ScenarioKind;
  stages: SpinStage[];
  acts: Act[];
  asked: boolean;
  /** The last question of the turn was open (what, how, tell me...). */
  open: boolean;
  words: number;
  /** Stages asked in this turn and every earlier one. */
  total: Counts;
  learnerTurns: number;
};

type HintRule = {
  id: string;
  priority: number;
  applies: (c: HintContext) => boolean;
  say: string[];
  note: string;
};

/** SPIN discovery hints fit these kinds; an interview, a complaint or a pitch is judged by other things. */
const DISCOVERY: ScenarioKind[] = ["sales-discovery", "general"];
const discovery = (c: HintContext) => DISCOVERY.includes(c.kind);
const last = (c: HintContext) => c.stages.at(-1);

export const HINT_RULES: HintRule[] = [
  {
    id: "pitch-before-problem",
    priority: 90,
    applies: (c) => discovery(c) && c.acts.includes("pitch") && c.total.problem === 0,
    say: [
      "You're presenting before you know their problem: ask what isn't working for them first.",
      "Hold the pitch: you haven't heard a problem yet. What gets in their way today?",
    ],
    note: "A pitch lands only on a problem the buyer has said; before one, it is noise.",
  },
  {
    id: "proposal-before-value",
    priority: 85,
    applies: (c) => discovery(c) && c.acts.includes("proposal") && c.total["need-payoff"] === 0,
    say: [
      "Asking for a next step before they've said what solving it is worth: try a need-payoff question first.",
      "A next step comes easier once they've said the value themselves: what would fixing it mean to them?",
    ],
    note: "Need-payoff before the close: the buyer argues for the next step.",
  },
  {
    id: "long-turn-no-question",
    priority: 80,
    applies: (c) => discovery(c) && !c.asked && c.words >= 50,
    say: [
      "That was a long turn with no question in it: hand the conversation back with one.",
      "You've been talking a while: end on a question so they can answer.",
    ],
    note: "Discovery is the buyer talking; a long statement without a question keeps the floor.",
  },
  {
    id: "no-implication-yet",
    priority: 70,
    applies: (c) => discovery(c) && last(c) === "problem" && c.total.problem >= 2 && c.total.implication === 0,
    say: [
      "Two problems on the table and no implication question yet: what does one of them cost, or lead to?",
      "You've found problems; now ask what happens because of them (time, money, people).",
    ],
    note: "Implication questions make a problem big enough to act on; two problems without one is the usual gap.",
  },
  {
    id: "situation-run",
    priority: 65,
    applies: (c) => discovery(c) && last(c) === "situation" && c.total.situation >= 3 && c.total.problem === 0,
    say: [
      "Three situation questions and no problem yet: it can feel like a survey. What isn't working for them?",
      "Enough background for now: ask where it hurts.",
    ],
    note: "Too many situation questions bore buyers; move to problems once the picture is clear.",
  },
  {
    id: "closed-question",
    priority: 60,
    applies: (c) =>
      discovery(c) && c.asked && !c.open && (last(c) === "situation" || last(c) === "problem") && c.total.problem < 2,
    say: [
      "That was a yes/no question; an open one (what, how, tell me about...) gets you more.",
      "Try opening that up: 'how' or 'what' questions let them tell you more than yes or no.",
    ],
    note: "Early in discovery, open questions get the buyer talking.",
  },
  {
    id: "situation",
    priority: 50,
    applies: (c) => discovery(c) && last(c) === "situation",
    say: [
      "That was a situation question; what problem might sit behind it?",
      "Good context. Next, look for a difficulty or a frustration behind what they told you.",
    ],
    note: "Situation questions set the scene; problems come next.",
  },
  {
    id: "problem",
    priority: 50,
    applies: (c) => discovery(c) && last(c) === "problem",
    say: [
      "A problem question: good. Next, ask what that problem costs them.",
      "You've touched a problem; dig into its consequences before offering anything.",
    ],
    note: "After a problem, an implication question.",
  },
  {
    id: "implication",
    priority: 50,
    applies: (c) => discovery(c) && last(c) === "implication",
    say: [
      "An implication question: you're making the problem real. When it's clear, ask what solving it would be worth.",
      "Good, you're exploring the cost. A need-payoff question next lets them name the value.",
    ],
    note: "After implications, need-payoff.",
  },
  {
    id: "need-payoff",
    priority: 50,
    applies: (c) => discovery(c) && last(c) === "need-payoff",
    say: [
      "Need-payoff: let them say the value in their own words. If they agree, propose a next step.",
      "They're describing the benefit themselves now: a good moment to suggest a next step.",
    ],
    note: "Need-payoff answers are the buyer's own case for the next step.",
  },
  {
    id: "open-with-situation",
    priority: 10,
    applies: (c) => discovery(c) && !c.asked && c.learnerTurns <= 2,
    say: ["When you're ready, ask about their situation: how things work for them today."],
    note: "A call that only greets has not started discovery.",
  },
];

const zero = (): Counts => ({ situation: 0, problem: 0, implication: 0, "need-payoff": 0 });
const wordCount = (s: string) => s.split(/\s+/).filter(Boolean).length;

/** The rule for one context (ties: the earlier entry), or null. */
export function ruleFor(c: HintContext): HintRule | null {
  let best: HintRule | null = null;
  for (const rule of HINT_RULES) if (rule.applies(c) && (!best || rule.priority > best.priority)) best = rule;
  return best;
}

/**
 * The hint for the transcript's last learner turn (a buyer's reply after it changes nothing), or null
 * when no rule applies. `card`: the persona's words, which typo repair prefers.
 */
export function chooseHint(
  turns: HintTurn[],
  kind: ScenarioKind = "sales-discovery",
  card: string[] = [],
): Hint | null {
  const vocabulary = vocabularyOf([...card, ...turns.filter((t) => t.speaker === "persona").map((t) => t.text)]);
  const lastLearner = turns.findLastIndex((t) => t.speaker === "learner");
  if (lastLearner < 0) return null;
  const total = zero();
  const fired = new Map<string, number>();
  let learnerTurns = 0;
  let hint: Hint | null = null;
  for (let i = 0; i <= lastLearner; i++) {
    const turn = turns[i];
    if (turn.speaker !== "learner") continue;
    learnerTurns++;
    const before = turns[i - 1]?.speaker === "persona" ? turns[i - 1].text : null;
    const units = understand(turn.text, { buyerBefore: before, vocabulary }).units;
    const asks = units.filter((u) => u.question !== null || u.stage !== null);
    const stages = asks.map((u) => u.stage).filter((s): s is SpinStage => s !== null);
    for (const s of stages) total[s]++;
    const rule = ruleFor({
      kind,
      stages,
      acts: units.map((u) => u.act),
      asked: asks.length > 0,
      open: asks.at(-1)?.open ?? false,
      words: wordCount(turn.text),
      total: { ...total },
      learnerTurns,
    });
    if (!rule) {
      hint = null;
      continue;
    }
    const n = fired.get(rule.id) ?? 0;
    fired.set(rule.id, n + 1);
    hint = { id: rule.id, text: rule.say[n % rule.say.length], turn: i };
  }
  return hint;
}
