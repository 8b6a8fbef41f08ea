import { mainUnit, type SpinStage, understand } from "@/lib/language";
import { sentencesOf } from "@/lib/language/sentences";

import { excerpt } from "./text";

/**
 * Questions the learner could have asked, for each SPIN stage. Persona fields are never spliced into
 * a template (their wording would break the grammar); when the buyer said something worth picking up,
 * it is quoted whole. Every suggestion is checked against our own classifier: a quoted version that
 * would read as another stage falls back to the plain one.
 */
export const PLAIN_SUGGESTIONS: Record<SpinStage, string> = {
  situation: "Could you walk me through how this works for you today?",
  problem: "What is the hardest part of that for your team right now?",
  implication: "When that happens, what does it cost you, and who else feels it?",
  "need-payoff": "If that were solved, what would it mean for you and your team?",
};
const QUOTED: Record<SpinStage, (quote: string) => string> = {
  situation: (quote) => `You said \u2018${quote}\u2019. Could you walk me through how that works today?`,
  problem: (quote) => `You said \u2018${quote}\u2019. What is the hardest part of that for your team?`,
  implication: (quote) =>
    `You said \u2018${quote}\u2019. When that happens, what does it cost you, and who else feels it?`,
  "need-payoff": (quote) =>
    `You said \u2018${quote}\u2019. If that were solved, what would it mean for you and your team?`,
};

/** The stage our classifier gives the suggestion's question (the last one in it). */
export function stageOfSuggestion(text: string, buyerBefore?: string | null): SpinStage | null {
  return mainUnit(understand(text, { buyerBefore }))?.stage ?? null;
}

export function suggestQuestion(stage: SpinStage, buyerQuote?: string | null): string {
  if (buyerQuote) {
    const quote = excerpt(
      (sentencesOf(buyerQuote)[0] ?? buyerQuote).replace(/["“”]/g, "'").replace(/[?!.]+$/, ""),
      12,
    ).replace(/[?]/g, "");
    const text = QUOTED[stage](quote);
    if (stageOfSuggestion(text) === stage) return text;
  }
  return PLAIN_SUGGESTIONS[stage];
}
