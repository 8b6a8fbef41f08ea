/**
 * Fills the bench database with a large pilot through the project's own drizzle schema:
 * 20 organisations, 5,000 users, 300 personas, 200,000 conversations with turns and grades.
 * Deterministic (fixed seed); times are relative to the start of the current UTC day.
 *   node --conditions=react-server --import tsx bench/generate.ts [--force]
 */
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";

import * as schema from "@/db/schema";
import { hashPassword } from "@/lib/auth/password";

import { BENCH_DB, BENCH_PASSWORD, BENCH_URL, MEMBER_EMAIL, PG_ADMIN_URL, SCALE } from "./config";
import { createInserter } from "./inserter";
import { gradeResult, turnText } from "./pilot-data";
import { conversationCounts, type Pilot, planPilot } from "./plan";
import { createRandom, type Random } from "./prng";

const SEED = 20251121;
/**
 * BENCH_ONLY_ORG=0 keeps only the conversations (and grades) of that organisation and BENCH_NO_TURNS=1
 * skips their turns: the same random stream, so those rows are identical to the full generation's,
 * for measuring one organisation's pages on a shared machine.
 */
const ONLY_ORG = process.env.BENCH_ONLY_ORG === undefined ? null : Number(process.env.BENCH_ONLY_ORG);
const NO_TURNS = process.env.BENCH_NO_TURNS === "1";
const DAY = 86_400_000;

export async function ensureDatabase(recreate: boolean) {
  const admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
  try {
    const [exists] = await admin`select 1 from pg_database where datname = ${BENCH_DB}`;
    if (exists && recreate) await admin.unsafe(`drop database "${BENCH_DB}" with (force)`);
    if (!exists || recreate) await admin.unsafe(`create database "${BENCH_DB}"`);
  } finally {
    await admin.end();
  }
  // Migrations through the app's own getDb(), exactly as `npm start` would apply them.
  process.env.DATABASE_URL = BENCH_URL;
  const { getDb, closeDb } = await import("@/db");
  await getDb();
  await closeDb();
}

export async function pilotCounts(url = BENCH_URL) {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] =
      await client`select (select count(*) from users)::int as users, (select count(*) from conversations)::int as conversations,
      (select count(*) from conversation_turns)::int as turns, (select count(*) from grades)::int as grades`;
    return row as unknown as { users: number; conversations: number; turns: number; grades: number };
  } finally {
    await client.end();
  }
}

function startedAt(random: Random, now: number): Date {
  for (;;) {
    const day = new Date(now - random.int(0, SCALE.days - 1) * DAY);
    const weekend = day.getUTCDay() === 0 || day.getUTCDay() === 6;
    if (weekend && random.chance(0.8)) continue;
    day.setUTCHours(random.int(8, 19), random.int(0, 59), random.int(0, 59), 0);
    if (day.getTime() < now) return day;
  }
}

