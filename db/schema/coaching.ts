import "server-only";

import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

import { conversations, conversationTurns } from "./conversations";
import { timestamps, users } from "./users";

/** An instructor's comment on one turn of a transcript; the learner sees it in place. */
export const turnComments = pgTable(
  "turn_comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversation_id: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    turn_id: uuid("turn_id")
      .notNull()
      .references(() => conversationTurns.id, { onDelete: "cascade" }),
    author_id: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    // When the call's learner first saw it (the dashboard's unread marker); null until then.
    seen_at: timestamp("seen_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("turn_comments_conversation_idx").on(t.conversation_id, t.created_at),
    index("turn_comments_turn_id_idx").on(t.turn_id),
    index("turn_comments_author_id_idx").on(t.author_id),
  ],
);

/**
 * Per-criterion overrides, append-only: the newest row per (call, criterion) is in force, and the rows
 * before it are the audit (who, when, old and new score, why). The automatic score stays in grades.
 */
export const criterionReviews = pgTable(
  "criterion_reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversation_id: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    criterion_id: text("criterion_id").notNull(),
    // The score in force before this change (automatic or an earlier override); null score clears the override.
    previous_score: integer("previous_score"),
    score: integer("score"),
    reason: text("reason").notNull(),
    reviewer_id: uuid("reviewer_id").references(() => users.id, { onDelete: "set null" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("criterion_reviews_conversation_idx").on(t.conversation_id, t.criterion_id, t.created_at),
    index("criterion_reviews_reviewer_id_idx").on(t.reviewer_id),
    check("criterion_reviews_score_range", sql`${t.score} is null or ${t.score} between 0 and 100`),
  ],
);

export type TurnComment = typeof turnComments.$inferSelect;
export type CriterionReview = typeof criterionReviews.$inferSelect;
