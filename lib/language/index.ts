/**
 * One understanding of what a learner says, shared by the offline persona, the rule-based grader
 * and the labels handed to the AI grader: normalise, cut into units, find the questions by what
 * they do, classify each unit's act with the buyer's previous turn as context.
 */
import { buyerTokens, type Classified, classifyUnit, type Decision } from "./acts";
import { STOP } from "./lexicon";
import type { Token } from "./nlp";
import { RULES } from "./rules";
import { analyseTurn, type Unit, withoutPunctuation } from "./units";

export { type Act, type Classified, type Decision, SPIN_STAGES, type SpinStage } from "./acts";
export type { QuestionForm, Unit } from "./units";

export type Understood = Unit & Classified & { index: number };
export type TurnReading = { text: string; corrections: { from: string; to: string }[]; units: Understood[] };

/** Reads one learner turn. `vocabulary`: the conversation's own words (the persona's card), preferred by typo repair. */
export function understand(
  turn: string,
  context: {
    buyerBefore?: string | null;
    /** The buyer's reply, when known (grading): a yes or a no to a statement shows it was asked. */
    buyerAfter?: string | null;
    /** Trust a closing "?" on a statement (the live persona reads the chat as typed); grading never does. */
    marked?: boolean;
    vocabulary?: ReadonlySet<string>;
  } = {},
): TurnReading {
  const buyer = buyerTokens(context.buyerBefore);
  const analysed = analyseTurn(turn, context.vocabulary, echoesOf(buyer));
  const closing = analysed.units.at(-1);
  // Typed with no end mark at all, a short statement about the buyer ("Something make you worry about online
  // booking") or one offering two alternatives ("they use the till numbers or more like gut feel") reads as asked,
  // as a person reading the chat takes it; "." or "!" says it is a statement, and a claim about the learner's own
  // product ("its used by loads of ferry operators") stays one.
  const unmarked =
    !!context.marked &&
    !/[.!?…]["')\]]*\s*$/.test(turn) &&
    !!closing &&
    closing.tokens.slice(closing.start).some((t) => ["you", "your", "u", "ur", "or"].includes(t.lower));
  const vouched = answeredYesOrNo(context.buyerAfter) || (!!context.marked && /\?\s*$/.test(turn));
  const asked = vouched || unmarked;
  const typedMark = !!context.marked && /\?\s*$/.test(turn);
  const risen = !!closing && closing.question === null && asked && asksAboutBuyer(closing, typedMark);
  if (risen) analysed.units[analysed.units.length - 1] = { ...closing, question: "statement" };
  const units: Understood[] = [];
  analysed.units.forEach((unit, index) => {
    const classified = classifyUnit(unit, {
      buyer,
      before: analysed.units.slice(0, index),
      last: index === analysed.units.length - 1,
    });
    units.push({ ...unit, ...aboutOwnPitch(classified, unit, units.at(-1)), index });
  });
  // A statement asked with a rising voice is a question only when it asks for discovery or checks a
  // fact; "thanks for taking the call, how's your week?" left unsplit stays small talk.
  const last = units.at(-1);
  // Without a mark or an answer to vouch for it, only a discovery question counts ("ok catch you later" is a goodbye).
  if (risen && last && last.stage === null && (last.act !== "check" || !vouched))
    units[units.length - 1] = { ...last, question: null };
  return { text: analysed.text, corrections: analysed.corrections, units };
}

/** The buyer's content words and numbers, which the learner may say back ("90 a month, ..."). */
function echoesOf(buyer: Token[] | null): Set<string> {
  return new Set(
    (buyer ?? [])
      .filter(
        (t) => /\d/.test(t.lower) || (["NOUN", "PROPN", "ADJ", "ADV", "NUM"].includes(t.pos) && t.lemma.length > 2),
      )
      .filter((t) => !STOP.has(t.lemma))
      .flatMap((t) => [t.lemma, t.lower]),
  );
}

/** A reply that opens with a yes or a no ("yeah, every week", "not really") answered a question. */
const YES_OR_NO =
  /^(?:(?:usually|mostly|generally|normally|honestly|well|oh|ha|um|uh|often),? )?(?:yes|yeah|yep|yup|yea|no|nope|nah|not really|not at all|not much|not yet|exactly|absolutely|definitely|correct|of course|sure does|it does|it is|they do|they are|we do|we are|i do|i am|it doesn't|it isn't|they don't|we don't|right|true|totally|100 percent|a bit|a little|a lot|very much|sometimes|often)\b/;

function answeredYesOrNo(reply: string | null | undefined): boolean {
  return !!reply && YES_OR_NO.test(withoutPunctuation(reply.toLowerCase()));
}

/**
 * A statement the buyer then answers with a yes or a no was asked with a rising voice ("this is
 * affecting also the waiting list"), when it is short, has a verb, and is about the buyer's side, not
 * the learner's own ("we did everything by hand").
 */
function asksAboutBuyer(unit: Unit, typedMark = false): boolean {
  const core = unit.tokens.slice(unit.start);
  const words = core.map((t) => t.lower);
  const own = words.some((w) => ["i", "we", "my", "our", "us", "me"].includes(w));
  const theirs = words.some((w) => ["you", "your"].includes(w));
  // Advice, promises and blame ("you should have measured it", "you never told us") are answered with a
  // yes or a no too, but they tell the buyer something rather than ask.
  const tells = words.some((w) => TELLING.has(w));
  // Spoken questions drop the verb ("you still on paper menus?"): short ones about "you" count too.
  // A "?" the learner typed vouches for the question even when the tagger finds no verb ("...that all goes
  // into one inbox?", with "goes" read as a noun).
  const verbless = (theirs && core.length <= 8) || (typedMark && core.length <= 16);
  return (
    core.length >= 3 &&
    core.length <= 20 &&
    (theirs || !own) &&
    !tells &&
    (verbless || core.some((t) => t.pos === "VERB" || t.pos === "AUX"))
  );
}

const TELLING = new Set(
  "should must shall will 'll would 'd could can might need n't not never nobody nothing".split(" "),
);

const POINTS_BACK = new Set(["that", "it", "this", "those", "these"]);

/**
 * "We cut outages by 60 percent. What impact does that have on your business?": a consequence or value
 * question about the learner's own claim, just made, asks the buyer to agree with a pitch.
 */
function aboutOwnPitch(c: Classified, unit: Unit, previous: Understood | undefined): Classified {
  if (previous?.act !== "pitch" || (c.stage !== "implication" && c.stage !== "need-payoff")) return c;
  // A claim is the learner's own ("we cut outages", "our app"): "and having every report in on time, how would
  // that change..." sets up a hypothetical for the buyer, whatever the model made of it.
  const own = previous.tokens.slice(previous.start).some((t) => ["we", "our", "us", "i", "my"].includes(t.lower));
  if (!own && previous.decision.by === "model") return c;
  if (!unit.tokens.slice(unit.start, unit.start + 6).some((t) => POINTS_BACK.has(t.lower))) return c;
  return { act: "pitch", stage: null, decision: { by: "rule", rule: "question-about-own-pitch" } };
}

/**
 * The unit that says what a turn does: the last question if it asks one (a remark before a question
 * only gives it context), else the last unit.
 */
export function mainUnit(reading: TurnReading): Understood | null {
  const questions = reading.units.filter((u) => u.question !== null);
  return questions.at(-1) ?? reading.units.at(-1) ?? null;
}

/** The lower-case words of a persona card (or any texts): typo repair prefers them. */
export function vocabularyOf(texts: (string | null | undefined)[]): Set<string> {
  const out = new Set<string>();
  for (const t of texts) for (const w of (t ?? "").toLowerCase().match(/[a-z][a-z'-]{3,}/g) ?? []) out.add(w);
  return out;
}

/** A decision in words, for the grade page and `npm run grade -- --explain`. */
export function explainDecision(decision: Decision): string {
  if (decision.by === "rule") {
    const note =
      RULES.find((r) => r.id === decision.rule)?.note ??
      (decision.rule === "question-about-own-pitch"
        ? "a consequence or value question about the learner's own claim asks the buyer to agree with a pitch."
        : "");
    return `rule ${decision.rule}${note ? `: ${note}` : ""}`;
  }
  return `model trained on the labelled corpora (${Math.round(decision.p * 100)}% sure)`;
}
