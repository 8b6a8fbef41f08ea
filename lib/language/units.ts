/**
 * A turn cut into units (one thing said or asked each) and each unit's question form, found by what
 * it does rather than by "?": a wh-word at the front or in place ("and this takes how much time"),
 * an auxiliary before its subject, a request for information ("tell me", "explain me", "I wonder"),
 * a tag ("..., right"), an either-or, or a statement about the buyer that asks to be confirmed.
 * Works the same on typed text and on speech transcripts with no punctuation or capitals.
 */
import { HYPOTHETICAL } from "./lexicon";
import { type Token, tokenise } from "./nlp";
import { normalise, type Normalised } from "./normalise";

export type QuestionForm = "wh" | "yes-no" | "request" | "in-place" | "tag" | "either-or" | "statement" | "elliptic";

export type Unit = {
  /** The unit as normalised (lower case), punctuation kept. */
  text: string;
  /** Tokens of the unit, punctuation dropped. */
  tokens: Token[];
  /** Where the unit proper starts once lead-ins ("okay so", "got it and") are skipped. */
  start: number;
  question: QuestionForm | null;
  /** An open question invites an explanation; a closed one a yes, a no or one fact. */
  open: boolean;
};

export const WH = new Set(["what", "how", "why", "when", "where", "who", "whom", "which", "whose"]);
const AUX_WORDS = new Set(
  "do does did is are was were am have has had can could would will should shall may might must".split(" "),
);
/** Words after a wh-word in place that show it asks: "means what exactly", "is what, approximately". */
const HEDGED_AFTER = new Set(["exactly", "approximately", "roughly", "precisely"]);
/** "sorry, maybe we could...": a hedge after "sorry" shows that "sorry" only led in. */
const HEDGES = new Set(["maybe", "perhaps"]);
const APPROXIMATE = new Set(["roughly", "approximately", "approx", "about", "around", "ballpark"]);
/** Words that may open a unit before its content: "okay so what...", "got it and who...". */
const LEAD_INS = new Set(
  "so and but okay ok well right now then also just yeah yes yep great thanks thank cool perfect sure alright oh ah wow nice good interesting understood gotcha hey hi hello please kindly first firstly next finally lastly actually honestly basically anyway fine excellent awesome absolutely totally lovely brilliant".split(
    " ",
  ),
);
const LEAD_PHRASES = [
  "got it",
  "i see",
  "makes sense",
  "that makes sense",
  "fair enough",
  "thank you",
  "one more thing",
  "quick question",
  "out of curiosity",
  "just curious",
  "all right",
  "sounds good",
  "good to know",
  "that's helpful",
  "that helps",
  "that's interesting",
  "that's great",
  "i understand",
  "understood",
  "and then",
  "let me ask",
  "can i ask",
  "may i ask",
  "if i may ask",
  "if i can ask",
  "if i could ask",
  "if you don't mind me asking",
  "if you don't mind my asking",
  "could i ask",
  "by the way",
  // Sympathy before a question: "oh no, sorry. has that cost you any customers?"
  "oh no",
  "oh dear",
  "sorry to hear that",
  "i'm sorry to hear that",
  "that's tough",
  "that sucks",
  // Where the learner is in their plan: "to begin, could you outline your role?"
  "to begin",
  "to begin with",
  "to start",
  "to start with",
  "first of all",
  "before anything else",
];
const REQUEST_STARTS = [
  "tell me",
  "tell us",
  "explain",
  "describe",
  "walk me",
  "talk me",
  "take me",
  "help me understand",
  "give me",
  "share",
  "show me how",
  "let me know",
  "i wonder",
  "i'm wondering",
  "i am wondering",
  "i was wondering",
  "wondering",
  "i'm curious",
  "i am curious",
  "curious",
  "i'd love to know",
  "i'd love to hear",
  "i'd love to understand",
  "i'd like to know",
  "i'd like to hear",
  "i'd like to understand",
  "i would like to know",
  "i would like to understand",
  "i would like to hear",
  "i would like that you",
  "i want to know",
  "i want to understand",
  "i need to understand",
  "i'd like you to tell",
  "i would love to know",
  "i would love to hear",
  "i'm interested to hear",
  "i'm interested to know",
  "interested to hear",
  "keen to hear",
  "keen to understand",
  "say more",
  "elaborate",
  "expand on",
  "please tell",
  "please explain",
  "please share",
  "please describe",
  "can i ask",
  "may i ask",
  "let me ask",
];
/** Verbs after which a wh-word opens a reported clause, not a question: "I know what you mean". */
const EMBEDDING = new Set(
  "know knew see saw understand mean think thought remember forget show tell told hear heard like love hate is be 's was explain decide care matter wonder wondering depends depend sure guess say said ask asked check find figure learn".split(
    " ",
  ),
);
const TAGS = [
  "right",
  "no",
  "yeah",
  "correct",
  "true",
  "isn't it",
  "is it",
  "aren't you",
  "don't you",
  "didn't you",
  "doesn't it",
  "don't they",
  "isn't that right",
  "is that right",
  "is that correct",
  "is that okay",
  "is that ok",
  "is that fair",
  "is that alright",
  "does that make sense",
  "does that sound right",
  "does that sound fair",
  "am i right",
  "yes or no",
  "or not",
  "or no",
  "huh",
  "eh",
  "na",
  "ne",
  "hmm",
  "no?",
  "okay",
  "ok",
  "yah",
  "ya",
];

