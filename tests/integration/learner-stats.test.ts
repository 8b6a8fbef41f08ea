import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { createRandom } from "@/bench/prng";
import { getDb } from "@/db";
import { demoRoleplays } from "@/lib/demo/personas";

import { addMember, createOrg, createUser } from "../helpers/factories";

// learner_stats is kept by triggers (migration 0002). After a seeded random sequence of every kind
// of write the app makes, the kept rows must equal a from-scratch aggregate of the conversations,
// written here independently of the migration's view.
type Row = {
  organization_id: string;
  user_id: string;
  conversations: number;
  seconds: number;
  scored: number;
  score_sum: number;
  last: number | null;
};

async function rows(query: ReturnType<typeof sql>) {
  const db = await getDb();
  const result = (await db.execute(query)) as unknown as Row[] | { rows: Row[] };
  const list = Array.isArray(result) ? result : result.rows;
  return list
    .map((r) => ({
      key: `${r.organization_id}/${r.user_id}`,
      conversations: Number(r.conversations),
      seconds: Math.round(Number(r.seconds) * 1000) / 1000,
      scored: Number(r.scored),
      score_sum: Number(r.score_sum),
      last: r.last === null ? null : Number(r.last),
    }))
    .sort((a, b) => a.key.localeCompare(b.key));
}

const kept = () =>
  rows(sql`select organization_id, user_id, conversations, seconds, scored, score_sum,
    extract(epoch from last_started_at)::float8 as last from learner_stats`);

const fromScratch = () =>
  rows(sql`select c.organization_id, c.user_id, count(*) as conversations,
    coalesce(sum(extract(epoch from c.ended_at - c.started_at)), 0)::float8 as seconds,
    count(*) filter (where g.status = 'graded' and coalesce(rv.score, g.score) is not null) as scored,
    coalesce(sum(coalesce(rv.score, g.score)) filter (where g.status = 'graded'), 0) as score_sum,
    extract(epoch from max(c.started_at))::float8 as last
    from conversations c left join grades g on g.conversation_id = c.id
    left join grade_reviews rv on rv.conversation_id = c.id
    where c.status = 'ended' and c.organization_id is not null
    group by c.organization_id, c.user_id`);

async function ids(query: ReturnType<typeof sql>): Promise<string[]> {
  const db = await getDb();
  const result = (await db.execute(query)) as unknown as { id: string }[] | { rows: { id: string }[] };
  return (Array.isArray(result) ? result : result.rows).map((r) => r.id);
}

const persona = JSON.stringify(demoRoleplays[0].persona);

