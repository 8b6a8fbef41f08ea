import "server-only";

import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import { timestamps, users } from "./users";

export const orgRole = pgEnum("org_role", ["admin", "member"]);

export const organizations = pgTable(
  "organizations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    // IANA zone for dates shown to people (CSV exports, due dates): a spreadsheet wants local time.
    time_zone: text("time_zone").notNull().default("UTC"),
    // Transcripts (and audio) older than this many days are deleted by the retention job; grades stay.
    // Null keeps them until a person deletes them.
    retention_days: integer("retention_days"),
    ...timestamps,
  },
  (t) => [
    check(
      "organizations_retention_days_range",
      sql`${t.retention_days} is null or ${t.retention_days} between 1 and 3650`,
    ),
  ],
);

export const memberships = pgTable(
  "memberships",
  {
    user_id: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    organization_id: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    role: orgRole("role").notNull().default("member"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.organization_id] }),
    index("memberships_organization_id_idx").on(t.organization_id),
  ],
);

export const groups = pgTable(
  "groups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organization_id: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    is_active: boolean("is_active").notNull().default(true),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("groups_organization_id_idx").on(t.organization_id)],
);

export const groupMembers = pgTable(
  "group_members",
  {
    group_id: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    user_id: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.group_id, t.user_id] }), index("group_members_user_id_idx").on(t.user_id)],
);

/**
 * A code an admin gives out so a self-signed-up account can join the organisation (and, when set, a group).
 * Only its hash is stored; the code itself is shown once at creation, like a password.
 */
export const joinCodes = pgTable(
  "join_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organization_id: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    group_id: uuid("group_id").references(() => groups.id, { onDelete: "cascade" }),
    code_hash: text("code_hash").notNull(),
    // The last characters, so admins can tell codes apart in a list without the code being stored.
    hint: text("hint").notNull(),
    created_by: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp("expires_at", { withTimezone: true }),
    revoked_at: timestamp("revoked_at", { withTimezone: true }),
    max_uses: integer("max_uses"),
    uses: integer("uses").notNull().default(0),
  },
  (t) => [
    uniqueIndex("join_codes_code_hash_idx").on(t.code_hash),
    index("join_codes_organization_id_idx").on(t.organization_id),
  ],
);

export type Organization = typeof organizations.$inferSelect;
export type Membership = typeof memberships.$inferSelect;
export type OrgRole = (typeof orgRole.enumValues)[number];
export type Group = typeof groups.$inferSelect;
export type JoinCode = typeof joinCodes.$inferSelect;
