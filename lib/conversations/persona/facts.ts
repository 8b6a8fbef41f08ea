/**
 * The persona's card as facts to retrieve: every field (situation, background, role, company,
 * pains, goals, concerns, motivations, how it decides) cut into sentences, each spoken in the first
 * person as short pieces and indexed by the stems of its content words. Built once per card.
 */
import { tokenise } from "@/lib/language/nlp";
import type { Persona } from "@/lib/validations/persona";

import { negatedStems, OPPOSITE_WHEN_NEGATED, stem, STOP } from "./cues";
import { factSentences, lowerFirst, swapPronouns, toFirstPerson, trimEnd, upperFirst } from "./first-person";
import { spokenCard } from "./notes";

export type Difficulty = "easy" | "medium" | "hard";
export type FactKind =
  "situation" | "background" | "role" | "company" | "pain" | "goal" | "concern" | "motivation" | "decision";

export type Fact = {
  id: number;
  /** The card field it comes from, as the fixtures name it: "pain_points[1]", "company.size". */
  field: string;
  kind: FactKind;
  /** Which pain or goal (0 otherwise). */
  index: number;
  /** Sentence order within its field. */
  order: number;
  /** Spoken sentences, first person, short. */
  pieces: string[];
  /** The first piece without its full stop, to follow a colon. */
  inline: string;
  stems: Map<string, number>;
  length: number;
  numeric: boolean;
  person: boolean;
  time: boolean;
};

export type Card = {
  name: string;
  /** The company's name, if the card gives one. */
  company?: string;
  firstName: string;
  difficulty: Difficulty;
  facts: Fact[];
  pains: { facts: Fact[]; topic: string; distinctive: Set<string> }[];
  goals: { facts: Fact[]; can?: string }[];
  close?: string;
  /** What the card says earns the close ("if the seller has asked about the audit and the overtime"), as stems. */
  condition: Set<string>;
  idf: Map<string, number>;
  avgLength: number;
  names: Set<string>;
  vocabulary: Set<string>;
  /** Every field as written, for the recitation check. */
  fields: { field: string; text: string }[];
};

/** Lines about how the persona behaves on the call are for the actor, not to be said aloud. */
const STAGE_DIRECTION =
  /\b(guarded|wary|sceptical|skeptical|suspicious|defensive|impatient|reluctant|agreed to (a|an|this|the)\b.*\b(call|meeting|chat)|cold (e-?mail|call)|on the call|during the call|in this call)\b/i;
const IMPERATIVE =
  /^(ship|cut|meet|keep|hire|free|reduce|increase|improve|get|build|launch|hit|grow|save|make|find|move|lower|raise|win|close|automate|replace|consolidate|standardi[sz]e|eliminate|achieve|deliver|expand|retain|scale|stop|prove|show|bring|double|halve|speed|shorten|simplify|protect|avoid|own|fix|modernise|modernize|land|renew|hold|open|have|bring|pass|reach|secure|become|prepare|digiti[sz]e|train|recover|clear|track|give|take|return|remove|pay|sell|attract|handle|answer|respond|onboard|finish|complete|migrate|integrate|turn)\b/i;
/** A goal said as an order ("Regain AA at the next audit"): a known verb, or a plain verb by its tag. */
function imperative(sentence: string): boolean {
  if (IMPERATIVE.test(sentence)) return true;
  const first = tokenise(sentence)[0];
  return !!first && first.pos === "VERB" && !/(?:s|ed|ing)$/i.test(first.text) && first.lemma === first.lower;
}
const PERSON =
  /\b(owner|partners?|board|ceo|cfo|coo|md|director|manager|managers|planners?|receptionists?|drivers?|chefs?|supervisors?|operators?|team|staff|reps?|it|contractor|reports? to|physios?|leads?|group|customer|client)\b/i;
const TIME =
  /\b(years?|months?|ago|since|joined|started|promoted|(19|20)\d\d|last year|weeks?|hours?|minutes?|\d+h\d*m?)\b/i;
const NUMBER =
  /\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|hundred|half|dozen)\b/i;

