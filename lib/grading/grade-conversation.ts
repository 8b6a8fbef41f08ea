import type { Executor } from "@/db";
import { findConversation, findTurns } from "@/db/queries/grades";
import { anthropicClient } from "@/lib/ai/anthropic";
import { env } from "@/lib/env";
import { gradeWithClaude } from "./claude-grader";
import type { GradeResult } from "./grade-schema";
import type { TranscriptTurn } from "./metrics";
import { gradeWithRubric } from "./rubric-grader";

/**
 * Grades one ended conversation: Claude when ANTHROPIC_API_KEY is set, the rubric otherwise.
 * A conversation in which the learner never spoke needs no model: the rubric explains the 0.
 */
export async function gradeConversation(db: Executor, conversationId: string): Promise<GradeResult> {
  const conversation = await findConversation(db, conversationId);
  if (!conversation) throw new Error("The conversation no longer exists");
  const turns = (await findTurns(db, conversationId)) as TranscriptTurn[];
  const input = { persona: conversation.persona, turns };
  const learnerSpoke = turns.some((t) => t.speaker === "learner" && t.text.trim().length > 0);
  const client = learnerSpoke ? anthropicClient({ timeoutMs: env().GRADING_TIMEOUT_MS, maxRetries: 0 }) : null;
  return client ? gradeWithClaude(client, input) : gradeWithRubric(input);
}
