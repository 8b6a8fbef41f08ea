import "server-only";

import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

const timestamps = {
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    name: text("name").notNull().default(""),
    // Null for accounts that only sign in through an LMS launch or single sign-on: no password can match.
    password_hash: text("password_hash"),
    is_dev: boolean("is_dev").notNull().default(false),
    // Set by the first successful sign-in: inactivity flags count from here, not from when a pilot seeded it.
    first_signed_in_at: timestamp("first_signed_in_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`)],
);

/** One row per issued token, so a token can be revoked before it expires. */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    user_id: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    revoked_at: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("sessions_user_id_idx").on(t.user_id)],
);

export const creditAccounts = pgTable(
  "credit_accounts",
  {
    user_id: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    credits_total: integer("credits_total").notNull(),
    credits_used: integer("credits_used").notNull().default(0),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("credit_accounts_used_nonnegative", sql`${t.credits_used} >= 0`),
    check("credit_accounts_total_nonnegative", sql`${t.credits_total} >= 0`),
  ],
);

export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type CreditAccount = typeof creditAccounts.$inferSelect;
export { timestamps };