/**
 * A bracketed aside as speech: a clause of its own ("(two drivers quit over ...)") becomes its own
 * sentence, a longer list ("(three in Manchester, two in Liverpool)") a sentence "That's ...", a
 * short label ("(38 vans)") stays inline.
 */
function parenthesis(m: string, inner: string, at: number, whole: string): string {
  const ts = tokenise(inner);
  // "23 landlords (140 homes) left in 2025": before the verb of the noun it counts, the label joins that
  // noun ("23 landlords with 140 homes left"); commas would leave "left in 2025" without its subject.
  const after = tokenise(
    whole
      .slice(at + m.length)
      .trim()
      .split(/\s+/)
      .slice(0, 3)
      .join(" "),
  )[0];
  if (/^\d/.test(inner.trim()) && after && ["VERB", "AUX"].includes(after.pos)) return ` with ${inner}`;
  // "Danish (CC) trolleys": an abbreviation in brackets is dropped, not said as a list item ("I'm danish, CC").
  if (/^[A-Z]{2,5}s?$/.test(inner.trim())) return "";
  const words = inner.trim().split(/\s+/).length;
  const clause = ts.some((t, i) => i > 0 && (t.pos === "VERB" || t.pos === "AUX") && !/ing$/.test(t.lower));
  if (clause && words >= 3) return `; ${inner};`;
  if (words >= 4 && /^(one|two|three|four|five|six|seven|eight|nine|ten|\d)/i.test(inner)) return `; that's ${inner};`;
  return `, ${inner},`;
}

/**
 * "Short Stay (420 spaces, ANPR cameras), Long Stay (2,300 spaces, ticket barriers)": a named part with its
 * figures is a piece of its own, "Long Stay has 2,300 spaces, ticket barriers", so "how many spaces does the Long
 * Stay have?" gets that piece, and a name never ends up on its neighbour's figures.
 */
const NAMED_PART =
  /(^|[:;,]\s*|\band\s+)((?:the\s+)?[A-Z][\w&'’-]*(?:\s+(?:[A-Z&][\w&'’-]*|of|and))*)\s*\((\d[^)]*)\)/g;
const namedParts = (s: string) =>
  s.replace(NAMED_PART, (m, lead: string, label: string, inner: string) =>
    inner.trim().split(/\s+/).length >= 3 ? `${lead.trim() ? "; " : ""}${label} has ${inner};` : m,
  );

const spokenParens = (s: string) =>
  namedParts(s)
    .replace(/\s*\(([^)]*)\)/g, parenthesis)
    .replace(/;\s*([.;:,])/g, (_m, p: string) => (p === "," ? ";" : p))
    .replace(/;$/, "")
    .replace(/,\s*([,.;:])/g, "$1")
    .replace(/,$/, "");

/** A long spoken sentence in shorter pieces, cut at clause joins. */
function cut(text: string): string[] {
  const parts = text.split(/(?:,\s+|;\s+|:\s+)(?=(?:and|but|so|which|while|then|only)\b)|;\s+|:\s+/i);
  const out: string[] = [];
  for (const part of parts) {
    const words = part.trim().split(/\s+/).length;
    if (out.length && words < 3) out[out.length - 1] += `, ${part.trim()}`;
    else out.push(part.trim());
  }
  return out.filter(Boolean).map((p) => `${upperFirst(trimEnd(p))}.`);
}

/** "Kestrel has no tracking of its own" -> "We have no tracking of our own": the company is "we". */
function companyAsWe(sentence: string, company?: string): string {
  const first = company?.trim().split(/\s+/)[0];
  if (!first) return sentence;
  const re = new RegExp(
    `(^|[;:]\\s+|,\\s+|\\b(?:and|so|but)\\s+)${first}(?:\\s+[A-Z][\\w&]*)*\\s+(has|is|does|was|had|did|trialled|tried|uses|runs|owns|sells|\\w+ed)\\b`,
    "g",
  );
  return sentence
    .replace(
      re,
      (_m, lead: string, verb: string) =>
        `${lead}${lead ? "we" : "We"} ${({ has: "have", is: "are", does: "do", was: "were", uses: "use", runs: "run", owns: "own", sells: "sell" } as Record<string, string>)[verb] ?? verb}`,
    )
    .replace(/(\b[Ww]e\b[^.;]*?)\bits\b/g, "$1our");
}

