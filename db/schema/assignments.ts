import "server-only";

import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

import { conversations } from "./conversations";
import { groups, organizations } from "./organizations";
import { roleplays } from "./roleplay";
import { timestamps, users } from "./users";

/** A roleplay an admin asks some groups (none listed: everyone) to practise by a date, to a pass mark. */
export const assignments = pgTable(
  "assignments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organization_id: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    schema_id: uuid("schema_id")
      .notNull()
      .references(() => roleplays.id, { onDelete: "cascade" }),
    due_at: timestamp("due_at", { withTimezone: true }).notNull(),
    pass_mark: integer("pass_mark").notNull(),
    min_attempts: integer("min_attempts").notNull().default(1),
    // Optional ascending tier thresholds (e.g. [50, 75, 90] for bronze, silver, gold); null for none.
    tiers: jsonb("tiers").$type<number[]>(),
    // Optional ceiling on attempts that count; null for unlimited.
    max_attempts: integer("max_attempts"),
    // Which attempt is the learner's result: their best or their latest.
    counts: text("counts", { enum: ["best", "latest"] })
      .notNull()
      .default("best"),
    created_by: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index("assignments_org_due_idx").on(t.organization_id, t.due_at),
    index("assignments_schema_id_idx").on(t.schema_id),
    index("assignments_created_by_idx").on(t.created_by),
    check("assignments_pass_mark_range", sql`${t.pass_mark} between 0 and 100`),
    check("assignments_min_attempts_range", sql`${t.min_attempts} between 1 and 100`),
    check("assignments_max_attempts_range", sql`${t.max_attempts} is null or ${t.max_attempts} between 1 and 100`),
    check("assignments_counts_check", sql`${t.counts} in ('best', 'latest')`),
  ],
);

export const assignmentGroups = pgTable(
  "assignment_groups",
  {
    assignment_id: uuid("assignment_id")
      .notNull()
      .references(() => assignments.id, { onDelete: "cascade" }),
    group_id: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.assignment_id, t.group_id] }),
    index("assignment_groups_group_id_idx").on(t.group_id),
  ],
);

/** An instructor's note on a grade, and optionally a corrected score; the automatic score stays in grades. */
export const gradeReviews = pgTable(
  "grade_reviews",
  {
    conversation_id: uuid("conversation_id")
      .primaryKey()
      .references(() => conversations.id, { onDelete: "cascade" }),
    reviewer_id: uuid("reviewer_id").references(() => users.id, { onDelete: "set null" }),
    score: integer("score"),
    comment: text("comment").notNull(),
    ...timestamps,
  },
  (t) => [
    index("grade_reviews_reviewer_id_idx").on(t.reviewer_id),
    check("grade_reviews_score_range", sql`${t.score} is null or ${t.score} between 0 and 100`),
  ],
);

/** Per-user choices that outlive a session: the organisation they work in when they belong to several. */
export const userSettings = pgTable(
  "user_settings",
  {
    user_id: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    active_organization_id: uuid("active_organization_id").references(() => organizations.id, { onDelete: "set null" }),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("user_settings_active_organization_id_idx").on(t.active_organization_id)],
);

export type Assignment = typeof assignments.$inferSelect;
export type GradeReview = typeof gradeReviews.$inferSelect;
