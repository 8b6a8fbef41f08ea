import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { POST as create } from "@/app/api/protected/roleplay/create/route";
import { DELETE as remove, PUT as edit } from "@/app/api/protected/roleplay/edit/[roleplayId]/route";
import { GET as groupsRoute } from "@/app/api/protected/roleplay/groups/route";
import { GET as list } from "@/app/api/protected/roleplay/list/route";
import { GET as select } from "@/app/api/protected/roleplay/select/[roleplayId]/route";
import { getDb } from "@/db";
import { conversations, grades, roleplayGroups, roleplays } from "@/db/schema";

import { payload, persona, world } from "../fixtures/roleplay";
import { call } from "../helpers/api";
import { createUser } from "../helpers/factories";

type World = Awaited<ReturnType<typeof world>>;
let w: World;
const ids: Record<string, string> = {};

const names = async (token: string, query?: Record<string, string>) => {
  const res = await call(list, { token, query });
  expect(res.status).toBe(200);
  return (res.json as { name: string }[]).map((s) => s.name).sort();
};

beforeAll(async () => {
  w = await world();
  const make = async (name: string, is_public: boolean, groups: string[], token = w.admin.token) => {
    const res = await call(create, { token, body: payload({ name, is_public, assigned_groups: groups }) });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return res.json.id as string;
  };
  ids.public = await make("Public", true, []);
  ids.privateA = await make("Private A", false, [w.groupA.id]);
  ids.privateAB = await make("Private A+B", false, [w.groupA.id, w.groupB.id]);
  ids.orphan = await make("Private no groups", false, []);
  ids.elsewhere = await make("Elsewhere public", true, [], w.otherAdmin.token);
});

describe("roleplay list visibility", () => {
  it("shows public schemas to everyone in the organisation and private ones to assigned groups only", async () => {
    expect(await names(w.memberA.token)).toEqual(["Private A", "Private A+B", "Public"]);
    expect(await names(w.memberB.token)).toEqual(["Private A+B", "Public"]);
    expect(await names(w.loner.token)).toEqual(["Public"]);
  });

  it("shows the organisation's admins every schema, including a private one with no groups", async () => {
    expect(await names(w.admin.token)).toEqual(["Private A", "Private A+B", "Private no groups", "Public"]);
  });

  it("keeps other organisations' schemas out of the normal list, even for developers", async () => {
    expect(await names(w.outsider.token)).toEqual(["Elsewhere public"]);
    expect(await names(w.dev.token)).not.toContain("Elsewhere public");
  });

  it("answers an empty list to a user with no organisation", async () => {
    const stranger = await createUser();
    expect(await names(stranger.token)).toEqual([]);
  });

  it("lists every organisation's schemas with organization {name} for developers with return_all=true", async () => {
    const res = await call(list, { token: w.dev.token, query: { return_all: "true" } });
    expect(res.status).toBe(200);
    const byName = Object.fromEntries(res.json.map((s: { name: string }) => [s.name, s]));
    expect(byName["Elsewhere public"].organization).toEqual({ name: "Elsewhere" });
    expect(byName["Private no groups"].organization).toEqual({ name: "Riverside" });
  });

  it("refuses return_all=true to anyone but developers with 403", async () => {
    const res = await call(list, { token: w.admin.token, query: { return_all: "true" } });
    expect(res.status).toBe(403);
    expect(res.json.detail).toMatch(/developers/i);
  });

  it("returns the list item shape with group ids", async () => {
    const res = await call(list, { token: w.memberA.token });
    const item = res.json.find((s: { id: string }) => s.id === ids.privateAB);
    expect(item).toMatchObject({
      name: "Private A+B",
      description: "First call with an operations lead",
      is_public: false,
      is_active: true,
      schema_data: { persona: { name: "Dana Whitfield", pain_points: ["Missed carrier cut-offs"] } },
    });
    expect([...item.assigned_groups].sort()).toEqual([w.groupA.id, w.groupB.id].sort());
    expect(item.organization).toBeUndefined();
  });

  it("requires a token", async () => {
    expect((await call(list)).status).toBe(401);
  });
});

