/**
 * Applies a roleplay's scorecard to a transcript: each criterion is scored by its built-in measure,
 * or by Claude when it is free text (without a key: "needs AI grading", left out of the score).
 * The conversation score is the weighted mean of the scored criteria, built up from zero, then held
 * under a ceiling when the call gives too little to grade or went wrong in a way a coach would not pass.
 */
import type { StoredCriterionResult, StoredScorecardResult } from "@/db/schema/grade-shape";
import type { Criterion, Scenario, Scorecard } from "@/lib/validations/scorecard";

import { type MeasureInput, type MeasureResult, runMeasure, sufficiency, talkShare } from "./measures";
import { turnsTakingUp } from "./questions";
import { blameLines, caseChecks, nextStep, pressureLines, rudeLines } from "./signals";
import { excerpt } from "./text";

type Measure = NonNullable<Criterion["measure"]>;

/** A criterion's result and the scorecard's, as db/schema/grade-shape.ts stores them, with this project's measures. */
export type CriterionResult = StoredCriterionResult<Measure>;
export type ScorecardResult = StoredScorecardResult<Measure>;

/** What Claude said about a free-text criterion. */
export type JudgedCriterion = { score: number; quote: string | null; better_line: string | null; comment: string };

export const MIN_LEARNER_WORDS = 40;
const DELIVERY_MEASURES: ReadonlySet<string> = new Set(["talk_share", "monologue", "fillers", "pace", "courtesy"]);

/** Whether a criterion's measure judges delivery rather than substance. */
export const isDelivery = (measure: string | null | undefined) => DELIVERY_MEASURES.has(measure ?? "");

/**
 * Delivery counts as far as there is substance to deliver: the factor (0.5 to 1) that scales delivery
 * criteria, from the weighted score of the substance criteria that have one.
 */
export function substanceGate(criteria: { weight: number; measure?: string | null; score: number | null }[]): number {
  const substance = criteria.filter((c) => c.score !== null && !isDelivery(c.measure));
  const weight = substance.reduce((s, c) => s + c.weight, 0);
  return weight ? 0.5 + 0.5 * (substance.reduce((s, c) => s + c.weight * c.score!, 0) / weight / 100) : 1;
}

/**
 * A measure sees which checks a call met, not how well it met them. Above GOOD, a quarter of each point the
 * measured criteria give is held back, so a call that passes every check lands near 94 and the way from there
 * to 100 is a coach's judgement. Scores Claude or an instructor gave count in full: `measuredShare` is the
 * share of the counted weight that was measured. Fitted on the dev calls only (bench/RESULTS.md, session 20).
 */
export const GOOD = 75;
export function curved(raw: number, measuredShare: number): number {
  return raw <= GOOD ? raw : raw - (raw - GOOD) * 0.25 * measuredShare;
}

/** A spoken discovery call in which the learner did most of the talking. */
function talkCapped(input: MeasureInput, scenario: Scenario): boolean {
  const share = talkShare(input.metrics);
  return scenario.kind === "sales-discovery" && input.metrics.timing === "voice" && share !== null && share > 0.7;
}

/** The ceilings a coach applies whatever the scorecard says; the lowest one holds. */
/** The highest grade of a discovery call without an advance: good questions, but the call did not move forward. */
const CONTINUATION = 60;

export function ceiling(input: MeasureInput, scenario: Scenario): ScorecardResult["cap"] {
  const m = input.metrics;
  const caps: NonNullable<ScorecardResult["cap"]>[] = [];
  const discoveryAsked = input.questions.filter((x) => x.stage !== null).length;
  if (m.learner_words < MIN_LEARNER_WORDS) {
    caps.push({
      limit: Math.min(25, Math.round(25 * sufficiency(m) * 4)),
      code: "too_little",
      reason: `too little to grade: you said ${m.learner_words} words (at least ${MIN_LEARNER_WORDS} are needed for a real grade)`,
    });
  }
  if (scenario.kind === "sales-discovery" && discoveryAsked === 0) {
    caps.push({
      limit: 25,
      code: "too_little",
      reason: "too little to grade as discovery: you asked no discovery question",
    });
  }
  // Only the learner is graded: what the persona says never sets a ceiling.
  if (rudeLines(input.turns).length) caps.push({ limit: 15, reason: "a rude or dismissive line" });
  if (blameLines(input.turns).length)
    caps.push({ limit: 30, reason: "you blamed the other side or hid behind policy" });
  // A discovery call ends in an advance (a step with the buyer's own time in it) or it has not done its job:
  // a refused step or "send me something" is a continuation (Rackham), however good the questions were.
  const step = scenario.kind === "sales-discovery" ? nextStep(input.turns) : null;
  if (step?.proposed && (!step.agreed || step.sendsOnly))
    caps.push({
      limit: CONTINUATION,
      reason: step.agreed
        ? "the call ended with information to send, not a step the buyer gave time to"
        : "the buyer did not agree to your next step",
    });
  if (scenario.kind === "sales-discovery" && pressureLines(input.turns).length >= 2)
    caps.push({
      limit: 30,
      reason: "you pressed the buyer to commit (deadlines, a lapsing discount) before they were ready",
    });
  // Giving your own figure away in the same breath ("38? if that's too much, whatever you think is fair") is
  // negotiating against yourself: a request made that way does not pass, whatever else went well.
  const undercut = scenario.kind === "general" ? caseChecks(input.turns).undercut : null;
  if (undercut) caps.push({ limit: 60, reason: `you undercut your own ask ("${excerpt(undercut.quote, 12)}")` });
  // Talking most of a spoken discovery call is a ceiling; the talk-share criterion then defers to it
  // (evaluateScorecard), so one behaviour is penalised once.
  if (talkCapped(input, scenario))
    caps.push({ limit: 50, reason: `you did ${Math.round(talkShare(m)! * 100)}% of the talking in a discovery call` });
  // Ignoring every answer: in discovery, no question built on one; in a service call or a request, where
  // listening is heard in statements too (the listening measure), no reply that took one up.
  const asked = input.questions.filter((x) => x.stage !== null && x.turn > 0);
  const replies = scenario.kind === "sales-discovery" ? null : turnsTakingUp(input.turns);
  if (
    ["sales-discovery", "customer-service", "general"].includes(scenario.kind) &&
    (replies
      ? replies.of.length >= 4 && replies.built.length === 0
      : asked.length >= 4 && asked.filter((x) => x.follow_up).length === 0)
  ) {
    caps.push({ limit: 55, reason: "no question built on an answer: the other side's answers were ignored" });
  }
  return caps.sort((a, b) => a.limit - b.limit)[0] ?? null;
}

