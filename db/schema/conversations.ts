import "server-only";

import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import type { Persona } from "@/lib/validations/persona";
import type { Measure, Scenario, Scorecard } from "@/lib/validations/scorecard";

import type { CachedModelGrade, GradeState, StoredFeedback, StoredMetrics, StoredScorecardResult } from "./grade-shape";
import { organizations } from "./organizations";
import { roleplays } from "./roleplay";
import { users } from "./users";

export const conversationMode = pgEnum("conversation_mode", ["livekit", "local"]);
// 'abandoned': ended by the idle sweep before the learner said anything; its credit was refunded.
export const conversationStatus = pgEnum("conversation_status", ["active", "ended", "abandoned"]);
export const speaker = pgEnum("speaker", ["learner", "persona"]);
export const gradeStatus = pgEnum("grade_status", ["pending", "graded", "failed"]);

export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    user_id: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Kept (as null) when the organisation or schema goes: the snapshot below still explains the call.
    organization_id: uuid("organization_id").references(() => organizations.id, { onDelete: "set null" }),
    schema_id: uuid("schema_id").references(() => roleplays.id, { onDelete: "set null" }),
    schema_name: text("schema_name").notNull(),
    persona: jsonb("persona").$type<Persona>().notNull(),
    // Snapshot of the schema's scenario and scorecard at the start, so later edits do not regrade old calls.
    scenario: jsonb("scenario").$type<Scenario>(),
    scorecard: jsonb("scorecard").$type<Scorecard>(),
    mode: conversationMode("mode").notNull(),
    status: conversationStatus("status").notNull().default("active"),
    room_name: text("room_name"),
    started_at: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    ended_at: timestamp("ended_at", { withTimezone: true }),
    /** Set once, when the idle sweep gave the credit back. */
    credit_refunded_at: timestamp("credit_refunded_at", { withTimezone: true }),
    // 'real_call': a transcript of a call outside Parley, uploaded to be graded; no credit, no practice credit.
    source: text("source", { enum: ["practice", "real_call"] })
      .notNull()
      .default("practice"),
    // For a real call: who uploaded it and which speaker label in the file was the learner.
    uploaded_by: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    learner_label: text("learner_label"),
    // Set when the retention job deleted the turns; the grade stays.
    transcript_purged_at: timestamp("transcript_purged_at", { withTimezone: true }),
  },
  (t) => [
    index("conversations_user_started_idx").on(t.user_id, t.started_at),
    // Covers the organisation statistics (an index-only scan) and per-user lookups in an organisation.
    index("conversations_org_user_cover_idx").on(
      t.organization_id,
      t.user_id,
      t.status,
      t.started_at,
      t.ended_at,
      t.id,
    ),
    index("conversations_schema_id_idx").on(t.schema_id),
    index("conversations_uploaded_by_idx").on(t.uploaded_by),
    check("conversations_source_check", sql`${t.source} in ('practice', 'real_call')`),
    // The idle sweep looks only at live calls.
    index("conversations_active_idx")
      .on(t.started_at)
      .where(sql`${t.status} = 'active'`),
  ],
);

export const conversationTurns = pgTable(
  "conversation_turns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversation_id: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    speaker: speaker("speaker").notNull(),
    text: text("text").notNull(),
    // 'voice' turns carry real timings; 'text' turns are typed in the offline mode.
    source: text("source", { enum: ["voice", "text"] })
      .notNull()
      .default("text"),
    external_id: text("external_id"),
    started_at: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    ended_at: timestamp("ended_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("conversation_turns_seq_idx").on(t.conversation_id, t.seq),
    uniqueIndex("conversation_turns_external_idx")
      .on(t.conversation_id, t.external_id)
      .where(sql`${t.external_id} is not null`),
  ],
);

export type { GradeState, StoredMetrics } from "./grade-shape";
/** The scorecard as stored with a grade: its scenario alongside. */
export type StoredScorecard = StoredScorecardResult<Measure> & { scenario: Scenario };

/** One row per conversation: the grading job and, once graded, its result. */
export const grades = pgTable(
  "grades",
  {
    conversation_id: uuid("conversation_id")
      .primaryKey()
      .references(() => conversations.id, { onDelete: "cascade" }),
    status: gradeStatus("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    // Bumped whenever the transcript changes after the grade was queued (a late voice turn). A grading run
    // writes its result only if the version it read is still current, so an older transcript never wins.
    version: integer("version").notNull().default(0),
    error: text("error"),
    next_attempt_at: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    locked_until: timestamp("locked_until", { withTimezone: true }),
    // "too_little": the learner said too little to grade. A state, not a score: `score` stays null (the
    // capped number is in `scorecard`), so it counts in no average, trend or pass until a review scores it.
    state: text("state").$type<GradeState>().notNull().default("graded"),
    score: integer("score"),
    wpm: real("wpm"),
    stages_covered: jsonb("stages_covered").$type<string[]>(),
    topics_covered: jsonb("topics_covered").$type<string[]>(),
    feedback: jsonb("feedback").$type<StoredFeedback>(),
    metrics: jsonb("metrics").$type<StoredMetrics>(),
    // The scorecard results (criterion scores, evidence, pass/fail) and the scenario they were judged in.
    // Null on grades made before scorecards existed.
    scorecard: jsonb("scorecard").$type<StoredScorecard>(),
    grader: text("grader", { enum: ["ai", "rubric"] }),
    model: text("model"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    graded_at: timestamp("graded_at", { withTimezone: true }),
  },
  (t) => [
    index("grades_pending_idx")
      .on(t.next_attempt_at)
      .where(sql`${t.status} = 'pending'`),
    // Score lookups without reading the wide rows (feedback and metrics jsonb).
    index("grades_conversation_score_idx").on(t.conversation_id, t.status, t.score),
    check("grades_state_check", sql`${t.state} in ('graded', 'too_little')`),
    check("grades_too_little_unscored_check", sql`${t.state} = 'graded' or ${t.score} is null`),
  ],
);

export type Conversation = typeof conversations.$inferSelect;
export type ConversationTurn = typeof conversationTurns.$inferSelect;
export type Grade = typeof grades.$inferSelect;

/** Claude's grading answers, keyed by a hash of transcript + persona + scenario + scorecard + model. */
export const gradeCache = pgTable("grade_cache", {
  key: text("key").primaryKey(),
  model: text("model").notNull(),
  answer: jsonb("answer").$type<CachedModelGrade>().notNull(),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
