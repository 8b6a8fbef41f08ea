import { and, eq, isNotNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { POST as signin } from "@/app/api/auth/signin/route";
import { POST as seed } from "@/app/api/dev/seed/organization/route";
import { GET as listLibrary, POST as addFromLibrary } from "@/app/api/organization/library/route";
import { PUT as editRoleplay } from "@/app/api/protected/roleplay/edit/[roleplayId]/route";
import { GET as listRoleplays } from "@/app/api/protected/roleplay/list/route";
import { getDb } from "@/db";
import { organizations, roleplays } from "@/db/schema";
import { findLibraryEntry, LIBRARY, RECOMMENDED_KEYS } from "@/lib/roleplays/library";

import { call } from "../helpers/api";
import { addMember, createOrg, createUser } from "../helpers/factories";

type User = Awaited<ReturnType<typeof createUser>>;
let dev: User;
let admin: User;
let member: User;
let otherAdmin: User;
let orgA: Awaited<ReturnType<typeof createOrg>>;

beforeAll(async () => {
  dev = await createUser({ name: "Dev", isDev: true });
  admin = await createUser({ name: "Ada Admin" });
  member = await createUser({ name: "Mia Member" });
  otherAdmin = await createUser({ name: "Otto Other" });
  orgA = await createOrg({ name: "Library Org A", groups: ["A1"] });
  const orgB = await createOrg({ name: "Library Org B", groups: ["B1"] });
  await addMember({ userId: admin.id, orgId: orgA.id, role: "admin", groupIds: [orgA.groups[0].id] });
  await addMember({ userId: member.id, orgId: orgA.id, role: "member", groupIds: [orgA.groups[0].id] });
  await addMember({ userId: otherAdmin.id, orgId: orgB.id, role: "admin", groupIds: [orgB.groups[0].id] });
});

/** The CSV's rows by its header, whatever columns it carries. */
function csvRows(csv: string): Record<string, string>[] {
  const [header, ...lines] = csv.trim().split(/\r?\n/);
  const names = header.split(",");
  return lines.map((line) => Object.fromEntries(line.split(",").map((v, i) => [names[i], v])));
}

async function libraryCopies(organizationId: string) {
  const db = await getDb();
  return db
    .select({ name: roleplays.name, key: roleplays.library_key, is_public: roleplays.is_public })
    .from(roleplays)
    .where(and(eq(roleplays.organization_id, organizationId), isNotNull(roleplays.library_key)));
}

describe("seeded organisations start with the starter library", () => {
  it("group mode: the recommended set, public, and a seeded student sees every one", async () => {
    const res = await call(seed, {
      token: dev.token,
      body: {
        org_name: "Library Pilot",
        description: "",
        groups: [
          { name: "Tuesday", description: "", num_users: 1, num_admins: 1 },
          { name: "Thursday", description: "", num_users: 1, num_admins: 0 },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(Object.keys(res.json).sort()).toEqual(["csv_data", "csv_filename", "organization"]);
    const copies = await libraryCopies(res.json.organization.id);
    expect(copies.map((c) => c.key).sort()).toEqual([...RECOMMENDED_KEYS].sort());
    expect(copies.every((c) => c.is_public)).toBe(true);

    const student = csvRows(res.json.csv_data).find((r) => r.group === "Thursday" && r.role === "member")!;
    const session = await call(signin, { body: { email: student.email, password: student.password } });
    expect(session.status).toBe(200);
    const list = await call(listRoleplays, { token: session.json.token });
    expect(list.status).toBe(200);
    expect(list.json.map((r: { name: string }) => r.name).sort()).toEqual(
      RECOMMENDED_KEYS.map((k) => findLibraryEntry(k)!.name).sort(),
    );
  });

  it("legacy mode gets the recommended set too; library_keys chooses the set, [] none", async () => {
    const legacy = await call(seed, {
      token: dev.token,
      body: { org_name: "Library Legacy", description: "", num_users: 1, num_admins: 0 },
    });
    expect(legacy.status).toBe(201);
    expect(await libraryCopies(legacy.json.organization.id)).toHaveLength(RECOMMENDED_KEYS.length);

    const chosen = ["negotiation-supply-contract", "service-missed-delivery", "negotiation-supply-contract"];
    const picked = await call(seed, {
      token: dev.token,
      body: { org_name: "Library Picked", num_users: 0, num_admins: 0, library_keys: chosen },
    });
    expect(picked.status).toBe(201);
    expect((await libraryCopies(picked.json.organization.id)).map((c) => c.key).sort()).toEqual([
      "negotiation-supply-contract",
      "service-missed-delivery",
    ]);

    const none = await call(seed, {
      token: dev.token,
      body: { org_name: "Library None", num_users: 0, num_admins: 0, library_keys: [] },
    });
    expect(none.status).toBe(201);
    expect(await libraryCopies(none.json.organization.id)).toEqual([]);
  });

  it("an unknown library key is refused with 422 naming it, and nothing is seeded", async () => {
    const res = await call(seed, {
      token: dev.token,
      body: { org_name: "Library Unknown", num_users: 1, num_admins: 0, library_keys: ["no-such-roleplay"] },
    });
    expect(res.status).toBe(422);
    expect(res.json.detail).toEqual([
      expect.objectContaining({ loc: ["body", "library_keys", 0], msg: "Unknown library roleplay: no-such-roleplay" }),
    ]);
    const bad = await call(seed, {
      token: dev.token,
      body: { org_name: "Library Unknown", num_users: 1, num_admins: 0, library_keys: "all" },
    });
    expect(bad.status).toBe(422);
    const db = await getDb();
    expect(await db.select().from(organizations).where(eq(organizations.name, "Library Unknown"))).toEqual([]);
  });
});

describe("GET and POST /api/organization/library", () => {
  const key = "discovery-boutique-hotels";

  it("needs a signed-in admin of the organisation: 401, member 403, another organisation 404", async () => {
    expect((await call(listLibrary, {})).status).toBe(401);
    expect((await call(addFromLibrary, { body: { key } })).status).toBe(401);
    const asMember = await call(addFromLibrary, { token: member.token, body: { key } });
    expect(asMember.status).toBe(403);
    expect(asMember.json.detail).toBe("Only admins can add roleplays from the library");
    expect((await call(listLibrary, { token: member.token })).status).toBe(403);
    const outsider = await call(addFromLibrary, {
      token: otherAdmin.token,
      body: { key, organization_id: orgA.id },
    });
    expect(outsider.status).toBe(404);
    expect((await call(listLibrary, { token: otherAdmin.token, query: { organization_id: orgA.id } })).status).toBe(
      404,
    );
    expect(await libraryCopies(orgA.id)).toEqual([]);
  });

  it("refuses an unknown or missing key and a malformed organisation with 422", async () => {
    for (const body of [{ key: "no-such-roleplay" }, {}, { key: 7 }, { key, organization_id: "nope" }]) {
      const res = await call(addFromLibrary, { token: admin.token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Array.isArray(res.json.detail)).toBe(true);
    }
    expect((await call(addFromLibrary, { token: admin.token, body: "{" })).status).toBe(400);
  });

  it("adds an editable copy visible to the organisation; a second add is a '(copy)'; the listing says Added", async () => {
    const before = await call(listLibrary, { token: admin.token });
    expect(before.status).toBe(200);
    expect(before.json.entries).toHaveLength(LIBRARY.length);
    expect(before.json.entries.find((e: { key: string }) => e.key === key)).toMatchObject({
      added: false,
      copies: [],
      difficulty: "advanced",
      difficulty_label: "Advanced",
      category_label: "Discovery call",
      industry: "Hospitality",
    });

    const entry = findLibraryEntry(key)!;
    const first = await call(addFromLibrary, { token: admin.token, body: { key } });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({
      name: entry.name,
      organization_id: orgA.id,
      is_public: true,
      assigned_groups: [],
      library_key: key,
      schema_data: { scenario: entry.scenario, scorecard: entry.scorecard },
    });
    expect(first.json.schema_data.persona).toMatchObject({ name: entry.persona.name, difficulty: "hard" });

    const second = await call(addFromLibrary, { token: admin.token, body: { key } });
    expect(second.status).toBe(201);
    expect(second.json.name).toBe(`${entry.name} (copy)`);
    const third = await call(addFromLibrary, { token: admin.token, body: { key, organization_id: orgA.id } });
    expect(third.json.name).toBe(`${entry.name} (copy 2)`);

    const seen = await call(listRoleplays, { token: member.token });
    expect(seen.json.map((r: { id: string }) => r.id)).toEqual(
      expect.arrayContaining([first.json.id, second.json.id, third.json.id]),
    );
    const after = await call(listLibrary, { token: admin.token });
    const listed = after.json.entries.find((e: { key: string }) => e.key === key);
    expect(listed.added).toBe(true);
    expect(listed.copies.map((c: { id: string }) => c.id)).toEqual([first.json.id, second.json.id, third.json.id]);

    // The copy is the organisation's own: editing it leaves the library and the other copies alone.
    const edited = await call(editRoleplay, {
      method: "PUT",
      token: admin.token,
      params: { roleplayId: first.json.id },
      body: {
        name: "Hotel discovery (our version)",
        description: first.json.description,
        is_public: true,
        assigned_groups: [],
        schema_data: { ...first.json.schema_data, persona: { ...first.json.schema_data.persona, name: "Sofia Rossi" } },
      },
    });
    expect(edited.status, JSON.stringify(edited.json)).toBe(200);
    expect(findLibraryEntry(key)!.persona.name).toBe("Sofia Marchetti");
    const keys = (await libraryCopies(orgA.id)).filter((c) => c.key === key).map((c) => c.name);
    expect(keys.sort()).toEqual([`${entry.name} (copy 2)`, `${entry.name} (copy)`, "Hotel discovery (our version)"]);
  });

  it("a developer may add to any organisation by id; without one, to their current organisation only", async () => {
    const res = await call(addFromLibrary, {
      token: dev.token,
      body: { key: "pitch-supermarket-buyer", organization_id: orgA.id },
    });
    expect(res.status).toBe(201);
    expect(res.json.organization_id).toBe(orgA.id);
    const loner = await createUser({ name: "Lone Dev", isDev: true });
    const nowhere = await call(addFromLibrary, { token: loner.token, body: { key: "pitch-supermarket-buyer" } });
    expect(nowhere.status).toBe(404);
  });
});
