/**
 * One understanding of what a learner says, shared by the offline persona, the rule-based grader
 * and the labels handed to the AI grader: normalise, cut into units, find the questions by what
 * they do, classify each unit's act with the buyer's previous turn as context.
 */
import { buyerTokens, type Classified, classifyUnit, type Decision } from "./acts";
import { RULES } from "./rules";
import { analyseTurn, type Unit } from "./units";

export { type Act, type Classified, type Decision, SPIN_STAGES, type SpinStage } from "./acts";
export type { QuestionForm, Unit } from "./units";

export type Understood = Unit & Classified & { index: number };
export type TurnReading = { text: string; corrections: { from: string; to: string }[]; units: Understood[] };

/** Reads one learner turn. `vocabulary`: the conversation's own words (the persona's card), preferred by typo repair. */
export function understand(
  turn: string,
  context: { buyerBefore?: string | null; vocabulary?: ReadonlySet<string> } = {},
): TurnReading {
  const analysed = analyseTurn(turn, context.vocabulary);
  const buyer = buyerTokens(context.buyerBefore);
  const units: Understood[] = [];
  analysed.units.forEach((unit, index) => {
    const classified = classifyUnit(unit, {
      buyer,
      before: analysed.units.slice(0, index),
      last: index === analysed.units.length - 1,
    });
    units.push({ ...unit, ...aboutOwnPitch(classified, unit, units.at(-1)), index });
  });
  return { text: analysed.text, corrections: analysed.corrections, units };
}

const POINTS_BACK = new Set(["that", "it", "this", "those", "these"]);

/**
 * "We cut outages by 60 percent. What impact does that have on your business?": a consequence or value
 * question about the learner's own claim, just made, asks the buyer to agree with a pitch.
 */
function aboutOwnPitch(c: Classified, unit: Unit, previous: Understood | undefined): Classified {
  if (previous?.act !== "pitch" || (c.stage !== "implication" && c.stage !== "need-payoff")) return c;
  if (!unit.tokens.slice(unit.start, unit.start + 6).some((t) => POINTS_BACK.has(t.lower))) return c;
  return { act: "pitch", stage: null, decision: { by: "rule", rule: "question-about-own-pitch" } };
}

/**
 * The unit that says what a turn does: the last question if it asks one (a remark before a question
 * only gives it context), else the last unit.
 */
export function mainUnit(reading: TurnReading): Understood | null {
  const questions = reading.units.filter((u) => u.question !== null);
  return questions.at(-1) ?? reading.units.at(-1) ?? null;
}

/** The lower-case words of a persona card (or any texts): typo repair prefers them. */
export function vocabularyOf(texts: (string | null | undefined)[]): Set<string> {
  const out = new Set<string>();
  for (const t of texts) for (const w of (t ?? "").toLowerCase().match(/[a-z][a-z'-]{3,}/g) ?? []) out.add(w);
  return out;
}

/** A decision in words, for the grade page and `npm run grade -- --explain`. */
export function explainDecision(decision: Decision): string {
  if (decision.by === "rule") {
    const note =
      RULES.find((r) => r.id === decision.rule)?.note ??
      (decision.rule === "question-about-own-pitch"
        ? "a consequence or value question about the learner's own claim asks the buyer to agree with a pitch."
        : "");
    return `rule ${decision.rule}${note ? `: ${note}` : ""}`;
  }
  return `model trained on the labelled corpora (${Math.round(decision.p * 100)}% sure)`;
}
