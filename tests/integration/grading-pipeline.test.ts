import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";

import { getDb } from "@/db";
import { claimPendingGrade } from "@/db/queries/grades";
import { conversations, grades } from "@/db/schema";
import { endConversation } from "@/lib/conversations/service";
import { drainGrades, gradeNext, kickGrader, retryDelayMs } from "@/lib/grading/worker";

import { createUser, typedDiscoveryCall } from "../helpers/factories";

let userId: string;
beforeAll(async () => {
  userId = (await createUser()).id; // opens and migrates the database outside the tests' time limit
});

/** An active local conversation with the discovery call's lines typed in. */
const activeConversation = () => typedDiscoveryCall(userId);

const gradeOf = async (id: string) =>
  (await (await getDb()).select().from(grades).where(eq(grades.conversation_id, id)))[0];
const nextTick = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  delete process.env.GRADING_RETRY_DELAY_MS;
});

describe("the grading pipeline", () => {
  it("ends a conversation without waiting for the grade, then grades it in the background", async () => {
    const id = await activeConversation();
    await endConversation(id);
    // endConversation has returned and kicked the grader: the grade exists and is still pending
    expect(await gradeOf(id)).toMatchObject({ status: "pending", score: null });
    await nextTick(); // the kicked drain starts
    await drainGrades(); // joins it
    const grade = await gradeOf(id);
    expect(grade).toMatchObject({ status: "graded", attempts: 1, grader: "rubric", error: null, locked_until: null });
    // A short but sound discovery call (one implication, one need-payoff question) passes the default pass mark.
    expect(grade.score).toBeGreaterThanOrEqual(70);
    expect(grade.scorecard).toMatchObject({ passed: true, pass_mark: 70 });
    expect(grade.wpm).toBeNull(); // typed conversation
    expect(grade.graded_at).toBeInstanceOf(Date);
  });

  it("ends twice without a second grade", async () => {
    const id = await activeConversation();
    await endConversation(id);
    await endConversation(id);
    await drainGrades();
    const db = await getDb();
    expect(await db.select().from(grades).where(eq(grades.conversation_id, id))).toHaveLength(1);
    expect((await gradeOf(id)).attempts).toBe(1);
  });

  it("leases a pending grade to one worker at a time and counts the attempt", async () => {
    const id = await activeConversation();
    const db = await getDb();
    await db.transaction(async (tx) => {
      await tx.update(conversations).set({ status: "ended", ended_at: new Date() }).where(eq(conversations.id, id));
      await tx.insert(grades).values({ conversation_id: id });
    });
    const [first, second] = await Promise.all([claimPendingGrade(db, 60_000), claimPendingGrade(db, 60_000)]);
    expect([first, second].filter(Boolean)).toEqual([
      { conversation_id: id, attempts: 1, lease: expect.any(String), version: 0 },
    ]);
    expect(await claimPendingGrade(db, 60_000)).toBeNull();

    // a worker that crashed holding the lease: once it expires, the sweep's drain picks the grade up
    await db
      .update(grades)
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where(eq(grades.conversation_id, id));
    kickGrader();
    await nextTick();
    await drainGrades();
    expect(await gradeOf(id)).toMatchObject({ status: "graded", attempts: 2 });
  });

  it("waits before retrying, doubling the delay each time", () => {
    process.env.GRADING_RETRY_DELAY_MS = "500";
    expect([1, 2, 3].map(retryDelayMs)).toEqual([500, 1000, 2000]);
  });

  it("answers false when nothing is due", async () => {
    await drainGrades();
    expect(await gradeNext()).toBe(false);
  });
});
