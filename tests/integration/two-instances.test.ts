import type { ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { getDb } from "@/db";
import { seedIfEmpty } from "@/lib/demo/seed";

import { type MessagesRequest, startAnthropicStub } from "../helpers/anthropic-stub";
import { freePort } from "../helpers/free-port";
import { startNextServer } from "../helpers/next-server";

// Two `next start` processes on one PostgreSQL database, as behind a load balancer: what one
// instance writes or revokes must hold on the other at once. Needs the production build (npm test
// builds first) and the PostgreSQL phase (TEST_DATABASE_URL: setup.ts made this file's database).
const distDir = process.env.NEXT_DIST_DIR || ".next";
const built = existsSync(path.join(process.cwd(), distDir, "BUILD_ID"));
const enabled = built && !!process.env.TEST_DATABASE_URL;

const DEMO_MEMBER = { email: "member.a@parley.local", password: "practice-parley" };
const OTHER_MEMBER = { email: "member.b@parley.local", password: "practice-parley" };
const LEARNER_LINE = "Could you walk me through how orders flow from your warehouses today?";

type Instance = { name: "A" | "B"; base: string; proc: ChildProcess };
type Reply = { status: number; json: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

async function startInstance(name: Instance["name"], env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const proc = await startNextServer({
    port,
    distDir,
    env: { NODE_ENV: "production", ...env },
    name: `instance ${name}`,
  });
  return { name, base: `http://127.0.0.1:${port}`, proc };
}

/** One JSON request to an instance; `address` is sent as X-Forwarded-For (counts only as far as the trusted proxies allow). */
async function api(
  at: Instance,
  pathname: string,
  opts: { token?: string; body?: unknown; method?: string; address?: string } = {},
): Promise<Reply> {
  const res = await fetch(at.base + pathname, {
    method: opts.method ?? (opts.body === undefined ? "GET" : "POST"),
    headers: {
      "content-type": "application/json",
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.address ? { "x-forwarded-for": opts.address } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  return { status: res.status, json: await res.json().catch(() => null) };
}

const signInAt = (at: Instance, email: string, password: string, address?: string) =>
  api(at, "/api/auth/signin", { body: { email, password }, address });

/** Starts a typed conversation on one instance, says one line and answers its id. */
async function conversationAt(at: Instance, token: string): Promise<string> {
  const list = await api(at, "/api/protected/roleplay/list", { token });
  const room = await api(at, "/api/protected/requestroom", { token, body: { schema_id: list.json[0].id } });
  expect(room.status).toBe(200);
  const id = room.json.conversation_id as string;
  expect(
    (await api(at, `/api/protected/conversations/${id}/messages`, { token, body: { text: LEARNER_LINE } })).status,
  ).toBe(200);
  return id;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!enabled)("two instances on one database", () => {
  let a: Instance;
  let b: Instance;
  let stub: Awaited<ReturnType<typeof startAnthropicStub>>;
  const gradingRequests: MessagesRequest[] = [];

  beforeAll(async () => {
    // Migrate and seed the demo once, here: two processes must not race to migrate an empty database.
    await seedIfEmpty(await getDb());

    stub = await startAnthropicStub(async (req) => {
      if (!req.tools?.length) return { text: "We ship about four thousand orders a day." };
      gradingRequests.push(req);
      await sleep(1500); // a slow model: both sweeps come round while the grade is leased
      // The grader's forced tool: stage labels for the questions it listed, and feedback quoting the learner.
      const prompt = String((req.messages[0] as { content: string }).content);
      const listed = JSON.parse(prompt.split("<questions>\n")[1].split("\n</questions>")[0]) as { index: number }[];
      return {
        tool: {
          name: "record_grade",
          input: {
            question_labels: listed.map((q) => ({ index: q.index, stage: "situation" })),
            criteria: [],
            overall_feedback: "An open discovery question before any pitch.",
            strengths: [{ observation: "Opened with the buyer's process", learner_quote: LEARNER_LINE }],
            areas_for_improvement: [{ observation: "Stop after one question", learner_quote: LEARNER_LINE }],
            recommendations: ["Ask what a missed cut-off costs."],
          },
        },
      };
    });
    const common = {
      DATABASE_URL: process.env.DATABASE_URL!,
      AUTH_SECRET: "two-instances-secret-two-instances-0123",
      SEED_DEMO_DATA: "false",
      ANTHROPIC_API_KEY: "sk-stub",
      ANTHROPIC_BASE_URL: stub.url,
      LIVEKIT_URL: "",
      GRADING_SWEEP_MS: "200",
      GRADING_TIMEOUT_MS: "10000",
      DATABASE_POOL_SIZE: "4",
      // An idle call ends after 15 s, looked for every 300 ms by both instances.
      CALL_IDLE_MINUTES: "0.25",
      CALL_IDLE_SWEEP_MS: "300",
    };
    [a, b] = await Promise.all([startInstance("A", common), startInstance("B", common)]);
  }, 120_000);

  afterAll(async () => {
    for (const instance of [a, b]) instance?.proc.kill("SIGKILL");
    await stub?.close();
  });

  it("grades a conversation ended on A exactly once, with both grading workers running", async () => {
    const { json } = await signInAt(a, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const id = await conversationAt(a, json.token);
    expect((await api(a, `/api/protected/conversations/${id}/end`, { token: json.token, method: "POST" })).status).toBe(
      200,
    );

    let grade = await api(b, `/api/protected/grades/${id}`, { token: json.token });
    for (let i = 0; i < 80 && grade.status === 202; i++) {
      await sleep(250);
      grade = await api(b, `/api/protected/grades/${id}`, { token: json.token });
    }
    expect(grade.status).toBe(200);
    expect(grade.json).toMatchObject({ status: "graded", grader: "ai", stages_covered: ["situation"] });
    await sleep(1500); // several more sweeps on both instances: none may take the finished grade again

    const forThisCall = gradingRequests.filter((r) => JSON.stringify(r.messages).includes(LEARNER_LINE));
    expect(forThisCall).toHaveLength(1);
    const db = await getDb();
    const rows = (await db.execute(
      sql`select status, attempts from grades where conversation_id = ${id}`,
    )) as unknown as { status: string; attempts: number }[];
    expect([...rows]).toEqual([{ status: "graded", attempts: 1 }]);
  }, 60_000);

  it("refuses on B, at once, a session signed out on A", async () => {
    const { json } = await signInAt(a, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const token = json.token as string;
    // B has decoded (and cached) the token before the sign-out.
    for (const at of [b, a, b]) expect((await api(at, "/api/protected/dashboard", { token })).status).toBe(200);
    expect((await api(a, "/api/protected/signout", { token, method: "POST" })).status).toBe(200);
    const afterwards = await api(b, "/api/protected/dashboard", { token });
    expect(afterwards.status).toBe(401);
    expect(afterwards.json.detail).toMatch(/revoked|invalid|expired/i);
    expect((await api(a, "/api/protected/dashboard", { token })).status).toBe(401);
  });

  it("locks an email out after failures spread over both instances", async () => {
    // The strict lockout is 10 failures per account and address (LIMITS.signinAccountAddress).
    for (let i = 0; i < 10; i++) {
      const reply = await signInAt(i % 2 ? b : a, OTHER_MEMBER.email, "not-the-password-at-all");
      expect(reply.status).toBe(401);
    }
    for (const at of [a, b]) expect((await signInAt(at, OTHER_MEMBER.email, OTHER_MEMBER.password)).status).toBe(429);
  }, 60_000);

  it("holds a per-address limit summed over both instances", async () => {
    // The waitlist allows 20 submissions per address in 10 minutes (LIMITS.waitlistAddress);
    // TRUSTED_PROXY_HOPS is 0, so every request counts against 127.0.0.1 whatever it claims.
    const submit = (at: Instance, i: number) =>
      api(at, "/api/public/waitlist", {
        body: { email: `two-instances-${i}@example.com`, name: null, interests: ["sales"], otherDetails: null },
        address: `10.0.0.${i}`,
      });
    for (let i = 0; i < 20; i++) expect((await submit(i % 2 ? b : a, i)).status).toBe(200);
    for (const [i, at] of [a, b].entries()) expect((await submit(at, 100 + i)).status).toBe(429);
  }, 60_000);

  it("ends an idle call once although both instances sweep for idle calls", async () => {
    const { json } = await signInAt(b, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const id = await conversationAt(b, json.token);
    const db = await getDb();
    let rows: { status: string; ended_at: Date | null }[] = [];
    for (let i = 0; i < 120; i++) {
      await sleep(250);
      rows = [
        ...((await db.execute(
          sql`select status, ended_at from conversations where id = ${id}`,
        )) as unknown as typeof rows),
      ];
      if (rows[0]?.status !== "active") break;
    }
    expect(rows[0]?.status).toBe("ended");
    const endedAt = String(rows[0].ended_at);
    await sleep(2000); // both sweeps come round several more times
    const again = (await db.execute(sql`select ended_at from conversations where id = ${id}`)) as unknown as {
      ended_at: Date;
    }[];
    expect(String([...again][0].ended_at)).toBe(endedAt);
    const grades = (await db.execute(
      sql`select count(*)::int as n from grades where conversation_id = ${id}`,
    )) as unknown as { n: number }[];
    expect([...grades][0].n).toBe(1);
  }, 60_000);
});