function spoken(sentence: string, name: string, company?: string): string[] {
  const text = toFirstPerson(spokenParens(companyAsWe(sentence, company)), name)
    .map((s) => trimEnd(s.text))
    .filter((s) => s && !STAGE_DIRECTION.test(s))
    // "I gather evidence myself, then I take it to Graham": a clause led by a sequence word stays joined.
    .reduce(
      (all, s) =>
        !all ? s : /^(then|and then|also|later|after that|afterwards)\b/.test(s) ? `${all}, ${s}` : `${all}. ${s}`,
      "",
    );
  return text ? cut(text) : [];
}

export function stemsOf(text: string): { stems: Map<string, number>; length: number } {
  const stems = new Map<string, number>();
  let length = 0;
  const tokens = tokenise(text);
  const negated = negatedStems(tokens);
  for (const s of negated) stems.set(s, (stems.get(s) ?? 0) + 1);
  for (const t of tokens) {
    if (t.pos === "PUNCT" || t.pos === "DET" || t.pos === "PRON" || t.pos === "ADP" || t.pos === "CCONJ") continue;
    if (STOP.has(t.lower) || STOP.has(t.lemma)) continue;
    const s = /\d/.test(t.lower) ? t.lower : stem(t.lemma);
    if (s.length < 2) continue;
    // "customers don't turn up" says nothing of "turned away" (cues.ts).
    if (OPPOSITE_WHEN_NEGATED.has(s) && negated.includes(`not:${s}`)) continue;
    stems.set(s, (stems.get(s) ?? 0) + 1);
    length++;
  }
  return { stems, length };
}

/** Words of a close's condition that say who does what, not what must be covered. */
const CONDITION_FRAME = new Set(
  "seller learner has have ask asked understood understand shown show got get dug talk talks talked clear clearly first call"
    .split(" ")
    .map(stem),
);

/**
 * What earns the close, as the card states it: the clause after "if" / "only if" / "once" / "provided" in the close's
 * sentences ("...if the seller has asked about the audit and what a second failure would mean" -> audit, second,
 * failure, mean).
 */
function closeCondition(close: string | undefined): Set<string> {
  const out = new Set<string>();
  for (const sentence of (close ?? "").split(/(?<=[.;])\s+/)) {
    const m = /\b(?:only if|if|once|provided|as long as)\b(.*)$/i.exec(sentence);
    if (!m || /\bproposes?\b|\bpushed\b|\bnot\b/i.test(m[1].split(/[,.]/)[0])) continue;
    for (const k of stemsOf(m[1]).stems.keys()) if (!CONDITION_FRAME.has(k) && !/\d/.test(k)) out.add(k);
  }
  return out;
}

/** The object of a close: "Would agree to a two-week pilot at X if ..." -> "a two-week pilot at X". */
const STEP_NAMED =
  /\b(pilot|trial|demo|meeting|call|visit|review|workshop|session|walkthrough|follow-up|proof of concept)\b/i;

function closeObject(close: string | undefined, name: string): string | undefined {
  if (!close) return undefined;
  // "Hard to win. Will only agree to a trial...": the sentence that names a step, else the first.
  const sentences = factSentences(close);
  let text = trimEnd(sentences.find((x) => STEP_NAMED.test(x)) ?? sentences[0] ?? close)
    .replace(/^(she|he|they)\s+/i, "")
    .replace(
      /^(would|will|could|might)\s+(only\s+|happily\s+)?(be\s+)?(happy\s+to\s+|willing\s+to\s+|open\s+to\s+)?/i,
      "",
    )
    // "Happily agrees to a demo...", "At most agrees to a reference call...": how the persona agrees, not what to.
    .replace(/^(happily|readily|gladly|eventually|reluctantly|probably|usually|at most|at best)\s+(?=\w)/i, "")
    // "Happy to book a 45-minute demo...", "Glad to set up a follow-up call...".
    .replace(/^(only\s+)?(happy|glad|willing|open|keen|ready)\s+to\s+/i, "")
    .replace(
      /^(agrees?|accepts?|considers?|takes?|signs? up for|commits? to|books?|schedules?|says? yes to|sets? up|arranges?|runs?|holds?|hosts?|tries|try|does|do)\s+(only\s+)?(to\s+)?/i,
      "",
    )
    .replace(/\s*\([^)]*\)/g, "")
    .replace(/,?\s+(if|once|provided|as long as|when|assuming|but only|and only)\b.*$/i, "");
  const invite = text.match(/^invite\s+.+?\s+to\s+(.+)$/i);
  if (invite) text = invite[1];
  return lowerFirst(
    toFirstPerson(text, name)
      .map((s) => s.text)
      .join(", ")
      .replace(/^I\s+/, ""),
  );
}

