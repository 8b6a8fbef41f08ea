/**
 * The scorecard's vocabulary without zod: scenario kinds, built-in measures and their labels, and the
 * weight total. The roleplay form reads them at render; importing ./scorecard for them would put zod
 * into the editor's first load. ./scorecard builds its schemas on them and re-exports them.
 */
/** What kind of conversation a roleplay rehearses; it decides the default scorecard and the advice. */
export const SCENARIO_KINDS = ["sales-discovery", "job-interview", "customer-service", "pitch", "general"] as const;
export type ScenarioKind = (typeof SCENARIO_KINDS)[number];

export const SCENARIO_KIND_LABELS: Record<ScenarioKind, string> = {
  "sales-discovery": "Sales discovery call",
  "job-interview": "Job interview (learner is the candidate)",
  "customer-service": "Customer service (learner is the agent)",
  pitch: "Pitch or presentation",
  general: "General conversation",
};

/**
 * Built-in measures, each computed deterministically from the transcript (lib/grading/measures.ts).
 * A criterion without a measure is judged from the transcript by Claude; without a model (no
 * ANTHROPIC_API_KEY) it shows as "needs AI grading" and is left out of the score (lib/grading/scorecard.ts).
 */
export const MEASURES = [
  "spin",
  "listening",
  "talk_share",
  "questions",
  "monologue",
  "fillers",
  "pace",
  "next_step",
  "topics",
  "courtesy",
  "star_answers",
  "empathy_ownership",
  "resolution",
  "pitch_structure",
  "case_and_ask",
] as const;
export type Measure = (typeof MEASURES)[number];

export const MEASURE_LABELS: Record<Measure, string> = {
  spin: "SPIN questions (situation, problem, implication, need-payoff)",
  listening: "Listening: follow-up questions on the other side's answers",
  talk_share: "Talk share (words and time)",
  questions: "Questions asked (count and open share)",
  monologue: "Longest monologue",
  fillers: "Filler words per minute",
  pace: "Speaking pace (words per minute)",
  next_step: "A concrete next step the other side agreed to",
  topics: "The persona's pains and goals uncovered by the learner",
  courtesy: "Courtesy and engagement (no rudeness, the other side stays engaged)",
  star_answers: "Structured answers with specific examples (situation, action, result)",
  empathy_ownership: "Empathy and ownership of the customer's problem",
  resolution: "A clear resolution or honest timeline, confirmed with the customer",
  pitch_structure: "Pitch structure: problem, solution, proof, ask",
  case_and_ask: "Making the case: purpose first, evidence, a figure or concrete ask, held without undercutting",
};

export const WEIGHT_TOTAL = 100;

export const weightTotal = (criteria: readonly { weight: number | string }[]) =>
  criteria.reduce((sum, c) => sum + (Number(c.weight) || 0), 0);
