import "server-only";

import { z } from "zod";

const bool = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const schema = z.object({
  // Its strength is judged once, at server start (configProblems): a weak one stops production there.
  AUTH_SECRET: z.string().optional(),
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
  // A model per task (lib/ai/anthropic.ts), each defaulting to ANTHROPIC_MODEL.
  ANTHROPIC_MODEL_PERSONA: z.string().trim().optional(),
  ANTHROPIC_MODEL_GRADER: z.string().trim().optional(),
  ANTHROPIC_MODEL_AUTHOR: z.string().trim().optional(),
  /** How long a learner waits for the model's persona reply before the offline persona takes the turn. */
  MODEL_REPLY_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  AUTOGENERATE_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  /** The capability check at server start: unset = on, except under the test runner. */
  MODEL_CHECK_AT_START: z.enum(["true", "false", "1", "0", ""]).optional(),
  MODEL_CHECK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  LIVEKIT_URL: z.string().optional(),
  LIVEKIT_API_KEY: z.string().optional(),
  LIVEKIT_API_SECRET: z.string().optional(),
  PERSONA_AGENT_NAME: z.string().default("parley-persona"),
  AGENT_SECRET: z.string().optional(),
  /** Speech to text for uploaded real-call audio: an OpenAI-compatible /audio/transcriptions (as the agent uses). */
  STT_BASE_URL: z.string().trim().optional(),
  STT_API_KEY: z.string().optional(),
  STT_MODEL: z.string().trim().default("whisper-1"),
  STT_LANGUAGE: z.string().trim().default("en"),
  COOKIE_SECURE: bool,
  /** The public origin behind a host-rewriting proxy; single sign-on's redirect URIs use it (docs/sso.md). */
  AUTH_URL: z.union([z.literal(""), z.url({ error: "must be a URL such as https://parley.example.edu" })]).optional(),
  GRADING_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(3),
  GRADING_RETRY_DELAY_MS: z.coerce.number().int().min(0).default(30_000),
  GRADING_TIMEOUT_MS: z.coerce.number().int().positive().default(90_000),
  GRADING_SWEEP_MS: z.coerce.number().int().positive().default(30_000),
  /** LTI grade passback (lib/lti/outbox.ts): one HTTP call's limit, attempts, first retry delay (doubling, jittered), sweep. */
  LTI_HTTP_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  LTI_SCORE_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(10),
  LTI_SCORE_RETRY_DELAY_MS: z.coerce.number().int().min(0).default(30_000),
  LTI_OUTBOX_SWEEP_MS: z.coerce.number().int().positive().default(30_000),
  /** The app's public origin (https://parley.example.edu) for the URLs an LMS is given; unset = the request's. */
  PUBLIC_URL: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.url({ protocol: /^https?$/, error: "PUBLIC_URL must be an http(s) URL" }).optional(),
  ),
  /** A call with no turn for this long is ended by the server (graded, or abandoned and refunded). */
  CALL_IDLE_MINUTES: z.coerce.number().positive().default(10),
  CALL_IDLE_SWEEP_MS: z.coerce.number().int().positive().default(60_000),
  /** How often each server process deletes transcripts past their organisation's retention (hourly). */
  RETENTION_SWEEP_MS: z.coerce.number().int().positive().default(3_600_000),
  /** The e2e-only pages under app/(test)/e2e-harness answer only when this is 1 (playwright.config.ts sets it). */
  PARLEY_E2E_HARNESS: bool,
});

export type Env = z.output<typeof schema>;

// Parsed once, at first use, in every mode: a server never changes its variables after boot, and
// callers may read env() in a loop (bench/env-cost.ts: 0.05 µs a call instead of about 10).
let parsed: Env | undefined;

export function env(): Env {
  return (parsed ??= Object.freeze(schema.parse(process.env)));
}

/** Forgets the parsed variables; tests/helpers/setup.ts calls it whenever a test writes process.env. */
export function resetEnv(): void {
  parsed = undefined;
}

export function authSecret(): string {
  const secret = process.env.AUTH_SECRET;
  if (secret?.trim()) return secret;
  if (process.env.NODE_ENV === "production") {
    throw new Error("AUTH_SECRET is not set: run `npm run setup` or add it to .env.local");
  }
  // Development only (production refuses to start without one): a random secret for this process,
  // so sessions (and join codes, hashed with it) last until the dev server restarts. The start-up
  // check has already said so.
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  process.env.AUTH_SECRET = Buffer.from(bytes).toString("base64url");
  resetEnv();
  return process.env.AUTH_SECRET;
}

