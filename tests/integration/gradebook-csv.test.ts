import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { POST as createAssignment } from "@/app/api/organization/assignments/route";
import { GET as exportCsv } from "@/app/api/organization/export/grades.csv/route";
import { PUT as review } from "@/app/api/organization/grades/[conversationId]/review/route";
import { getDb } from "@/db";
import { assignments, conversations, conversationTurns, grades } from "@/db/schema";
import { enqueueGrade } from "@/lib/grading/queue";
import { drainGrades } from "@/lib/grading/worker";
import { setTimeZone } from "@/lib/organizations/settings";
import { timeZoneSchema } from "@/lib/validations/organization";

import { discoveryCall, samplePersona, timedTurns } from "../fixtures/grading/sample-calls";
import { call } from "../helpers/api";
import { csvRecords, parseCsvCells } from "../helpers/csv";
import { addMember, createOrg, createUser } from "../helpers/factories";
import { makeRoleplay } from "./matrix/world";

const ZONE = "America/New_York";
/** The wall-clock time in the zone, computed independently of the export's formatter. */
const wallClock = (d: Date, timeZone = ZONE) => d.toLocaleString("sv-SE", { timeZone }).slice(0, 16);

async function conversation(
  userId: string,
  orgId: string,
  roleplayId: string,
  opts: { minutesAgo: number; status: "ended" | "abandoned"; score?: number },
) {
  const db = await getDb();
  const started = new Date(Date.now() - opts.minutesAgo * 60_000);
  started.setUTCSeconds(41, 512); // seconds and milliseconds the export must not show
  const [c] = await db
    .insert(conversations)
    .values({
      user_id: userId,
      organization_id: orgId,
      schema_id: roleplayId,
      schema_name: "Discovery call",
      persona: samplePersona,
      mode: "local",
      status: opts.status,
      started_at: started,
      ended_at: new Date(started.getTime() + 3 * 60_000),
    })
    .returning();
  if (opts.score !== undefined) {
    await db.insert(grades).values({ conversation_id: c.id, status: "graded", score: opts.score, grader: "rubric" });
  } else if (opts.status === "ended") {
    // A real transcript through the real grader: its grade carries the scorecard's criteria.
    await db
      .insert(conversationTurns)
      .values(timedTurns(discoveryCall, "voice", started).map((t) => ({ ...t, conversation_id: c.id })));
    await enqueueGrade(db, c.id);
    await drainGrades();
  }
  return c;
}

const session = (u: { id: string; name: string; email: string }) => ({ ...u, isDev: false });

