/**
 * The learner's questions in a transcript, read by the shared language layer: each unit that asks
 * something (by what it does, with or without "?"), its SPIN stage or act in the context of the
 * buyer's previous turn, whether it builds on that turn, and whether the buyer got to answer it.
 * Every count, bar and note of a grade derives from this one list.
 */
import { type Act, type Decision, type SpinStage, understand, type Understood } from "@/lib/language";
import { STOP } from "@/lib/language/lexicon";
import { tokenise } from "@/lib/language/nlp";
import { withoutPunctuation } from "@/lib/language/units";

import { wordCount } from "./text";
import type { TranscriptTurn } from "./transcript";

/** A learner question: `turn` is its index in the ordered transcript; `follow_up` when it builds on the buyer's last answer. */
export type MarkedQuestion = {
  seq: number;
  turn: number;
  /** The learner's own words (verbatim span of the turn). */
  text: string;
  open: boolean;
  stage: SpinStage | null;
  act: Act;
  /** What decided the label: a named rule, or the model and its confidence. */
  decision: Decision;
  follow_up: boolean;
  /** The other side got to answer it: it ends the learner's turn (or nearly) and a real reply follows. */
  answered?: boolean;
  /** Asked after a long stretch of the learner's own talk in the same turn, without picking up the buyer: a question inside a pitch. */
  embedded?: boolean;
};

const REFERS_BACK = /\b(?:you (?:said|mentioned|told me|described)|when you say|you were saying)\b/;
const ANAPHOR = new Set(["that", "it", "this", "those", "these", "they", "them"]);

const contentLemmas = (text: string) =>
  new Set(
    tokenise(withoutPunctuation(text.toLowerCase()))
      .filter(
        (t) => ["NOUN", "VERB", "ADJ", "PROPN", "NUM"].includes(t.pos) && t.lemma.length > 2 && !STOP.has(t.lemma),
      )
      .map((t) => t.lemma),
  );

/** A question builds on the buyer's last answer: it takes up their words, points back at them, or asks the short "how often?" that only makes sense after them. */
function buildsOn(unit: Understood, buyerTurn: string): boolean {
  if (wordCount(buyerTurn) < 2) return false;
  const core = unit.tokens.slice(unit.start);
  const words = core.map((t) => t.lower).join(" ");
  if (REFERS_BACK.test(words)) return true;
  const buyer = contentLemmas(buyerTurn);
  if (core.some((t) => buyer.has(t.lemma) && !STOP.has(t.lemma) && t.lemma.length > 2)) return true;
  if (core.length <= 3) return true;
  return (
    core.slice(0, 8).some((t) => ANAPHOR.has(t.lower) && t.pos !== "DET") ||
    /\b(?:that|this|those|these) \w+/.test(words)
  );
}

const norm = (w: string) =>
  w
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^a-z0-9']/g, "");

/** The span of the original turn that a (normalised) unit came from, so quotes keep the learner's words. */
function originalSpan(turn: string, unit: Understood, from = 0): { text: string; end: number } {
  const words = [...turn.matchAll(/\S+/g)].map((m) => ({ w: norm(m[0]), at: m.index!, end: m.index! + m[0].length }));
  const target = unit.text.split(/\s+/).map(norm).filter(Boolean);
  const like = (a: string, b: string) =>
    a === b || a.startsWith(b) || b.startsWith(a) || (a.length > 3 && b.length > 3 && a.slice(0, 3) === b.slice(0, 3));
  // Where the unit starts: the position whose next words match the unit's first words best.
  const head = target.slice(0, 3);
  let i = -1;
  let best = 0;
  words.forEach((x, k) => {
    if (x.at < from) return;
    if (!like(x.w, head[0] ?? "")) return;
    const score = head.filter((h, n) => words.slice(k + n, k + n + 2).some((y) => like(y.w, h))).length;
    if (score > best) [i, best] = [k, score];
  });
  if (i < 0) return { text: unit.text, end: from };
  // Where it ends: its last word, near where its length says (fillers and repeats make the span longer).
  const last = target.at(-1) ?? "";
  let j = -1;
  for (let k = i + Math.floor(0.6 * (target.length - 1)); k < words.length && k < i + target.length * 2 + 4; k++)
    if (like(words[k].w, last)) {
      j = k;
      if (k >= i + target.length - 1) break;
    }
  // The last word was repaired or dropped: end where the unit's length says, within the turn.
  if (j < 0) j = Math.min(words.length - 1, i + target.length - 1);
  return { text: turn.slice(words[i].at, words[j].end).trim(), end: words[j].end };
}

