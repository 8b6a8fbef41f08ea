/**
 * The rubric grader: used when no ANTHROPIC_API_KEY is set, and the deterministic half of the AI
 * grade. A pure function of the transcript, the persona and the roleplay's scenario and scorecard,
 * so the same transcript always gets the same grade. How it works: lib/grading/RUBRIC.md.
 */
import { explainDecision, SPIN_STAGES, vocabularyOf } from "@/lib/language";
import type { Persona } from "@/lib/validations/persona";
import type { Scenario, Scorecard } from "@/lib/validations/scorecard";

import { scenarioOrDefault, scorecardOrDefault } from "./default-scorecards";
import type { GradeQuestion, GradeResult, GradeState } from "./grade-schema";
import { type MeasureInput, runMeasure, stageScores, sufficiency } from "./measures";
import { computeMetrics } from "./metrics";
import { discoveryQuestions, type MarkedQuestion } from "./questions";
import { betterLineFor, rubricFeedback, silentFeedback } from "./rubric-feedback";
import { evaluateScorecard, type JudgedCriterion, MIN_LEARNER_WORDS, type ScorecardResult } from "./scorecard";
import type { TranscriptTurn } from "./transcript";

type GradeInput = {
  persona: Persona;
  scenario?: Partial<Scenario> | null;
  scorecard?: Scorecard | null;
  turns: TranscriptTurn[];
};

/** The card's own words: typo repair in the learner's turns prefers them. */
function personaVocabulary(persona: Persona): Set<string> {
  return vocabularyOf([
    persona.name,
    persona.role,
    persona.situation,
    persona.background,
    ...(persona.pain_points ?? []),
    ...(persona.goals ?? []),
    ...Object.values(persona.company ?? {}),
  ]);
}

function personaTopics(persona: Pick<Persona, "pain_points" | "goals">): string[] {
  return [...(persona.pain_points ?? []), ...(persona.goals ?? [])];
}

/** Communication: listening, talk share, courtesy, monologue, fillers and pace, whatever the scorecard weighs. */
const COMMUNICATION = [
  ["listening", 3],
  ["talk_share", 2],
  ["courtesy", 2],
  ["monologue", 1],
  ["fillers", 1],
  ["pace", 1],
] as const;

function communicationScore(input: MeasureInput): number {
  let sum = 0,
    weight = 0;
  for (const [measure, w] of COMMUNICATION) {
    const r = runMeasure(measure, input);
    if (r.score === null) continue;
    sum += w * r.score;
    weight += w;
  }
  return Math.round(weight ? (sum / weight) * Math.min(1, sufficiency(input.metrics) * 1.2) : 0);
}

export const publicQuestions = (marks: MarkedQuestion[]): GradeQuestion[] => {
  const counted = new Set(discoveryQuestions(marks));
  return marks.map((q) => ({
    turn: q.turn,
    text: q.text,
    stage: q.stage,
    open: q.open,
    follow_up: q.follow_up,
    act: q.act,
    counted: counted.has(q),
    why: q.decision ? explainDecision(q.decision) : undefined,
  }));
};

/** Whether a call gives enough to grade: a state shown as such, never a low score. */
export function gradeState(metrics: { learner_turns: number; learner_words: number }): GradeState {
  return metrics.learner_turns === 0 || metrics.learner_words < MIN_LEARNER_WORDS ? "too_little" : "graded";
}

/**
 * Everything deterministic about a transcript, before any feedback is written: its metrics and question
 * list, the scorecard applied to them, the stage scores and the two summary scores. The AI grade calls it
 * twice, the second time with the model's question labels and its judged criteria.
 */
export function measureTranscript(
  input: GradeInput,
  opts: { questions?: MarkedQuestion[]; judged?: Record<string, JudgedCriterion> } = {},
) {
  const scenario = scenarioOrDefault(input.scenario);
  const scorecard = scorecardOrDefault(input.scorecard, scenario.kind);
  const topics = personaTopics(input.persona);
  const ordered = [...input.turns].sort((a, b) => a.seq - b.seq);
  const metrics = computeMetrics(ordered, topics, personaVocabulary(input.persona));
  if (opts.questions) {
    metrics.question_marks = opts.questions;
    metrics.stages_covered = SPIN_STAGES.filter((s) => discoveryQuestions(opts.questions!).some((q) => q.stage === s));
  }
  const measureInput: MeasureInput = {
    kind: scenario.kind,
    turns: ordered,
    metrics,
    topics,
    questions: metrics.question_marks,
  };
  const card: ScorecardResult = evaluateScorecard(
    scorecard,
    scenario,
    measureInput,
    opts.judged,
    betterLineFor(scenario.kind, measureInput),
  );
  const stages = stageScores(metrics.question_marks);
  const spin = runMeasure("spin", measureInput).score ?? 0;
  const communication = communicationScore(measureInput);
  return { scenario, scorecard, topics, ordered, metrics, measureInput, card, stages, spin, communication };
}

export function gradeWithRubric(input: GradeInput): GradeResult {
  const a = measureTranscript(input);
  const base = {
    state: gradeState(a.metrics),
    wpm: a.metrics.wpm,
    stages_covered: a.metrics.stages_covered,
    topics_covered: a.metrics.topics_covered,
    metrics: a.metrics,
    grader: "rubric" as const,
    model: null,
    scenario: a.scenario,
    scorecard: a.card,
    questions: publicQuestions(a.metrics.question_marks),
  };
  if (a.metrics.learner_turns === 0 || a.metrics.learner_words === 0) {
    return {
      ...base,
      score: 0,
      scorecard: { ...a.card, score: 0, passed: false },
      feedback: silentFeedback(input.persona),
    };
  }
  const feedback = rubricFeedback({
    persona: input.persona,
    scenario: a.scenario,
    input: a.measureInput,
    card: a.card,
    stages: a.stages,
    spin: a.spin,
    communication: a.communication,
  });
  return { ...base, score: a.card.score, feedback };
}
