/**
 * The persona never recites its card: no reply shares six or more consecutive words with a card
 * field. Names and numbers may be repeated and do not count towards the six.
 */
import type { Persona } from "@/lib/validations/persona";

import { type Card, cardOf } from "./facts";
import { hash } from "./lines";
import { REVOICINGS } from "./revoice";

export const RECITATION_WORDS = 6;

const wordOf = (token: string) =>
  token
    .toLowerCase()
    .replace(/[’]/g, "'")
    .replace(/^[^a-z0-9£$€]+|[^a-z0-9%]+$/g, "");
const words = (text: string) => text.split(/\s+/).map(wordOf).filter(Boolean);
const counts = (w: string, names: Set<string>) => !/\d/.test(w) && !names.has(w.replace(/'s$/, ""));

export type Run = { length: number; start: number; end: number; field: string };

/** The longest run of reply words (by index into the reply's words) that a card field also has. */
export function longestRun(reply: string, card: Card): Run {
  return runsOf(reply, card).best;
}

/** The longest shared run, and how many counted words all runs of six or more hold between them. */
function runsOf(reply: string, card: Card): { best: Run; excess: number } {
  const r = words(reply);
  let best: Run = { length: 0, start: 0, end: 0, field: "" };
  let excess = 0;
  for (const { field, text } of card.fields) {
    const f = words(text);
    let prev = new Array<number>(f.length + 1).fill(0);
    let prevLen = new Array<number>(f.length + 1).fill(0);
    for (let i = 1; i <= r.length; i++) {
      const cur = new Array<number>(f.length + 1).fill(0);
      const curLen = new Array<number>(f.length + 1).fill(0);
      for (let j = 1; j <= f.length; j++) {
        if (r[i - 1] !== f[j - 1]) continue;
        curLen[j] = prevLen[j - 1] + 1;
        cur[j] = prev[j - 1] + (counts(r[i - 1], card.names) ? 1 : 0);
        if (cur[j] > best.length) best = { length: cur[j], start: i - curLen[j], end: i, field };
        if (cur[j] >= RECITATION_WORDS && (i === r.length || j === f.length || r[i] !== f[j])) excess += cur[j];
      }
      prev = cur;
      prevLen = curLen;
    }
  }
  return { best, excess };
}

/** Whether a reply shares six or more consecutive words (names and numbers aside) with the persona's card. */
export function recitesCard(reply: string, persona: Persona | Card): boolean {
  const card = "facts" in persona ? persona : cardOf(persona);
  return longestRun(reply, card).length >= RECITATION_WORDS;
}

/** Character span of the run's words in the text. */
function spanOf(text: string, run: Run): [number, number] {
  const spans = [...text.matchAll(/\S+/g)]
    .filter((m) => wordOf(m[0]))
    .map((m) => [m.index!, m.index! + m[0].length] as const);
  return [spans[run.start]?.[0] ?? 0, spans[Math.max(run.start, run.end - 1)]?.[1] ?? text.length];
}

const tidy = (text: string) =>
  text
    .replace(/\s{2,}/g, " ")
    .replace(/([.!?])\s+([a-z])/g, (_m, p: string, c: string) => `${p} ${c.toUpperCase()}`)
    .replace(/\s{2,}/g, " ");

/** Every re-voicing of one phrase that overlaps the run, as whole replies. */
function candidates(text: string, run: Run): { text: string; rank: number }[] {
  const [from, to] = spanOf(text, run);
  const out: { text: string; rank: number }[] = [];
  REVOICINGS.forEach((r, rank) => {
    for (const m of text.matchAll(
      new RegExp(r.pattern.source, r.pattern.flags.includes("g") ? r.pattern.flags : `${r.pattern.flags}g`),
    )) {
      const at = m.index!;
      if (at + m[0].length <= from || at >= to) continue;
      const replaced = r.apply(m);
      if (replaced === null) continue;
      out.push({ text: tidy(text.slice(0, at) + replaced + text.slice(at + m[0].length)), rank });
    }
  });
  return out;
}

const BREAKS = ["honestly,", "I'd say,", "you know,", "basically,"];
const CLAUSE = new Set(
  "when because if after until unless since during before so which but and with on in at from for to of by into than against over across through under below or that who where while".split(
    " ",
  ),
);

/**
 * Last resort, until the re-voicings cover every sentence shape: a spoken aside, placed before the
 * clause or phrase word nearest the middle of the run so it never splits a noun phrase.
 */
function aside(text: string, run: Run, seed: string): string {
  const tokens = text.split(/(\s+)/);
  const wordTokens = tokens.map((t, i) => [t, i] as const).filter(([t]) => wordOf(t));
  const mid = run.start + Math.floor((run.end - run.start) / 2);
  // Before the phrase word nearest the middle, so it never splits a noun phrase.
  const bounds: number[] = [];
  for (let k = run.start + 1; k < run.end - 1; k++) if (CLAUSE.has(wordOf(wordTokens[k][0]))) bounds.push(k);
  const at = bounds.sort((x, y) => Math.abs(x - mid) - Math.abs(y - mid))[0] ?? mid;
  const [word, index] = wordTokens[Math.min(at, wordTokens.length - 1)];
  const before = wordTokens[at - 1];
  // "...38 vans and Wakefield..." -> "...38 vans, plus Wakefield...": a plain word, not an aside.
  if (/^and$/i.test(word)) {
    tokens[index] = word === "And" ? "Plus" : "plus";
    if (before && !/[,.;:!?]$/.test(before[0])) tokens[before[1]] = `${before[0]},`;
    return tokens.join("");
  }
  const sentenceStart = !before || /[.!?]$/.test(before[0]);
  const spoken = BREAKS[hash(`${seed}:${run.start}`) % BREAKS.length];
  const common = /^(?:And|But|So|The|A|An|Our|We|It|That|This|There|They|Each|Every|In|On|At|For|With|From|To)$/;
  // At the start of a sentence the aside leads it: "Honestly, and Wakefield..." never "you know, And".
  tokens[index] = sentenceStart
    ? `${spoken[0].toUpperCase()}${spoken.slice(1)} ${common.test(word) ? word.toLowerCase() : word}`
    : `${spoken} ${word}`;
  if (before && !/[,.;:!?]$/.test(before[0])) tokens[before[1]] = `${before[0]},`;
  return tokens.join("");
}

/**
 * Re-voices every long shared run the way a speaker would: a contraction, a plain synonym, a
 * clause split into two sentences, a time phrase moved to the front. Fewest shared words wins,
 * then the earlier (plainer) re-voicing. Never a filler inside a phrase.
 */
export function unrecite(reply: string, card: Card): string {
  let text = reply;
  for (let guard = 0; guard < 20; guard++) {
    const { best: run, excess } = runsOf(text, card);
    if (run.length < RECITATION_WORDS) return text;
    // The plainest re-voicing that shortens the long runs; among equals, the one that clears most.
    const better = candidates(text, run)
      .map((c) => ({ ...c, ...runsOf(c.text, card) }))
      .filter((c) => c.excess < excess)
      .sort((a, b) => a.rank - b.rank || a.excess - b.excess)[0];
    text = better ? better.text : aside(text, run, text);
  }
  return text;
}