const words = (ts: Token[]) => ts.map((t) => t.lower);
const joined = (ts: Token[], from = 0, n = 6) =>
  ts
    .slice(from, from + n)
    .map((t) => t.lower)
    .join(" ")
    .replace(/ (?=')/g, "")
    .replace(/ n't/g, "n't");

function startsWithPhrase(ts: Token[], at: number, phrases: string[]): string | null {
  const head = joined(ts, at, 7);
  return phrases.find((p) => head === p || head.startsWith(`${p} `)) ?? null;
}

/** Index of the first token after lead-ins. */
export function skipLeadIns(ts: Token[]): number {
  let i = 0;
  for (let guard = 0; guard < 8 && i < ts.length; guard++) {
    const phrase = startsWithPhrase(ts, i, LEAD_PHRASES);
    if (phrase) {
      i += tokenise(phrase).length;
      continue;
    }
    const w = ts[i].lower;
    // A nervous "sorry, would it..." / "ok sorry so how...": a lead-in before a question or another lead-in,
    // never in "sorry to hear that" or "sorry I'm late".
    const next = ts[i + 1]?.lower;
    if (w === "sorry" && next && (AUX_WORDS.has(next) || WH.has(next) || LEAD_INS.has(next) || HEDGES.has(next))) {
      i += 1;
      continue;
    }
    // "roughly how much...", "approximately how many...": the hedge leads the question in.
    if (APPROXIMATE.has(w) && next && WH.has(next)) {
      i += 1;
      continue;
    }
    // "so what", "okay how": a lead-in only when something follows it.
    if (LEAD_INS.has(w) && i + 1 < ts.length && !(w === "please" && AUX_WORDS.has(ts[i + 1]?.lower))) {
      // "thank you" / "hi dana": a name after a greeting goes with it.
      i += ["hi", "hello", "hey", "thanks"].includes(w) && ts[i + 1]?.pos === "PROPN" ? 2 : 1;
      continue;
    }
    break;
  }
  return i < ts.length ? i : 0;
}

const isSubject = (t: Token | undefined) =>
  !!t &&
  (["PRON", "DET", "NOUN", "PROPN", "NUM"].includes(t.pos) ||
    ["there", "anyone", "anybody", "someone", "everyone", "any", "all", "most", "your", "the", "that"].includes(
      t.lower,
    ));

export const isAux = (t: Token | undefined) =>
  !!t && (AUX_WORDS.has(t.lower) || (t.pos === "AUX" && !["'s", "'re", "'m", "'ve", "'d", "'ll"].includes(t.lower)));

/** The question form of a unit's tokens from `start`, or null for a statement. */
export function questionForm(ts: Token[], start: number, last: boolean): QuestionForm | null {
  const core = ts.slice(start);
  const w = words(core);
  if (w.length === 0) return null;
  const first = w[0];
  // A verbless lead before the question: "and at reno how are orders picked", "eighteen percent what does that mean".
  const whAt = w.findIndex((x) => WH.has(x));
  if (whAt > 0 && !CONDITIONS.has(first) && core.slice(0, whAt).every((t) => t.pos !== "VERB" && t.pos !== "AUX")) {
    // "and at the café when it got busy I was the calm one": "when" before a subject opens a clause, not a
    // question; what follows it decides: a question after it, or a verb put first ("...like that does it mean").
    // ("Where" stays a question word: "and with the manual process where you are losing more time".)
    const next = core[whAt + 1];
    if (w[whAt] === "when" && !isAux(next) && next?.pos !== "AUX" && next?.pos !== "VERB") {
      const rest = core.slice(whAt);
      const after = questionForm(rest, 0, last);
      if (after) return after;
      const SUBJECTS = ["i", "we", "you", "they", "he", "she", "it", "there"];
      const inverted = (t: Token, i: number) =>
        i > 2 && isAux(t) && SUBJECTS.includes(rest[i + 1]?.lower ?? "") && !SUBJECTS.includes(rest[i - 1].lower);
      return rest.some(inverted) ? "yes-no" : null;
    }
    if (core.slice(whAt + 1, whAt + 6).some((t) => isAux(t) || t.pos === "VERB")) return "wh";
  }
  // "When the team was small, ..." is a condition, not a question; "when do you ..." is one.
  const conditional = ["if", "when", "whenever", "once", "say", "suppose", "imagine", "where"].includes(first);
  // "where's the best ..." asks too: a contracted verb after the wh-word.
  if (conditional && !(WH.has(first) && (isAux(core[1]) || core[1]?.pos === "AUX" || core[1]?.pos === "VERB"))) {
    const at = w.findIndex(
      (x, i) =>
        i > 1 &&
        WH.has(x) &&
        (isAux(core[i + 1]) ||
          core[i + 1]?.pos === "VERB" ||
          core[i + 1]?.lower === "else" ||
          (["PRON", "NOUN"].includes(core[i + 1]?.pos ?? "") &&
            core.slice(i + 2, i + 4).some((t) => t.pos === "VERB"))),
    );
    if (at > 0) return "wh";
    return questionAfterClause(core, last);
  }
  // "before I explain anything you can tell me how...", "since you moved are the nurses still...": the
  // question is the main clause after a subordinate one.
  const afterClause = SUBORDINATORS.has(first) ? questionAfterClause(core, last) : null;
  if (afterClause) return afterClause;
  if (WH.has(first) || (first === "how" && w[1] === "come")) {
    // "how we can help is...", "what we do": about the speaker, not asked.
    if (aboutUs(core, 0)) return null;
    // Exclamations: "what a week", "how nice".
    if (
      (first === "what" && (w[1] === "a" || w[1] === "an") && w.length <= 4) ||
      (first === "how" && core[1]?.pos === "ADJ" && w.length <= 3 && !QUANTITY.has(w[1]))
    )
      return null;
    return "wh";
  }
  if (startsWithPhrase(core, 0, REQUEST_STARTS)) return "request";
  if (
    /^(?:please )?(?:can|could|would|will) you (?:please )?(?:tell|explain|describe|share|walk|talk|take|give|help|say|expand|elaborate|paint|outline|summari[sz]e|run me|go (?:through|over)|list|detail|clarify|break (?:down|it down)|fill me in)\b/.test(
      w.join(" "),
    ) ||
    // A learner's word order aimed at the speaker ("you can explain me", never "you can share them with
    // your CRO"), and a wish to know with a word inside it
    // ("i would like first to understand how...").
    /^you (?:can|could|would|will) (?:please )?(?:tell|explain|describe|walk|talk|give|say|show) (?:me|us)\b/.test(
      w.join(" "),
    ) ||
    // "I was hoping you could tell me a bit about how the booking works".
    /^i(?: was|'m| am)? (?:hoping|wondering if|wonder if|hope) you (?:could|can|would|might) (?:please )?(?:tell|explain|describe|walk|talk|share|give)\b/.test(
      w.join(" "),
    ) ||
    /^(?:i guess )?i(?: (?:just|really|also|first))?(?: 'd| would| want| wanted| need)(?: (?:first|also|just|really|briefly|now|quickly|maybe))?(?: like| love)?(?: (?:first|also|just|really|briefly|now|quickly|maybe))? to (?:know|understand|hear|learn|ask(?: you)?(?: like)? (?:how|what|who|why|where|when|which|if|whether))\b/.test(
      w.join(" "),
    )
  )
    return "request";
  if (isAux(core[0]) && (isSubject(core[1]) || (core[1]?.lower === "n't" && isSubject(core[2])))) return "yes-no";
  // A wh-word in place: "and this takes how much time", "you use which system", "they do what".
  for (let i = 1; i < core.length; i++) {
    if (!WH.has(w[i])) continue;
    const before = core.slice(0, i);
    const hasVerb = before.some((t) => t.pos === "VERB" || t.pos === "AUX");
    const prev = w[i - 1];
    // "and late cancellations, how often": a quantity asked at the end of a noun phrase, no verb needed.
    const endQuantity = w[i] === "how" && QUANTITY.has(w[i + 1] ?? "") && i + 2 === core.length;
    if (endQuantity && !EMBEDDING.has(prev)) return "in-place";
    // "hit or miss means what exactly", "one visit is what, approximately, in revenue": a hedge after
    // the wh-word asks, even after "is" or "means", unless a subject follows ("what exactly you mean").
    const hedged =
      HEDGED_AFTER.has(w[i + 1] ?? "") && !["i", "you", "we", "they", "he", "she", "it"].includes(w[i + 2] ?? "");
    if (hasVerb && hedged && !["and", "or", "but", "so", "because", "if", "when", "that"].includes(prev))
      return "in-place";
    if (!hasVerb || embeds(core, i)) continue;
    if (["and", "or", "but", "so", "because", "if", "when", "that"].includes(prev)) continue;
    const next = w[i + 1];
    const quantity = w[i] === "how" && ["much", "many", "long", "often", "far", "big"].includes(next ?? "");
    const atEnd = i === core.length - 1;
    // "which system", "what kind", and "which one would make the biggest difference".
    const withNoun =
      (w[i] === "which" || w[i] === "what") &&
      (["NOUN", "ADJ"].includes(core[i + 1]?.pos ?? "") || (w[i + 1] === "one" && isAux(core[i + 2])));
    // "heating in the rooms is controlled how, from one system or each room": the wh-word stands for the
    // verb's object or manner, with no clause of its own after it ("we do it how we like" has one).
    // "Which" and "who" after a verb-tagged word open a relative clause ("we have team which help").
    const afterVerb =
      ["how", "what", "where", "when"].includes(w[i]) && core[i - 1].pos === "VERB" && !clauseAt(core, i + 1);
    if (quantity || atEnd || withNoun || afterVerb) return "in-place";
  }
  const tail = w.join(" ");
  // "four thousand okay", "150 a yr ok": a figure taken in, not a tag; "we start monday ok" asks.
  const acknowledged = /(?:^| )(?:ok|okay)$/.test(tail) && !core.some((t) => t.pos === "VERB" || t.pos === "AUX");
  if (w.length >= 3 && !acknowledged && TAGS.some((tag) => tail.endsWith(` ${tag}`))) {
    // "that's right" / "yes" alone are answers, not tags.
    if (!/^(?:that's|that is|it's|yes|no|yeah)\b/.test(tail) || w.length > 4) return "tag";
  }
  if (/\bor (?:not|no)(?: yet| really| at all)?$/.test(tail)) return "either-or";
  // "saturday is ok for you or you prefer other day", "you use excel or you have some system": a second
  // alternative put to the buyer in statement order.
  if (
    / or (?:do |would |did |are |is )?(?:you|u) (?:\w+ )?(?:prefer|want|like|rather|need|have|use|think)\b/.test(
      tail,
    ) &&
    / (?:you|your|u)\b/.test(` ${tail.split(" or ")[0]}`)
  )
    return "either-or";
  // "six branch all use same pos or different one", "your sales boys are using some app or they are still writing in
  // register": two ways things may stand on the buyer's side, put in statement order at the end of the turn. Never the
  // speaker's own options ("we can do tuesday or wednesday") or a rough figure ("10% or more").
  const or = w.lastIndexOf("or");
  if (
    last &&
    or >= 3 &&
    or < w.length - 1 &&
    core.slice(0, or).some((t) => t.pos === "VERB" || t.pos === "AUX") &&
    !w.slice(0, or).some((x) => ["i", "we", "our", "my", "us", "let's", "if", "when"].includes(x)) &&
    !/^(?:more|less|so|two|three|something|anything|whatever|other|others|else|longer|worse|both)$/.test(w[or + 1]) &&
    (w.some((x) => ["you", "your", "u", "ur", "they", "their"].includes(x)) || w.length - or <= 4)
  )
    return "either-or";
  if (/^(?:any|anything|anyone|anybody|and|so)\b/.test(tail) && /^(?:any|anything)\b/.test(tail) && w.length <= 8)
    return "elliptic";
  if (["what", "how"].includes(first) === false && /^(?:how|what) about\b/.test(tail)) return "wh";
  // A verbless lead before an inverted question: "three shipments for one mistake do you have a feel".
  const auxAt = core.findIndex(
    (t, k) => k > 1 && isAux(t) && SUBJECTS.has(core[k + 1]?.lower ?? "") && !statesOn(core, k),
  );
  if (
    auxAt > 1 &&
    !WH.has(first) &&
    !CONDITIONS.has(first) &&
    core.slice(0, auxAt).every((t) => t.pos !== "VERB" && t.pos !== "AUX")
  )
    return "yes-no";
  // A statement about the buyer that ends the turn asks to be confirmed: "you have problem also with the windows".
  const secondPerson = first === "you" || first === "your" || (first === "so" && w[1] === "you");
  if (
    secondPerson &&
    last &&
    core.some((t) => t.pos === "VERB" || t.pos === "AUX") &&
    !/\b(?:will|'ll|would|'d|could|can|should|must|need to|have to)\b/.test(tail)
  )
    return "statement";
  return null;
}

const DO_MODAL = new Set("do does did can could would will should might".split(" "));
/** Where "so do we", "than do they" put a verb before its subject in a statement. */
const NOT_INVERTING = new Set(["so", "neither", "nor", "than", "as", "what", "how", "why", "where", "when", "who"]);

/**
 * Whether "is it", "do we" at token k carries on as a statement: "the problem is it takes too long", "the
 * reason is they are late", "and so do we".
 */
function statesOn(core: Token[], k: number): boolean {
  if (NOT_INVERTING.has(core[k - 1].lower)) return true;
  let n = k + 2;
  while (core[n]?.pos === "ADV" && n < k + 4) n++;
  const next = core[n];
  if (!next) return DO_MODAL.has(core[k].lower) && core[k - 1].pos !== "NOUN";
  // After "do" or a modal the verb is bare ("do you have", "would you say"); after "is" a finite verb states.
  if (DO_MODAL.has(core[k].lower))
    return /^(?:is|are|was|were|has|'s|'re)$/.test(next.lower) || (next.pos === "VERB" && /(?:s|ed)$/.test(next.lower));
  return isAux(next) || next.pos === "AUX" || (next.pos === "VERB" && /s$/.test(next.lower));
}

/** Words that open a subordinate clause a question may follow ("before I start, how do you..."). */
const SUBORDINATORS = new Set([
  "before",
  "after",
  "since",
  "because",
  "as",
  "while",
  "until",
  "unless",
  "although",
  "though",
]);

/**
 * The question form of the main clause that follows a subordinate one, or null: the first point,
 * after the clause has a verb of its own, where a wh-question, an inverted question or a request
 * starts ("when the trucks are late are the clients told"). A statement after the clause stays one
 * ("when the team was small we did everything by hand").
 */
function questionAfterClause(core: Token[], last: boolean): QuestionForm | null {
  for (let k = 2; k < core.length - 1; k++) {
    if (!core.slice(1, k).some((t) => t.pos === "VERB" || t.pos === "AUX")) continue;
    // "...that the clients who..." / "...because it is": the clause is still open.
    // A particle that ends a phrasal verb ("goes down", "runs out") closes the clause; a preposition does not.
    const particle = ["ADP", "PART"].includes(core[k - 1].pos) && core[k - 2]?.pos === "VERB";
    if ((["ADP", "DET", "SCONJ", "PART", "CCONJ"].includes(core[k - 1].pos) && !particle) || isAux(core[k - 1]))
      continue;
    // "...well mostly there was one time": a verb after its own subject is a statement, not a verb put first.
    if (isAux(core[k]) && ["there", "i", "we", "you", "they", "he", "she", "it"].includes(core[k - 1].lower)) continue;
    const tail = core.slice(k);
    if (SUBORDINATORS.has(tail[0].lower) || CONDITIONS.has(tail[0].lower)) return null;
    const form = questionForm(tail, 0, last);
    if (form === "wh" || form === "request" || (form === "yes-no" && isSubject(tail[1]))) return form;
  }
  return null;
}

export function isOpen(form: QuestionForm | null, ts: Token[], start: number): boolean {
  if (form === "wh" || form === "request" || form === "in-place") return true;
  if (form === "yes-no")
    return /\b(?:tell|explain|describe|walk|talk|share|give me|help me understand)\b/.test(joined(ts, start, 10));
  return false;
}

const CONDITIONS = new Set(["if", "when", "whenever", "once", "say", "suppose", "imagine", "assuming"]);

const SPLIT_MARKERS = new Set([
  "and",
  "so",
  "but",
  "okay",
  "ok",
  "also",
  "then",
  "right",
  "alright",
  "great",
  "cool",
  "perfect",
  "yeah",
  "thanks",
  "now",
  "because",
]);

/** Where a new unit starts inside a sentence: a marker or comma followed by a question start. */
const SPLIT_AUX = new Set([
  "do",
  "does",
  "did",
  "can",
  "could",
  "would",
  "will",
  "should",
  "shall",
  "may",
  "have",
  "has",
  "are",
  "is",
  "was",
  "were",
]);
const SUBJECTS = new Set(["you", "they", "we", "your", "that", "this", "it", "there", "he", "she", "i"]);

/**
 * "...for one mistake do you have a feel", "...for putaway how does that hold up": a wh-word or an
 * auxiliary followed by its subject, not reported after a verb of knowing ("I'd like to understand
 * how things run") and not the verb of the clause before it ("the problem is that we...").
 */
function startsInvertedQuestion(ts: Token[], i: number): boolean {
  const prev = ts[i - 1];
  const t = ts[i];
  // A wh-word inverted with its pronoun subject asks directly, even after "know": "good to know what
  // would you need", "...in ohio how many branches do you have".
  const inverted = [1, 2, 3].find((k) => isAux(ts[i + k]) && SUBJECTS.has(ts[i + k + 1]?.lower ?? ""));
  if (
    WH.has(t.lower) &&
    inverted !== undefined &&
    ts.slice(i + 1, i + inverted).every((x) => !["VERB", "AUX", "PRON"].includes(x.pos)) &&
    !["to", "and", "or"].includes(prev.lower)
  )
    return !ts.slice(Math.max(0, i - 3), i).some((x) => WH.has(x.lower));
  // "...in the bin i think how much waste you have", "...where is the sofa how many of your contacts are
  // from this kind": a quantity asked, inverted or in a learner's order, after the clause before it.
  if (
    t.lower === "how" &&
    QUANTITY.has(ts[i + 1]?.lower ?? "") &&
    inverted === undefined &&
    !embeds(ts, i) &&
    (["NOUN", "PROPN", "NUM", "ADJ", "ADV"].includes(prev.pos) ||
      (["think", "guess"].includes(prev.lower) && ts[i - 2]?.lower === "i")) &&
    ts.slice(i + 2, i + 7).some((x) => x.pos === "VERB" || x.pos === "AUX")
  )
    return true;
  if (embeds(ts, i) || ["to", "about", "of", "on", "and", "or"].includes(prev.lower)) return false;
  // "...is a big gap what happen to the business": a wh-word that is its verb's subject asks, whatever the
  // verb's agreement; after a noun "who" and "which" open a relative clause instead (below).
  // "...different tools what all tools your team is using": Indian English "what all" asks for a list.
  if (
    t.lower === "what" &&
    ts[i + 1]?.lower === "all" &&
    ts.slice(i + 2, i + 7).some((x) => isAux(x) || x.pos === "VERB")
  )
    return true;
  if (
    t.lower === "what" &&
    ts[i + 1]?.pos === "VERB" &&
    !/ing$/.test(ts[i + 1].lower) &&
    ["NOUN", "PROPN", "NUM", "ADJ", "ADV"].includes(prev.pos)
  )
    return true;
  // "...a ton of applications what's the number these days": a wh-word, its contracted verb and a subject
  // ("...thanks for the call how's things" stays one greeting).
  if (
    WH.has(t.lower) &&
    t.lower !== "how" &&
    ["'s", "'re"].includes(ts[i + 1]?.lower ?? "") &&
    ["DET", "PRON", "ADJ", "NOUN", "NUM"].includes(ts[i + 2]?.pos ?? "") &&
    ["NOUN", "PROPN", "ADJ", "ADV", "NUM"].includes(prev.pos)
  )
    return true;
  // "how far is your venue", "what time does it open": the auxiliary belongs to the wh-word before it.
  if (!WH.has(t.lower) && ts.slice(Math.max(0, i - 3), i).some((x) => WH.has(x.lower))) return false;
  const subjectAt = (k: number) => !!ts[k] && SUBJECTS.has(ts[k].lower);
  // "clients who don't trust the hours": who/which after a noun is a relative clause.
  if (["who", "which", "whom", "whose"].includes(t.lower) && ["NOUN", "PROPN", "PRON"].includes(prev.pos)) return false;
  // After "could you", "from", "the": the words that follow belong to the clause already open.
  const openClause = ["ADP", "PRON", "AUX", "DET", "SCONJ", "PART"].includes(prev.pos);
  // Learner order, no inversion: "...with the location what this changes for you".
  // After a verb the same shape is its object ("orders just followed what you actually sold").
  // "how would that change how you walk in": after an auxiliary and its subject the word is a verb, whatever
  // the tagger says ("that change" reads as a noun phrase), and the wh-clause is its object.
  const verbOfInverted = isAux(ts[i - 3]) && SUBJECTS.has(ts[i - 2]?.lower ?? "");
  if (
    !openClause &&
    prev.pos !== "VERB" &&
    !verbOfInverted &&
    ["what", "how", "why"].includes(t.lower) &&
    !["'s", "is", "be", "was"].includes(prev.lower) &&
    ["PRON", "NOUN", "PROPN"].includes(ts[i + 1]?.pos ?? "") &&
    ts.slice(i + 2, i + 4).some((x) => x.pos === "VERB" || x.pos === "AUX")
  )
    return true;
  // "...really helpful who else would need to be involved": "else" may come between the wh-word and its verb.
  const auxAt = ts[i + 1]?.lower === "else" ? i + 2 : i + 1;
  if (
    WH.has(t.lower) &&
    t.lower !== "when" &&
    t.lower !== "where" &&
    isAux(ts[auxAt]) &&
    !!ts[auxAt + 1] &&
    !["ADP", "PUNCT", "CCONJ", "SCONJ"].includes(ts[auxAt + 1].pos)
  )
    return true;
  // "...i'd like to understand how things run": a request for information starts a unit of its own.
  if (i >= 3 && !openClause && startsWithPhrase(ts, i, REQUEST_STARTS) && !["to", "and", "or"].includes(prev.lower))
    return true;
  if (!SPLIT_AUX.has(t.lower) || prev.pos === "AUX") return false;
  // After a pronoun or a verb the auxiliary is usually that clause's own ("we could", "what they do"),
  // except "...a request for you is there anything else" and "...thank you for confirming are you".
  const after1 = ts[i + 1]?.lower ?? "";
  // An object pronoun ends a clause ("about us could you..."); a subject pronoun starts this one.
  // "thank you would you be open...": "you" after a verb is its object, and the question starts here.
  const objectYou = ["you", "it"].includes(prev.lower) && ts[i - 2]?.pos === "VERB";
  const subjectBefore =
    !objectYou &&
    ["i", "you", "he", "she", "we", "they", "it", "that", "this", "who", "which", "there"].includes(prev.lower);
  if (subjectBefore && !(["is", "are"].includes(t.lower) && after1 === "there")) return false;
  if (prev.pos === "VERB" && !(/ing$/.test(prev.lower) && ["you", "they", "we", "there"].includes(after1)))
    return false;
  // "...northline today is that okay": a closing check is a unit of its own.
  if (
    t.lower === "is" &&
    ts[i + 1]?.lower === "that" &&
    ["okay", "ok", "right", "fair", "alright", "correct"].includes(ts[i + 2]?.lower ?? "")
  )
    return true;
  // "is" and "are" open a question only with a pronoun subject: "...booked is that okay", not "the problem is that".
  const after = ts[i + 1]?.lower ?? "";
  if (
    ["is", "are", "was", "were"].includes(t.lower) &&
    !["there", "you", "they", "it", "we"].includes(after) &&
    !(SUBJECTS.has(after) && prev.pos !== "NOUN")
  )
    return false;
  return subjectAt(i + 1) && !!ts[i + 2] && ts[i + 2].pos !== "PUNCT";
}

/**
 * "...what would it mean for you it does pick optimisation": a question that ends on an object
 * pronoun, then a new subject and verb, is followed by the learner's own talk. Only after an object
 * pronoun: after a noun the same shape is a relative clause ("the time they spend").
 */
function talkAfterQuestion(ts: Token[], i: number, segment: Token[]): boolean {
  const prev = ts[i - 1];
  if (!["you", "me", "us", "them", "him", "her"].includes(prev.lower)) return false;
  if (!["ADP", "VERB"].includes(ts[i - 2]?.pos ?? "")) return false;
  if (!["i", "we", "it", "they", "he", "she", "our", "my"].includes(ts[i].lower)) return false;
  if (!["VERB", "AUX", "NOUN"].includes(ts[i + 1]?.pos ?? "")) return false;
  const form = questionForm(segment, skipLeadIns(segment), false);
  return form === "wh" || form === "yes-no" || form === "request" || form === "in-place";
}

const FINITE_AUX = new Set(
  "is are was were 's 're 've 'll will can could has have had would should must may might".split(" "),
);
/**
 * "what challenges does that cause the discount is 30 percent if you sign": a wh-question complete with its
 * verb, then the learner's own statement (an article or "we", "our", "i", "my" and a verb) with no marker
 * between, as speech and unpunctuated chat have it. The buyer answers the statement, not the question.
 */
function ownTalkAfterQuestion(ts: Token[], i: number, segment: Token[]): boolean {
  if (!["the", "our", "we", "i", "my", "this"].includes(ts[i].lower)) return false;
  if (!["VERB", "NOUN", "PROPN", "ADV"].includes(ts[i - 1]?.pos ?? "")) return false;
  // Only a statement led by an auxiliary ("the discount is", "we can", "our platform has"): "how do you plan the
  // routes we built" keeps its object, "what would you do with the time the team saves" its relative clause.
  // A finite one: "where do you want the warehouses to be" is one question.
  // Its subject a plain noun phrase, and not a pronoun after a noun: "how do you handle the calls we're getting"
  // has a relative clause.
  if (["we", "i"].includes(ts[i].lower) && ["NOUN", "PROPN"].includes(ts[i - 1].pos)) return false;
  const at = ts.findIndex((t, k) => k > i && k < i + 5 && (t.pos === "AUX" || t.pos === "VERB"));
  if (at < 0 || !FINITE_AUX.has(ts[at].lower)) return false;
  if (!ts.slice(i + 1, at).every((t) => ["DET", "ADJ", "NOUN", "NUM", "PROPN"].includes(t.pos))) return false;
  const start = skipLeadIns(segment);
  return questionForm(segment, start, false) === "wh" && completeQuestion(segment) && statementAhead(ts, i);
}

/**
 * "90 a month solid how're leads coming in", "late how much": the buyer's own words said back without
 * a verb, then a wh-question. The echo is a unit of its own, so the question is read by itself
 * (with the echo as what came before it). A lead that frames the question stays with it: "in an ideal
 * world how would...", "at reno how are orders picked", "if the dock wait was gone what...".
 */
function echoBefore(ts: Token[], i: number, segment: Token[], echoes: ReadonlySet<string>): boolean {
  if (!WH.has(ts[i].lower) || (ts[i].lower === "how" && ts[i + 1]?.pos === "ADJ" && !QUANTITY.has(ts[i + 1].lower)))
    return false;
  const lead = segment.slice(skipLeadIns(segment) || 0);
  if (!lead.length || lead.some((t) => t.pos === "VERB" || t.pos === "AUX")) return false;
  // "what about pupil notes, how does ..." is a question frame, not an echo.
  if (["ADP", "SCONJ"].includes(lead[0].pos) || CONDITIONS.has(lead[0].lower) || WH.has(lead[0].lower)) return false;
  if ([...lead].some((t) => HYPOTHETICAL.has(t.lower))) return false;
  return lead.some((t) => echoes.has(t.lemma) || echoes.has(t.lower));
}
const QUANTITY = new Set(["much", "many", "long", "often", "far", "big", "soon"]);

/** A clause starts at `k`: a subject (a pronoun, an article, a noun) with its verb within three words. */
function clauseAt(ts: Token[], k: number): boolean {
  const first = ts[k];
  if (!first || !["PRON", "DET", "NOUN", "PROPN"].includes(first.pos)) return false;
  return ts.slice(k + 1, k + 4).some((t) => t.pos === "VERB" || t.pos === "AUX");
}

/**
 * The wh-word at `i` opens a clause reported by the verb before it ("I know what you mean", "the question
 * is how many we need"). Not a quantity a learner asks after "I think" ("i think how much waste you have")
 * or after "is" with no clause of its own ("no-show is how many, maybe in one week").
 */
function embeds(ts: Token[], i: number): boolean {
  const prev = ts[i - 1];
  if (!prev || !(EMBEDDING.has(prev.lower) || EMBEDDING.has(prev.lemma))) return false;
  const quantity = ts[i].lower === "how" && QUANTITY.has(ts[i + 1]?.lower ?? "");
  if (quantity && ["think", "guess"].includes(prev.lower) && ts[i - 2]?.lower === "i") return false;
  if (quantity && ["is", "are", "was", "were", "'s"].includes(prev.lower) && !clauseAt(ts, i + 2)) return false;
  return true;
}
/** Asking leave to ask: "if I can ask", "if you don't mind me asking". A lead-in, and a unit's start mid-turn. */
const ASKING_LEAVE = [
  "if i can ask",
  "if i could ask",
  "if i may ask",
  "if you don't mind me asking",
  "if you don't mind my asking",
  "if you don't mind",
  "can i ask",
  "may i ask",
  "could i ask",
];
/** A wh-word or an auxiliary within the next few words after the phrase: something is asked. */
const WH_AHEAD = (ts: Token[], i: number) =>
  ts.slice(i + 3, i + 9).some((t) => WH.has(t.lower) || AUX_WORDS.has(t.lower));
const CLOSING_ASIDES = new Set([
  "do you think",
  "you think",
  "don't you think",
  "would you say",
  "do you reckon",
  "you reckon",
  "d'you reckon",
  "would you agree",
]);

/** "what we do", "how I can help": a wh-clause about the speaker, never a question to the buyer. */
const aboutUs = (ts: Token[], i: number) => WH.has(ts[i]?.lower ?? "") && ["we", "i"].includes(ts[i + 1]?.lower ?? "");

/** A wh- or inverted question with its main verb said ("what challenges does that cause", "how do you plan routes"). */
function completeQuestion(segment: Token[]): boolean {
  const start = skipLeadIns(segment);
  const form = questionForm(segment, start, false);
  if (form !== "wh" && form !== "yes-no") return false;
  const aux = segment.findIndex((t, k) => k >= start && isAux(t));
  // "wouldn't it be great if counts took twenty minutes and orders just followed...": after a condition
  // the "and" may carry the condition on.
  if (aux < 0 || segment.slice(aux).some((t) => CONDITIONS.has(t.lower))) return false;
  // "what impact does that have on...": a main-verb "have" or "do" is tagged as an auxiliary.
  return segment
    .slice(aux + 2)
    .some((t, k, rest) => t.pos === "VERB" || (t.pos === "AUX" && !["VERB", "AUX"].includes(rest[k + 1]?.pos ?? "")));
}

/** A statement starts here: a subject (an article, a possessive, a pronoun or a noun) and its verb within a few words. */
function statementAhead(ts: Token[], i: number): boolean {
  const first = ts[i];
  if (!first || !["DET", "PRON", "NOUN", "PROPN", "ADJ"].includes(first.pos) || WH.has(first.lower)) return false;
  if (first.pos === "PRON" && !["i", "we", "it", "they", "that", "this", "there", "our", "my"].includes(first.lower))
    return false;
  const verb = ts.slice(i + 1, i + 7).findIndex((t) => t.pos === "AUX" || t.pos === "VERB");
  return verb >= 0 && ts.slice(i, i + 1 + verb).every((t) => t.pos !== "PUNCT");
}

/** Words that open a greeting ("hi", "good morning"). */
const GREETINGS = new Set(["hi", "hello", "hey", "hiya", "morning", "afternoon", "evening", "good"]);

/**
 * Where a question that starts at `at` really starts: at the condition that leads into it, when a
 * statement or a summary comes first ("...so front desk is on the phone. if no-show is going to half,
 * what is changing for you"): the condition belongs to the question, not to the remark before it.
 */
function conditionFirst(ts: Token[], segmentStart: number, at: number): number | null {
  for (let c = at - 2; c >= segmentStart; c--) {
    if (!["if", "when", "once", "suppose", "assuming", "imagine", "after"].includes(ts[c].lower)) continue;
    const clause = ts.slice(c + 1, at);
    // "...when someone rings who actually picks up, and how does it...": the clause asks already.
    if (clause.some((t) => WH.has(t.lower)) || !clause.some((t) => t.pos === "VERB" || t.pos === "AUX")) return at;
    const before = ts.slice(segmentStart, c);
    // "okay, and after you check the store, what happens then": lead-ins, the clause and its question are one.
    if (!before.some((t) => t.pos === "VERB" || t.pos === "AUX"))
      return skipLeadIns(ts.slice(segmentStart, at)) === c - segmentStart ? null : at;
    if (questionForm(before, skipLeadIns(before), false) !== null) return at;
    return c;
  }
  return at;
}

function splitPoints(ts: Token[], echoes: ReadonlySet<string>): number[] {
  const points: number[] = [];
  for (let i = 1; i < ts.length - 1; i++) {
    const prev = ts[i - 1];
    const segmentStart = points.at(-1) ?? 0;
    const segment = ts.slice(segmentStart, i);
    if (echoes.size && echoBefore(ts, i, segment, echoes)) {
      points.push(i);
      continue;
    }
    if (i < 2) continue;
    // "...is there a risk she might leave, do you think": a closing "do you think" belongs to the question before it.
    if (
      CLOSING_ASIDES.has(
        ts
          .slice(i)
          .map((t) => t.lower)
          .join(" "),
      )
    )
      break;
    // "...two accounts is a lot if i can ask how much...": asking leave to ask opens a question of its own.
    if (i - segmentStart >= 2 && startsWithPhrase(ts, i, ASKING_LEAVE) && WH_AHEAD(ts, i)) {
      points.push(i);
      continue;
    }
    // "if the dock wait was gone what would you do": a condition stays with its question, until that question
    // is complete ("if you could fix that what would it mean for you so how many sites...").
    const opener = segment.find((t) => !LEAD_INS.has(t.lower))?.lower ?? "";
    if (CONDITIONS.has(opener) && !(completeQuestion(segment) && SPLIT_MARKERS.has(prev.lower))) continue;
    // "wouldn't it be great if...": after a verb "great" is the predicate, not a marker that opens a new unit.
    // "is saturday ok for you": after an inverted "is" and its subject the word is the predicate too.
    const lead = skipLeadIns(segment);
    const predicate =
      ["be", "'s", "is", "was", "been", "sounds", "seems", "looks"].includes(ts[i - 2]?.lower ?? "") ||
      (["ok", "okay", "fine", "good", "right", "alright", "great"].includes(prev.lower) &&
        isAux(segment[lead]) &&
        i - 1 - (segmentStart + lead) <= 4);
    // "we also have a site in york": an adverb after its subject is inside that clause, not a marker.
    const inClause =
      ["also", "then", "now"].includes(prev.lower) &&
      ["i", "we", "you", "they", "he", "she"].includes(ts[i - 2]?.lower ?? "");
    // "we've got this great feature where...": after an article or "really" the word describes a noun.
    const modifier =
      ["great", "cool", "perfect", "right"].includes(prev.lower) &&
      (ts[i - 2]?.pos === "DET" ||
        ["this", "that", "a", "an", "the", "our", "your", "my", "their", "really", "very", "so", "pretty"].includes(
          ts[i - 2]?.lower ?? "",
        ));
    if (
      (SPLIT_MARKERS.has(prev.lower) && !predicate && !inClause && !modifier) ||
      (prev.lower === "it" && ts[i - 2]?.lower === "got")
    ) {
      // "...do you have and which ones": a marker, then a question of its own. Not "...who we are and what
      // we do": a wh-word with "we" or "I" after it says what the learner will talk about.
      const form = aboutUs(ts, i) ? null : questionForm(ts, i, false);
      // "...attendance right now is it biometric": "right now" ends the clause before it; it opens nothing.
      const rightNow = prev.lower === "now" && ts[i - 2]?.lower === "right";
      const at = SPLIT_MARKERS.has(prev.lower) && !rightNow ? i - 1 : i;
      if ((form === "wh" || form === "yes-no" || form === "request") && at - segmentStart >= 2) {
        // After a marker ("sorry if this is obvious, but how many..."), what came before is a unit of its own.
        points.push(conditionFirst(ts, segmentStart, at) ?? at);
      }
      // "what challenges does that cause and the impact of downtime is huge": a question complete with
      // its verb, then "and" with a statement of the learner's own, is two units however it is punctuated.
      else if (
        form === null &&
        ["and", "but", "so"].includes(prev.lower) &&
        completeQuestion(ts.slice(segmentStart, i - 1)) &&
        statementAhead(ts, i)
      )
        points.push(i - 1);
      continue;
    }
    // "hello dana how are you doing today": a greeting and a name are a unit of their own, so the
    // question after it is read by itself, with or without the comma.
    if (
      GREETINGS.has(segment[0].lower) &&
      i - segmentStart <= 3 &&
      segment
        .slice(1)
        .every(
          (t) =>
            !WH.has(t.lower) &&
            (["PROPN", "NOUN", "PUNCT"].includes(t.pos) || GREETINGS.has(t.lower) || t.lower === "there"),
        ) &&
      (WH.has(ts[i].lower) || isAux(ts[i])) &&
      questionForm(ts, i, false) !== null
    ) {
      points.push(i);
      continue;
    }
    // No marker: a question that starts mid-sentence ("...for one mistake do you have a feel"),
    // unless what comes before is a verbless lead into it ("in an ideal world how would...").
    const segmentHasVerb = segment.some((t) => t.pos === "VERB" || t.pos === "AUX");
    if (startsInvertedQuestion(ts, i) && i - segmentStart >= 2 && segmentHasVerb) {
      const start = conditionFirst(ts, segmentStart, i);
      if (start !== null) points.push(start);
    } else if (talkAfterQuestion(ts, i, segment) || ownTalkAfterQuestion(ts, i, segment)) points.push(i);
  }
  return points;
}

export type Analysed = Normalised & { units: Unit[] };

/** Text as a speech transcript has it: no punctuation (decimals kept), one space between words. */
export function withoutPunctuation(text: string): string {
  return text
    .replace(/(?<=\d)[.,](?=\d)/g, "§")
    .replace(/[.,!?;:"()]/g, " ")
    .replace(/§/g, ".")
    .replace(/\s+/g, " ")
    .trim();
}

/** Normalises a turn and cuts it into units with their question forms. */
export function analyseTurn(
  raw: string,
  vocabulary?: ReadonlySet<string>,
  /** The buyer's words just before (lemmas and numbers): said back without a verb, they are an echo. */
  echoes: ReadonlySet<string> = new Set(),
): Analysed {
  const n = normalise(raw, vocabulary);
  // Units are found by syntax alone, never by punctuation: the same words typed or transcribed from
  // speech (lower case, no punctuation) must be read the same way, so the grade cannot move with them.
  const words = withoutPunctuation(n.text);
  const pieces: { tokens: Token[] }[] = [];
  const all = words ? tokenise(words).filter((t) => t.pos !== "PUNCT") : [];
  const cuts = [0, ...splitPoints(all, echoes), all.length];
  for (let k = 0; k < cuts.length - 1; k++) {
    const part = all.slice(cuts[k], cuts[k + 1]);
    if (part.length) pieces.push({ tokens: part });
  }
  const units = pieces.map((p, i): Unit => {
    const start = skipLeadIns(p.tokens);
    const question = questionForm(p.tokens, start, i === pieces.length - 1);
    return {
      text: p.tokens
        .map((t) => t.text)
        .join(" ")
        .replace(/ (?=['’])/g, "")
        .replace(/ n't/g, "n't")
        .toLowerCase(),
      tokens: p.tokens,
      start,
      question,
      open: isOpen(question, p.tokens, start),
    };
  });
  // "is she, um, is there a risk she might leave": a question begun and restarted at once is a false start,
  // not a question of its own.
  units.forEach((u, i) => {
    const next = units[i + 1];
    const restart = next?.question && (isAux(next.tokens[next.start]) || WH.has(next.tokens[next.start]?.lower ?? ""));
    if (u.question && u.tokens.length - u.start <= 2 && restart) units[i] = { ...u, question: null, open: false };
  });
  return { ...n, units };
}
