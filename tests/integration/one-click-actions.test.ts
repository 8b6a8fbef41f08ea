import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { getDb } from "@/db";
import { assignments, conversations, conversationTurns, grades, userSettings } from "@/db/schema";
import { createAssignment } from "@/lib/organizations/assignments";

import { discoveryCall, samplePersona, timedTurns } from "../fixtures/grading/sample-calls";
import { addMember, createOrg, createUser } from "../helpers/factories";
import { makeRoleplay } from "./matrix/world";

// The one-click buttons (Delete an assignment, Retry grading, the organisation switcher) are server
// actions. They must check who calls and what they own exactly as their REST routes do, and tell
// the page to re-render. The session cookie and Next's cache are the two things outside a request.
const request = vi.hoisted(() => ({ token: null as string | null, revalidated: [] as unknown[][] }));
vi.mock("next/headers", () => ({
  cookies: async () => ({ get: () => (request.token ? { value: request.token } : undefined) }),
  headers: async () => new Headers(),
}));
vi.mock("next/cache", () => ({ revalidatePath: (...args: unknown[]) => void request.revalidated.push(args) }));

const { chooseOrganizationAction, deleteAssignmentAction } = await import("@/lib/organizations/actions");
const { retryGradingAction } = await import("@/lib/grading/actions");

const form = (fields: Record<string, string>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  return fd;
};
const as = (user: { token: string } | null) => (request.token = user?.token ?? null);
const signedOut = { error: "Your session has ended. Please sign in again." };

type User = Awaited<ReturnType<typeof createUser>>;
let org: Awaited<ReturnType<typeof createOrg>>;
let otherOrg: Awaited<ReturnType<typeof createOrg>>;
let admin: User, member: User, otherAdmin: User;

beforeAll(async () => {
  org = await createOrg({ name: "Sales Lab", groups: ["Cohort A"] });
  otherOrg = await createOrg({ name: "Elsewhere" });
  [admin, member, otherAdmin] = await Promise.all([createUser(), createUser(), createUser()]);
  await addMember({ userId: admin.id, orgId: org.id, role: "admin" });
  await addMember({ userId: member.id, orgId: org.id, groupIds: [org.groups[0].id] });
  await addMember({ userId: otherAdmin.id, orgId: otherOrg.id, role: "admin" });
});

beforeEach(() => {
  request.revalidated = [];
});

describe("Delete on an assignment", () => {
  let assignmentId: string;
  beforeAll(async () => {
    const roleplay = await makeRoleplay(org.id);
    const made = await createAssignment(
      { id: admin.id, name: admin.name, email: admin.email, isDev: false },
      {
        schema_id: roleplay.id,
        group_ids: [org.groups[0].id],
        due_at: new Date(Date.now() + 86_400_000),
        pass_mark: 70,
        min_attempts: 1,
      },
    );
    assignmentId = made.id;
  });
  const exists = async () =>
    (await (await getDb()).select().from(assignments).where(eq(assignments.id, assignmentId))).length === 1;

  it("refuses a signed-out caller, a member and another organisation's admin, and keeps the assignment", async () => {
    as(null);
    expect(await deleteAssignmentAction({}, form({ id: assignmentId }))).toEqual(signedOut);
    as(member);
    expect((await deleteAssignmentAction({}, form({ id: assignmentId }))).error).toMatch(/admin/i);
    as(otherAdmin);
    expect(await deleteAssignmentAction({}, form({ id: assignmentId }))).toEqual({ error: "Assignment not found" });
    as(admin);
    expect(await deleteAssignmentAction({}, form({ id: "not-an-id" }))).toEqual({
      fieldErrors: { id: ["Assignment not found"] },
    });
    expect(await exists()).toBe(true);
    expect(request.revalidated).toEqual([]);
  });

  it("deletes it for its organisation's admin and re-renders the organisation page", async () => {
    as(admin);
    expect(await deleteAssignmentAction({}, form({ id: assignmentId }))).toEqual({ success: "Assignment deleted" });
    expect(await exists()).toBe(false);
    expect(request.revalidated).toEqual([["/organization"]]);
  });
});

describe("Retry grading", () => {
  let failed: string;
  beforeAll(async () => {
    const db = await getDb();
    const [c] = await db
      .insert(conversations)
      .values({
        user_id: member.id,
        organization_id: org.id,
        schema_name: "Discovery call",
        persona: samplePersona,
        mode: "local",
        status: "ended",
        started_at: new Date("2026-03-04T15:00:00Z"),
        ended_at: new Date("2026-03-04T15:01:20Z"),
      })
      .returning();
    failed = c.id;
    await db
      .insert(conversationTurns)
      .values(timedTurns(discoveryCall).map((t) => ({ ...t, conversation_id: failed })));
    await db
      .insert(grades)
      .values({ conversation_id: failed, status: "failed", error: "The model timed out", attempts: 3 });
  });
  const statusOf = async () =>
    (await (await getDb()).select().from(grades).where(eq(grades.conversation_id, failed)))[0].status;

  it("refuses a signed-out caller and someone outside the organisation, and leaves the grade failed", async () => {
    as(null);
    expect(await retryGradingAction({}, form({ conversation_id: failed }))).toEqual(signedOut);
    as(otherAdmin);
    expect((await retryGradingAction({}, form({ conversation_id: failed }))).error).toMatch(/not found/i);
    expect(await statusOf()).toBe("failed");
    expect(request.revalidated).toEqual([]);
  });

  it("queues the grade again for its learner, re-renders the grade page, and the grader finishes it", async () => {
    as(member);
    expect(await retryGradingAction({}, form({ conversation_id: failed }))).toEqual({ success: "Grading queued" });
    expect(await statusOf()).not.toBe("failed");
    expect(request.revalidated).toEqual([[`/grade/${failed}`]]);
    for (let i = 0; i < 100 && (await statusOf()) === "pending"; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await statusOf()).toBe("graded");
  });
});

describe("the organisation switcher", () => {
  const activeOf = async (userId: string) =>
    (await (await getDb()).select().from(userSettings).where(eq(userSettings.user_id, userId)))[0]
      ?.active_organization_id ?? null;

  it("will not switch to an organisation the caller is not in", async () => {
    as(member);
    expect(await chooseOrganizationAction({}, form({ organization_id: otherOrg.id }))).toEqual({
      error: "Organization not found",
    });
    expect(await activeOf(member.id)).not.toBe(otherOrg.id);
    expect(request.revalidated).toEqual([]);
  });

  it("switches someone in two organisations and re-renders every page", async () => {
    await addMember({ userId: member.id, orgId: otherOrg.id });
    as(member);
    expect(await chooseOrganizationAction({}, form({ organization_id: otherOrg.id }))).toEqual({
      success: "Elsewhere",
    });
    expect(await activeOf(member.id)).toBe(otherOrg.id);
    expect(request.revalidated).toEqual([["/", "layout"]]);
  });
});
