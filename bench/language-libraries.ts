/**
 * npm run bench:language-libraries: why wink-nlp (the language layer's model) over compromise, measured
 * on our own labelled corpora. Question detection against the writers' `is_question` labels (how
 * each library finds questions natively, and the layer built on wink), then load time, memory and
 * speed per utterance. No database; a few seconds.
 */
import { performance } from "node:perf_hooks";

import { loadAll } from "@/tests/fixtures/language/corpus";

const items = loadAll();
const labelled = items.filter((u) => u.is_question !== null);

function accuracy(name: string, isQuestion: (text: string) => boolean) {
  let right = 0;
  let speechRight = 0;
  const speech = labelled.filter((u) => u.style === "speech");
  for (const u of labelled) if (isQuestion(u.text) === u.is_question) right++;
  for (const u of speech) if (isQuestion(u.text) === u.is_question) speechRight++;
  console.log(
    `| ${name} | ${(right / labelled.length).toFixed(3)} (${right}/${labelled.length}) | ${(speechRight / speech.length).toFixed(3)} (${speechRight}/${speech.length}) |`,
  );
}

function time(name: string, fn: (text: string) => unknown) {
  for (const u of items.slice(0, 50)) fn(u.text);
  const t0 = performance.now();
  for (let pass = 0; pass < 3; pass++) for (const u of items) fn(u.text);
  const per = (performance.now() - t0) / (3 * items.length);
  console.log(`| ${name} | ${per.toFixed(3)} ms |`);
}

async function main() {
  console.log(
    `# Language libraries on our corpora (${items.length} utterances, ${labelled.length} with is_question)\n`,
  );
  const rss0 = process.memoryUsage().rss;
  let t = performance.now();
  const { default: nlp } = await import("compromise");
  nlp("warm up the lexicon").json();
  const compromiseLoad = performance.now() - t;
  const rss1 = process.memoryUsage().rss;
  t = performance.now();
  const { tokenise } = await import("@/lib/language/nlp");
  tokenise("warm up the model");
  const winkLoad = performance.now() - t;
  const rss2 = process.memoryUsage().rss;
  const { understand } = await import("@/lib/language");
  console.log("| library | load | RSS added |\n|---|---|---|");
  console.log(`| compromise 14.17 | ${compromiseLoad.toFixed(0)} ms | ${((rss1 - rss0) / 1e6).toFixed(0)} MB |`);
  console.log(
    `| wink-nlp 2.4 + wink-eng-lite-web-model 1.8 | ${winkLoad.toFixed(0)} ms | ${((rss2 - rss1) / 1e6).toFixed(0)} MB |`,
  );
  console.log(
    "\n## Question detection against the writers' labels\n\n| detector | all | speech transcripts |\n|---|---|---|",
  );
  accuracy("a question mark", (text) => text.includes("?"));
  accuracy("compromise `questions()`", (text) => nlp(text).questions().length > 0);
  accuracy("language layer (wink-nlp + question forms)", (text) =>
    understand(text).units.some((u) => u.question !== null),
  );
  console.log("\n## Speed per utterance (tags and lemmas/roots)\n\n| | per utterance |\n|---|---|");
  time("compromise: parse, tags, roots", (text) => nlp(text).compute("root").json());
  time("wink-nlp: tokens, POS, lemmas, negation", (text) => tokenise(text));
  time("language layer: understand() (normalise, units, forms, acts)", (text) => understand(text));
}

void main();
