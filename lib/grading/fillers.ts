/**
 * Filler words in what the learner said. The heuristic, rule by rule:
 * - um, uh, er, erm, ah, hmm (and their stretched spellings): always fillers.
 * - basically, actually, literally: always counted (as verbal padding they rarely carry meaning).
 * - like: only when set off as a pause: followed by a comma ("like, we..."), after another filler
 *   or "so"/"just" ("so like", "um like"), or at the start of a sentence before a comma. "I like it"
 *   and "tools like Excel" are not counted.
 * - you know: only when set off by punctuation or at the end ("you know," / "..., you know."),
 *   so "Do you know the price?" is not counted.
 * - sort of / kind of: unless they name a kind ("what kind of system", "a sort of tool").
 * - I mean: only at the start of a sentence or clause ("I mean, ..."), not "what I mean is".
 */
export const FILLERS = [
  "um",
  "uh",
  "er",
  "ah",
  "hmm",
  "like",
  "you know",
  "basically",
  "actually",
  "literally",
  "sort of",
  "kind of",
  "I mean",
] as const;
export type Filler = (typeof FILLERS)[number];

const RULES: [Filler, RegExp][] = [
  ["um", /\b(um+|umm+|erm+)\b/gi],
  ["uh", /\buh+\b/gi],
  ["er", /\ber+\b(?!-)/gi],
  ["ah", /\bah+\b/gi],
  ["hmm", /\bhm+\b/gi],
  ["basically", /\bbasically\b/gi],
  ["actually", /\bactually\b/gi],
  ["literally", /\bliterally\b/gi],
  ["like", /(\blike(?=\s*,)|(?<=\b(?:um+|uh+|so|just|er+)\s+)like\b|(?<=(?:^|[.!?]\s*))like(?=\s*,))/gim],
  ["you know", /\byou know(?=\s*(?:[,.;!?…]|$))/gi],
  [
    "sort of",
    /(?<!\b(?:what|which|a|an|the|this|that|any|some|every|one|same|different|these|those|all|no)\s+)\bsort of\b/gi,
  ],
  [
    "kind of",
    /(?<!\b(?:what|which|a|an|the|this|that|any|some|every|one|same|different|these|those|all|no)\s+)\bkind of\b/gi,
  ],
  ["I mean", /(?<=(?:^|[.!?,;]\s*))I mean\b/gim],
];

export type FillerCounts = Partial<Record<Filler, number>>;

/** Counts each filler in the text; fillers that do not occur are left out. */
export function countFillers(text: string): FillerCounts {
  const counts: FillerCounts = {};
  for (const [filler, pattern] of RULES) {
    const n = text.match(pattern)?.length ?? 0;
    if (n > 0) counts[filler] = n;
  }
  return counts;
}

export function totalFillers(counts: FillerCounts): number {
  return Object.values(counts).reduce((sum, n) => sum + (n ?? 0), 0);
}

/** Adds filler counts together (one conversation = many turns). */
export function mergeFillers(all: FillerCounts[]): FillerCounts {
  const out: FillerCounts = {};
  for (const counts of all) {
    for (const [k, n] of Object.entries(counts) as [Filler, number][]) out[k] = (out[k] ?? 0) + n;
  }
  return out;
}
