import type { Conversation, Grade } from "@/db/schema";
import type { GradeFeedback } from "./grade-schema";
import type { MarkedQuestion, TranscriptMetrics } from "./metrics";

type Turn = { seq: number; speaker: "learner" | "persona"; text: string; source: string; started_at: Date };

export type TranscriptEntry = {
  seq: number;
  speaker: "learner" | "persona";
  text: string;
  source: string;
  started_at: string;
  questions: Omit<MarkedQuestion, "seq">[];
};

/** Spec section 3's grade response, plus how it was made and the evidence behind it. */
export type GradeResponse = {
  status: "graded";
  conversation_id: string;
  conversation_name: string;
  persona_name: string;
  conversation_score: number;
  started_at: string;
  ended_at: string | null;
  wpm: number | null;
  stages_covered: string[];
  topics_covered: string[];
  feedback: GradeFeedback;
  grader: "ai" | "rubric";
  model: string | null;
  graded_at: string | null;
  metrics: TranscriptMetrics | null;
  transcript: TranscriptEntry[];
};

export function gradeResponse(conversation: Conversation, grade: Grade, turns: Turn[]): GradeResponse {
  const metrics = (grade.metrics ?? null) as TranscriptMetrics | null;
  const marks = metrics?.question_marks ?? [];
  return {
    status: "graded",
    conversation_id: conversation.id,
    conversation_name: conversation.schema_name,
    persona_name: conversation.persona.name,
    conversation_score: grade.score ?? 0,
    started_at: conversation.started_at.toISOString(),
    ended_at: conversation.ended_at?.toISOString() ?? null,
    wpm: grade.wpm,
    stages_covered: grade.stages_covered ?? [],
    topics_covered: grade.topics_covered ?? [],
    feedback: grade.feedback as GradeFeedback,
    grader: grade.grader === "ai" ? "ai" : "rubric",
    model: grade.model,
    graded_at: grade.graded_at?.toISOString() ?? null,
    metrics,
    transcript: turns.map((t) => ({
      seq: t.seq,
      speaker: t.speaker,
      text: t.text,
      source: t.source,
      started_at: t.started_at.toISOString(),
      questions: marks.filter((q) => q.seq === t.seq).map(({ text, open, stage }) => ({ text, open, stage })),
    })),
  };
}
