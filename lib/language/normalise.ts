/**
 * Learner text as a listener hears it: one case, straight apostrophes, the contractions that
 * speech-to-text writes without apostrophes, hesitations and stutters removed, typos of content
 * words repaired. The result is what every classifier reads; quotes shown to the learner keep
 * the original words.
 */
import { correctWord } from "./spelling";

export type Correction = { from: string; to: string };
export type Normalised = { text: string; corrections: Correction[] };

const APOSTROPHES: [RegExp, string][] = [
  [/\b(what|how|where|who|that|there|it|here|when|why)s\b/g, "$1's"],
  [/\b(do|does|did|is|are|was|were|would|could|should|have|has|had|must|need)nt\b/g, "$1n't"],
  [/\bcant\b/g, "can't"],
  [/\bwont\b/g, "won't"],
  [/\bim\b/g, "i'm"],
  [/\bive\b/g, "i've"],
  [/\bid (like|love|say|guess|imagine|think|want|be|have|need|rather|expect|assume)\b/g, "i'd $1"],
  [/\bill (send|be|get|make|check|ask|call|take|do|share|follow|put|set|try|need)\b/g, "i'll $1"],
  // Not "we": "were" and "well" are words of their own.
  [/\b(you|they)re\b/g, "$1're"],
  [/\b(you|they|we)ve\b/g, "$1've"],
  [/\b(you|they)ll\b/g, "$1'll"],
  [/\blets (say|talk|go|do|get|see|set|book|schedule|start|try|look|find|put|keep|make)\b/g, "let's $1"],
];

/**
 * Chat spellings of function words, which typo repair leaves alone (it repairs content words): "wat does
 * that cost u" is "what does that cost you". Only forms that stand for one word in a seller's question.
 */
