import { eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { POST as revoke } from "@/app/api/organization/join-codes/[id]/revoke/route";
import { GET as listCodes, POST as createCode } from "@/app/api/organization/join-codes/route";
import { GET as dashboard } from "@/app/api/protected/dashboard/route";
import { POST as join } from "@/app/api/protected/join-organization/route";
import { GET as roleplayList } from "@/app/api/protected/roleplay/list/route";
import { getDb } from "@/db";
import { groupMembers, joinCodes, memberships } from "@/db/schema";
import { JOIN_CODE_ALPHABET } from "@/lib/organizations/join-code-format";
import { ALREADY_IN_ORGANIZATION, JOIN_CODE_REFUSED } from "@/lib/organizations/join-codes";
import { resetAll } from "@/lib/rate-limit";

import { call } from "../helpers/api";
import { addMember, createOrg, createUser } from "../helpers/factories";
import { makeRoleplay } from "./matrix/world";

type User = Awaited<ReturnType<typeof createUser>>;
type Org = Awaited<ReturnType<typeof createOrg>>;

const newCode = async (admin: User, body: Record<string, unknown> = {}) => {
  const res = await call(createCode, { method: "POST", token: admin.token, body });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { id: string; code: string; hint: string; status: string; uses: number };
};
const joinWith = (user: User, code: string) => call(join, { method: "POST", token: user.token, body: { code } });
/** postgres.js answers an array, PGlite an object with rows. */
const rowsOf = <T>(res: unknown) => (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as T[];
const membershipsOf = async (userId: string) =>
  (await getDb()).select().from(memberships).where(eq(memberships.user_id, userId));

describe("join codes", () => {
  let org: Org;
  let other: Org;
  let admin: User;
  let member: User;
  let otherAdmin: User;

  beforeAll(async () => {
    org = await createOrg({ name: "Riverside Community College", groups: ["Tuesday section", "Thursday section"] });
    other = await createOrg({ name: "Other Academy", groups: ["Other group"] });
    admin = await createUser({ name: "Ines Instructor" });
    member = await createUser({ name: "Sam Student" });
    otherAdmin = await createUser({ name: "Otto Other" });
    await addMember({ userId: admin.id, orgId: org.id, role: "admin" });
    await addMember({ userId: member.id, orgId: org.id, groupIds: [org.groups[0].id] });
    await addMember({ userId: otherAdmin.id, orgId: other.id, role: "admin" });
    await makeRoleplay(org.id);
  });
  beforeEach(() => resetAll());

  describe("creating, listing and revoking", () => {
    it("an admin gets a readable code once; the list shows its hint, group, uses, expiry and status", async () => {
      const expires = new Date(Date.now() + 7 * 86_400_000).toISOString();
      const created = await newCode(admin, { group_id: org.groups[1].id, expires_at: expires, max_uses: 30 });
      const chars = `[${JOIN_CODE_ALPHABET}]`;
      expect(created.code).toMatch(new RegExp(`^RCC-${chars}{4}-${chars}{4}$`));
      expect(created.code).not.toMatch(/[01OIL]/);
      expect(created).toMatchObject({
        hint: created.code.slice(-4),
        group: { id: org.groups[1].id, name: "Thursday section" },
        uses: 0,
        max_uses: 30,
        expires_at: expires,
        status: "active",
      });

      const listed = await call(listCodes, { token: admin.token });
      expect(listed.status).toBe(200);
      const row = listed.json.join_codes.find((c: { id: string }) => c.id === created.id);
      expect(row).toMatchObject({ hint: created.hint, group: { name: "Thursday section" }, status: "active" });
      expect(JSON.stringify(listed.json)).not.toContain(created.code);
    });

    it("members get 403, another organisation's admin sees none of them and cannot revoke them (404)", async () => {
      const created = await newCode(admin);
      expect((await call(createCode, { method: "POST", token: member.token, body: {} })).status).toBe(403);
      expect((await call(listCodes, { token: member.token })).status).toBe(403);
      const asMember = await call(revoke, { method: "POST", token: member.token, params: { id: created.id } });
      expect(asMember.status).toBe(403);
      expect((await call(createCode, { method: "POST", body: {} })).status).toBe(401);

      const theirs = await call(listCodes, { token: otherAdmin.token });
      expect(theirs.json.join_codes.map((c: { id: string }) => c.id)).not.toContain(created.id);
      const foreign = await call(revoke, { method: "POST", token: otherAdmin.token, params: { id: created.id } });
      expect(foreign).toMatchObject({ status: 404, json: { detail: "Join code not found" } });
      const stillActive = await call(listCodes, { token: admin.token });
      expect(stillActive.json.join_codes.find((c: { id: string }) => c.id === created.id).status).toBe("active");
    });

    it("refuses another organisation's group, a past expiry, a silly maximum and unknown fields (422)", async () => {
      for (const body of [
        { group_id: other.groups[0].id },
        { expires_at: "2020-01-01T00:00:00Z" },
        { max_uses: 0 },
        { max_uses: "ten" },
        { max_uses: 1.5 },
        { max_use: 5 },
      ]) {
        const res = await call(createCode, { method: "POST", token: admin.token, body });
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect(Array.isArray(res.json.detail), JSON.stringify(res.json)).toBe(true);
      }
    });

    it("revoking marks the code revoked and keeps it in the list; twice is harmless", async () => {
      const created = await newCode(admin);
      const first = await call(revoke, { method: "POST", token: admin.token, params: { id: created.id } });
      expect(first).toMatchObject({ status: 200, json: { id: created.id, status: "revoked" } });
      const again = await call(revoke, { method: "POST", token: admin.token, params: { id: created.id } });
      expect(again.json.revoked_at).toBe(first.json.revoked_at);
    });
  });

  describe("joining", () => {
    it("a signed-up account joins as a member of the organisation and the code's group, and sees its roleplays", async () => {
      const created = await newCode(admin, { group_id: org.groups[0].id, max_uses: 5 });
      const learner = await createUser({ name: "New Learner" });
      expect((await call(dashboard, { token: learner.token })).json.organization).toBe("");

      // Typed as people type: lower case, spaces instead of dashes.
      const res = await joinWith(learner, ` ${created.code.toLowerCase().replaceAll("-", " ")} `);
      expect(res).toMatchObject({
        status: 200,
        json: {
          organization_id: org.id,
          organization_name: "Riverside Community College",
          role: "member",
          group_name: "Tuesday section",
        },
      });
      expect(await membershipsOf(learner.id)).toMatchObject([{ organization_id: org.id, role: "member" }]);
      const db = await getDb();
      const groupsOf = await db.select().from(groupMembers).where(eq(groupMembers.user_id, learner.id));
      expect(groupsOf.map((g) => g.group_id)).toEqual([org.groups[0].id]);

      const home = await call(dashboard, { token: learner.token });
      expect(home.json).toMatchObject({ organization: "Riverside Community College", organizationRole: "member" });
      expect((await call(roleplayList, { token: learner.token })).json.length).toBeGreaterThan(0);
      const [row] = await db.select().from(joinCodes).where(eq(joinCodes.id, created.id));
      expect(row.uses).toBe(1);
    });

    it("a code without a group adds the organisation only, never as admin", async () => {
      const created = await newCode(admin);
      const learner = await createUser();
      expect((await joinWith(learner, created.code)).status).toBe(200);
      expect(await membershipsOf(learner.id)).toMatchObject([{ organization_id: org.id, role: "member" }]);
      const db = await getDb();
      expect(await db.select().from(groupMembers).where(eq(groupMembers.user_id, learner.id))).toEqual([]);
    });

    it("a wrong, revoked, expired or used-up code gets one answer that does not say which, and writes nothing", async () => {
      const db = await getDb();
      const revoked = await newCode(admin);
      await call(revoke, { method: "POST", token: admin.token, params: { id: revoked.id } });
      const expired = await newCode(admin);
      await db
        .update(joinCodes)
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where(eq(joinCodes.id, expired.id));
      const usedUp = await newCode(admin, { max_uses: 1 });
      expect((await joinWith(await createUser(), usedUp.code)).status).toBe(200);
      const wrong = `RCC-${usedUp.code.slice(4, 8)}-2222`;

      const learner = await createUser();
      const answers = [];
      for (const code of [wrong, revoked.code, expired.code, usedUp.code, "hello"]) {
        await resetAll();
        answers.push(await joinWith(learner, code));
      }
      for (const a of answers) expect(a).toMatchObject({ status: 404, json: { detail: JOIN_CODE_REFUSED } });
      expect(await membershipsOf(learner.id)).toEqual([]);
      const uses = await db
        .select({ id: joinCodes.id, uses: joinCodes.uses })
        .from(joinCodes)
        .where(sql`${joinCodes.id} in (${revoked.id}, ${expired.id}, ${usedUp.id})`);
      expect(Object.fromEntries(uses.map((u) => [u.id, u.uses]))).toEqual({
        [revoked.id]: 0,
        [expired.id]: 0,
        [usedUp.id]: 1,
      });

      const listed = (await call(listCodes, { token: admin.token })).json.join_codes;
      const status = (id: string) => listed.find((c: { id: string }) => c.id === id).status;
      expect([status(revoked.id), status(expired.id), status(usedUp.id)]).toEqual(["revoked", "expired", "used_up"]);
    });

    it("someone already in an organisation gets 409 and the code's use is not counted", async () => {
      const created = await newCode(admin, { max_uses: 1 });
      for (const who of [member, otherAdmin]) {
        const res = await joinWith(who, created.code);
        expect(res).toMatchObject({ status: 409, json: { detail: ALREADY_IN_ORGANIZATION } });
      }
      expect(await membershipsOf(otherAdmin.id)).toMatchObject([{ organization_id: other.id, role: "admin" }]);
      const learner = await createUser();
      expect((await joinWith(learner, created.code)).status).toBe(200);
      expect((await joinWith(learner, created.code)).status).toBe(409);
    });

    it("learners racing for the last uses: exactly that many join, the uses are counted once each", async () => {
      const created = await newCode(admin, { max_uses: 2 });
      const racers = await Promise.all(Array.from({ length: 6 }, () => createUser()));
      const answers = await Promise.all(racers.map((r) => joinWith(r, created.code)));
      expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 404, 404, 404, 404]);
      const db = await getDb();
      const [row] = await db.select().from(joinCodes).where(eq(joinCodes.id, created.id));
      expect(row.uses).toBe(2);
      const joined = await Promise.all(racers.map((r) => membershipsOf(r.id)));
      expect(joined.flat()).toHaveLength(2);
    });

    it("one person with two codes in two tabs joins once", async () => {
      const [first, second] = [await newCode(admin), await newCode(admin)];
      const learner = await createUser();
      const answers = await Promise.all([joinWith(learner, first.code), joinWith(learner, second.code)]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await membershipsOf(learner.id)).toHaveLength(1);
    });

    it("is rate-limited per account: after 10 tries even the right code waits (429 with Retry-After)", async () => {
      const created = await newCode(admin);
      const learner = await createUser();
      for (let i = 0; i < 10; i++) expect((await joinWith(learner, `RCC-2222-${2222 + i}`)).status).toBe(404);
      const limited = await joinWith(learner, created.code);
      expect(limited.status).toBe(429);
      expect(limited.json.detail).toMatch(/Too many tries with join codes/);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await membershipsOf(learner.id)).toEqual([]);
    });

    it("refuses a blank or oversized code with a 422 naming the field", async () => {
      const learner = await createUser();
      for (const body of [{}, { code: "" }, { code: "   " }, { code: "A".repeat(65) }, { code: 12 }]) {
        const res = await call(join, { method: "POST", token: learner.token, body });
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect(res.json.detail[0].loc).toEqual(["body", "code"]);
      }
      expect((await call(join, { method: "POST", body: { code: "RCC-2222-3333" } })).status).toBe(401);
    });
  });

  describe("the code itself is kept nowhere", () => {
    const logged: string[] = [];
    beforeEach(() => {
      for (const level of ["log", "info", "warn", "error", "debug"] as const)
        vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
          logged.push(args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : String(a))).join(" "));
        });
    });
    afterEach(() => vi.restoreAllMocks());

    it("neither in any table nor in the logs, formatted or as typed", async () => {
      const created = await newCode(admin, { group_id: org.groups[0].id });
      const learner = await createUser();
      await joinWith(await createUser(), created.code.toLowerCase());
      await joinWith(learner, created.code);
      await joinWith(learner, created.code); // 409 for someone who already joined
      await call(listCodes, { token: admin.token });

      const db = await getDb();
      const tables = await db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      );
      const names = rowsOf<{ table_name: string }>(tables).map((t) => t.table_name);
      expect(names).toContain("join_codes");
      let dump = "";
      for (const name of names) {
        const rows = await db.execute(sql.raw(`select row_to_json(t)::text as j from "${name}" t`));
        dump += rowsOf<{ j: string }>(rows)
          .map((r) => r.j)
          .join("\n");
      }
      const bare = created.code.replaceAll("-", "");
      for (const form of [created.code, bare, bare.toLowerCase(), bare.slice(3)]) {
        expect(dump, form).not.toContain(form);
        expect(logged.join("\n"), form).not.toContain(form);
      }
      expect(dump).toContain(created.hint);
    });
  });
});