describe("learner_stats, kept by triggers", () => {
  let orgIds: string[] = [];
  const userIds: string[] = [];

  beforeAll(async () => {
    const orgs = [
      await createOrg({ name: "Stats North" }),
      await createOrg({ name: "Stats South" }),
      await createOrg({ name: "Stats Gone" }),
    ];
    orgIds = orgs.map((o) => o.id);
    for (let i = 0; i < 7; i++) {
      const user = await createUser({ name: `Learner ${i}` });
      userIds.push(user.id);
      await addMember({ userId: user.id, orgId: orgIds[i % 3] });
    }
  });

  it("equal a from-scratch recomputation after a random sequence of writes", async () => {
    const db = await getDb();
    const r = createRandom(15);
    const t0 = Date.UTC(2026, 0, 5, 9);
    let checks = 0;
    const counts: Record<string, number> = {};

    const ops: Record<string, () => Promise<unknown>> = {
      start: async () => {
        const started = new Date(t0 + r.int(0, 90 * 24 * 60) * 60_000);
        const org = r.chance(0.1) ? null : r.pick(orgIds);
        await db.execute(sql`insert into conversations (user_id, organization_id, schema_name, persona, mode, status, started_at)
          values (${r.pick(userIds)}, ${org}, 'Discovery call', ${persona}::jsonb, 'local', 'active', ${started.toISOString()})`);
      },
      end: async () => {
        const [id] = await ids(
          sql`select id from conversations where status = 'active' order by id limit 1 offset ${r.int(0, 3)}`,
        );
        if (!id) return;
        // As the conversation service does: end and queue the grade in one transaction.
        await db.transaction(async (tx) => {
          await tx.execute(
            sql`update conversations set status = 'ended', ended_at = started_at + ${`${r.int(0, 1800)} seconds`}::interval where id = ${id}`,
          );
          await tx.execute(sql`insert into grades (conversation_id) values (${id}) on conflict do nothing`);
        });
      },
      endedInBulk: async () => {
        // A multi-row insert: several learners in one statement, some graded already.
        const values = Array.from({ length: r.int(1, 5) }, () => {
          const started = new Date(t0 + r.int(0, 90 * 24 * 60) * 60_000);
          return sql`(${r.pick(userIds)}, ${r.pick(orgIds)}, 'Cold call', ${persona}::jsonb, 'local', 'ended', ${started.toISOString()}, ${new Date(started.getTime() + r.int(30, 900) * 1000).toISOString()})`;
        });
        const created =
          await ids(sql`insert into conversations (user_id, organization_id, schema_name, persona, mode, status, started_at, ended_at)
          values ${sql.join(values, sql`, `)} returning id`);
        const graded = created.filter(() => r.chance(0.6));
        if (graded.length) {
          await db.execute(
            sql`insert into grades (conversation_id, status, score) values ${sql.join(
              graded.map((id) => sql`(${id}, 'graded', ${r.int(0, 100)})`),
              sql`, `,
            )}`,
          );
        }
      },
      claim: async () => {
        // The grading worker's lease: bookkeeping only, nothing to refresh (but nothing may drift).
        await db.execute(sql`update grades set attempts = attempts + 1, locked_until = now() + interval '1 minute'
          where conversation_id in (select conversation_id from grades where status = 'pending' order by conversation_id limit 2)`);
      },
      grade: async () => {
        const [id] = await ids(
          sql`select conversation_id as id from grades where status = 'pending' order by conversation_id limit 1 offset ${r.int(0, 2)}`,
        );
        if (id)
          await db.execute(
            sql`update grades set status = 'graded', score = ${r.int(0, 100)}, graded_at = now(), locked_until = null where conversation_id = ${id}`,
          );
      },
      gradeWithoutScore: async () => {
        const [id] = await ids(
          sql`select conversation_id as id from grades where status = 'pending' order by conversation_id desc limit 1`,
        );
        if (id) await db.execute(sql`update grades set status = 'graded', score = null where conversation_id = ${id}`);
      },
      regrade: async () => {
        const [id] = await ids(
          sql`select conversation_id as id from grades where status = 'graded' order by conversation_id limit 1 offset ${r.int(0, 5)}`,
        );
        if (id)
          await db.execute(
            sql`update grades set score = ${r.int(0, 100)}, feedback = '{"again": true}'::jsonb where conversation_id = ${id}`,
          );
      },
      requeue: async () => {
        const [id] = await ids(
          sql`select conversation_id as id from grades where status = 'graded' order by conversation_id desc limit 1 offset ${r.int(0, 5)}`,
        );
        if (id)
          await db.execute(
            sql`update grades set status = 'pending', score = null, attempts = 0 where conversation_id = ${id}`,
          );
      },
      fail: async () => {
        const [id] = await ids(
          sql`select conversation_id as id from grades where status = 'pending' order by conversation_id limit 1`,
        );
        if (id)
          await db.execute(
            sql`update grades set status = 'failed', error = 'model unavailable' where conversation_id = ${id}`,
          );
      },
      deleteGrade: async () => {
        const [id] = await ids(
          sql`select conversation_id as id from grades order by conversation_id limit 1 offset ${r.int(0, 10)}`,
        );
        if (id) await db.execute(sql`delete from grades where conversation_id = ${id}`);
      },
      // An instructor's review: its score (or none, a comment only) counts instead of the automatic one.
      review: async () => {
        const [id] = await ids(
          sql`select conversation_id as id from grades where status = 'graded' order by conversation_id limit 1 offset ${r.int(0, 8)}`,
        );
        const score = r.chance(0.8) ? r.int(0, 100) : null;
        if (id)
          await db.execute(sql`insert into grade_reviews (conversation_id, score, comment) values (${id}, ${score}, 'Reviewed')
          on conflict (conversation_id) do update set score = excluded.score, updated_at = now()`);
      },
      unreview: async () => {
        const [id] = await ids(
          sql`select conversation_id as id from grade_reviews order by conversation_id limit 1 offset ${r.int(0, 3)}`,
        );
        if (id) await db.execute(sql`delete from grade_reviews where conversation_id = ${id}`);
      },
      deleteConversation: async () => {
        const [id] = await ids(sql`select id from conversations order by id limit 1 offset ${r.int(0, 20)}`);
        if (id) await db.execute(sql`delete from conversations where id = ${id}`);
      },
      deleteLearnerHistory: async () => {
        await db.execute(
          sql`delete from conversations where user_id = ${r.pick(userIds)} and started_at < ${new Date(t0 + r.int(0, 90) * 86_400_000).toISOString()}`,
        );
      },
      removeMembership: async () => {
        await db.execute(sql`delete from memberships where user_id = ${r.pick(userIds)}`);
      },
      join: async () => {
        await db.execute(
          sql`insert into memberships (user_id, organization_id) values (${r.pick(userIds)}, ${r.pick(orgIds)}) on conflict do nothing`,
        );
      },
    };
    const weights: [string, number][] = [
      ["start", 14],
      ["end", 14],
      ["endedInBulk", 5],
      ["claim", 4],
      ["grade", 12],
      ["gradeWithoutScore", 1],
      ["regrade", 5],
      ["requeue", 2],
      ["fail", 3],
      ["review", 4],
      ["unreview", 1],
      ["deleteGrade", 3],
      ["deleteConversation", 4],
      ["deleteLearnerHistory", 1],
      ["removeMembership", 1],
      ["join", 2],
    ];
    const total = weights.reduce((a, [, w]) => a + w, 0);
    const pickOp = () => {
      let x = r.next() * total;
      for (const [name, w] of weights) if ((x -= w) < 0) return name;
      return weights[0][0];
    };

    for (let step = 0; step < 320; step++) {
      const name = pickOp();
      counts[name] = (counts[name] ?? 0) + 1;
      await ops[name]();
      if (step % 40 === 39) {
        expect(await kept(), `after step ${step} (${name})`).toEqual(await fromScratch());
        checks++;
      }
    }
    // A learner deleted, then a whole organisation (its conversations keep a null organisation).
    await db.execute(sql`delete from users where id = ${userIds[1]}`);
    expect(await kept()).toEqual(await fromScratch());
    await db.execute(sql`delete from organizations where id = ${orgIds[2]}`);
    const final = await kept();
    expect(final).toEqual(await fromScratch());

    // The sequence really exercised the paths: most kinds ran, and there is something to compare.
    expect(Object.keys(counts).length).toBeGreaterThanOrEqual(12);
    expect(checks).toBe(8);
    expect(final.length).toBeGreaterThan(5);
    expect(final.some((row) => row.scored > 0)).toBe(true);
    expect(final.some((row) => row.key.startsWith(orgIds[2]))).toBe(false);
  }, 120_000);

  it("match the rebuild from scratch (the migration's backfill)", async () => {
    const db = await getDb();
    const before = await kept();
    await db.execute(sql`select learner_stats_rebuild()`);
    expect(await kept()).toEqual(before);
  });

  // Two transactions change one learner at once: the second must not overwrite the first's change
  // with a total computed before the first committed (needs two connections: PostgreSQL only).
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "lose no update when two transactions change one learner at once",
    async () => {
      const db = await getDb();
      const learner = userIds[0];
      const made =
        await ids(sql`insert into conversations (user_id, organization_id, schema_name, persona, mode, status, started_at)
      values (${learner}, ${orgIds[0]}, 'Race A', ${persona}::jsonb, 'local', 'active', now() - interval '1 hour'),
             (${learner}, ${orgIds[0]}, 'Race B', ${persona}::jsonb, 'local', 'active', now() - interval '2 hours') returning id`);
      let releaseA!: () => void;
      const holdA = new Promise<void>((resolve) => (releaseA = resolve));
      const a = db.transaction(async (tx) => {
        await tx.execute(sql`update conversations set status = 'ended', ended_at = now() where id = ${made[0]}`);
        await holdA; // A's change is written, not yet committed, while B ends the other call
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      const b = db.transaction(async (tx) => {
        await tx.execute(sql`update conversations set status = 'ended', ended_at = now() where id = ${made[1]}`);
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      releaseA();
      await Promise.all([a, b]);
      expect(await kept()).toEqual(await fromScratch());
    },
  );
});
