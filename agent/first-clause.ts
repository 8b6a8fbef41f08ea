import { tokenize } from "@livekit/agents";

/** Where a clause ends inside a sentence: a comma, semicolon, colon or dash followed by a space. */
const CLAUSE_END = /(?<=[,;:\u2014])\s+/;

const sentences = new tokenize.basic.SentenceTokenizer({ minSentenceLength: 1 });

/** Sentences (the framework's own splitter, every sentence kept whole), each cut into its clauses. */
export function splitClauses(text: string): string[] {
  return sentences
    .tokenize(text)
    .flatMap((sentence) => sentence.split(CLAUSE_END))
    .map((clause) => clause.trim())
    .filter(Boolean);
}

/**
 * How a reply's text is cut into pieces for a text-to-speech service that takes whole texts (the
 * OpenAI audio API, a local Kokoro or Piper server). The framework's default sends the first
 * sentence once the next one has begun, at least 20 characters; at 40 tokens/s that is ~200 ms of
 * model output before anything can be spoken. This sends the first clause ("Sure,") as soon as
 * the next word arrives, then pieces of at least `minLength` characters (whole clauses, usually a
 * sentence), so the persona starts talking while the model is still writing the first sentence.
 * `npm run bench:voice` measures it (bench/RESULTS.md, issue 26).
 */
export class FirstClauseTokenizer extends tokenize.SentenceTokenizer {
  constructor(readonly minLength = 20) {
    super();
  }

  tokenize(text: string): string[] {
    return splitClauses(text);
  }

  stream(): tokenize.SentenceStream {
    return new tokenize.BufferedSentenceStream(splitClauses, this.minLength, 1, { firstTokenLength: 1 });
  }
}
