import "server-only";

import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

import { organizations } from "./organizations";
import { users } from "./users";

/**
 * Who did what to whom: reviews, deletions, exports, role changes, LTI and SSO configuration. Kept when the
 * actor or the organisation goes (set null), and never holds a deleted learner's personal data.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organization_id: uuid("organization_id").references(() => organizations.id, { onDelete: "set null" }),
    actor_id: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    target_type: text("target_type"),
    target_id: text("target_id"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_org_created_idx").on(t.organization_id, t.created_at),
    index("audit_log_actor_id_idx").on(t.actor_id),
  ],
);

export type AuditEntry = typeof auditLog.$inferSelect;
