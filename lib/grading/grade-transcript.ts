import type Anthropic from "@anthropic-ai/sdk";

import { anthropicModel, ModelOutputError, type ModelOutputProblem } from "@/lib/ai/anthropic";
import type { Persona } from "@/lib/validations/persona";
import type { Scenario, Scorecard } from "@/lib/validations/scorecard";
import type { TranscriptInput } from "@/lib/validations/transcript";

import { type GradeCache, gradeWithClaude } from "./claude-grader";
import type { GradeResult } from "./grade-schema";
import { gradeWithRubric } from "./rubric-grader";
import type { TranscriptTurn } from "./transcript";

type GradeRequest = {
  persona: Persona;
  scenario?: Partial<Scenario> | null;
  scorecard?: Scorecard | null;
  turns: TranscriptTurn[];
};

/**
 * The one grading path, shared by the server's worker and the grading CLI: the model when a client is
 * given (ANTHROPIC_API_KEY), the rubric otherwise. A transcript in which the learner never spoke needs
 * no model: the rubric explains the 0. A model answer that cannot be used (cut off, broken JSON, the
 * wrong shape, quotes the learner never said) is never stored as a grade: the rubric grades, flagged
 * with the reason. A model that fails to answer at all throws, and the worker retries.
 */
export async function gradeTranscript(
  request: GradeRequest,
  ai: { client: Anthropic | null; cache?: GradeCache; timeoutMs?: number } = { client: null },
): Promise<GradeResult> {
  const learnerSpoke = request.turns.some((t) => t.speaker === "learner" && t.text.trim().length > 0);
  if (!ai.client || !learnerSpoke) return gradeWithRubric(request);
  try {
    return await gradeWithClaude(ai.client, request, ai.cache, ai.timeoutMs);
  } catch (err) {
    if (!(err instanceof ModelOutputError)) throw err;
    const model = anthropicModel("grader");
    console.warn(`[grading] ${model}'s answer was unusable (${err.problem}): graded offline by the rubric`);
    return { ...gradeWithRubric(request), model, offline_reason: offlineReason(err) };
  }
}

/** Why an unusable answer was not used, in the words the grade page shows. */
const UNUSABLE: Record<ModelOutputProblem, string> = {
  invalid_json: "it was not valid JSON",
  truncated: "it was cut off at the model's token limit",
  schema: "it did not match the grade's schema",
  missing: "it held no JSON",
  unquoted: "its feedback quoted nothing the learner said",
};

function offlineReason(err: ModelOutputError): string {
  const detail =
    err.problem === "schema" ? ` (${err.message.replace(/^The model returned an invalid \w+: /, "")})` : "";
  return `Graded offline by the rubric: the model's answer was unusable: ${UNUSABLE[err.problem]}${detail}.`.slice(
    0,
    500,
  );
}

const toDate = (v: string | number | undefined, fallback: Date) =>
  v === undefined ? fallback : typeof v === "number" ? new Date(v < 1e11 ? v * 1000 : v) : new Date(v);

/** Turns of a CLI transcript as the grader reads them: timed turns are spoken, the rest typed. */
export function turnsFromInput(input: TranscriptInput): TranscriptTurn[] {
  const epoch = new Date(0);
  return input.turns.map((t, seq) => {
    const timed = t.started_at !== undefined && t.ended_at !== undefined;
    return {
      seq,
      speaker: t.speaker,
      text: t.text,
      source: timed ? "voice" : "text",
      started_at: toDate(t.started_at, epoch),
      ended_at: toDate(t.ended_at, epoch),
    };
  });
}