export function evaluateScorecard(
  scorecard: Scorecard,
  scenario: Scenario,
  input: MeasureInput,
  judged: Record<string, JudgedCriterion> = {},
  betterLine: (criterion: Criterion, result: MeasureResult) => string | null = () => null,
): ScorecardResult {
  const criteria = scorecard.criteria.map((c): CriterionResult => {
    const base = { id: c.id, label: c.label, description: c.description, weight: c.weight, measure: c.measure ?? null };
    if (c.measure === "talk_share" && talkCapped(input, scenario)) {
      // Judged once, by the ceiling: the same behaviour is not also taken off here.
      return {
        ...base,
        status: "not_measured",
        score: null,
        counted: null,
        passed: null,
        detail: "judged by the ceiling on talking most of a discovery call",
        evidence: null,
        evidence_turn: null,
        better_line: null,
        source: "measured",
      };
    }
    if (c.measure) {
      const r = runMeasure(c.measure, input);
      // Fine delivery in too short a call: scaled in the total, but neither "below the mark" nor something to fix.
      const tooLittle =
        r.score !== null &&
        r.unscaled !== undefined &&
        r.score < scorecard.pass_mark &&
        r.unscaled >= scorecard.pass_mark;
      if (tooLittle) {
        return {
          ...base,
          status: "scored",
          score: r.score,
          counted: r.score,
          passed: null,
          detail: `${r.detail}; counted in proportion to how much you said (${input.metrics.learner_words} words)`,
          evidence: r.evidence?.quote ?? null,
          evidence_turn: r.evidence?.turn ?? null,
          better_line: null,
          source: "measured",
        };
      }
      return {
        ...base,
        status: r.score === null ? "not_measured" : "scored",
        score: r.score,
        counted: r.score,
        passed: r.score === null ? null : r.score >= scorecard.pass_mark,
        detail: r.detail,
        evidence: r.evidence?.quote ?? null,
        evidence_turn: r.evidence?.turn ?? null,
        better_line: r.score !== null && r.score < scorecard.pass_mark ? betterLine(c, r) : null,
        source: "measured",
      };
    }
    const j = judged[c.id];
    if (!j) {
      return {
        ...base,
        status: "needs_ai",
        score: null,
        counted: null,
        passed: null,
        detail: "needs AI grading",
        evidence: null,
        evidence_turn: null,
        better_line: null,
        source: null,
      };
    }
    return {
      ...base,
      status: "scored",
      score: j.score,
      counted: j.score,
      passed: j.score >= scorecard.pass_mark,
      detail: j.comment,
      evidence: j.quote,
      evidence_turn: j.quote
        ? input.turns.findIndex((t) => t.speaker === "learner" && t.text.includes(j.quote!))
        : null,
      better_line: j.better_line,
      source: "ai",
    };
  });
  const gate = substanceGate(criteria);
  for (const c of criteria) {
    if (c.score !== null && isDelivery(c.measure) && gate < 1) c.counted = Math.round(c.score * gate);
  }
  const scored = criteria.filter((c) => c.counted !== null);
  const weight = scored.reduce((s, c) => s + c.weight, 0);
  const measured = scored.filter((c) => c.source === "measured").reduce((s, c) => s + c.weight, 0);
  const mean = weight > 0 ? scored.reduce((s, c) => s + c.weight * c.counted!, 0) / weight : 0;
  const raw = curved(mean, weight > 0 ? measured / weight : 0);
  const cap = ceiling(input, scenario);
  const score = Math.round(cap ? Math.min(raw, cap.limit) : raw);
  const capped = cap && raw > cap.limit ? cap : cap && cap.code === "too_little" ? cap : null;
  return {
    pass_mark: scorecard.pass_mark,
    score,
    passed: score >= scorecard.pass_mark,
    cap: capped,
    // Said on the grade page, so the criteria's mean and the score do not seem to disagree.
    ...(!capped && Math.round(mean) > score ? { mean: Math.round(mean) } : {}),
    criteria,
  };
}
