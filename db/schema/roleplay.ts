import "server-only";

import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

import type { Persona } from "@/lib/validations/persona";
import type { Scenario, Scorecard } from "@/lib/validations/scorecard";

import { groups, organizations } from "./organizations";
import { timestamps, users } from "./users";

export const roleplays = pgTable(
  "roleplay_schemas",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organization_id: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    is_public: boolean("is_public").notNull().default(true),
    is_active: boolean("is_active").notNull().default(true),
    persona: jsonb("persona").$type<Persona>().notNull(),
    // schema_data.scenario and schema_data.scorecard; null reads as sales discovery with its default scorecard.
    scenario: jsonb("scenario").$type<Scenario>(),
    scorecard: jsonb("scorecard").$type<Scorecard>(),
    // The starter-library roleplay this one was copied from (an editable copy); null for the organisation's own.
    library_key: text("library_key"),
    // Live coaching hints beside the chat during practice (never for an assessed assignment); off by default.
    live_hints: boolean("live_hints").notNull().default(false),
    author_id: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
    deleted_at: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    index("roleplay_schemas_org_live_idx")
      .on(t.organization_id, t.created_at)
      .where(sql`${t.deleted_at} is null`),
    index("roleplay_schemas_author_id_idx").on(t.author_id),
  ],
);

export const roleplayGroups = pgTable(
  "schema_groups",
  {
    schema_id: uuid("schema_id")
      .notNull()
      .references(() => roleplays.id, { onDelete: "cascade" }),
    group_id: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.schema_id, t.group_id] }), index("schema_groups_group_id_idx").on(t.group_id)],
);

export type Roleplay = typeof roleplays.$inferSelect;
