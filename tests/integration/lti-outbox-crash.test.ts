import { type ChildProcess, spawn } from "node:child_process";

import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { closeDb, getDb } from "@/db";
import { gradeReviews, ltiScoreSends } from "@/db/schema";
import { drainLtiOutbox, settleLtiOutbox } from "@/lib/lti/outbox";
import { queueScoreForLms } from "@/lib/lti/outcomes";

import { makeCourse, startPlatformServices, startToolJwks } from "../fixtures/lti-services";
import { freePort } from "../helpers/free-port";
import { privatePostgresUnavailable, startPrivatePostgres } from "../helpers/private-postgres";

// Two processes share one database, so this needs PostgreSQL: the suite's own (npm test's PostgreSQL
// phase) or a throwaway server of the test's own.
const skip = process.env.TEST_DATABASE_URL ? null : privatePostgresUnavailable;

describe.skipIf(skip)(`a sender killed mid-send${skip ? ` (skipped: ${skip})` : ""}`, () => {
  let pg: ReturnType<typeof startPrivatePostgres> | undefined;
  let jwks: Awaited<ReturnType<typeof startToolJwks>>;
  let lms: Awaited<ReturnType<typeof startPlatformServices>>;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    if (!process.env.TEST_DATABASE_URL) {
      pg = startPrivatePostgres(await freePort());
      process.env.DATABASE_URL = pg.url;
    }
    process.env.LTI_HTTP_TIMEOUT_MS = "1000"; // the lease: 3 x 1 s + 2 s
    process.env.LTI_SCORE_RETRY_DELAY_MS = "50";
    jwks = await startToolJwks();
    lms = await startPlatformServices();
  });

  afterAll(async () => {
    child?.kill("SIGKILL");
    await settleLtiOutbox();
    await lms?.close();
    await jwks?.close();
    await closeDb();
    pg?.destroy();
  });

  const rows = async (linkId: string) =>
    (await getDb())
      .select()
      .from(ltiScoreSends)
      .where(eq(ltiScoreSends.resource_link_id, linkId))
      .orderBy(asc(ltiScoreSends.score_version));

  it("is resumed by a fresh worker with the same payload: one recorded score per version, and the final one arrives", async () => {
    const c = await makeCourse(lms.url);
    lms.addClient(c.clientId, jwks.url);
    const db = await getDb();
    const call = await c.call(72);
    await db.transaction((tx) => queueScoreForLms(tx, call.id));
    await settleLtiOutbox(); // the late kicks queueScoreForLms schedules: this process must not send it first

    // The platform records the score, then holds its answer; the sender dies before it hears back.
    lms.state.scoreFaults.push({ holdAfterRecording: true });
    child = spawn(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", "tests/helpers/lti-outbox-child.ts"],
      {
        env: { ...process.env, NODE_ENV: "test" },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    child.stdout!.on("data", (d) => (output += d));
    child.stderr!.on("data", (d) => (output += d));
    const deadline = Date.now() + 30_000;
    while (!lms.state.scorePosts.some((p) => p.outcome === "recorded")) {
      if (Date.now() > deadline) throw new Error(`the child never reached the platform:\n${output}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    child.kill("SIGKILL");
    await new Promise((r) => child!.once("exit", r));
    lms.releaseHeld();

    // The dead sender's lease still holds: nobody sends the row again yet.
    let [row] = await rows(c.link.id);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    await drainLtiOutbox();
    expect(lms.state.scorePosts).toHaveLength(1);

    // Once the lease has run out, a fresh worker sends the same row: same timestamp, same body.
    const until = Date.now() + 20_000;
    while ((await rows(c.link.id))[0].status !== "sent") {
      if (Date.now() > until)
        throw new Error(
          `never resent: ${JSON.stringify({ row: (await rows(c.link.id))[0], posts: lms.state.scorePosts, tokens: lms.state.tokenRequests, calls: lms.state.serviceCalls })}`,
        );
      await new Promise((r) => setTimeout(r, 200));
      await drainLtiOutbox();
    }
    [row] = await rows(c.link.id);
    expect(row.attempts).toBe(2);
    expect(lms.state.scorePosts.map((p) => [p.timestamp, p.outcome])).toEqual([
      [row.score_timestamp.toISOString(), "recorded"],
      [row.score_timestamp.toISOString(), "duplicate"],
    ]);

    // The instructor's review: a new version, sent once, and it is what the gradebook shows.
    await db
      .insert(gradeReviews)
      .values({ conversation_id: call.id, reviewer_id: c.admin.id, score: 88, comment: "Better." });
    await db.transaction((tx) => queueScoreForLms(tx, call.id));
    await drainLtiOutbox();
    const sent = await rows(c.link.id);
    expect(sent.map((r) => [r.score_version, r.status])).toEqual([
      [1, "sent"],
      [2, "sent"],
    ]);
    const perVersion = sent.map((r) => lms.state.scores.filter((s) => s.timestamp === r.score_timestamp.toISOString()));
    expect(perVersion.map((s) => s.length)).toEqual([1, 1]);
    expect(lms.state.scores.map((s) => s.scoreGiven)).toEqual([72, 88]);
    expect(lms.gradebook()).toEqual([
      expect.objectContaining({ userId: c.learner.sub, scoreGiven: 88, comment: "Better." }),
    ]);
  }, 90_000);
});