export const AUTH_SECRET_MIN_LENGTH = 32;

/** Values copied from examples and tutorials: long enough, and known to everyone. Compared case-insensitively. */
const PLACEHOLDER_SECRETS = new Set(
  [
    "your-secret-here",
    "your-secret-key",
    "your-auth-secret",
    "your-super-secret-key-change-me",
    "your-secret-key-at-least-32-characters-long",
    "your-secret-key-must-be-at-least-32-characters",
    "please-change-this-secret-in-production",
    "change-me-to-a-random-secret-of-32-chars",
    "replace-with-a-long-random-secret-value",
    "development-secret-do-not-use-in-production",
    "super-secret-key-that-is-at-least-32-characters",
    "this-is-a-very-long-secret-key-for-testing",
  ].map((s) => s.toLowerCase()),
);

/** Why a set AUTH_SECRET is weak, in words that never repeat it; null when it is fine. */
function secretWeakness(secret: string): string | null {
  const value = secret.trim();
  if (value.length < AUTH_SECRET_MIN_LENGTH) return `is shorter than ${AUTH_SECRET_MIN_LENGTH} characters`;
  if (PLACEHOLDER_SECRETS.has(value.toLowerCase())) return "is a published placeholder, not a secret";
  if (/^(.{1,8}?)\1+$/s.test(value)) return "is one short piece repeated, not a random value";
  return null;
}

const MAKE_A_SECRET =
  "use 32 or more random characters, e.g. the output of `openssl rand -base64 32` (`npm run setup` writes one into .env.local)";

/**
 * Every problem of this configuration, each naming the variable and never its value: the start-up
 * check prints them all at once. Today's rules: AUTH_SECRET set and strong, every variable valid.
 */
export function configProblems(source: Record<string, string | undefined> = process.env): string[] {
  const problems: string[] = [];
  const secret = source.AUTH_SECRET;
  if (!secret?.trim()) problems.push(`AUTH_SECRET is not set: it signs and encrypts session tokens; ${MAKE_A_SECRET}.`);
  else {
    const weakness = secretWeakness(secret);
    if (weakness) problems.push(`AUTH_SECRET ${weakness}: ${MAKE_A_SECRET}.`);
  }
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`${issue.path.join(".")}: ${issue.message}.`);
  }
  return problems;
}

/**
 * The server's verdict on its configuration at start (instrumentation.ts). In production any problem
 * stops it (`ok: false`) with one message listing them all; in development they are a warning and a
 * missing AUTH_SECRET is replaced by a random one for the run. Never includes a value.
 */
export function startupConfigCheck(
  source: Record<string, string | undefined> = process.env,
  // A production build is one (Next.js inlines NODE_ENV there), whatever NODE_ENV `next start` is given.
  production = process.env.NODE_ENV === "production",
): { ok: boolean; message: string | null } {
  const problems = configProblems(source);
  if (problems.length === 0) return { ok: true, message: null };
  const list = problems.map((p) => `  - ${p}`).join("\n");
  const where = "Set them in the server's environment or in .env.local (.env.example describes every variable).";
  if (production) {
    const count = problems.length === 1 ? "1 configuration problem" : `${problems.length} configuration problems`;
    return { ok: false, message: `\nParley will not start: ${count}.\n${list}\n${where}\n` };
  }
  const dev = source.AUTH_SECRET?.trim()
    ? ""
    : "\n  (This development server uses a random AUTH_SECRET for this run: sessions and join codes stop working when it restarts.)";
  return {
    ok: true,
    message: `\n[config] A production server would refuse to start with this configuration:\n${list}${dev}\n${where}\n`,
  };
}

/**
 * Server start (instrumentation.ts): prints the verdict, and in production with any problem ends
 * the process (exit code 1), which beats a server that answers every request with a 500.
 */
export function refuseToStartIfMisconfigured(): void {
  const check = startupConfigCheck();
  if (!check.message) return;
  if (check.ok) return void console.warn(check.message);
  console.error(check.message);
  process.exit(1);
}
