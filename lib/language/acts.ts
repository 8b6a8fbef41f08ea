/**
 * What each unit of a learner's turn does, read with the buyer's previous turn: one of the SPIN
 * stages, a pitch, a proposal, a check, small talk, objection handling or other. A rule decides
 * when one is sure (rules.ts); otherwise the model trained on the training split of our corpora
 * decides. Every decision names what made it, so a grade can explain a label.
 */
import weights from "./act-model.json";
import { buyerState, type Context, unitFeatures } from "./features";
import { type LinearModel, predict } from "./model";
import { type Token, tokenise } from "./nlp";
import { type Act, type Rule, RULES } from "./rules";
import { type Unit, withoutPunctuation } from "./units";

export type { Act } from "./rules";
export const SPIN_STAGES = ["situation", "problem", "implication", "need-payoff"] as const;
export type SpinStage = (typeof SPIN_STAGES)[number];

export type Decision = { by: "rule"; rule: string } | { by: "model"; p: number };
export type Classified = { act: Act; stage: SpinStage | null; decision: Decision };

/** The act model has no stage columns: a question's stage comes from the spin model. */
type Models = { spin: LinearModel<SpinStage | "none">; act: LinearModel<Exclude<Act, SpinStage>> };
let models = weights as unknown as Models;

/** Cross-validation and training swap the models in; the app uses the committed weights. */
export function setActiveModels(next: Models | null): void {
  models = next ?? (weights as unknown as Models);
}

const STATEMENT_CONFIDENCE = 0.6;

const isStage = (a: string): a is SpinStage => (SPIN_STAGES as readonly string[]).includes(a);

export function wordsOf(unit: Unit): string {
  return unit.tokens
    .slice(unit.start)
    .map((t) => t.lower)
    .join(" ")
    .replace(/ (?=')/g, "")
    .replace(/ n't/g, "n't");
}

export function ruleFor(unit: Unit, buyer: Token[] | null): Rule | null {
  // A rule sees the unit from where its lead-ins end, and whole (a greeting is all lead-in).
  const words = wordsOf(unit);
  const whole = wordsOf({ ...unit, start: 0 });
  const state = buyerState(buyer);
  let best: Rule | null = null;
  for (const rule of RULES) {
    if (rule.form && !rule.form.includes(unit.question)) continue;
    if (isStage(rule.does) && unit.question === null) continue;
    if (rule.buyer && !rule.buyer.includes(state)) continue;
    if (!rule.pattern.test(words) && !rule.pattern.test(whole)) continue;
    if (!best || rule.priority > best.priority) best = rule;
  }
  return best;
}

export function classifyUnit(unit: Unit, ctx: Context): Classified {
  const rule = ruleFor(unit, ctx.buyer);
  if (rule)
    return { act: rule.does, stage: isStage(rule.does) ? rule.does : null, decision: { by: "rule", rule: rule.id } };
  const features = unitFeatures(unit, ctx);
  // Only a question can be a discovery question; a statement gets one of the other acts.
  const spin = predict(models.spin, features);
  // A statement is a discovery question only when the model is sure (a question asked as a statement:
  // "you have problem also with the windows"); 0.6 was chosen by 5-fold cross-validation on dev.
  // A statement asks only when it is short: a long stretch about the buyer is a pitch, not a question.
  // A statement about the speaker's own side ("we did everything by hand") tells, it does not ask.
  const asksBuyer = unit.tokens.some((t) => t.lower === "you" || t.lower === "your");
  const aboutSelf = !asksBuyer && unit.tokens.some((t) => ["i", "we", "my", "our", "us"].includes(t.lower));
  const short = unit.tokens.length <= 20;
  if (
    spin.label !== "none" &&
    (unit.question !== null ||
      (spin.p >= STATEMENT_CONFIDENCE && short && !aboutSelf && (asksBuyer || ctx.last !== false)))
  )
    return { act: spin.label, stage: spin.label, decision: { by: "model", p: round(spin.p) } };
  const act = predict(models.act, features);
  // An open question that the act model cannot confidently call small talk, a proposal or a check
  // asks the buyer something: it takes its most likely stage rather than "pitch" or "other".
  // A request for information ("could you walk me through...") is never a proposal.
  const other = unit.question === "request" ? ["small-talk", "check"] : ["small-talk", "proposal", "check"];
  if (unit.open && !(other.includes(act.label) && act.p >= 0.5)) {
    const k = spin.probs.slice(0, 4).reduce((best, p, i, all) => (p > all[best] ? i : best), 0);
    const stage = models.spin.labels[k] as SpinStage;
    return { act: stage, stage, decision: { by: "model", p: round(spin.probs[k]) } };
  }
  return { act: act.label, stage: null, decision: { by: "model", p: round(act.p) } };
}

const round = (n: number) => Math.round(n * 100) / 100;

/** The buyer's turn as tokens for context (null when there is none). */
export function buyerTokens(text: string | null | undefined): Token[] | null {
  // Punctuation-blind, like the learner's turn: the buyer's words read the same typed or transcribed.
  return text ? tokenise(withoutPunctuation(text.toLowerCase())) : null;
}
