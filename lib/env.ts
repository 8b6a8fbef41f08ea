import "server-only";

import { z } from "zod";

const bool = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const schema = z.object({
  AUTH_SECRET: z.string().min(16, "AUTH_SECRET must be at least 16 characters").optional(),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(168),
  DEFAULT_CREDITS: z.coerce.number().int().min(0).default(50),
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  SEED_DEMO_DATA: bool,
  BOOTSTRAP_DEV_EMAIL: z.string().trim().optional(),
  BOOTSTRAP_DEV_PASSWORD: z.string().optional(),
  REDIS_URL: z.string().optional(),
  SUPPORT_EMAIL: z.string().default("support@parley.example"),
  PILOT_EMAIL_DOMAIN: z.string().default("pilot.parley.example"),
  ANTHROPIC_API_KEY: z.string().optional(),
  ANTHROPIC_BASE_URL: z.string().optional(),
  ANTHROPIC_MODEL: z.string().default("claude-sonnet-5-5"),
  LIVEKIT_URL: z.string().optional(),
  LIVEKIT_API_KEY: z.string().optional(),
  LIVEKIT_API_SECRET: z.string().optional(),
  PERSONA_AGENT_NAME: z.string().default("parley-persona"),
  AGENT_SECRET: z.string().optional(),
  COOKIE_SECURE: bool,
  GRADING_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(3),
  GRADING_RETRY_DELAY_MS: z.coerce.number().int().min(0).default(30_000),
  GRADING_TIMEOUT_MS: z.coerce.number().int().positive().default(90_000),
  GRADING_SWEEP_MS: z.coerce.number().int().positive().default(30_000),
  /** A call with no turn for this long is ended by the server (graded, or abandoned and refunded). */
  CALL_IDLE_MINUTES: z.coerce.number().positive().default(10),
  CALL_IDLE_SWEEP_MS: z.coerce.number().int().positive().default(60_000),
});

export type Env = z.output<typeof schema>;

// A production server never changes these variables after boot: parse once (bench/env-cost.ts:
// 0.05 µs a call instead of about 10). Elsewhere tests and the seed change process.env between
// calls, so it is read afresh each time.
const fixedAtBoot = process.env.NODE_ENV === "production";
let parsed: Env | undefined;

export function env(): Env {
  if (fixedAtBoot) return (parsed ??= Object.freeze(schema.parse(process.env)));
  return schema.parse(process.env);
}

export function authSecret(): string {
  const secret = process.env.AUTH_SECRET;
  if (!secret) throw new Error("AUTH_SECRET is not set: run `npm run setup` or add it to .env.local");
  return secret;
}
