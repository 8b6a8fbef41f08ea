import { beforeAll, describe, expect, it } from "vitest";

import { POST as sendMessage } from "@/app/api/protected/conversations/[conversationId]/messages/route";
import { POST as requestroom } from "@/app/api/protected/requestroom/route";
import { holdDiscovery, holdPitch, type Send } from "@/bench/persona/learner";
import { getDb } from "@/db";
import { roleplays } from "@/db/schema";
import { demoRoleplays } from "@/lib/demo/personas";
import { LIBRARY } from "@/lib/roleplays/library";
import type { Persona } from "@/lib/validations/persona";

import { call } from "../helpers/api";
import { addMember, createOrg, createUser } from "../helpers/factories";

/**
 * The offline persona measured through the real API (request a room, then type): every demo
 * persona at every difficulty, against a learner doing discovery and one pitching too early.
 */
const difficulties = ["easy", "medium", "hard"] as const;
const THIRD_PERSON = /\b(he|she|his|her|him|himself|herself)\b/i;
const SUBJECTLESS = /^(runs|has|is|was|would|cannot|hiring|built|values|former|twelve|agreed)\b/i;

let orgId: string;
const roleplayIds = new Map<string, string>();

beforeAll(async () => {
  const org = await createOrg({ name: "Persona Org" });
  orgId = org.id;
  const db = await getDb();
  for (const demo of demoRoleplays) {
    for (const difficulty of difficulties) {
      const persona: Persona = { ...demo.persona, difficulty };
      const [row] = await db
        .insert(roleplays)
        .values({
          organization_id: org.id,
          name: `${demo.name} (${difficulty})`,
          description: demo.description,
          is_public: true,
          persona,
        })
        .returning();
      roleplayIds.set(`${demo.persona.name}:${difficulty}`, row.id);
    }
  }
});

async function apiSender(roleplayId: string): Promise<Send> {
  const user = await createUser({ name: "Learner", credits: 5 });
  await addMember({ userId: user.id, orgId });
  const room = await call(requestroom, { body: { schema_id: roleplayId }, token: user.token });
  expect(room.status).toBe(200);
  const params = { conversationId: room.json.conversation_id as string };
  return async (text) => {
    const res = await call(sendMessage, { body: { text }, token: user.token, params });
    expect(res.status).toBe(200);
    expect(res.json.offline).toBe(true);
    return res.json.reply as string;
  };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function expectBelievable(persona: Persona, replies: string[]) {
  expect(new Set(replies).size).toBe(replies.length);
  const fieldSentences = [
    persona.situation,
    persona.background,
    ...persona.pain_points,
    ...persona.goals,
    persona.close ?? "",
  ]
    .flatMap((f) => f.split(/(?<=[.;])\s+/))
    .map((s) => s.replace(/[.;]$/, "").trim())
    .filter((s) => s && (THIRD_PERSON.test(s) || SUBJECTLESS.test(s)));
  for (const reply of replies) {
    expect(reply).not.toMatch(THIRD_PERSON);
    // Copied as a sentence of its own (at a sentence start or after a colon), not rephrased with an "I".
    for (const sentence of fieldSentences)
      expect(reply).not.toMatch(new RegExp(`(^|[.?!:]\\s+)${escape(sentence)}`, "i"));
  }
}

describe("offline persona through the API", () => {
  for (const demo of demoRoleplays) {
    for (const difficulty of difficulties) {
      const persona: Persona = { ...demo.persona, difficulty };
      it(`${demo.persona.name}, ${difficulty}: discovery uncovers every pain and closes; a premature pitch uncovers none`, async () => {
        const roleplayId = roleplayIds.get(`${demo.persona.name}:${difficulty}`)!;
        const discovery = await holdDiscovery(persona, await apiSender(roleplayId));
        expect(discovery.uncovered).toEqual(persona.pain_points.map((_, i) => i));
        expect(discovery.agreed).toBe(true);
        expectBelievable(
          persona,
          discovery.transcript.filter((l) => l.speaker === "persona").map((l) => l.text),
        );

        const pitch = await holdPitch(persona, await apiSender(roleplayId));
        expect(pitch.uncovered).toEqual([]);
        expect(pitch.pushback).toBe(true);
        expect(pitch.agreed).toBe(false);
        expectBelievable(
          persona,
          pitch.transcript.filter((l) => l.speaker === "persona").map((l) => l.text),
        );
      });
    }
  }
});

describe("the offline persona follows the roleplay's kind", () => {
  it("in a job interview it is the interviewer: it asks, probes and closes, through the messages API", async () => {
    const entry = LIBRARY.find((e) => e.key === "interview-graduate-sdr")!;
    const [row] = await (
      await getDb()
    )
      .insert(roleplays)
      .values({
        organization_id: orgId,
        name: entry.name,
        description: entry.description,
        is_public: true,
        persona: { ...entry.persona, difficulty: "easy" },
        scenario: entry.scenario,
        scorecard: entry.scorecard,
      })
      .returning();
    const send = await apiSender(row.id);
    expect(await send("Hi Lucy, thanks for having me.")).toMatch(/tell me a bit about yourself/i);
    expect(await send("I study business and worked two summers in a call centre.")).toMatch(/tell me about a time/i);
    expect(await send("I just keep going.")).toMatch(/specific example|one real time/i);
  });
});