/** The longest run of nouns and adjectives in a sentence: what a pain is about, in a few words. */
function topicOf(text: string): string {
  const ts = tokenise(text);
  let best: string[] = [];
  let run: string[] = [];
  for (const t of [...ts, null]) {
    if (t && ["NOUN", "ADJ", "PROPN", "NUM"].includes(t.pos) && !STOP.has(t.lower))
      run.push(/^[A-Z]{2,}/.test(t.text) ? t.text : t.lower);
    else {
      if (run.length > best.length && run.length <= 5) best = run;
      run = [];
    }
  }
  return best.join(" ") || trimEnd(text).split(/\s+/).slice(0, 4).join(" ").toLowerCase();
}

export function buildCard(written: Persona): Card {
  // Cards written as notes ("~350/wk", "w/ errors", "-> credit notes") are said as speech.
  const persona = spokenCard(written);
  const name = persona.name;
  const facts: Fact[] = [];
  const fields: { field: string; text: string }[] = [];
  const add = (field: string, kind: FactKind, index: number, source: string, pieces: string[]) => {
    pieces = pieces.filter(Boolean);
    if (!pieces.length) return;
    const order = facts.filter((f) => f.field === field).length;
    facts.push({
      id: facts.length,
      field,
      kind,
      index,
      order,
      pieces,
      inline: lowerFirst(trimEnd(pieces[0])),
      ...stemsOf(source),
      numeric: NUMBER.test(source),
      person: PERSON.test(source) || /\s[A-Z][a-z]+\b/.test(source),
      time: TIME.test(source),
    });
  };
  const fromField = (field: string, kind: FactKind, index: number, text: string | undefined) => {
    if (!text) return;
    fields.push({ field, text });
    for (const sentence of factSentences(text))
      if (!STAGE_DIRECTION.test(sentence))
        add(field, kind, index, sentence, spoken(sentence, name, persona.company?.name));
  };

  const c = persona.company;
  const at = c?.name && !persona.role.includes(c.name) ? ` at ${c.name}` : "";
  fields.push({ field: "role", text: persona.role });
  add("role", "role", 0, persona.role, [`I'm the ${persona.role}${at}.`]);
  fromField("situation", "situation", 0, persona.situation);
  fromField("background", "background", 0, persona.background);
  if (c?.name || c?.industry) {
    const what = c.industry ? lowerFirst(trimEnd(c.industry)) : "";
    add("company.industry", "company", 0, `${c.name ?? ""} ${c.industry ?? ""}`, [
      c.name && what ? `We're ${c.name}, in ${what}.` : c.name ? `The company is ${c.name}.` : `We're in ${what}.`,
    ]);
  }
  if (c?.size)
    add(
      "company.size",
      "company",
      0,
      `size ${c.size}`,
      cut(`In size, we're ${lowerFirst(spokenParens(trimEnd(c.size)))}`),
    );
  if (c?.revenue)
    add("company.revenue", "company", 0, `revenue ${c.revenue}`, [
      // "about £310m" already hedges: not "around about".
      `Revenue is ${/^(?:about|around|roughly|approximately|over|under|nearly|almost|just)\b/i.test(c.revenue) ? "" : "around "}${trimEnd(c.revenue)}.`,
    ]);
  for (const [key, text] of Object.entries(c ?? {})) if (text) fields.push({ field: `company.${key}`, text });
  persona.pain_points.forEach((p, i) => fromField(`pain_points[${i}]`, "pain", i, p));
  persona.goals.forEach((g, i) => {
    fields.push({ field: `goals[${i}]`, text: g });
    factSentences(g).forEach((sentence, k) => {
      const pieces =
        k === 0 && imperative(sentence.trim())
          ? cut(swapPronouns(`I want to ${lowerFirst(spokenParens(sentence))}`))
          : spoken(sentence, name);
      add(`goals[${i}]`, "goal", i, sentence, pieces);
    });
  });
  const p = persona.personality;
  if (p?.concerns) {
    fields.push({ field: "personality.concerns", text: p.concerns });
    for (const part of p.concerns
      .split(/;\s*|(?<=\.)\s+/)
      .map(trimEnd)
      .filter(Boolean)) {
      const first = toFirstPerson(spokenParens(part), name);
      const pieces = first.every((s) => s.kind === "phrase")
        ? cut(`What worries me is ${lowerFirst(first.map((s) => s.text).join(", "))}`)
        : spoken(part, name);
      add("personality.concerns", "concern", 0, part, pieces);
    }
  }
  fromField("personality.motivations", "motivation", 0, p?.motivations);
  fromField("personality.decision_making", "decision", 0, p?.decision_making);
  if (p?.communication_style) fields.push({ field: "personality.communication_style", text: p.communication_style });
  if (persona.close) fields.push({ field: "close", text: persona.close });

  const df = new Map<string, number>();
  for (const f of facts) for (const s of f.stems.keys()) df.set(s, (df.get(s) ?? 0) + 1);
  const idf = new Map([...df].map(([s, n]) => [s, Math.log(1 + (facts.length - n + 0.5) / (n + 0.5))]));
  const common = new Set(
    facts
      .filter((f) => ["situation", "background", "role", "company"].includes(f.kind))
      .flatMap((f) => [...f.stems.keys()]),
  );
  const pains = persona.pain_points.map((_, i) => {
    const own = facts.filter((f) => f.kind === "pain" && f.index === i);
    const distinctive = new Set(own.flatMap((f) => [...f.stems.keys()]).filter((s) => !common.has(s)));
    return { facts: own, topic: topicOf(own[0]?.pieces[0] ?? persona.pain_points[i]), distinctive };
  });
  const goals = persona.goals.map((g, i) => ({
    facts: facts.filter((f) => f.kind === "goal" && f.index === i),
    can: IMPERATIVE.test(g.trim()) ? lowerFirst(trimEnd(factSentences(g)[0])) : undefined,
  }));
  const all = fields.map((f) => f.text).join(" ");
  // A capital inside a sentence marks a name; each field starts a sentence of its own.
  const names = new Set(
    fields
      .flatMap((f) => [...f.text.trim().matchAll(/(?<![.!?;:]\s|^)\b([A-Z][a-zA-Z&'-]+)/g)])
      .map((m) => m[1].toLowerCase().replace(/'s$/, ""))
      .concat(name.toLowerCase().split(/\s+/)),
  );
  return {
    name,
    company: c?.name,
    // "Dr Ingrid Halvorsen" is Ingrid: a title is not a first name.
    firstName:
      name
        .trim()
        .split(/\s+/)
        .find((w, i, all) => i === all.length - 1 || !TITLES.test(w)) ?? name.trim(),
    difficulty: persona.difficulty ?? "medium",
    facts,
    pains,
    goals,
    close: closeObject(persona.close, name),
    condition: closeCondition(persona.close),
    idf,
    avgLength: facts.reduce((n, f) => n + f.length, 0) / Math.max(1, facts.length),
    names,
    // The persona's own name too: a learner types "hey marcus" in lower case, and typo repair must not make it "march".
    vocabulary: new Set(`${all} ${persona.name}`.toLowerCase().match(/[a-z][a-z'-]+/g) ?? []),
    fields,
  };
}

const cache = new Map<string, Card>();

/** The card of a persona, built once per process and persona. */
export function cardOf(persona: Persona): Card {
  const key = JSON.stringify(persona);
  let card = cache.get(key);
  if (!card) {
    card = buildCard(persona);
    if (cache.size > 200) cache.delete(cache.keys().next().value!);
    cache.set(key, card);
  }
  return card;
}

const TITLES = /^(?:dr|mr|mrs|ms|miss|mx|prof|professor|sir|dame|rev)\.?$/i;
