import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";

import { getDb } from "@/db";
import { conversations, grades } from "@/db/schema";
import { drainGrades } from "@/lib/grading/worker";

import { createUser, typedDiscoveryCall } from "../helpers/factories";

// The drain's last step looks up when to wake next. A gate holds it there, so a grade can fall due
// exactly while the drain is finishing: the window in which a late turn's kick used to be lost.
let gate: { entered: () => void; release: Promise<void> } | null = null;
vi.mock("@/db/queries/grades", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/db/queries/grades")>();
  return {
    ...original,
    nextPendingDueAt: async (...args: Parameters<typeof original.nextPendingDueAt>) => {
      const held = gate;
      if (held) {
        gate = null;
        held.entered();
        await held.release;
      }
      return original.nextPendingDueAt(...args);
    },
  };
});

let userId: string;
beforeAll(async () => {
  userId = (await createUser()).id; // opens and migrates the database outside the test's time limit
});

describe("a drain that is finishing", () => {
  it("grades a grade that falls due while it looks up its next wake", async () => {
    const db = await getDb();
    let entered!: () => void;
    const reached = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    gate = { entered, release: new Promise<void>((resolve) => (release = resolve)) };

    // Nothing is due: the drain goes straight to its wake look-up and waits at the gate.
    const first = drainGrades();
    await reached;

    // A conversation ends and its grade falls due; its kick joins the drain that is still running.
    const id = await typedDiscoveryCall(userId);
    await db.update(conversations).set({ status: "ended", ended_at: new Date() }).where(eq(conversations.id, id));
    await db.insert(grades).values({ conversation_id: id });
    const joined = drainGrades();
    release();
    await Promise.all([first, joined]);

    const [grade] = await db.select().from(grades).where(eq(grades.conversation_id, id));
    expect(grade.status).toBe("graded");
  });
});