describe("the gradebook CSV, ready for a spreadsheet", () => {
  let org: Awaited<ReturnType<typeof createOrg>>;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let ana: typeof admin, ben: typeof admin, cal: typeof admin, member: typeof admin;
  let assignmentId: string;
  let assignedAt: Date;
  let graded: Awaited<ReturnType<typeof conversation>>;

  beforeAll(async () => {
    org = await createOrg({ name: "Clock Lab", groups: ["Morning", "Evening"] });
    [admin, ana, ben, cal, member] = await Promise.all([
      createUser({ name: "Ines Instructor" }),
      createUser({ name: "Ana Early" }),
      createUser({ name: "Ben Later" }),
      createUser({ name: "Cal Evening" }),
      createUser({ name: "Mo Member" }),
    ]);
    const [morning, evening] = org.groups.map((g) => g.id);
    await addMember({ userId: admin.id, orgId: org.id, role: "admin", groupIds: [morning] });
    await addMember({ userId: ana.id, orgId: org.id, groupIds: [morning] });
    await addMember({ userId: ben.id, orgId: org.id, groupIds: [morning, evening] });
    await addMember({ userId: cal.id, orgId: org.id, groupIds: [evening] });
    const roleplayId = (await makeRoleplay(org.id)).id;
    const made = await call(createAssignment, {
      method: "POST",
      token: admin.token,
      body: { schema_id: roleplayId, group_ids: [morning], due_at: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    assignmentId = made.json.id;
    assignedAt = new Date(Date.now() - 3_600_000);
    await (await getDb()).update(assignments).set({ created_at: assignedAt }).where(eq(assignments.id, assignmentId));

    await conversation(ana.id, org.id, roleplayId, { minutesAgo: 120, status: "ended", score: 91 }); // before it
    graded = await conversation(ana.id, org.id, roleplayId, { minutesAgo: 30, status: "ended" });
    await conversation(ana.id, org.id, roleplayId, { minutesAgo: 20, status: "abandoned" });
    await conversation(cal.id, org.id, roleplayId, { minutesAgo: 10, status: "ended", score: 55 });
    const reviewed = await call(review, {
      method: "PUT",
      token: admin.token,
      params: { conversationId: graded.id },
      body: { score: 77, comment: "+1 for the implication question, but confirm the budget" },
    });
    expect(reviewed.status, JSON.stringify(reviewed.json)).toBe(200);
  });

  it("the time zone setting takes IANA names from the list only, and only from an admin", async () => {
    expect(timeZoneSchema.safeParse({ time_zone: "Mars/Olympus" }).success).toBe(false);
    expect(timeZoneSchema.safeParse({ time_zone: "" }).success).toBe(false);
    expect(timeZoneSchema.safeParse({ time_zone: "UTC" }).success).toBe(true);
    await addMember({ userId: member.id, orgId: org.id });
    await expect(setTimeZone(session(member), { time_zone: ZONE })).rejects.toMatchObject({
      status: 403,
      message: "Only admins can change the organization's time zone",
    });
    await expect(setTimeZone(session(admin), { time_zone: ZONE })).resolves.toEqual({ time_zone: ZONE });
  });

  it("shows local date and time without seconds, names the zone, and has a column per criterion, the comment and a status", async () => {
    const res = await call(exportCsv, { token: admin.token });
    expect(res.status).toBe(200);
    const [header] = parseCsvCells(res.json as string);
    const criteria = header.filter((h) => h.startsWith("criterion: "));
    expect(criteria.length).toBeGreaterThan(0);
    // After the criteria; later features add their columns after these.
    const comment = header.indexOf("reviewer_comment");
    expect(comment).toBeGreaterThan(header.indexOf(criteria[criteria.length - 1]));
    expect(header.slice(comment, comment + 2)).toEqual(["reviewer_comment", "status"]);
    const rows = csvRecords(res.json as string);
    expect(rows.map((r) => r.student_name)).not.toContain("Ines Instructor");
    const ana = rows.filter((r) => r.student_name === "Ana Early");
    expect(ana.map((r) => r.status)).toEqual(["graded", "graded", "abandoned"]);
    for (const r of rows) {
      expect(r.time_zone).toBe(ZONE);
      expect(r.started_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    }
    const row = ana[1];
    expect(row.started_at).toBe(wallClock(graded.started_at));
    expect(row).toMatchObject({ reviewed_score: "77", final_score: "77", result: "pass" });
    // A leading + would start a formula in a spreadsheet: neutralised by the existing helper.
    expect(row.reviewer_comment).toBe("'+1 for the implication question, but confirm the budget");
    const scored = criteria.filter((c) => /^\d+$/.test(row[c]));
    expect(scored.length).toBeGreaterThan(0);
    expect(ana[2]).toMatchObject({ automatic_score: "", final_score: "", result: "" });
  });

  it("one assignment lists every assigned learner, 'not started' included, and says from when calls count", async () => {
    const res = await call(exportCsv, { token: admin.token, query: { assignment_id: assignmentId } });
    expect(res.status).toBe(200);
    const rows = csvRecords(res.json as string);
    // Ana's call from before the assignment does not count and is not listed; Cal is not assigned.
    expect(rows.map((r) => [r.student_name, r.status])).toEqual([
      ["Ana Early", "graded"],
      ["Ana Early", "abandoned"],
      ["Ben Later", "not started"],
    ]);
    for (const r of rows) {
      expect(r.counts_from).toBe(wallClock(assignedAt));
      expect(r.assignment).toBe("Matrix persona");
    }
    expect(rows[0].assignment_status).toBe("Passed"); // reviewed to 77 against 70, one attempt required
    expect(rows[2]).toMatchObject({
      groups: "Evening; Morning",
      started_at: "",
      final_score: "",
      assignment_status: "Not started",
      pass_mark: "70",
    });
    // Filtered to a group as well: only that group's assigned learners.
    const evening = csvRecords(
      (
        await call(exportCsv, {
          token: admin.token,
          query: { assignment_id: assignmentId, group_id: org.groups[1].id },
        })
      ).json as string,
    );
    expect(evening.map((r) => r.student_name)).toEqual(["Ben Later"]);
  });
});
