import "server-only";

import { bigint, doublePrecision, index, integer, pgTable, primaryKey, timestamp, uuid } from "drizzle-orm/pg-core";

import { organizations } from "./organizations";
import { users } from "./users";

/**
 * One row per learner per organisation: the aggregates of their ended conversations there, so the
 * organisation statistics read one row per member instead of every conversation.
 *
 * Written only by database triggers (migration 0003_learner_stats), in the same transaction as the
 * change to `conversations` or `grades` that moves them; the definition of every column is the view
 * `learner_stats_computed`. A learner without ended conversations in the organisation has no row.
 */
export const learnerStats = pgTable(
  "learner_stats",
  {
    organization_id: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    user_id: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    conversations: integer("conversations").notNull(),
    seconds: doublePrecision("seconds").notNull(),
    // Conversations that count towards the average score, and the sum of their scores.
    scored: integer("scored").notNull(),
    score_sum: doublePrecision("score_sum").notNull(),
    last_started_at: timestamp("last_started_at", { withTimezone: true }),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organization_id, t.user_id] }), index("learner_stats_user_id_idx").on(t.user_id)],
);

export type LearnerStats = typeof learnerStats.$inferSelect;

/**
 * One row per organisation: the id of the last transaction that changed anything its statistics
 * answer shows (a learner_stats row, a membership, a group or its members, a member's name or
 * email). Written only by statement-level triggers (migration 0008_organization_stats_versions) in
 * that same transaction, so every app instance can key a cache of the assembled answer on it. No row
 * reads as version 0 (nothing changed since the migration).
 */
export const organizationStatsVersions = pgTable("organization_stats_versions", {
  organization_id: uuid("organization_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  version: bigint("version", { mode: "number" }).notNull(),
});
