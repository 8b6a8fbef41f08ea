/**
 * Finds the questions in what a learner said, as a speech transcript has them: with or without a
 * question mark, and in indirect form ("I'm curious how...", "walk me through..."). Deterministic.
 */

/** Sentences: split after terminal punctuation followed by a space, so "4.5%" stays whole. */
export function sentencesOf(text: string): string[] {
  return text
    .replace(/\s+/g, " ")
    .split(/(?<=[.!?…])\s+(?=\S)/)
    .map((s) => s.trim())
    .filter((s) => /[\p{L}\p{N}]/u.test(s));
}

const CONTRACTIONS: [RegExp, string][] = [
  [/\b(what|how|where|who|that|there|it|here)s\b/g, "$1's"],
  [/\b(do|does|did|is|are|was|were|would|could|should|have|has|had|ca|wo)nt\b/g, "$1n't"],
  [/\bim\b/g, "i'm"],
  [/\bive\b/g, "i've"],
  [/\b(you|they|we)re\b/g, "$1're"],
  [/\b(you|they|we)ve\b/g, "$1've"],
];

/** Lower case, straight apostrophes, and the contractions speech-to-text writes without them. */
export function normaliseText(s: string): string {
  let out = s.toLowerCase().replace(/[’‘`]/g, "'").replace(/[“”]/g, '"').replace(/\s+/g, " ").trim();
  for (const [re, to] of CONTRACTIONS) out = out.replace(re, to);
  return out;
}

const AUX =
  "is|are|was|were|do|does|did|would|could|can|will|should|has|have|had|happens|happened|makes|made|causes|caused|gets|goes|doesn't|don't|didn't|isn't|aren't|won't|wouldn't|can't|hasn't|haven't";
const WH = "what|how|why|when|where|who|whom|which|whose";
const PRONOUN = "we|i|you|they|he|she|it";
/** A question clause in the usual order: a wh-word and an auxiliary before any subject pronoun. */
const WH_QUESTION = new RegExp(
  [
    `^(?:${WH})(?:'s|'re|'d)\\b`,
    `^(?:why|how come)\\b`,
    `^(?:what|how|which|who)\\s+(?:kind|sort|type|types|many|much|often|long|soon|far|else|about|exactly|specifically|percentage|proportion|volume|number|level|portion|share|part|if|big|important|well|quickly)\\b`,
    `^(?:${WH})\\s+(?:${AUX})\\b`,
    `^(?:what|which|whose|who|how)\\s+(?!(?:${PRONOUN}|the way)\\b)(?:[\\w'-]+\\s+){1,2}?(?:${AUX})\\s+(?:you|your|the|it|that|this|there|we|they|he|she|i|our|their|those|these|a|an|them|him|her|us|me|people|things|\\w+s)\\b`,
    `^(?:who|what)\\s+(?!(?:${PRONOUN}|is|was|does|has|this|thus|its|his|as|us)\\b)\\w+s\\b`,
  ].join("|"),
);
/** A yes/no question: an auxiliary, then its subject. */
/** Mid-sentence, an auxiliary only opens a question when a subject follows ("...and did a great job" is no question). */
const YES_NO_SUBJECT =
  /^(?:do|does|did|are|is|was|were|have|has|had|can|could|would|will|should|isn't|aren't|don't|doesn't|didn't|haven't|hasn't|won't|wouldn't|can't|couldn't)\s+(?:you|your|the|it|that|this|there|we|they|he|she|anyone|anybody|someone|any|i|our|their|those|these|most|all|people|everyone)\b/;
const YES_NO =
  /^(?:do|does|did|are|is|was|were|have|has|had|can|could|would|should|shall|isn't|aren't|don't|doesn't|didn't|haven't|hasn't|won't|wouldn't|can't|couldn't|wasn't|weren't|will (?:you|it|that|this|they|we|there|your|the))\s+[\w'-]+/;
/** Indirect questions, anywhere in the sentence. */
const INDIRECT =
  /\b(?:(?:i'?m|i am|i was|i'd be|just|always|really|genuinely) (?:curious|wondering)|i (?:wonder|wondered)|interested (?:to|in) (?:hear|know|learn|understand|hearing|knowing|learning|understanding)|curious (?:to (?:know|hear|understand|learn)|about|how|what|whether|if|why|where|who|which|when)|(?:tell|walk|talk|take) me (?:through|about|more|how|what|why|where|when|who|a bit|a little)|help me understand|(?:i'?d|i would|i'?d really|i really want to|i want to|i'd want to|i need to|we'd) (?:love|like|want|need)?\s?(?:to )?(?:know|hear|understand|learn|get a sense|find out|get a feel)|(?:can|could|would|will) you (?:tell|share|walk|explain|describe|give|paint|help|talk|take|expand|elaborate|say more|unpack|go into)|give me (?:a sense|an idea|a picture|an example|a feel|a rundown)|paint (?:me )?a picture|do you mind (?:sharing|telling|walking|explaining|if i ask)|what about|how about your|say more about|expand on|elaborate on)\b/;
const IMPERATIVE_START =
  /^(?:describe|explain|share|outline|unpack|elaborate|tell me|walk me|talk me|take me|talk to me about|wondering|curious|keen to (?:hear|know|understand|learn))\b/;
/** Tags that turn a statement into a (leading) question. */
const TAGS =
  /\b(?:wouldn't you agree|don't you think|don't you agree|isn't it|aren't you|right|correct|yeah|no|agreed|you know what i mean|make sense|does that make sense|sound good|fair)\s*\??$/;

/** Words that may open a clause before the question proper ("okay so how do you..."). */
const LEAD_IN =
  /^(?:so|and|but|okay|ok|well|right|now|then|also|just|um+|uh+|er+|great|thanks|thank you|cool|perfect|sure|yeah|yes|yep|got it|gotcha|understood|makes sense|that makes sense|i see|interesting|fair enough|alright|all right|oh|ah|hmm|wow|fine|nice|good|excellent|awesome|absolutely|totally|sounds good|that's (?:great|helpful|interesting|fair|useful|really helpful|good to know)|good to know|love that|and then|and so|so then|out of interest|quick question|one more thing|next|first|firstly|second|finally|lastly|actually|honestly|basically|like|you know|i mean|hey|hi|hello|right okay|okay great|hm+|roughly|approximately|ballpark|out of curiosity)\b[,.!;:\s-]*/;

export function stripLeadIns(clause: string): string {
  let c = clause.trim();
  for (let i = 0; i < 6; i++) {
    const next = c.replace(LEAD_IN, "").trim();
    if (next === c) break;
    c = next;
  }
  return c;
}

/** Clause starts: the sentence start, after a comma, dash or semicolon, or after a connecting word. */
function clauseStarts(sentence: string): string[] {
  const out = [sentence];
  const re =
    /(?:[,;:]|\s[-–—]|\b(?:so|and|but|okay|ok|then|now|great|right|sure|yeah|well|alright|perfect|cool|interesting|understood|gotcha|got it|thanks|makes sense|i see))\s+/g;
  for (let m = re.exec(sentence); m; m = re.exec(sentence)) out.push(sentence.slice(m.index + m[0].length));
  return out;
}

const MID_WHERE_WHO =
  /^(?:where (?:do|does|did|would|will|can|could|should)|which (?:one |of (?:those|these|them|the \w+) )?(?:would|'d) (?:you|your)\b|who(?:'d| would| will| ends| else| actually| usually| normally| typically| picks| gets| notices| feels| pays| carries| has to| (?:in|on|at) (?:your|the) [\w'-]+ (?:ends|would|gets|has|is|feels|notices|picks|pays)))\b/;
/** "...are all managed in house or is a CRO involved": an alternative question ends on "or" and an auxiliary. */
const ALTERNATIVE = /\bor (?:is|are|was|were|do|does|did|has|have|can|will|would) (?:[\w'-]+ ){0,5}[\w'-]+$/;

function isQuestionClause(clause: string, sentenceStart: boolean): boolean {
  const c = stripLeadIns(clause);
  if (sentenceStart)
    return (
      WH_QUESTION.test(c) ||
      /^who\b(?! (?:i|we)\b)/.test(c) ||
      YES_NO.test(c) ||
      IMPERATIVE_START.test(c) ||
      /^(?:which|whose) [\w'-]+ [\w'-]+/.test(c)
    );
  // Mid-sentence, "which was" / "who is" / "share it" are relative clauses and plain verbs, not questions.
  // "..., where does that business end up" / "..., who ends up carrying it": where and who after a
  // comma open a question only with an auxiliary or a verb of their own, not as relative pronouns.
  return (
    (/^(?:what|how|why)\b/.test(c) && WH_QUESTION.test(c)) ||
    MID_WHERE_WHO.test(c) ||
    YES_NO_SUBJECT.test(c) ||
    /^(?:tell|walk|talk|take) me\b/.test(c)
  );
}

/** `text` is the whole sentence (its cues decide the stage); `clause` is where the question starts (it decides open/closed and "not discovery"). */
const CONDITION = /^(?:if|when|whenever|once|while|given|since|because|with|after|before|by the time|say|suppose)\b/;
const WH_AFTER_CONDITION =
  /\b(?:what|how|why|who|where|which)(?:'s|'d|\s+(?:would|does|do|did|is|are|was|will|can|could|should|has|have|happens|else))\b/;

export type FoundQuestion = { text: string; clause: string };

/** The questions in one learner turn, in order; each is a sentence and the clause where the question starts. */
export function findQuestions(text: string): FoundQuestion[] {
  const found: FoundQuestion[] = [];
  for (const sentence of sentencesOf(text)) {
    const s = normaliseText(sentence).replace(/[.!…]+$/, "");
    const starts = clauseStarts(s);
    let at = starts.find((c, i) => isQuestionClause(c, i === 0));
    // Speech without commas: "if reps could see it what would that change" asks after its condition.
    if (at === undefined && CONDITION.test(stripLeadIns(s))) {
      const m = s.slice(1).search(WH_AFTER_CONDITION);
      if (m >= 0) at = s.slice(m + 1).trim();
    }
    if (sentence.trim().endsWith("?")) {
      found.push({ text: sentence, clause: at ?? s });
    } else if (at !== undefined) {
      found.push({ text: sentence, clause: at });
    } else if (ALTERNATIVE.test(s)) {
      found.push({ text: sentence, clause: s });
    } else if (INDIRECT.test(s)) {
      found.push({ text: sentence, clause: s.slice(s.search(INDIRECT)) });
    } else if (
      TAGS.test(s) &&
      /\b(?:wouldn't you agree|don't you (?:think|agree)|isn't it|right|correct|make sense|sound good)\s*$/.test(s)
    ) {
      found.push({ text: sentence, clause: s });
    }
  }
  return found;
}
