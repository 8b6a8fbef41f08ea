/**
 * The persona never recites its card: no reply shares six or more consecutive words with a card
 * field (names and numbers may be repeated and do not count). A run is re-voiced the way a speaker
 * would (see revoice.ts) or loses an adverb a speaker leaves out; then a light adverb before a verb
 * ("fault reports actually get lost"); a filler is the last resort, placed at a pause where there is
 * one, never twice in a reply, and at most twice in a call while another is left (the same filler over
 * and over is a tic). Once a sentence holds a filler, or the reply two, a long sentence says less
 * instead: it ends at a pause and leaves the rest for the learner to ask about.
 */
import { type Token, tokenise } from "@/lib/language/nlp";
import type { Persona } from "@/lib/validations/persona";

import { STOP } from "./cues";
import { type Card, cardOf, type Fact } from "./facts";
import { hash } from "./lines";
import { REVOICINGS, STATIVE } from "./revoice";

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

/** The reply's whitespace words that hold a word (not a lone dash or mark), with their places in the text. */
const wordSpans = (text: string) => [...text.matchAll(/\S+/g)].filter((m) => wordOf(m[0]));

/** Character span of the run's words in the text. */
function spanOf(text: string, run: Run): [number, number] {
  const spans = wordSpans(text).map((m) => [m.index!, m.index! + m[0].length] as const);
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

/** Adverbs a speaker leaves out without changing the point ("currently", "also", "really"). */
const OPTIONAL = new Set(
  "also really actually currently usually normally typically generally just already simply largely".split(" "),
);
/** Adverbs that carry the point: a negation, a limit, a comparison, a time that matters. */
const KEEP_ADVERBS = new Set(
  "not never no only more less most least very too so as how when where why there here then ago once twice still even again back out up down off away over late early".split(
    " ",
  ),
);
function withoutOptionalWords(text: string, run: Run): string[] {
  const spans = wordSpans(text);
  const tags = tagsOf(spans.map((m) => m[0]));
  const out: string[] = [];
  for (let k = run.start; k < run.end; k++) {
    const span = spans[k];
    const word = span?.[0].toLowerCase() ?? "";
    // A plain adverb a speaker leaves out ("now asks", "regularly run"), by its tag as well as by name.
    // Only an "-ly" adverb: the tagger also calls nouns adverbs ("cut overtime back" lost its "overtime").
    const adverb =
      tags[k]?.first === "ADV" && tags[k].last === "ADV" && /^[a-z]+ly$/.test(word) && !KEEP_ADVERBS.has(word);
    if (!span || (!OPTIONAL.has(word) && !adverb)) continue;
    out.push(tidy(text.slice(0, span.index!) + text.slice(span.index! + span[0].length + 1)));
  }
  return out;
}

/** The first and last part-of-speech tag of each whitespace word, tagged in context. */
type WordTags = { first: string; last: string };
function tagsOf(words: string[]): WordTags[] {
  const tokens: Token[] = tokenise(words.join(" "));
  const out: WordTags[] = [];
  let t = 0;
  for (const w of words) {
    let rest = w;
    const mine: Token[] = [];
    // A word is one or more tokens ("don't" -> do, n't; "cut-off," -> cut-off, ","): consume them by text.
    while (t < tokens.length && rest.length > 0) {
      const at = rest.indexOf(tokens[t].text);
      if (at < 0 || at > 1) break;
      mine.push(tokens[t]);
      rest = rest.slice(at + tokens[t].text.length);
      t++;
    }
    const words = mine.filter((x) => x.pos !== "PUNCT");
    out.push({ first: words[0]?.pos ?? "X", last: words.at(-1)?.pos ?? "X" });
  }
  return out;
}

/** Spoken fillers, the last resort: twelve, so that none need be said more than twice in a call. */
export const FILLERS = [
  "honestly,",
  "I'd say,",
  "you know,",
  "basically,",
  "to be fair,",
  "if I'm honest,",
  "in practice,",
  "as it stands,",
  "mind you,",
  "as it happens,",
  "frankly,",
  "I suppose,",
];
const FILLER = new RegExp(`(?<![\\w'])(?:${FILLERS.map((f) => f.slice(0, -1)).join("|")}),`, "gi");
/** The fillers a reply holds ("Honestly?" as an opener is a line, not a filler). */
export const fillersIn = (reply: string) => (reply.match(FILLER) ?? []).map((f) => f.toLowerCase());
const MAX_CALL_USES = 2;

/** Where a speaker pauses for a filler: before a clause, then before a phrase. */
const CLAUSE = new Set(
  "when because if after until unless since before so which but and or that who where while".split(" "),
);
const PHRASE = new Set(
  "with on in at from for by into against over across through under a an the our my their this these those every each".split(
    " ",
  ),
);
const AUX = new Set(
  "is are was were has have had can could will would does do did isn't aren't wasn't don't doesn't didn't can't won't".split(
    " ",
  ),
);
const SUBJECT = new Set("i we you they he she it there".split(" "));
/** Words a phrase word after them belongs to: no pause in "out of order", "sent by hand", "a lot of". */
const BOUND = new Set(
  "a an the of out up off down lot kind sort part most because instead ahead due according such rather more less than away back than sent done made run left based".split(
    " ",
  ),
);

const IDIOM_LINKS = new Set(["on", "to", "by", "after", "for", "in"]);

/** Words a noun phrase is made of: no pause between them and the word before that describes them. */
const NOMINAL = new Set(["NOUN", "PROPN", "ADJ", "NUM", "DET", "PRON"]);
const VERBAL = new Set(["AUX", "VERB"]);
const POSSESSIVE = new Set("its our my their your his her whose".split(" "));
/** "once a month", "twice a week": one phrase said aloud. */
const ONCE = new Set(["once", "twice"]);

/** The particles of phrasal verbs: "turn up", "send it back", "throw it out". */
const PARTICLES = new Set("up out off down away back over".split(" "));

/**
 * A spoken filler before the pause word nearest the middle of the run (a clause word, else a phrase
 * word that does not follow an article), or at the middle when the run has none.
 */
function aside(text: string, run: Run, seed: string, used: Map<string, number>, names: Set<string>): string {
  const tokens = text.split(/(\s+)/);
  const wordTokens = tokens.map((t, i) => [t, i] as const).filter(([t]) => wordOf(t));
  const mid = run.start + Math.floor((run.end - run.start) / 2);
  const near = (xs: number[]) => xs.sort((x, y) => Math.abs(x - mid) - Math.abs(y - mid))[0];
  const w = (k: number) => (wordTokens[k] ? wordOf(wordTokens[k][0]) : "");
  // "year on year", "day to day", "shift by shift" are one word said aloud: no pause inside.
  const idiom = (k: number) =>
    (IDIOM_LINKS.has(w(k)) && w(k + 1) === w(k - 1)) || (IDIOM_LINKS.has(w(k - 1)) && w(k) === w(k - 2));
  // Any word but the first may take the pause before it: before the last still breaks the run.
  const inside = Array.from({ length: Math.max(0, run.end - run.start - 1) }, (_, i) => run.start + 1 + i).filter(
    (k) => !idiom(k),
  );
  // Never before a verb's particle ("don't turn, basically, up") or after a word a phrase belongs to.
  const free = (k: number) => !BOUND.has(w(k - 1)) && !PARTICLES.has(w(k)) && !/[-]$/.test(wordTokens[k - 1][0]);
  const tags = tagsOf(wordTokens.map(([t]) => t));
  // Never inside a phrase, by the words' tags in context: after an article, a preposition, a conjunction, an
  // auxiliary or a possessive; between a describing word or a noun and the noun it describes ("instructor
  // diaries", "its best-selling blend", "9 reported incidents"); between a verb and its object; in "once a month".
  const inPhrase = (k: number) => {
    if (/[,;:]$/.test(wordTokens[k - 1][0])) return false;
    const [a, b] = [tags[k - 1], tags[k]];
    if (["DET", "ADP", "CCONJ", "SCONJ", "PART", "AUX"].includes(a.last) || POSSESSIVE.has(w(k - 1))) return true;
    if (["ADJ", "NUM", "NOUN", "PROPN", "VERB"].includes(a.last) && NOMINAL.has(b.first)) return true;
    // "one shared spreadsheet", "a broken van": a participle between a number or article and its noun describes it.
    if (["DET", "NUM", "ADJ"].includes(a.last) && /(?:ed|ing)$/.test(w(k)) && NOMINAL.has(tags[k + 1]?.first ?? ""))
      return true;
    return ONCE.has(w(k - 1));
  };
  const fits = (k: number) => free(k) && !inPhrase(k);
  const lastResort = (k: number) =>
    free(k) &&
    !PHRASE.has(w(k - 1)) &&
    !AUX.has(w(k - 1)) &&
    !["of", "to", "'s"].includes(w(k)) &&
    !SUBJECT.has(w(k - 1));
  // Inside a noun phrase or after a preposition ("within, as it stands, budget", "a few, you know, years",
  // "private, I suppose, student housing"): the last place a speaker pauses.
  const nounPhrase = (k: number) =>
    ["DET", "ADP"].includes(tags[k - 1].last) ||
    POSSESSIVE.has(w(k - 1)) ||
    (["ADJ", "NUM", "NOUN", "PROPN"].includes(tags[k - 1].last) && ["NOUN", "PROPN"].includes(tags[k].first));
  // A pause comes before a clause, between a subject and its verb ("reminders, in practice, are sent"),
  // or before a phrase ("written, honestly, on paper").
  // One pause should do where one can: a place that leaves both halves of the run under six words comes first.
  const halves = (k: number) => k - run.start < RECITATION_WORDS && run.end - k < RECITATION_WORDS;
  const natural = (pool: number[]) =>
    near(pool.filter((k) => CLAUSE.has(w(k)) && !inPhrase(k))) ??
    near(
      pool.filter((k) => fits(k) && ["NOUN", "PROPN", "PRON"].includes(tags[k - 1].last) && VERBAL.has(tags[k].first)),
    ) ??
    near(pool.filter((k) => fits(k) && ["ADP", "ADV", "SCONJ"].includes(tags[k].first) && !PHRASE.has(w(k - 1)))) ??
    // Where the text already pauses ("driving schools: honestly, 14 branches"), never inside "driving schools".
    near(pool.filter((k) => /[,;:]$/.test(wordTokens[k - 1][0]) && !PARTICLES.has(w(k)))) ??
    near(pool.filter(fits));
  const at =
    natural(inside.filter(halves)) ??
    natural(inside) ??
    // Nothing fits: between a verb and its object is the least odd ("runs, honestly, 38 vans"), never inside a noun.
    near(
      inside.filter(
        (k) =>
          free(k) &&
          tags[k - 1].last === "VERB" &&
          // "one shared spreadsheet": that participle describes the noun, it is not a verb with an object.
          !(/(?:ed|ing)$/.test(w(k - 1)) && ["DET", "NUM", "ADJ"].includes(tags[k - 2]?.last ?? "")),
      ),
    ) ??
    near(inside.filter((k) => lastResort(k) && !nounPhrase(k))) ??
    near(inside.filter(lastResort)) ??
    mid;
  const [word, index] = wordTokens[Math.min(at, wordTokens.length - 1)];
  const before = wordTokens[at - 1];
  // "...38 vans and Wakefield..." -> "...38 vans, plus Wakefield...": a plain word, not an aside.
  if (/^and$/i.test(word)) {
    // "...a phone line and end up in one spreadsheet": a verb after "and" takes its subject back ("and they
    // end up"); "plus" joins things, not actions.
    const next = at + 1;
    // The subject of this sentence, not of the reply's first ("I run ... . Driver duties are built ... and printed
    // for the noticeboards" is "and they're printed", never "and I printed"): the head of its first noun phrase.
    const opening = tokenise(
      tokens
        .slice(0, index)
        .join("")
        .split(/[.!?]\s/)
        .at(-1) ?? "",
    );
    const phrase = opening.slice(
      0,
      Math.max(
        1,
        opening.findIndex((t) => !NOMINAL.has(t.pos) || t.pos === "PRON"),
      ),
    );
    const subject = phrase.findLast((t) => ["NOUN", "PROPN"].includes(t.pos)) ?? opening[0];
    const plural = !!subject && ["NOUN", "PROPN"].includes(subject.pos) && /s$/i.test(subject.text);
    // Not a verb: "barriers and pay machines are" (a noun before a noun and a verb), "emails and chats land" (a
    // plural subject's verb has no -s), "residual and recycling".
    const compound = ["NOUN", "PROPN"].includes(tags[next + 1]?.first ?? "") && VERBAL.has(tags[next + 2]?.first ?? "");
    const verb =
      (tags[next]?.first === "VERB" || PARTICLES.has(w(next + 1))) &&
      !/ing$/.test(w(next)) &&
      !compound &&
      !(plural && /[^s]s$/.test(w(next)));
    if (verb && w(next) && !SUBJECT.has(w(next))) {
      const participle = /(?:ed|en)$/.test(w(next));
      if (participle && subject && ["NOUN", "PROPN"].includes(subject.pos)) {
        tokens[index] = `${word} ${plural ? "they're" : "it's"}`;
        return tokens.join("");
      }
      if (!participle && (subject?.lower === "i" || subject?.lower === "we" || plural)) {
        tokens[index] = `${word} ${plural ? "they" : subject.lower === "i" ? "I" : "we"}`;
        return tokens.join("");
      }
    }
    tokens[index] = word === "And" ? "Plus" : "plus";
    if (before && !/[,.;:!?]$/.test(before[0])) tokens[before[1]] = `${before[0]},`;
    return tokens.join("");
  }
  // A filler not yet in this reply, and said at most twice in the call while any such is left.
  const said = text.toLowerCase();
  const fresh = FILLERS.filter((f) => !new RegExp(`(?<![\\w'])${f.slice(0, -1).toLowerCase()}\\b`).test(said));
  const unworn = fresh.filter((f) => (used.get(f.toLowerCase()) ?? 0) < MAX_CALL_USES);
  const pool = unworn.length ? unworn : fresh.length ? fresh : FILLERS;
  const spoken = pool[hash(seed) % pool.length];
  const sentenceStart = !before || /[.!?]$/.test(before[0]);
  const common =
    /^(?:And|But|So|The|A|An|Our|We|It|That|This|There|They|Each|Every|In|On|At|For|With|From|To|Which|When|Because|If|While|Who|Where|Or)$/;
  // At the start of a sentence the aside leads it: "Honestly, and Wakefield..." never "you know, And".
  // Only a name or "I" keeps its capital after a leading aside ("Mind you, bring turnover down").
  const plain = common.test(word) || (/^[A-Z][a-z]+$/.test(word) && !names.has(word.toLowerCase()));
  tokens[index] = sentenceStart
    ? `${spoken[0].toUpperCase()}${spoken.slice(1)} ${plain ? word.toLowerCase() : word}`
    : `${spoken} ${word}`;
  if (before && !/[,.;:!?]$/.test(before[0])) tokens[before[1]] = `${before[0]},`;
  return tokens.join("");
}

/**
 * Light adverbs a speaker drops before a verb ("operators actually log stoppages", "reminders are just sent by
 * hand"): they break a run without a pause, so they come before a filler. One a sentence, none twice in a reply,
 * and each at most twice a call.
 */
export const LIGHT_ADVERBS = ["actually", "just"];
const LIGHT = new RegExp(`\\b(?:${LIGHT_ADVERBS.join("|")})\\b`, "gi");
const lightIn = (text: string) => (text.match(LIGHT) ?? []).map((a) => a.toLowerCase());

/**
 * The run with a light adverb before a verb: after an auxiliary ("are actually sent"), or between a subject
 * and its verb ("dashboards just go unused"). Never after a comma, never before "to", never a second in a
 * sentence.
 */
function withAdverb(text: string, run: Run, seed: string, used: Map<string, number>): string[] {
  const spans = wordSpans(text);
  const tags = tagsOf(spans.map((m) => m[0]));
  const w = (k: number) => wordOf(spans[k]?.[0] ?? "");
  const [from, to] = sentenceOf(spans, run.start);
  const sentence = text.slice(spans[from].index!, spans[to].index! + spans[to][0].length);
  if (lightIn(sentence).length) return [];
  const inReply = new Set(lightIn(text));
  const pool = LIGHT_ADVERBS.filter((a) => !inReply.has(a) && (used.get(a) ?? 0) < MAX_CALL_USES);
  if (!pool.length) return [];
  const out: string[] = [];
  for (let k = Math.max(run.start + 1, from + 1); k < Math.min(run.end, to + 1); k++) {
    const [before, word] = [spans[k - 1][0], spans[k][0]];
    if (/[,;:]$/.test(before) || w(k) === "to" || PARTICLES.has(w(k)) || /^[A-Z]/.test(word)) continue;
    const afterAux = AUX.has(w(k - 1)) && !/n't$/.test(w(k - 1)) && ["VERB", "ADJ"].includes(tags[k].first);
    // A subject, not "that"/"who" opening a clause, nor the object of an imperative ("cut fuel spend").
    const afterSubject =
      ["NOUN", "PRON"].includes(tags[k - 1].last) &&
      !POSSESSIVE.has(w(k - 1)) &&
      !CLAUSE.has(w(k - 1)) &&
      tags[k].first === "VERB" &&
      !/ing$/.test(w(k)) &&
      !["DET", "ADP", "ADJ", "NUM", "VERB", "AUX"].includes(tags[k - 2]?.last ?? "X");
    if (!afterAux && !afterSubject) continue;
    // "just" belongs to a process done by rote, now ("are just built in Excel", "just get lost"); elsewhere it means "a
    // moment ago" ("our founder just sold", "has just agreed") or "only" ("is just absent").
    const rote =
      (afterAux && /^(is|are)$/.test(w(k - 1)) && /(?:ed|en)$/.test(w(k)) && !STATIVE.has(w(k))) ||
      /^(get|gets)$/.test(w(k));
    const fit = pool.filter((a) => a !== "just" || rote);
    if (!fit.length) continue;
    out.push(`${text.slice(0, spans[k].index!)}${fit[hash(seed) % fit.length]} ${text.slice(spans[k].index!)}`);
  }
  return out;
}

/** At most one filler a sentence and two a reply: past that, a speaker says less instead (see sayLess). */
const SENTENCE_FILLERS = 1;
const REPLY_FILLERS = 2;

/** Whether the run's sentence, or the reply, has already spent its fillers. */
function fillersSpent(text: string, run: Run): boolean {
  if (fillersIn(text).length >= REPLY_FILLERS) return true;
  const spans = wordSpans(text);
  const [from, to] = sentenceOf(spans, run.start);
  const sentence = text.slice(spans[from].index!, spans[to].index! + spans[to][0].length);
  return fillersIn(sentence).length >= SENTENCE_FILLERS;
}

/** The first and last word (indexes into the reply's words) of the sentence that holds word k. */
function sentenceOf(spans: RegExpMatchArray[], k: number): [number, number] {
  let from = Math.min(k, spans.length - 1);
  while (from > 0 && !/[.!?;]["')]*$/.test(spans[from - 1][0])) from--;
  let to = Math.min(k, spans.length - 1);
  while (to < spans.length - 1 && !/[.!?;]["')]*$/.test(spans[to][0])) to++;
  return [from, to];
}

/**
 * Says less: the run's sentence ends at a pause inside the run ("Operators log stoppages on paper sheets."
 * without "that shift supervisors type in at the end of the week"), as a speaker who has already paused once
 * in the sentence would. Only where the sentence keeps three words or more, ends on a word a sentence can end
 * on (a noun, a number, a name, an adjective, a pronoun, never "the", "on" or "keeps"), and the part left out
 * holds no number: a number is the point of a fact and is never dropped. Only a long sentence (twelve words or
 * more) says less, and it keeps at least half its words. The learner can ask for the rest.
 */
const LONG_SENTENCE = 12;
function sayLess(text: string, run: Run): string[] {
  const spans = wordSpans(text);
  const [from, to] = sentenceOf(spans, run.start);
  const tags = tagsOf(spans.map((m) => m[0]));
  const w = (k: number) => wordOf(spans[k]?.[0] ?? "");
  const out: string[] = [];
  // A short fact is its own headline ("my team spends too long on ad-hoc data requests"): said whole. A long
  // one keeps at least half its words.
  const sentence = text.slice(spans[from].index!, spans[to].index! + spans[to][0].length);
  if (words(sentence.replace(FILLER, "")).length < LONG_SENTENCE) return out;
  for (let k = Math.max(run.start + 1, from + Math.ceil((to - from + 1) / 2)); k <= Math.min(run.end - 1, to); k++) {
    const before = spans[k - 1][0];
    const pause =
      /[,:]$/.test(before) ||
      CLAUSE.has(w(k)) ||
      (tags[k].first === "ADP" && !PHRASE.has(w(k - 1)) && !BOUND.has(w(k - 1)));
    const ends =
      ["NOUN", "PROPN", "NUM", "ADJ", "PRON"].includes(tags[k - 1].last) &&
      !POSSESSIVE.has(w(k - 1)) &&
      !BOUND.has(w(k - 1)) &&
      !PARTICLES.has(w(k));
    if (!pause || !ends || ["of", "to", "'s"].includes(w(k))) continue;
    // Never inside a phrase: "around 15. Outside contractors", "paper. Job sheets".
    if (!/,$/.test(before) && NOMINAL.has(tags[k].first) && ["NUM", "ADJ", "DET", "NOUN"].includes(tags[k - 1].last))
      continue;
    // A bare number ends a sentence only before a clause: "rising to about 210.", never "around 15. Outside ...".
    if (tags[k - 1].last === "NUM" && !/,$/.test(before) && !CLAUSE.has(w(k))) continue;
    const dropped = text.slice(spans[k].index!, spans[to].index! + spans[to][0].length);
    // A number or a name is the point of a fact ("around 15 outside contractors", "reports to Rick Moreno").
    if (/\d|\b(?!I\b)[A-Z]/.test(dropped)) continue;
    const keptSentence = text.slice(spans[from].index!, spans[k - 1].index! + before.length);
    // The sentence kept is a clause ("Our waiting list." says nothing) with its brackets closed.
    // The last clause kept has a finite verb, not a participle that describes a noun ("our waiting list", "of
    // booked donors") and not a clause cut before its verb ("estimated that 12% of miles, mainly on rural rounds").
    let start = k - 1;
    while (start > from && !CLAUSE.has(w(start))) start--;
    const finite = (i: number) =>
      tags[i].first === "AUX" ||
      (tags[i].first === "VERB" &&
        !/ing$/.test(w(i)) &&
        !["DET", "ADP", "ADJ", "NUM"].includes(tags[i - 1]?.last ?? "") &&
        !POSSESSIVE.has(w(i - 1)));
    const clause = Array.from({ length: k - start }, (_, i) => start + i).some(finite);
    const open = (keptSentence.match(/\(/g) ?? []).length !== (keptSentence.match(/\)/g) ?? []).length;
    if (!clause || open) continue;
    const kept = text.slice(0, spans[k - 1].index! + before.length).replace(/[,:;]$/, "");
    const rest = text.slice(spans[to].index! + spans[to][0].length).trimStart();
    out.push(tidy(`${kept}.${rest ? ` ${rest}` : ""}`));
  }
  return out;
}

/**
 * Says one thing fewer: once the reply has spent its fillers, a later sentence that would be read out is left
 * out, as a speaker who has made the point stops. Never the reply's first sentence of substance (at least five
 * words must come before it): the learner can ask about the rest.
 */
function dropSentence(text: string, run: Run, card: Card): string[] {
  const spans = wordSpans(text);
  const [from, to] = sentenceOf(spans, run.start);
  const start = spans[from].index!;
  if (words(text.slice(0, start).replace(FILLER, "")).length < 5) return [];
  const end = spans[to].index! + spans[to][0].length;
  // A number is the point of a fact, and a pain's first sentence is the pain itself: both are said.
  const sentence = text.slice(start, end);
  if (/\d/.test(sentence)) return [];
  const said = new Set(words(sentence));
  const headline = (f: Fact) => {
    const w = words(f.pieces[0] ?? "").filter((x) => !STOP.has(x));
    return w.length > 0 && w.filter((x) => said.has(x)).length * 2 >= w.length;
  };
  if (card.pains.some((p) => p.facts[0] && headline(p.facts[0]))) return [];
  return [tidy(`${text.slice(0, start).trimEnd()} ${text.slice(end).trimStart()}`.trim())];
}

/** "...at each clinic. Frankly. That means..." (a later split) -> "...at each clinic. Frankly, that means...". */
const FILLER_SENTENCE = new RegExp(`(^|[.!?] )(${FILLERS.map((f) => f.slice(0, -1)).join("|")})\\. (\\w)`, "gi");
const fillerSentencesJoined = (text: string) =>
  text.replace(
    FILLER_SENTENCE,
    (_m, lead: string, filler: string, c: string) =>
      `${lead}${filler[0].toUpperCase()}${filler.slice(1)}, ${c === "I" ? c : c.toLowerCase()}`,
  );

/** How the card writes its names ("Priya", "WhatsApp"), by their lower case: a re-voicing never lowers one. */
function namesOf(card: Card): Map<string, string> {
  const cached = NAME_FORMS.get(card);
  if (cached) return cached;
  const forms = new Map<string, string>();
  const all = card.fields.map((f) => f.text).join(" ");
  // Capitalised words only: an acronym in lower case is a word ("IT" / "it", "US" / "us").
  for (const m of all.matchAll(/\b([A-Z][a-z][a-zA-Z&-]*)/g)) {
    const lower = m[1].toLowerCase();
    // A word the card also writes in lower case ("industry") is a word, not a name.
    if (card.names.has(lower) && !forms.has(lower) && !STOP.has(lower) && !new RegExp(`\\b${lower}\\b`).test(all))
      forms.set(lower, m[1]);
  }
  NAME_FORMS.set(card, forms);
  return forms;
}
const NAME_FORMS = new WeakMap<Card, Map<string, string>>();
const withNames = (text: string, card: Card) => text.replace(/\b[a-z][a-zA-Z&-]*\b/g, (w) => namesOf(card).get(w) ?? w);

/**
 * Re-voices every long shared run the way a speaker would: a contraction, a plain synonym, a
 * clause split into two sentences, a time phrase moved to the front. Fewest shared words wins,
 * then the earlier (plainer) re-voicing. Never a filler inside a phrase, never a
 * name in lower case.
 */
export function unrecite(reply: string, card: Card, said: string[] = []): string {
  return withNames(unreciteRuns(reply, card, said), card);
}

function unreciteRuns(reply: string, card: Card, said: string[]): string {
  const used = new Map<string, number>();
  for (const f of said.flatMap((r) => [...fillersIn(r), ...lightIn(r)])) used.set(f, (used.get(f) ?? 0) + 1);
  let text = reply;
  for (let guard = 0; guard < 40; guard++) {
    const { best: run, excess } = runsOf(text, card);
    if (run.length < RECITATION_WORDS) return fillerSentencesJoined(text);
    // The plainest re-voicing that shortens the long runs; among equals, the one that clears most.
    const better = candidates(text, run)
      .map((c) => ({ ...c, ...runsOf(c.text, card) }))
      .filter((c) => c.excess < excess)
      .sort((a, b) => a.rank - b.rank || a.excess - b.excess)[0];
    const shorter = better
      ? null
      : withoutOptionalWords(text, run)
          .map((t) => ({ text: t, ...runsOf(t, card) }))
          .filter((c) => c.excess < excess)
          .sort((a, b) => a.excess - b.excess)[0];
    const light =
      better || shorter
        ? null
        : withAdverb(text, run, text, used)
            .map((t) => ({ text: t, ...runsOf(t, card) }))
            .filter((c) => c.excess < excess)
            .sort((a, b) => a.excess - b.excess)[0];
    // Past its fillers, a reply says less: a long sentence ends at a pause, else a later sentence is left out; a
    // filler beyond the limit is the very last resort.
    const spent = !(better || shorter || light) && fillersSpent(text, run);
    const fewer = (options: string[]) =>
      options
        .map((t) => ({ text: t, ...runsOf(t, card) }))
        .filter((c) => c.excess < excess)
        .sort((a, b) => b.text.length - a.text.length)[0];
    const less = spent ? (fewer(sayLess(text, run)) ?? fewer(dropSentence(text, run, card))) : null;
    text = better
      ? better.text
      : shorter
        ? shorter.text
        : light
          ? light.text
          : less
            ? less.text
            : aside(text, run, text, used, card.names);
  }
  return fillerSentencesJoined(text);
}
