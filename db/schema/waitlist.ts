import "server-only";

import { sql } from "drizzle-orm";
import { jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";

import { timestamps } from "./users";

export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    name: text("name"),
    interests: jsonb("interests").$type<string[]>().notNull().default([]),
    other_details: text("other_details"),
    ...timestamps,
  },
  (t) => [uniqueIndex("waitlist_entries_email_lower_idx").on(sql`lower(${t.email})`)],
);

export type WaitlistEntry = typeof waitlistEntries.$inferSelect;
