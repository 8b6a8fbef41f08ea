import "server-only";

import type { Executor } from "@/db";
import { findConversation } from "@/db/queries/conversations";
import { findCachedGrade, findTurns, saveCachedGrade } from "@/db/queries/grades";
import { anthropicClient } from "@/lib/ai/anthropic";
import { env } from "@/lib/env";

import type { GradeCache } from "./claude-grader";
import type { GradeResult } from "./grade-schema";
import { gradeTranscript } from "./grade-transcript";

/** Claude's answers kept in the grade_cache table: the same transcript and scorecard never cost a second call. */
export function databaseGradeCache(db: Executor): GradeCache {
  return {
    get: (key) => findCachedGrade(db, key),
    set: (key, model, answer) => saveCachedGrade(db, { key, model, answer }),
  };
}

/**
 * Grades one ended conversation with its scenario and scorecard snapshot: Claude when
 * ANTHROPIC_API_KEY is set, the rubric otherwise (lib/grading/grade-transcript.ts, shared with the CLI).
 */
export async function gradeConversation(db: Executor, conversationId: string): Promise<GradeResult> {
  const conversation = await findConversation(db, { conversationId });
  if (!conversation) throw new Error("The conversation no longer exists");
  const turns = await findTurns(db, conversationId);
  const timeoutMs = env().GRADING_TIMEOUT_MS;
  const client = anthropicClient({ timeoutMs, maxRetries: 0 });
  return gradeTranscript(
    { persona: conversation.persona, scenario: conversation.scenario, scorecard: conversation.scorecard, turns },
    { client, cache: client ? databaseGradeCache(db) : undefined, timeoutMs },
  );
}
