/**
 * The English model every reader of learner language shares: wink-nlp with its light web model
 * (tokens, part-of-speech tags, lemmas, negation). Chosen over compromise for 10x the speed at
 * similar tagging accuracy on our corpora (bench/RESULTS.md, "Language layer"); loaded once per
 * process, on first use.
 */
import model from "wink-eng-lite-web-model";
import winkNLP, { type WinkMethods } from "wink-nlp";

export type Token = {
  /** As written. */
  text: string;
  /** Lower case. */
  lower: string;
  lemma: string;
  /** Universal Dependencies tag: NOUN, VERB, AUX, PRON, ADV, ... */
  pos: string;
  /** Inside the scope of a negation ("isn't that a lot"). */
  negated: boolean;
};

let instance: WinkMethods | null = null;

export function nlp(): WinkMethods {
  instance ??= winkNLP(model, ["sbd", "pos", "negation"]);
  return instance;
}

/** Tokens of a text with lemma and tag; punctuation kept as its own tokens. */
export function tokenise(text: string): Token[] {
  const n = nlp();
  const doc = n.readDoc(text);
  const its = n.its;
  const texts = doc.tokens().out();
  const lemmas = doc.tokens().out(its.lemma as never) as unknown as string[];
  const tags = doc.tokens().out(its.pos) as string[];
  const neg = doc.tokens().out(its.negationFlag) as unknown as boolean[];
  return texts.map((t, i) => ({
    text: t,
    lower: t.toLowerCase(),
    lemma: (lemmas[i] ?? t).toLowerCase(),
    pos: tags[i] ?? "X",
    negated: !!neg[i],
  }));
}
