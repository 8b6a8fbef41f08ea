import { describe, expect, it } from "vitest";

import { loadSet } from "@/bench/persona/styles";
import { cardOf } from "@/lib/conversations/persona/facts";
import { NOTES, spokenNotes } from "@/lib/conversations/persona/notes";

describe("a card written as notes is said as speech", () => {
  for (const [i, note] of NOTES.entries()) {
    it(`note ${i} (${note.pattern.source.slice(0, 30)}): its examples change, its counter-examples do not`, () => {
      for (const [from, to] of note.hit) expect(spokenNotes(from)).toBe(to);
      for (const text of note.miss) expect(spokenNotes(text)).toBe(text);
    });
  }

  // Writer Y (session 17) wrote terse cards; the buyer said "~6%, I suppose, of orders w/ errors, -> ~£40k/yr" and
  // "I'm danish, CC, trolleys" aloud.
  it("never says a note's shorthand aloud, on any writer's cards", () => {
    const sets = ["dev", "holdout", "writer-d", "writer-h", "writer-k", "writer-l", "writer-n", "writer-p", "writer-r"];
    for (const set of [
      ...sets,
      "writer-u",
      "writer-w",
      "writer-y",
      "writer-z",
      "writer-aa",
      "writer-bb",
      "writer-dd",
      "writer-gg",
    ]) {
      for (const persona of Object.values(loadSet(set).personas)) {
        for (const fact of cardOf(persona).facts)
          for (const piece of fact.pieces)
            expect(piece, `${set} ${persona.name}`).not.toMatch(/~|->|\bw\/|\/(?:wk|yr)\b|\bea\.|@ /);
      }
    }
  });
});
