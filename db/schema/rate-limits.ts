import "server-only";

import { integer, pgTable, timestamp, varchar } from "drizzle-orm/pg-core";

/**
 * Counters of every rate limit and sign-in lockout (rate-limiter-flexible's RateLimiterDrizzle
 * layout), shared by every app instance on this database and kept across restarts. With
 * REDIS_URL set they live in Redis instead and this table stays empty.
 */
export const rateLimits = pgTable("rate_limits", {
  key: varchar("key", { length: 255 }).primaryKey(),
  points: integer("points").notNull().default(0),
  expire: timestamp("expire", { withTimezone: true }),
});
