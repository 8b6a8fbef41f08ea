import { describe, expect, it } from "vitest";

import { FirstClauseTokenizer, splitClauses } from "@/agent/first-clause";

/** Streams `text` into the tokenizer in ~4-character model tokens; returns each piece sent to TTS and what had been written when it was sent. */
async function pieces(text: string) {
  const stream = new FirstClauseTokenizer().stream();
  const out: { piece: string; written: string }[] = [];
  let written = "";
  const reading = (async () => {
    for await (const { token } of stream) out.push({ piece: token, written });
  })();
  for (const token of text.match(/.{1,4}/gs) ?? []) {
    written += token;
    stream.pushText(token);
    await new Promise((r) => setImmediate(r));
  }
  stream.endInput();
  await reading;
  return out;
}

describe("the first clause to text-to-speech", () => {
  it("cuts sentences at clause punctuation followed by a space, and keeps numbers and hyphens whole", () => {
    expect(splitClauses("Sure, I have a couple of minutes. What is this about?")).toEqual([
      "Sure,",
      "I have a couple of minutes.",
      "What is this about?",
    ]);
    expect(splitClauses("We ship 1,200 orders; the cut-off is at four.")).toEqual([
      "We ship 1,200 orders;",
      "the cut-off is at four.",
    ]);
  });

  it("sends a reply's first clause as soon as the next word starts, then pieces of at least 20 characters", async () => {
    const out = await pieces(
      "Sure, I have a couple of minutes. What is this about, exactly? We go by the carrier cut-off, and the rest waits.",
    );
    expect(out.map((o) => o.piece)).toEqual([
      "Sure,",
      "I have a couple of minutes.",
      "What is this about, exactly?",
      "We go by the carrier cut-off,",
      "and the rest waits.",
    ]);
    // "Sure," left before the model had written the first sentence (the framework's default waits for "What").
    expect(out[0].written.length).toBeLessThan("Sure, I have".length + 4);
  });

  it("sends a reply without an early clause sentence by sentence, as before", async () => {
    const out = await pieces("Honestly it depends on the day. Then those orders slip a full day.");
    expect(out.map((o) => o.piece)).toEqual(["Honestly it depends on the day.", "Then those orders slip a full day."]);
  });
});