describe("select", () => {
  it("returns a visible schema with is_active", async () => {
    const res = await call(select, { token: w.memberA.token, params: { roleplayId: ids.privateA } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: ids.privateA, is_active: true, assigned_groups: [w.groupA.id] });
  });

  it("answers 404 for invisible, other-organisation, unknown and malformed ids alike", async () => {
    for (const [token, roleplayId] of [
      [w.memberB.token, ids.privateA],
      [w.loner.token, ids.orphan],
      [w.outsider.token, ids.public],
      [w.admin.token, "7f1c2d7e-0000-4000-8000-000000000000"],
      [w.admin.token, "not-a-uuid"],
    ]) {
      const res = await call(select, { token, params: { roleplayId } });
      expect(res.status, `${roleplayId}`).toBe(404);
    }
  });

  it("lets developers open any organisation's schema", async () => {
    expect((await call(select, { token: w.dev.token, params: { roleplayId: ids.elsewhere } })).status).toBe(200);
  });
});

describe("create, edit and groups", () => {
  it("refuses members with 403 and a detail", async () => {
    const res = await call(create, { token: w.memberA.token, body: payload() });
    expect(res.status).toBe(403);
    expect(res.json.detail).toBe("Only admins can create schemas");
  });

  it("refuses a developer with no organisation with a clear 400", async () => {
    const lonelyDev = await createUser({ isDev: true });
    const res = await call(create, { token: lonelyDev.token, body: payload() });
    expect(res.status).toBe(400);
    expect(res.json.detail).toMatch(/Join an organization/);
  });

  it("rejects invalid payloads with 422 and a list of {loc, msg}", async () => {
    const res = await call(create, {
      token: w.admin.token,
      body: payload({ name: " ", schema_data: { persona: persona({ pain_points: ["", "  "], goals: [], role: "" }) } }),
    });
    expect(res.status).toBe(422);
    const locs = res.json.detail.map((d: { loc: string[] }) => d.loc.join("."));
    expect(locs).toEqual(
      expect.arrayContaining([
        "body.name",
        "body.schema_data.persona.role",
        "body.schema_data.persona.pain_points",
        "body.schema_data.persona.goals",
      ]),
    );
    expect(res.json.detail.find((d: { loc: string[] }) => d.loc.at(-1) === "pain_points").msg).toBe(
      "At least one pain points entry is required",
    );
  });

  it("rejects group ids of another organisation with 422", async () => {
    const res = await call(create, {
      token: w.admin.token,
      body: payload({ assigned_groups: [w.groupA.id, w.other.groups[0].id] }),
    });
    expect(res.status).toBe(422);
    expect(res.json.detail[0].loc).toEqual(["body", "assigned_groups", 1]);
    expect(res.json.detail[0].msg).toMatch(/not a group of this schema's organization/);
  });

  it("stores an omitted description as empty and drops blank optional persona fields", async () => {
    const body = payload({
      name: "No description",
      description: undefined,
      schema_data: { persona: persona({ close: " ", company: { name: "" } }) },
    });
    const res = await call(create, { token: w.admin.token, body });
    expect(res.status).toBe(201);
    expect(res.json.description).toBe("");
    expect(res.json.schema_data.persona.close).toBeUndefined();
    expect(res.json.schema_data.persona.company).toBeUndefined();
  });

  it("lets the admin edit fields and replace the group assignment", async () => {
    const body = payload({ name: "Private A renamed", is_public: false, assigned_groups: [w.groupB.id] });
    const res = await call(edit, { method: "PUT", token: w.admin.token, params: { roleplayId: ids.privateA }, body });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ name: "Private A renamed", assigned_groups: [w.groupB.id] });
    expect(await names(w.memberA.token)).not.toContain("Private A renamed");
    expect(await names(w.memberB.token)).toContain("Private A renamed");
  });

  it("refuses edits by members (403), other organisations' admins (404) and foreign groups (422)", async () => {
    const put = (token: string, body = payload()) =>
      call(edit, { method: "PUT", token, params: { roleplayId: ids.public }, body });
    const member = await put(w.memberA.token);
    expect(member.status).toBe(403);
    expect(member.json.detail).toBe("Only admins can edit schemas");
    expect((await put(w.otherAdmin.token)).status).toBe(404);
    expect((await put(w.admin.token, payload({ assigned_groups: [w.other.groups[0].id] }))).status).toBe(422);
  });

  it("lets developers edit another organisation's schema", async () => {
    const res = await call(edit, {
      method: "PUT",
      token: w.dev.token,
      params: { roleplayId: ids.elsewhere },
      body: payload({ name: "Edited by dev" }),
    });
    expect(res.status).toBe(200);
    expect(res.json.name).toBe("Edited by dev");
  });

  it("lists the caller's organisation groups; developers may ask for any organisation's", async () => {
    const mine = await call(groupsRoute, { token: w.memberA.token });
    expect(mine.json.map((g: { name: string }) => g.name)).toEqual(["Cohort A", "Cohort B"]);
    expect(Object.keys(mine.json[0]).sort()).toEqual(["created_at", "description", "id", "is_active", "name"]);
    const theirs = await call(groupsRoute, { token: w.dev.token, query: { organization_id: w.other.id } });
    expect(theirs.json.map((g: { name: string }) => g.name)).toEqual(["Outsiders"]);
    const probing = await call(groupsRoute, { token: w.memberA.token, query: { organization_id: w.other.id } });
    expect(probing.status).toBe(404);
  });
});

