import type { ConversationTurn } from "@/db/schema";

/** A transcript turn as grading reads it: who spoke, what, and when ('voice' turns have spoken timings). */
export type TranscriptTurn = Pick<ConversationTurn, "seq" | "speaker" | "text" | "source" | "started_at" | "ended_at">;