export async function generate() {
  const t0 = Date.now();
  const random = createRandom(SEED);
  const now = new Date(new Date().toISOString().slice(0, 10) + "T00:00:00Z");
  const pilot = planPilot(random, now);
  const client = postgres(BENCH_URL, { max: 4, onnotice: () => {}, connection: { synchronous_commit: "off" } });
  const db = drizzle(client, { schema });
  const insert = createInserter(db);
  try {
    await insertPeople(insert, pilot, await hashPassword(BENCH_PASSWORD), random);
    console.log(`people and personas in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    await insertConversations(insert, pilot, random, now.getTime());
    await insert.drain();
    console.log(`conversations in ${((Date.now() - t0) / 1000).toFixed(1)} s; analysing`);
    await db.execute(sql`analyze`);
  } finally {
    await client.end();
  }
  return { seconds: (Date.now() - t0) / 1000 };
}

async function insertPeople(
  insert: ReturnType<typeof createInserter>,
  pilot: Pilot,
  passwordHash: string,
  random: Random,
) {
  const { orgs, users, roleplays } = pilot;
  await insert.rows(
    schema.organizations,
    orgs.map((o) => ({
      id: o.id,
      name: o.name,
      description: "Bench pilot organisation",
      created_at: o.createdAt,
      updated_at: o.createdAt,
    })),
  );
  await insert.rows(
    schema.users,
    users.map((u) => ({ id: u.id, email: u.email, name: u.name, password_hash: passwordHash, is_dev: u.isDev })),
  );
  await insert.drain();
  await insert.rows(
    schema.groups,
    orgs.flatMap((o) =>
      o.groupIds.map((id, k) => ({
        id,
        organization_id: o.id,
        name: `Cohort ${k + 1}`,
        description: `Practice group ${k + 1}`,
        created_at: o.createdAt,
      })),
    ),
  );
  await insert.rows(
    schema.memberships,
    users
      .filter((u) => u.orgIndex !== null)
      .map((u) => ({
        user_id: u.id,
        organization_id: orgs[u.orgIndex!].id,
        role: u.role,
        created_at: orgs[u.orgIndex!].createdAt,
      })),
  );
  await insert.rows(
    schema.creditAccounts,
    users.map((u) => ({
      user_id: u.id,
      credits_total: u.email === MEMBER_EMAIL ? 100_000_000 : random.int(50, 500),
      credits_used: 0,
    })),
  );
  await insert.drain();
  await insert.rows(
    schema.groupMembers,
    users.flatMap((u) => u.groupIds.map((group_id) => ({ group_id, user_id: u.id }))),
  );
  await insert.rows(
    schema.roleplays,
    roleplays.map((s) => ({
      id: s.id,
      organization_id: orgs[s.orgIndex].id,
      name: s.name,
      description: s.description,
      is_public: s.isPublic,
      is_active: s.isActive,
      persona: s.persona,
      author_id: s.authorId,
      created_at: orgs[s.orgIndex].createdAt,
      deleted_at: s.deleted ? new Date() : null,
    })),
  );
  await insert.drain();
  await insert.rows(
    schema.roleplayGroups,
    roleplays.flatMap((s) => s.groupIds.map((group_id) => ({ schema_id: s.id, group_id }))),
  );
  await insert.drain();
}

async function insertConversations(
  insert: ReturnType<typeof createInserter>,
  pilot: Pilot,
  random: Random,
  now: number,
) {
  const { orgs, users, roleplays } = pilot;
  const counts = conversationCounts(random, users, SCALE.conversations);
  // The member the load run signs in as gets a heavy-user history (the 90th percentile).
  const member = users.findIndex((u) => u.email === MEMBER_EMAIL);
  const p90 = [...counts].sort((a, b) => a - b)[Math.floor(counts.length * 0.9)];
  const swap = counts.findIndex((c) => c === p90);
  [counts[member], counts[swap]] = [counts[swap], counts[member]];

  const startable = roleplays.filter((s) => s.isActive && !s.deleted);
  let done = 0;
  let conversationRows: Record<string, unknown>[] = [];
  let turnRows: Record<string, unknown>[] = [];
  let gradeRows: Record<string, unknown>[] = [];
  const flush = async () => {
    await insert.rows(schema.conversations, conversationRows);
    await insert.drain(); // turns and grades reference these rows
    void insert.rows(schema.conversationTurns, turnRows);
    void insert.rows(schema.grades, gradeRows);
    conversationRows = [];
    turnRows = [];
    gradeRows = [];
  };
  for (let i = 0; i < users.length; i++) {
    const user = users[i];
    if (!counts[i] || user.orgIndex === null) continue;
    const mine = startable.filter(
      (s) =>
        s.orgIndex === user.orgIndex &&
        (s.isPublic || user.role === "admin" || s.groupIds.some((g) => user.groupIds.includes(g))),
    );
    if (!mine.length) continue;
    for (let k = 0; k < counts[i]; k++) {
      const s = random.pick(mine);
      const started = startedAt(random, now);
      const active = now - started.getTime() < 2 * DAY && random.chance(0.1);
      const minutes = random.int(3, 15);
      const ended = active ? null : new Date(started.getTime() + minutes * 60_000);
      const id = random.uuid();
      const mode = random.chance(0.3) ? "livekit" : "local";
      const keep = ONLY_ORG === null || user.orgIndex === ONLY_ORG;
      if (keep)
        conversationRows.push({
          id,
          user_id: user.id,
          organization_id: orgs[user.orgIndex].id,
          schema_id: s.id,
          schema_name: s.name,
          persona: s.persona,
          mode,
          status: active ? "active" : "ended",
          room_name: mode === "livekit" ? `room-${id}` : null,
          started_at: started,
          ended_at: ended,
        });
      const turns = random.int(8, 20);
      const step = (minutes * 60_000) / turns;
      for (let seq = 1; seq <= turns; seq++) {
        const speaker = seq % 2 === 1 ? "persona" : "learner";
        const t = started.getTime() + (seq - 1) * step;
        const row = {
          id: random.uuid(),
          conversation_id: id,
          seq,
          speaker,
          text: turnText(speaker, random),
          source: mode === "livekit" ? "voice" : "text",
          started_at: new Date(t),
          ended_at: new Date(t + step * 0.8),
        };
        if (keep && !NO_TURNS) turnRows.push(row);
      }
      if (ended) {
        const roll = random.next();
        let grade: Record<string, unknown> | null = null;
        if (roll < 0.95)
          grade = {
            conversation_id: id,
            status: "graded",
            attempts: 1,
            ...gradeResult(random),
            grader: "rubric",
            created_at: ended,
            next_attempt_at: ended,
            graded_at: new Date(ended.getTime() + 20_000),
          };
        else if (roll < 0.97)
          grade = {
            conversation_id: id,
            status: "failed",
            attempts: 3,
            error: "Model answered garbage three times",
            created_at: ended,
            next_attempt_at: ended,
          };
        // the rest (about 3%) were too short to grade and have no grade row
        if (grade && keep) gradeRows.push(grade);
      }
      if (conversationRows.length >= 5000) {
        await flush();
        done += 5000;
        if (done % 50_000 === 0) console.log(`  ${done} conversations`);
      }
    }
  }
  await flush();
}

/** Database errors carry the whole multi-row statement: print only the cause. */
export function shortError(err: unknown): string {
  const e = err as { message?: string; cause?: { message?: string } };
  return (e.cause?.message ?? e.message ?? String(err)).slice(0, 500);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.on("unhandledRejection", (err) => (console.error(shortError(err)), process.exit(1)));
  const force = process.argv.includes("--force");
  await ensureDatabase(force).catch((err) => (console.error(shortError(err)), process.exit(1)));
  const before = await pilotCounts();
  if (before.users > 0 && !force) {
    console.log(`bench database already filled: ${JSON.stringify(before)} (use --force to rebuild)`);
  } else {
    const { seconds } = await generate().catch((err) => (console.error(shortError(err)), process.exit(1)));
    console.log(`generated in ${seconds.toFixed(1)} s: ${JSON.stringify(await pilotCounts())}`);
  }
}