describe("delete", () => {
  it("refuses members with 403 and outsiders with 404", async () => {
    const member = await call(remove, {
      method: "DELETE",
      token: w.memberB.token,
      params: { roleplayId: ids.privateAB },
      query: { soft_delete: "true" },
    });
    expect(member.status).toBe(403);
    expect(member.json.detail).toBe("Only admins can delete schemas");
    const outsider = await call(remove, {
      method: "DELETE",
      token: w.otherAdmin.token,
      params: { roleplayId: ids.privateAB },
    });
    expect(outsider.status).toBe(404);
  });

  it("soft delete hides the schema from everyone and keeps the row", async () => {
    const res = await call(remove, {
      method: "DELETE",
      token: w.admin.token,
      params: { roleplayId: ids.privateAB },
      query: { soft_delete: "true" },
    });
    expect(res.status).toBe(200);
    expect(await names(w.admin.token)).not.toContain("Private A+B");
    const dev = await call(list, { token: w.dev.token, query: { return_all: "true" } });
    expect(dev.json.map((s: { id: string }) => s.id)).not.toContain(ids.privateAB);
    expect((await call(select, { token: w.dev.token, params: { roleplayId: ids.privateAB } })).status).toBe(404);
    const db = await getDb();
    const [row] = await db.select().from(roleplays).where(eq(roleplays.id, ids.privateAB));
    expect(row.deleted_at).toBeInstanceOf(Date);
  });

  it("hard delete removes the row but keeps past conversations and their grades", async () => {
    const db = await getDb();
    const [conversation] = await db
      .insert(conversations)
      .values({
        user_id: w.memberA.id,
        organization_id: w.org.id,
        schema_id: ids.public,
        schema_name: "Public",
        persona: persona() as never,
        mode: "local",
        status: "ended",
        ended_at: new Date(),
      })
      .returning();
    await db.insert(grades).values({ conversation_id: conversation.id, status: "graded", score: 77 });
    const res = await call(remove, {
      method: "DELETE",
      token: w.admin.token,
      params: { roleplayId: ids.public },
      query: { soft_delete: "false" },
    });
    expect(res.status).toBe(200);
    expect(await db.select().from(roleplays).where(eq(roleplays.id, ids.public))).toHaveLength(0);
    const [kept] = await db.select().from(conversations).where(eq(conversations.id, conversation.id));
    expect(kept).toMatchObject({ schema_id: null, schema_name: "Public" });
    const [grade] = await db.select().from(grades).where(eq(grades.conversation_id, conversation.id));
    expect(grade.score).toBe(77);
  });

  it("removes the group assignment with a hard-deleted schema and answers 404 the second time", async () => {
    const db = await getDb();
    const res = await call(remove, {
      method: "DELETE",
      token: w.admin.token,
      params: { roleplayId: ids.privateA },
      query: { soft_delete: "false" },
    });
    expect(res.status).toBe(200);
    expect(await db.select().from(roleplayGroups).where(eq(roleplayGroups.schema_id, ids.privateA))).toHaveLength(0);
    const again = await call(remove, {
      method: "DELETE",
      token: w.admin.token,
      params: { roleplayId: ids.privateA },
      query: { soft_delete: "false" },
    });
    expect(again.status).toBe(404);
  });

  it("rejects a soft_delete value other than true or false with 422", async () => {
    const res = await call(remove, {
      method: "DELETE",
      token: w.admin.token,
      params: { roleplayId: ids.orphan },
      query: { soft_delete: "maybe" },
    });
    expect(res.status).toBe(422);
  });
});
