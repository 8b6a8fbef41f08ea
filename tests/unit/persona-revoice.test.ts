import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { cardOf } from "@/lib/conversations/persona/facts";
import { toFirstPerson } from "@/lib/conversations/persona/first-person";
import { FILLERS, fillersIn, recitesCard, unrecite } from "@/lib/conversations/persona/recitation";
import { REVOICINGS, SYNONYMS } from "@/lib/conversations/persona/revoice";
import { demoRoleplays } from "@/lib/demo/personas";
import { tokenise } from "@/lib/language/nlp";
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

describe("a filler goes where a speaker pauses, on every writer's cards", () => {
  const dir = path.join(process.cwd(), "tests/fixtures/language/persona");
  const personas = readdirSync(dir)
    .filter((f) => f.endsWith("personas.json"))
    .flatMap((f) => Object.values(JSON.parse(readFileSync(path.join(dir, f), "utf8")) as Record<string, unknown>))
    .map((p) => personaSchema.parse(p));
  const FILLER = new RegExp(`(\\S+?),?\\s+(?:${FILLERS.map((f) => f.slice(0, -1)).join("|")}),\\s+(\\S+)`, "gi");
  const bare = (w: string) => w.toLowerCase().replace(/[^a-z0-9%'-]/g, "");

  /**
   * Each filler's neighbours, tagged in the card's own sentence (not in the reply the engine built): inside a
   * phrase is after an article, a preposition or a possessive, or before a noun that the word before describes
   * ("instructor, you know, diaries", "its, honestly, best-selling blend"). Before session 13 the fillers were
   * placed by word lists: 63 of 535 sat inside a phrase. The tagger still misreads a few words ("juggling" as a
   * noun), so the bound is the share measured, plus a margin.
   */
  it("breaks a long run with plain words and a subject before asides: no 'End up in...', no 'plus end up' (writer K, dev)", () => {
    const blood = personas.find((p) => p.name === "Hanna Lindqvist")!;
    const card = cardOf(blood);
    const said = unrecite(
      "Bookings arrive through an old web form and a phone line and end up in one shared spreadsheet.",
      card,
    );
    expect(recitesCard(said, card)).toBe(false);
    expect(said).not.toMatch(/\. End up|plus end up|one, [a-z' ]+, shared/i);
    expect(said).toMatch(/and they end up/);
    expect([...said.matchAll(FILLER)]).toHaveLength(0);
  });

  it("puts at most 3% of its fillers inside a noun phrase or after a preposition, and never recites", () => {
    let fillers = 0;
    const inside: string[] = [];
    for (const persona of personas) {
      const card = cardOf(persona);
      for (const field of [persona.situation, persona.background, ...persona.pain_points, ...persona.goals]) {
        const plain = `${toFirstPerson(field, persona.name)
          .map((x) => x.text)
          .join(". ")}.`;
        const said = unrecite(plain, card);
        expect(recitesCard(said, card)).toBe(false);
        const tags = tokenise(plain);
        for (const m of said.matchAll(FILLER)) {
          fillers++;
          const i = tags.findIndex((t, k) => t.lower === bare(m[1]) && tags[k + 1]?.lower === bare(m[2]));
          if (i < 0) continue;
          const [a, b] = [tags[i], tags[i + 1]];
          if (
            ["DET", "ADP"].includes(a.pos) ||
            /^(its|our|my|their|your|his|her)$/.test(a.lower) ||
            (["ADJ", "NUM", "NOUN", "PROPN"].includes(a.pos) && ["NOUN", "PROPN"].includes(b.pos))
          )
            inside.push(m[0]);
        }
      }
    }
    expect(fillers).toBeGreaterThan(300);
    // A share, not a count: every writer's cards are read, so the count grows with them (19 of 773 before
    // writer R's five cards, 22 of 905 with them: 2.4% both times). Writer DD's note-style cards (session 21)
    // put 8 of their 96 inside, 43 of 1,361 in all (3.2%), until the last resort stayed out of noun phrases:
    // 21 of 1,363 (1.5%). The bound is the earlier share plus a margin.
    expect(inside.length / fillers, inside.join("\n")).toBeLessThanOrEqual(0.03);
  });
});
describe("first-person voice of card fields written by writer R (session 15 review)", () => {
  it("keeps a counted noun's verb with it, a passive with its thing, a named standard a name, and says an aim as a wish", () => {
    const card = cardOf(
      personaSchema.parse({
        name: "Callum Fraser",
        role: "Operations Director",
        situation:
          "Critical control points are recorded on paper check sheets, signed by line leaders and typed into Excel every Friday.",
        background: "Ten years in lettings.",
        pain_points: [
          "Landlord churn: 23 landlords (140 homes) left in 2025, most to a competitor with an online portal.",
          "Repairing Standard compliance: in 2024 a tenant took Northgate to the First-tier Tribunal over a damp repair.",
        ],
        goals: ["Regain AA at the next unannounced audit."],
        personality: { concerns: "Trend analysis, for example chiller temperature drift, is only done weekly." },
      }),
    );
    const said = card.facts.map((f) => f.pieces.join(" ")).join(" ");
    expect(said).toMatch(/23 landlords with 140 homes left in 2025/);
    expect(said).not.toMatch(/\bI left\b|I'm repairing|I signed|I typed|I'm only done/);
    expect(said).toMatch(/signed by line leaders and typed into Excel/);
    expect(said).toMatch(/I want to regain AA/);
  });
});

describe("plain-word synonyms", () => {
  it("never chain: a word put in for another is not replaced again ('slipped' -> 'dropped' -> 'scrapped')", () => {
    for (const [word, plain] of Object.entries(SYNONYMS)) {
      const again = SYNONYMS[plain];
      // A pair said either way ("almost" / "nearly") is not a chain: it comes back to the same word.
      if (again !== undefined) expect(again, `${word} -> ${plain} -> ${again}`).toBe(word);
    }
  });
});

describe("a filler budget: a light adverb first, then one filler a sentence, then saying less", () => {
  const dir = path.join(process.cwd(), "tests/fixtures/language/persona");
  const load = (file: string) =>
    Object.values(JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Record<string, unknown>).map((p) =>
      personaSchema.parse(p),
    );
  const spoken = (field: string, name: string) =>
    `${toFirstPerson(field, name)
      .map((x) => x.text)
      .join(". ")}.`;

  // Session 18 heard "Fault reports, you know, get lost" and "Around 11% of what is baked, I suppose, is unsold":
  // a pause where a speaker would not pause. A light adverb before the verb breaks the run without one.
  it("breaks a run before a verb with 'actually' or 'just', not a filler (writer D's gym chain, dev)", () => {
    const gym = load("writer-d-personas.json").find((p) => p.name === "Marcus Bell")!;
    const said = unrecite(spoken(gym.pain_points[1], gym.name), cardOf(gym));
    expect(recitesCard(said, cardOf(gym))).toBe(false);
    const first = said.split(/(?<=[.!?:])\s/)[0];
    expect(first).toMatch(/^Fault reports (?:actually|just) get lost/);
    expect(fillersIn(first)).toEqual([]);
  });

  it("never says 'just' where it would mean 'a moment ago' or 'only', nor 'actually' or 'just' twice in a sentence", () => {
    for (const persona of readdirSync(dir)
      .filter((f) => f.endsWith("personas.json"))
      .flatMap(load)) {
      const card = cardOf(persona);
      for (const field of [persona.situation, ...persona.pain_points, ...persona.goals]) {
        const said = unrecite(spoken(field, persona.name), card);
        expect(said).not.toMatch(/\b(?:has|have|had) just\b|\bjust [a-z]+ing\b/);
        for (const sentence of said.split(/(?<=[.!?;])\s/))
          expect((sentence.match(/\b(?:actually|just)\b/g) ?? []).length, sentence).toBeLessThanOrEqual(
            (field.match(/\b(?:actually|just)\b/gi) ?? []).length + 1,
          );
      }
    }
  });

  it("says a short fact whole even after an opener's filler: 'my team spends too long on ad-hoc data requests'", () => {
    const priya = demoRoleplays.find((d) => d.persona.name === "Priya Raman")!.persona;
    const said = unrecite(
      "If I'm honest, my team spends too long on ad-hoc data requests. That's one of a few, to be fair.",
      cardOf(priya),
    );
    expect(said).toMatch(/ad-hoc data requests/);
    expect(recitesCard(said, cardOf(priya))).toBe(false);
  });

  it("on every writer's cards: at most 24% of sentences hold two fillers (28% before), and a cut never drops a number", () => {
    let sentences = 0;
    let two = 0;
    for (const persona of readdirSync(dir)
      .filter((f) => f.endsWith("personas.json"))
      .flatMap(load)) {
      const card = cardOf(persona);
      for (const field of [persona.situation, persona.background, ...persona.pain_points, ...persona.goals]) {
        const plain = spoken(field, persona.name);
        const said = unrecite(plain, card);
        for (const s of said.split(/(?<=[.!?;])\s/)) {
          sentences++;
          if (fillersIn(s).length >= 2) two++;
        }
        // Every number the spoken fact had is still said.
        for (const n of plain.match(/\d[\d,.]*\d|\d/g) ?? []) expect(said, plain).toContain(n);
      }
    }
    // Measured at session 19 over 1,203 card sentences: 338 (28%) held two fillers or more before the light
    // adverbs and the cut, 272 (22.6%) after. The bound is that plus a margin; it fails on the code before.
    expect(two / sentences, `${two} of ${sentences}`).toBeLessThanOrEqual(0.24);
  });
});

describe("things done to things are not done by the persona (writers Y and Z's note-style cards)", () => {
  const said = (field: string) =>
    toFirstPerson(field, "Tasha Reid")
      .map((x) => x.text)
      .join(". ");

  it.each([
    ["Orders via WhatsApp, phone and email, retyped into Xero + shared spreadsheet.", /I retyped/],
    ["Attendance on paper registers, typed into a spreadsheet by admin.", /I typed/],
    ["6 supervisors do quality audits on paper, typed into Excel monthly.", /I typed/],
    ["Availability is a PDF list updated on Fridays and emailed out.", /I emailed/],
  ])("%s", (field, wrong) => {
    expect(said(field)).not.toMatch(wrong);
  });

  it.each([
    ["Joined 2017 as rep #1, head of sales since 2021.", /I joined 2017/],
    ["Worked 8 years as a project architect.", /I worked 8 years/],
    ["Moved to the UK in 2011.", /I moved to the UK/],
  ])("still says what the persona did: %s", (field, right) => {
    expect(said(field)).toMatch(right);
  });

  it("a verb after 'and' takes its own sentence's subject back, and a compound noun is no verb (writers H and W)", () => {
    const dir = path.join(process.cwd(), "tests/fixtures/language/persona");
    const card = (file: string, id: string) =>
      personaSchema.parse((JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Record<string, unknown>)[id]);
    for (const persona of [card("writer-h-personas.json", "pH1"), card("writer-w-personas.json", "pW2")]) {
      const spoken = unrecite(
        `${toFirstPerson(persona.situation, persona.name)
          .map((x) => x.text)
          .join(". ")}.`,
        cardOf(persona),
      );
      expect(recitesCard(spoken, cardOf(persona))).toBe(false);
      expect(spoken).not.toMatch(/and I printed|and (?:I|they) pay machines/);
    }
  });
});