/** Every question the learner asked, in order, with its stage in the context of the buyer's previous turn. */
export function markQuestions(ordered: TranscriptTurn[], card?: ReadonlySet<string>): MarkedQuestion[] {
  // Names and terms the buyer used are real words, however a speech transcript spells them.
  const vocabulary = new Set(card);
  for (const t of ordered)
    if (t.speaker === "persona")
      for (const w of t.text.toLowerCase().match(/[a-z][a-z'-]{3,}/g) ?? []) vocabulary.add(w);
  return ordered.flatMap((t, turn) => {
    if (t.speaker !== "learner") return [];
    const before = ordered[turn - 1]?.speaker === "persona" ? ordered[turn - 1].text : null;
    const after = ordered[turn + 1]?.speaker === "persona" ? ordered[turn + 1].text : null;
    const reading = understand(t.text, { buyerBefore: before, buyerAfter: after, vocabulary });
    const asks = reading.units.filter((u) => u.question !== null || u.stage !== null);
    const unitWords = reading.units.map((u) => u.tokens.length);
    // Words of the turn's own talk (not its questions) after each unit: a stack of questions leaves none.
    const talkAfter = (index: number) =>
      reading.units.filter((x) => x.index > index && !asks.includes(x)).reduce((n, x) => n + x.tokens.length, 0);
    const reply = ordered[turn + 1]?.speaker === "persona" ? ordered[turn + 1].text : "";
    const answers = contentLemmas(reply);
    const replyWords = wordCount(reply);
    // "Of what? We haven't talked about anything yet.": a question the buyer cannot take up did not land.
    const replied = replyWords >= 2 && !brushedOff(reply);
    let cursor = 0;
    let followed = false;
    return asks.map((u, i) => {
      const span = originalSpan(t.text, u, cursor);
      cursor = span.end;
      const wordsBefore = unitWords.slice(0, u.index).reduce((a, b) => a + b, 0);
      const wordsAfter = unitWords.slice(u.index + 1).reduce((a, b) => a + b, 0);
      // "What challenges does that cause? The discount is 30% if you sign by Friday.": a pitch or a push for
      // a step after the question is what the buyer answers, however short.
      const soldAfter = reading.units.some((x) => x.index > u.index && (x.act === "pitch" || x.act === "proposal"));
      // The first discovery question after the buyer spoke is the one that can build on them.
      const follow = before !== null && !followed && u.stage !== null && buildsOn(u, before);
      if (u.stage !== null) followed = true;
      return {
        seq: t.seq,
        turn,
        text: span.text,
        open: u.open,
        stage: u.stage,
        act: u.act,
        decision: u.decision,
        follow_up: follow,
        // The buyer answers what ends the turn: a question followed by more talk, in later units or run on
        // in the same one (an unpunctuated question that carries on into a pitch), was not left to answer.
        answered:
          replied &&
          u.tokens.length <= 35 &&
          (i === asks.length - 1
            ? // Six words or more of the learner's own after it: answered only if the reply takes it up.
              wordsAfter <= 12 && !soldAfter && (wordsAfter < 6 || takesUp(u, answers, reply))
            : // Two or three questions stacked ("how many vans do you have, and how do you plan the routes?"),
              // and a reply that takes this one up too: it shares a word with it, or gives a number it asked for.
              asks.length - i <= STACK && talkAfter(u.index) <= 12 && replyWords >= 12 && takesUp(u, answers, reply)),
        embedded: wordsBefore >= 40 && !follow,
      };
    });
  });
}

/**
 * A reply that cannot take the question up: the buyer asks what it is about ("Of what?", "What do you mean?"),
 * says nothing has been discussed yet, or shrugs without a figure ("I don't know.", "It depends entirely.").
 */
const CONFUSED =
  /^(?:(?:of|about|on|for) what\b|what do you mean\b|what are you (?:talking about|asking|getting at)\b|not sure what you(?:'re| are) (?:asking|getting at|after)\b)|\b(?:we|you) (?:haven't|have not) (?:really |even )?(?:talked|discussed|spoken|got to|gotten to) about (?:anything|it|that|what)\b/;
const SHRUG = /^(?:i (?:don't|do not|dunno) know|dunno|it depends|depends|no idea|not really sure)\b/;
export function brushedOff(reply: string): boolean {
  const r = reply.toLowerCase().replace(/[’]/g, "'").trim();
  if (CONFUSED.test(r)) return true;
  // A shrug and nothing else ("I don't know.", "It depends entirely on what it fixes."); one followed by an
  // answer ("It depends on the store, but mostly scanners once a week") took the question up.
  return SHRUG.test(r) && !/\d/.test(r) && (wordCount(r) <= 6 || /^it depends (?:entirely )?on what\b/.test(r));
}

/** At most this many questions asked back to back each count as answered by one reply. */
const STACK = 3;

/**
 * The buyer's reply takes a question up: a content word of it, a number for "how many / how much / how long",
 * or, for what solving it would mean, an answer in the conditional.
 */
function takesUp(u: Understood, answers: ReadonlySet<string>, reply: string): boolean {
  const core = u.tokens.slice(u.start);
  if (core.some((t) => answers.has(t.lemma) && !STOP.has(t.lemma) && t.lemma.length > 2)) return true;
  // "How would this help you?" is answered in the same mood: "that would be huge, they could...".
  if (u.stage === "need-payoff" && /\b(?:would|could|'d)\b/i.test(reply)) return true;
  const counts = core.some(
    (t, k) => t.lower === "how" && ["many", "much", "long", "often"].includes(core[k + 1]?.lower ?? ""),
  );
  return (
    counts && /\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|dozen|hundred|thousand|half)\b/i.test(reply)
  );
}

/** The discovery questions every count, bar and note is built from: a stage, answered, not buried in the learner's own talk. */
export const discoveryQuestions = (questions: MarkedQuestion[]) =>
  questions.filter((x) => x.stage !== null && x.answered !== false && !x.embedded);

/** "HR", "QA", "PR" however typed: a two-letter name the lemma filter drops is still the other side's word. */
const TWO_LETTER_WORDS = new Set(
  "ah am an as at be by do eh go ha he hi if in is it me mm my no of oh ok on or so to uh um up us we ya ye yo".split(
    " ",
  ),
);
const shortNames = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .match(/\b[a-z]{2}\b/g)
      ?.filter((w) => !TWO_LETTER_WORDS.has(w)) ?? [],
  );

/**
 * In a service call listening is heard in statements as much as in questions: "Two days off work for
 * nothing, I understand why you are angry" takes the customer's words up. Of the learner's turns that answer
 * something the customer said (four words or more), those that take up its content words or point back at it.
 */
export function turnsTakingUp(ordered: TranscriptTurn[]): { built: number[]; of: number[] } {
  const of: number[] = [];
  const built: number[] = [];
  ordered.forEach((t, i) => {
    const before = ordered[i - 1];
    if (t.speaker !== "learner" || before?.speaker !== "persona" || wordCount(before.text) < 4) return;
    of.push(i);
    const theirs = contentLemmas(before.text);
    const mine = contentLemmas(t.text);
    const named = shortNames(before.text);
    // An answer to the customer's question is not enough by itself: a scripted "declines can happen for a number
    // of reasons" answers one too (dev call c22).
    if (
      REFERS_BACK.test(t.text.toLowerCase()) ||
      [...mine].some((w) => theirs.has(w)) ||
      [...shortNames(t.text)].some((a) => named.has(a))
    )
      built.push(i);
  });
  return { built, of };
}

/** How many counted questions after the opening built on the buyer's previous answer, out of how many. */
export function listeningCounts(questions: MarkedQuestion[]): { built: MarkedQuestion[]; of: MarkedQuestion[] } {
  const of = discoveryQuestions(questions).filter((x) => x.turn > 0);
  return { built: of.filter((x) => x.follow_up), of };
}
