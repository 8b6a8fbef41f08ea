import { describe, expect, it } from "vitest";

import { holdDiscovery, type Send } from "@/bench/persona/learner";
import { offlineReply, recitesCard, type TranscriptLine } from "@/lib/conversations/offline-persona";
import { LIBRARY, LIBRARY_CATEGORIES, libraryRoleplay, RECOMMENDED_KEYS } from "@/lib/roleplays/library";
import { roleplayPayloadSchema } from "@/lib/validations/roleplay";
import { SCENARIO_KINDS } from "@/lib/validations/scorecard";

const PLACEHOLDER = /\b(lorem|ipsum|todo|tbd|tbc|xxx|placeholder|example\.com|acme)\b|\{\w+\}/i;
/** The product writes British English: a few American spellings that would give an entry away. */
const AMERICAN = /\b(organiz\w*|analyz\w*|color|favorite|behavior|center|program(?!me)|practic(e|ing) (a|the|your)\b)/i;

const textsOf = (value: unknown): string[] =>
  typeof value === "string"
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(textsOf)
      : value && typeof value === "object"
        ? Object.values(value).flatMap(textsOf)
        : [];

describe("starter library: the data", () => {
  it("has at least 12 roleplays covering every kind the brief names", () => {
    expect(LIBRARY.length).toBeGreaterThanOrEqual(12);
    for (const category of Object.keys(LIBRARY_CATEGORIES))
      expect(
        LIBRARY.some((e) => e.category === category),
        category,
      ).toBe(true);
    const industries = new Set(LIBRARY.filter((e) => e.category === "discovery").map((e) => e.industry));
    expect(industries.size).toBeGreaterThanOrEqual(4);
    for (const kind of SCENARIO_KINDS.filter((k) => k !== "general"))
      expect(
        LIBRARY.some((e) => e.scenario.kind === kind),
        kind,
      ).toBe(true);
    for (const difficulty of ["beginner", "intermediate", "advanced"])
      expect(
        LIBRARY.some((e) => e.difficulty === difficulty),
        difficulty,
      ).toBe(true);
  });

  it("keys, names and personas are unique; keys are stable slugs", () => {
    const keys = LIBRARY.map((e) => e.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(new Set(LIBRARY.map((e) => e.name)).size).toBe(LIBRARY.length);
    expect(new Set(LIBRARY.map((e) => e.persona.name)).size).toBe(LIBRARY.length);
  });

  it("the recommended set is a starter for every kind of practice a cohort needs", () => {
    expect(RECOMMENDED_KEYS.length).toBeGreaterThanOrEqual(4);
    const kinds = new Set(LIBRARY.filter((e) => e.recommended).map((e) => e.scenario.kind));
    expect([...kinds].sort()).toEqual(["customer-service", "job-interview", "pitch", "sales-discovery"]);
  });

  for (const entry of LIBRARY) {
    describe(entry.key, () => {
      it("validates with the roleplay API's schema, unchanged", () => {
        const payload = libraryRoleplay(entry);
        expect(roleplayPayloadSchema.parse(payload)).toEqual(payload);
        expect(payload.schema_data.persona).toMatchObject({ ...entry.persona });
        expect(payload.schema_data.scenario).toEqual(entry.scenario);
        expect(payload.is_public).toBe(true);
      });

      it("has a scorecard whose weights total 100 and a persona as guarded as its difficulty", () => {
        expect(entry.scorecard.criteria.reduce((n, c) => n + c.weight, 0)).toBe(100);
        expect(entry.scorecard.criteria.every((c) => c.measure)).toBe(true);
        const persona = libraryRoleplay(entry).schema_data.persona;
        expect(persona.difficulty).toBe(
          { beginner: "easy", intermediate: "medium", advanced: "hard" }[entry.difficulty],
        );
      });

      it("is written as product copy: no placeholders, British spelling, full sentences where shown", () => {
        for (const text of textsOf(entry)) {
          expect(text, text).not.toMatch(PLACEHOLDER);
          expect(text, text).not.toMatch(AMERICAN);
          expect(text, text).toBe(text.trim());
          expect(text, text).not.toMatch(/\s{2,}/);
        }
        expect(entry.summary).toMatch(/[.!?]$/);
        expect(entry.description).toMatch(/[.!?]$/);
        expect(entry.scenario.objective).toMatch(/[.!?]$/);
        expect(entry.persona.pain_points.length).toBeGreaterThanOrEqual(3);
        expect(entry.persona.goals.length).toBeGreaterThanOrEqual(2);
        expect(entry.persona.personality?.concerns).toBeTruthy();
        expect(entry.persona.close).toBeTruthy();
      });

      it("the offline persona holds a short call: answers the opening question in its own words", () => {
        const persona = libraryRoleplay(entry).schema_data.persona;
        const history: TranscriptLine[] = [];
        const first = persona.name.split(" ")[0];
        for (const text of [
          `Hi ${first}, thanks for making the time today.`,
          "Could you walk me through how things work on your side at the moment?",
          "What would you say is the hardest part of that right now?",
          "What does that cost you when it happens?",
        ]) {
          const reply = offlineReply(persona, history, text, entry.key);
          expect(reply.trim().length, text).toBeGreaterThan(0);
          expect(recitesCard(reply, persona), reply).toBe(false);
          expect(reply, reply).not.toMatch(/\b(she|he|her|his)\b/i);
          expect(reply).not.toMatch(/undefined|null|NaN/);
          history.push({ speaker: "learner", text }, { speaker: "persona", text: reply });
        }
        const replies = history.filter((l) => l.speaker === "persona").map((l) => l.text);
        expect(new Set(replies).size).toBe(replies.length);
      });

      it("a full discovery uncovers the persona's pains and reaches its close", async () => {
        const persona = libraryRoleplay(entry).schema_data.persona;
        const history: TranscriptLine[] = [];
        const send: Send = async (text) => {
          const reply = offlineReply(persona, history, text, entry.key);
          history.push({ speaker: "learner", text }, { speaker: "persona", text: reply });
          return reply;
        };
        const outcome = await holdDiscovery(persona, send);
        expect(outcome.uncovered.length).toBeGreaterThanOrEqual(2);
        expect(outcome.agreed).toBe(true);
      });
    });
  }
});
