/**
 * The rubric grader: used when no ANTHROPIC_API_KEY is set. A pure function of the transcript
 * metrics, so the same transcript always gets the same grade. (Also in lib/grading/RUBRIC.md.)
 *
 * Stage score, for each SPIN stage (situation, problem, implication, need-payoff), from the
 * learner's questions classified in spin.ts:
 *   0 when no question of that stage was asked; otherwise 65 for the first question,
 *   +10 for each further one (at most +20), +15 when at least one of them is open. Max 100.
 * SPIN score = 0.20 situation + 0.30 problem + 0.25 implication + 0.25 need-payoff.
 *
 * Communication score: 100, minus
 *   30 when the learner asked no question at all, else 10 when fewer than half were open;
 *   (talk share - 60%) in points when the learner talked more than 60% of the time (at most 30),
 *     or 10 when they talked less than 20%;
 *   5 per filler word per minute above 1 per minute (at most 25);
 *   10 when the longest monologue ran over 60 s, 20 when over 90 s;
 *   10 when the spoken pace was outside 110-170 words per minute (spoken calls only).
 *   Never below 0.
 * Topic score = 100 x (pain points and goals that came up) / (all of the persona's pain points and goals).
 * Conversation score = 0.5 SPIN + 0.3 communication + 0.2 topics, rounded.
 * A conversation in which the learner said nothing scores 0 everywhere, with that explanation.
 */
import type { Persona } from "@/lib/validations/persona";
import type { GradeResult } from "./grade-schema";
import { computeMetrics, type TranscriptMetrics, type TranscriptTurn } from "./metrics";
import { rubricFeedback, silentFeedback } from "./rubric-feedback";
import { SPIN_STAGES, type SpinStage } from "./spin";

export const STAGE_WEIGHTS: Record<SpinStage, number> = { situation: 0.2, problem: 0.3, implication: 0.25, "need-payoff": 0.25 };

export function personaTopics(persona: Pick<Persona, "pain_points" | "goals">): string[] {
  return [...(persona.pain_points ?? []), ...(persona.goals ?? [])];
}

export function stageScores(metrics: TranscriptMetrics): Record<SpinStage, number> {
  const out = {} as Record<SpinStage, number>;
  for (const stage of SPIN_STAGES) {
    const asked = metrics.question_marks.filter((q) => q.stage === stage);
    out[stage] = asked.length === 0 ? 0 : 65 + 10 * Math.min(2, asked.length - 1) + (asked.some((q) => q.open) ? 15 : 0);
  }
  return out;
}

export function spinScore(stages: Record<SpinStage, number>): number {
  return Math.round(SPIN_STAGES.reduce((sum, s) => sum + STAGE_WEIGHTS[s] * stages[s], 0));
}

/** Each deduction with its reason, so the feedback can explain the number. */
export function communicationDeductions(m: TranscriptMetrics): { points: number; reason: string }[] {
  const out: { points: number; reason: string }[] = [];
  if (m.questions === 0) out.push({ points: 30, reason: "no questions" });
  else if (m.open_questions / m.questions < 0.5) out.push({ points: 10, reason: "mostly closed questions" });
  if (m.talk_ratio !== null && m.talk_ratio > 0.6) {
    out.push({ points: Math.min(30, Math.round((m.talk_ratio - 0.6) * 100)), reason: "talked most of the time" });
  } else if (m.talk_ratio !== null && m.talk_ratio < 0.2) out.push({ points: 10, reason: "said very little" });
  if (m.fillers_per_minute > 1) {
    out.push({ points: Math.min(25, Math.round(5 * (m.fillers_per_minute - 1))), reason: "filler words" });
  }
  if (m.longest_monologue_seconds > 90) out.push({ points: 20, reason: "a monologue over 90 seconds" });
  else if (m.longest_monologue_seconds > 60) out.push({ points: 10, reason: "a monologue over 60 seconds" });
  if (m.wpm !== null && (m.wpm < 110 || m.wpm > 170)) out.push({ points: 10, reason: "pace outside 110-170 words per minute" });
  return out.filter((d) => d.points > 0);
}

export function communicationScore(m: TranscriptMetrics): number {
  return Math.max(0, 100 - communicationDeductions(m).reduce((s, d) => s + d.points, 0));
}

export function topicScore(m: TranscriptMetrics, topics: string[]): number {
  return topics.length === 0 ? 0 : Math.round((100 * m.topics_covered.length) / topics.length);
}

export function gradeWithRubric(input: { persona: Persona; turns: TranscriptTurn[] }): GradeResult {
  const topics = personaTopics(input.persona);
  const metrics = computeMetrics(input.turns, topics);
  const base = { wpm: metrics.wpm, stages_covered: metrics.stages_covered, topics_covered: metrics.topics_covered, metrics, grader: "rubric" as const, model: null };
  if (metrics.learner_turns === 0 || metrics.learner_words === 0) {
    return { ...base, score: 0, feedback: silentFeedback(input.persona) };
  }
  const stages = stageScores(metrics);
  const spin = spinScore(stages);
  const communication = communicationScore(metrics);
  const score = Math.round(0.5 * spin + 0.3 * communication + 0.2 * topicScore(metrics, topics));
  const feedback = rubricFeedback({
    persona: input.persona, turns: input.turns, metrics, topics, score, spin, stages, communication,
    deductions: communicationDeductions(metrics),
  });
  return { ...base, score, feedback };
}
