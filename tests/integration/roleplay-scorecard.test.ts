import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { POST as requestroom } from "@/app/api/protected/requestroom/route";
import { POST as create } from "@/app/api/protected/roleplay/create/route";
import { PUT as edit } from "@/app/api/protected/roleplay/edit/[roleplayId]/route";
import { GET as select } from "@/app/api/protected/roleplay/select/[roleplayId]/route";
import { getDb } from "@/db";
import { conversations, roleplays } from "@/db/schema";
import { DEFAULT_SCORECARDS } from "@/lib/grading/default-scorecards";

import { payload, persona, world } from "../fixtures/roleplay";
import { call } from "../helpers/api";

let w: Awaited<ReturnType<typeof world>>;
beforeAll(async () => {
  w = await world();
});

const interview = {
  scenario: { kind: "job-interview", objective: "Practise a behavioural interview for an analyst role." },
  scorecard: {
    pass_mark: 75,
    criteria: [
      {
        id: "star",
        label: "Structured answers",
        description: "STAR with numbers",
        weight: 60,
        measure: "star_answers",
      },
      { id: "fit", label: "Shows why this company", description: "Knows the company's work", weight: 40 },
    ],
  },
};

describe("scenario and scorecard in schema_data (issue 11)", () => {
  it("stores and returns the scenario and the scorecard of a roleplay", async () => {
    const res = await call(create, {
      token: w.admin.token,
      body: payload({ name: "Analyst interview", schema_data: { persona: persona(), ...interview } }),
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const got = await call(select, { token: w.admin.token, params: { roleplayId: res.json.id } });
    expect(got.json.schema_data.scenario).toEqual(interview.scenario);
    expect(got.json.schema_data.scorecard).toEqual(interview.scorecard);
  });

  it("gives a schema without them the sales-discovery default scorecard", async () => {
    const res = await call(create, { token: w.admin.token, body: payload({ name: "Plain" }) });
    expect(res.json.schema_data.scenario).toEqual({ kind: "sales-discovery", objective: "" });
    expect(res.json.schema_data.scorecard).toEqual(DEFAULT_SCORECARDS["sales-discovery"]);
  });

  it("reads a schema stored before scenarios existed as sales discovery with its default scorecard", async () => {
    const res = await call(create, { token: w.admin.token, body: payload({ name: "Legacy" }) });
    await (
      await getDb()
    )
      .update(roleplays)
      .set({ scenario: null, scorecard: null })
      .where(eq(roleplays.id, res.json.id));
    const got = await call(select, { token: w.admin.token, params: { roleplayId: res.json.id } });
    expect(got.json.schema_data.scenario.kind).toBe("sales-discovery");
    expect(got.json.schema_data.scorecard).toEqual(DEFAULT_SCORECARDS["sales-discovery"]);
    expect(got.json.schema_data.persona.name).toBe("Dana Whitfield");
  });

  it("rejects a malformed scorecard with 422 and where it is wrong", async () => {
    const bad = {
      persona: persona(),
      scenario: { kind: "tea-party" },
      scorecard: { pass_mark: 140, criteria: [{ id: "Bad Id", label: "", weight: 0, measure: "vibes" }] },
    };
    const res = await call(create, { token: w.admin.token, body: payload({ schema_data: bad }) });
    expect(res.status).toBe(422);
    const locs = (res.json.detail as { loc: (string | number)[] }[]).map((d) => d.loc.join("."));
    expect(locs).toEqual(
      expect.arrayContaining([
        "body.schema_data.scenario.kind",
        "body.schema_data.scorecard.pass_mark",
        "body.schema_data.scorecard.criteria.0.id",
        "body.schema_data.scorecard.criteria.0.weight",
        "body.schema_data.scorecard.criteria.0.measure",
      ]),
    );
    const dup = await call(create, {
      token: w.admin.token,
      body: payload({
        schema_data: {
          persona: persona(),
          scorecard: { criteria: [interview.scorecard.criteria[0], interview.scorecard.criteria[0]] },
        },
      }),
    });
    expect(dup.status).toBe(422);
    expect(JSON.stringify(dup.json.detail)).toContain("Criterion ids must be unique");
  });

  it("snapshots the scorecard on the conversation, so a later edit does not regrade old calls", async () => {
    const made = await call(create, {
      token: w.admin.token,
      body: payload({ name: "Snapshot", schema_data: { persona: persona(), ...interview } }),
    });
    const room = await call(requestroom, { token: w.admin.token, body: { schema_id: made.json.id } });
    expect(room.status, JSON.stringify(room.json)).toBe(200);
    await call(edit, {
      token: w.admin.token,
      params: { roleplayId: made.json.id },
      body: payload({ name: "Snapshot", schema_data: { persona: persona() } }),
    });
    const [c] = await (
      await getDb()
    )
      .select()
      .from(conversations)
      .where(eq(conversations.id, room.json.conversation_id));
    expect(c.scenario).toEqual(interview.scenario);
    expect(c.scorecard).toEqual(interview.scorecard);
  });
});

describe("weights that total 100 (issue 23)", () => {
  const withWeights = (...weights: number[]) => ({
    persona: persona(),
    scorecard: {
      pass_mark: 70,
      criteria: weights.map((weight, i) => ({
        id: `c${i}`,
        label: `Criterion ${i}`,
        description: "",
        weight,
        measure: "listening" as const,
      })),
    },
  });

  it.each([
    [105, [35, 15, 10, 10, 10, 10, 5, 5, 5]],
    [115, [60, 55]],
  ])(
    "refuses weights adding up to %i on create and edit with 422 and where it is wrong, and saves nothing",
    async (total, weights) => {
      const name = `Weights ${total}`;
      const refused = await call(create, {
        token: w.admin.token,
        body: payload({ name, schema_data: withWeights(...weights) }),
      });
      expect(refused.status).toBe(422);
      expect(refused.json).toEqual({
        detail: [
          {
            loc: ["body", "schema_data", "scorecard", "criteria"],
            msg: `Weights add up to ${total}; they must total 100`,
            type: expect.any(String),
          },
        ],
      });
      const db = await getDb();
      expect(await db.select().from(roleplays).where(eq(roleplays.name, name))).toEqual([]);

      const made = await call(create, {
        token: w.admin.token,
        body: payload({ name, schema_data: withWeights(60, 40) }),
      });
      expect(made.status).toBe(201);
      const edited = await call(edit, {
        token: w.admin.token,
        params: { roleplayId: made.json.id },
        body: payload({ name, schema_data: withWeights(...weights) }),
      });
      expect(edited.status).toBe(422);
      expect(edited.json.detail[0].msg).toBe(`Weights add up to ${total}; they must total 100`);
      const got = await call(select, { token: w.admin.token, params: { roleplayId: made.json.id } });
      expect(got.json.schema_data.scorecard.criteria.map((c: { weight: number }) => c.weight)).toEqual([60, 40]);
    },
  );

  it("accepts weights that total 100", async () => {
    const res = await call(create, { token: w.admin.token, body: payload({ schema_data: withWeights(50, 30, 20) }) });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
  });

  it("still loads, and practises with, a scorecard stored before the rule whose weights total 110", async () => {
    const made = await call(create, { token: w.admin.token, body: payload({ name: "Old weights" }) });
    const old = withWeights(60, 50).scorecard;
    await (await getDb()).update(roleplays).set({ scorecard: old }).where(eq(roleplays.id, made.json.id));
    const got = await call(select, { token: w.admin.token, params: { roleplayId: made.json.id } });
    expect(got.status).toBe(200);
    expect(got.json.schema_data.scorecard).toEqual(old);
    const room = await call(requestroom, { token: w.admin.token, body: { schema_id: made.json.id } });
    expect(room.status, JSON.stringify(room.json)).toBe(200);
  });
});
