import { readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { cardOf } from "@/lib/conversations/persona/facts";
import { toFirstPerson } from "@/lib/conversations/persona/first-person";
import { unrecite } from "@/lib/conversations/persona/recitation";
import { REVOICINGS } from "@/lib/conversations/persona/revoice";
import { personaSchema } from "@/lib/validations/persona";

/** One re-voicing applied at each place its pattern matches, as the recitation guard tries it. */
function revoice(id: string, text: string): string[] {
  const r = REVOICINGS.find((x) => x.id === id)!;
  return [...text.matchAll(new RegExp(r.pattern.source, `${r.pattern.flags}g`))].flatMap((m) => {
    const to = r.apply(m);
    const out = text.slice(0, m.index) + to + text.slice(m.index! + m[0].length);
    return to === null
      ? []
      : [out.replace(/([.!?])\s+([a-z])/g, (_x, p: string, c: string) => `${p} ${c.toUpperCase()}`)];
  });
}

describe("re-voicings are data: every entry's examples", () => {
  for (const r of REVOICINGS) {
    it.each(r.examples)(`${r.id}: %s`, (input, expected) => {
      const want = expected.includes(" -> ") ? expected.split(" -> ")[1] : expected;
      expect(
        revoice(r.id, input).some((out) => out.includes(want)),
        revoice(r.id, input).join(" | "),
      ).toBe(true);
    });
    it.each(r.never ?? [])(`${r.id} leaves alone: %s`, (input) => {
      expect(revoice(r.id, input)).toEqual([]);
    });
  }
});

describe("a card fact said in the buyer's voice", () => {
  // Writer D's gym chain: "12-15 treadmills, bikes and rowers are out of order", "showers, heating and air conditioning".
  const cards = JSON.parse(
    readFileSync(path.join(process.cwd(), "tests/fixtures/language/persona/writer-d-personas.json"), "utf8"),
  ) as Record<string, unknown>;
  const persona = personaSchema.parse(cards.pD1);
  const painOf = (i: number) =>
    toFirstPerson(persona.pain_points[i], persona.name)
      .map((x) => x.text)
      .join(". ") + ".";
  const card = cardOf(persona);

  it("keeps a list of three together: 'bikes and rowers are out of order' is one subject, not two sentences", () => {
    const said = unrecite(painOf(0), card);
    expect(said).toMatch(/treadmills, (?:bikes and rowers|rowers and bikes) are out of order/);
    expect(said).not.toMatch(/bikes\. Rowers/);
    const callouts = unrecite(painOf(2), card);
    expect(callouts).not.toMatch(/heating\. Air/);
  });

  it("never puts a filler between a preposition and its noun phrase ('on, you know, a typical day')", () => {
    for (const i of persona.pain_points.keys()) {
      const said = unrecite(painOf(i), card);
      expect(said).not.toMatch(/\b(?:on|in|at|for|with|from|by|of|to|across),\s+[\w' ]+,\s+(?:a|an|the|our|my)\b/i);
      expect(said).not.toMatch(/,\./);
    }
  });
});

describe("saying less, and where a filler may go (writer K's driving schools)", () => {
  const cards = JSON.parse(
    readFileSync(path.join(process.cwd(), "tests/fixtures/language/persona/writer-k-personas.json"), "utf8"),
  ) as Record<string, unknown>;
  const persona = personaSchema.parse(cards.pK3);
  const card = cardOf(persona);
  const situation =
    toFirstPerson(persona.situation, persona.name)
      .map((x) => x.text)
      .join(". ") + ".";

  it('never ends a sentence before the verb\'s object ("every instructor keeps.")', () => {
    const said = unrecite(situation, card);
    expect(said).not.toMatch(/\bkeeps\./);
    expect(said).toMatch(/14 branches/);
  });

  it("pauses where the text already does, never inside 'driving schools'", () => {
    expect(unrecite(situation, card)).not.toMatch(/driving,[^.]*, schools/);
  });
});