const CHAT_SPELLINGS: [RegExp, string][] = [
  [/(?<![\w'-])u(?![\w'-])/g, "you"],
  [/(?<![\w'-])ur(?![\w'-])/g, "your"],
  [/(?<![\w'-])r(?= (?:you|u|they|we|there|those|these)\b)/g, "are"],
  [/\b(?:wat|wht|wut)\b/g, "what"],
  [/\bhw\b/g, "how"],
  [/\b(?:thx|thnx|thnks|tx)\b/g, "thanks"],
  [/\b(?:pls|plz)\b/g, "please"],
  [/\b(?:cuz|coz|bc)\b/g, "because"],
  [/\b(?:cud)\b/g, "could"],
  [/\b(?:wud)\b/g, "would"],
  [/\b(?:shud)\b/g, "should"],
  [/\bbtw\b/g, "by the way"],
  [/\bidk\b/g, "i don't know"],
  // Informal and regional spellings of function words, as chat and speech-to-text write them.
  [/\b(?:whatcha|watcha)\b/g, "what are you"],
  [/\bgonna\b/g, "going to"],
  [/\bwanna\b/g, "want to"],
  [/\bgotta\b/g, "got to"],
  [/\blemme\b/g, "let me"],
  [/(?<![\w'-])(?:d'ya|d'you|dya|djou)(?![\w'-])/g, "do you"],
  [/(?<![\w'-])(?:ya|ye|youse|yous)(?![\w'-])/g, "you"],
  [/(?<![\w'-])yer(?![\w'-])/g, "your"],
  [/\bdunno\b/g, "don't know"],
];

/** Both tables, compiled once: every turn and every graded line passes through them. */
const SPELLED_OUT: [RegExp, string][] = [...APOSTROPHES, ...CHAT_SPELLINGS].map(([re, to]) => [
  new RegExp(re.source, "gi"),
  to,
]);

/** Hesitations and discourse fillers that carry no content. "like" only where it cannot be a verb. */
const FILLERS: RegExp[] = [
  /\b(?:u+m+|u+h+m*|e+r+m*|h+m+|m+h*m+|a+h+|e+h+)\b[,.]?/g,
  /(?<=^|[,.;!?]\s|\b(?:so|and|but|okay|ok|well|yeah|right)\s)(?:you know|i mean)\b,?\s*/g,
  /,?\s*you know\s*[.!?]?$/g,
  /,\s*you know\b,?/g,
  /(?<=\b(?:so|and|but|um|uh|just|it's|its|is|was|are|were)\s)like,?\s+(?=(?:how|what|who|where|when|why|which|do|does|did|is|are|the|a|an|um|you|we|they|i|he|she|it|that|this|about|maybe|\d|one|two|three|four|five|ten|twenty|fifty|hundred|every|most|some|all)\b)/g,
  /(?<=^|[,.;!?]\s)like,?\s+/g,
];

/**
 * "how many how many sites" -> "how many sites": a speaker restarting a phrase, also across the comma a
 * removed hesitation leaves ("would it, um, would it be" -> "would it be").
 */
function collapseRepeats(text: string): string {
  let out = text;
  for (let n = 4; n >= 1; n--) {
    const re = new RegExp(`\\b((?:[\\w']+\\s+){${n - 1}}[\\w']+)(?:,?\\s+\\1\\b)+`, "g");
    out = out.replace(re, "$1");
  }
  return out;
}

/**
 * Normalises one turn. `vocabulary` holds the conversation's own words (the persona's card), which
 * typo repair prefers; capitalised words after the first are taken for names and left alone.
 */
export function normalise(raw: string, vocabulary?: ReadonlySet<string>): Normalised {
  const corrections: Correction[] = [];
  let straight = raw
    .replace(/[’‘`´]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/\s+/g, " ")
    .trim();
  for (const [re, to] of SPELLED_OUT) straight = straight.replace(re, to);
  const words = straight.split(" ");
  const repaired = words.map((w, i) => {
    const m = /^([^A-Za-z]*)([A-Za-z]+)([^A-Za-z]*)$/.exec(w);
    if (!m) return w;
    const [, pre, core, post] = m;
    if (i > 0 && /^[A-Z]/.test(core) && !/[.!?]$/.test(words[i - 1])) return w;
    if (/'/.test(w)) return w;
    const fixed = correctWord(core, vocabulary);
    if (!fixed) return w;
    corrections.push({ from: core, to: fixed });
    return `${pre}${fixed}${post}`;
  });
  let text = repaired.join(" ").toLowerCase();
  for (const re of FILLERS) text = text.replace(re, " ").replace(/\s+/g, " ");
  text = collapseRepeats(text.replace(/\s+/g, " ").trim())
    .replace(/\s+([,.!?;:])/g, "$1")
    .replace(/^[,.;:\s]+/, "")
    .replace(/([,;:])(?:\s*[,;:])+/g, "$1")
    .trim();
  return { text, corrections };
}

/**
 * A repair turn ("sorry, I meant drivers", "*invoices", "drivers not drives"): the word or phrase
 * meant, and the one it replaces when said. Null when the turn is not a repair.
 */
/** Ways a quick typist says sorry before a repair, typos included ("sory i meant ..."). */
export const APOLOGY = "sorry|sory|sorri|sorrry|srry|sry|soz|oops|my bad";
/** "meant", typed fast. */
export const MEANT = "meant|ment|mean't";

export function readRepair(raw: string): { meant: string; replaces: string | null } | null {
  // "sorry I meant a week, not a day. a day would be brutal": the repair is the first sentence.
  const t = raw
    .trim()
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/(?<=\w)[.!?]\s+\S.*$/, "");
  const star = /^\*\s*([\w' -]{2,40}?)\s*\*?[.!]?$/.exec(t) ?? /^([\w'-]{2,30})\*$/.exec(t);
  if (star) return { meant: star[1].trim(), replaces: null };
  const meant = new RegExp(
    `^(?:(?:${APOLOGY}|correction)[,.!:\\s-]*)+(?:i (?:${MEANT})\\b|i mean\\b|(?:${MEANT})\\b|i wanted to (?:say|write)\\b|should be\\b|that should (?:be|say)\\b)?\\s*[:,-]?\\s*"?([\\w' -]{2,60}?)"?(?:,?\\s+not\\s+"?([\\w' -]{2,40}?)"?)?\\s*[.!]?$`,
  ).exec(t);
  // "a week, not a day": the article goes with whichever word it stands before.
  const bare = (w: string) => w.trim().replace(/^(?:a|an|the)\s+/, "");
  // "sorry that came out wrong" is an apology, not a word put right: without "I meant", a repair is a word or two.
  const said = new RegExp(`\\b(?:${MEANT}|i mean|should be|should say|wanted to (?:say|write))\\b`).test(t);
  // "Sorry, off topic. Do you think vegan will take over?": an apology before a new question of its own is not a
  // word put right, unless it says "I meant".
  const goesOn = raw.trim().length - t.length > 0 && /[.!?]\s+\S+\s+\S+\s+\S+/.test(raw.trim());
  const apology =
    !said &&
    meant &&
    (goesOn || meant[1].trim().split(/\s+/).length > 3 || /^(?:that|this|it|i|we|you)\b/.test(meant[1].trim()));
  if (meant && !apology && new RegExp(`\\b(?:${APOLOGY}|${MEANT}|i mean|correction)\\b`).test(t))
    return { meant: bare(meant[1]), replaces: meant[2] ? bare(meant[2]) : null };
  const swap = /^"?([\w'-]{2,30})"?,?\s+not\s+"?([\w'-]{2,30})"?[.!]?$/.exec(t);
  if (swap) return { meant: swap[1], replaces: swap[2] };
  return null;
}

/** The previous turn with a repair applied: the replaced word, else the closest word by spelling. */
export function applyRepair(previous: string, repair: { meant: string; replaces: string | null }): string {
  const words = previous.split(/(\s+)/);
  const target = repair.replaces?.toLowerCase();
  const meant = repair.meant;
  if (target) {
    const i = words.findIndex((w) => w.toLowerCase().replace(/[^\w'-]/g, "") === target);
    if (i >= 0) {
      words[i] = words[i].replace(/[\w'-]+/, meant);
      return words.join("");
    }
  }
  if (meant.includes(" ")) return previous;
  let best = -1;
  let bestD = Infinity;
  words.forEach((w, i) => {
    const core = w.toLowerCase().replace(/[^a-z'-]/g, "");
    if (core.length < 3 || core === meant.toLowerCase()) return;
    const d = distance(core, meant.toLowerCase());
    if (d < bestD && d <= Math.max(2, Math.floor(meant.length / 3))) [best, bestD] = [i, d];
  });
  if (best < 0) return previous;
  words[best] = words[best].replace(/[A-Za-z'-]+/, meant);
  return words.join("");
}

function distance(a: string, b: string): number {
  const dp = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) dp[0][j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++)
      dp[i][j] = Math.min(dp[i - 1][j] + 1, dp[i][j - 1] + 1, dp[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
  return dp[a.length][b.length];
}
