import { tokenise } from "@/lib/language/nlp";
import { sentencesOf } from "@/lib/language/sentences";

/**
 * Persona fields are usually written about the persona ("Runs two regional warehouses", "Her team
 * spends too long..."). The offline persona speaks them, so they are turned into first-person
 * speech here: subject-less verbs get an "I", third-person pronouns become mine, verbs agree.
 */

const FUNCTION_WORDS = new Set(
  (
    "someone something anyone anything people everyone everything the a an his her their its our my your this that these those what how who whom him them it me us " +
    "to from with by for in on at into onto up out off back through across as after before without about over under " +
    "too very only still already not never often always mostly heavily barely just more less most several many " +
    "multiple some all no any every each both own one two three four five six seven eight nine ten twelve fifteen " +
    "twenty fifty hundred roughly around nearly almost half being been down"
  ).split(" "),
);

const AUXILIARIES: Record<string, string> = {
  is: "am",
  was: "was",
  has: "have",
  had: "had",
  does: "do",
  did: "did",
  can: "can",
  cannot: "can't",
  "can't": "can't",
  could: "could",
  will: "will",
  would: "would",
  should: "should",
  must: "must",
  may: "may",
  might: "might",
  "doesn't": "don't",
  "isn't": "am not",
  "hasn't": "haven't",
  "wasn't": "wasn't",
  "won't": "won't",
  "didn't": "didn't",
  "couldn't": "couldn't",
  "wouldn't": "wouldn't",
};

const IRREGULAR_PAST = new Set(
  (
    "built ran led took made grew got came left joined began spent lost saw heard bought sold became went found " +
    "brought kept set held wrote told gave oversaw founded started moved inherited agreed signed managed worked " +
    "switched tried used chose sat trained served"
  ).split(" "),
);

/** Verbs common in persona notes, recognised whatever follows them ("values clear communication"). */
const KNOWN_3S = new Set(
  (
    "runs manages leads owns oversees reports spends struggles worries prefers likes hates expects believes thinks " +
    "knows cares relies uses handles sells buys works juggles feels sees hopes plans faces tracks supervises heads " +
    "hires reviews approves signs controls answers values wants needs has is was does lacks loses misses wastes " +
    "dislikes distrusts trusts insists demands requires juggles sits chairs coordinates builds lives gathers takes " +
    "recommends decides brings keeps gets gives reviews watches"
  ).split(" "),
);

/** Participles that read as states: "and worried about" -> "and I'm worried about". */
const STATES = new Set(
  "worried concerned frustrated interested tired skeptical sceptical overwhelmed stretched annoyed impressed unhappy".split(
    " ",
  ),
);

/** Verbs of handling a thing (a record, an order, a form) that always take an object: "typed", "re-keyed", "filed". */
const DONE_TO_THINGS =
  /^(?:re-?)?(?:typed|keyed|entered|printed|emailed|posted|faxed|checked|installed|logged|recorded|tracked|stored|filed|scanned|copied|uploaded|exported|imported|counted|collected|shared|updated|approved|signed|stamped|sorted)$/;
/** Words after such a participle that show it has no object: a place, a manner or a time. */
const PLACE_AFTER = new Set([
  ...["into", "in", "onto", "on", "by", "for", "out", "at", "to", "from", "via", "through"],
  ...["weekly", "monthly", "daily", "nightly", "manually", "twice", "once", "each", "every"],
]);

/** Participles that describe something done to the persona: "promoted from" -> "I was promoted from". */
const PASSIVE = new Set(
  "promoted hired appointed tasked asked burned burnt told brought recruited charged pressured forced expected required mandated named put given".split(
    " ",
  ),
);

const PERSON_NOUNS =
  /\b(auditor|manager|director|engineer|veteran|supervisor|founder|co-founder|buyer|lead|head|officer|analyst|vp|consultant|nurse|teacher|accountant|specialist|executive|owner|parent|graduate|hire|leader|ceo|cfo|coo|cto|cio|salesperson|rep|recruiter|designer|developer|controller|administrator|coordinator|partner|principal|doctor|physician|lawyer|professor|student|chef|operator|planner|strategist|marketer|entrepreneur)s?\b/i;

const isNumberLike = (w: string) => /^[\d$£€]/.test(w);
const bare = (w: string) => w.toLowerCase().replace(/[^a-z'-]/g, "");

/** "runs" -> "run", "carries" -> "carry", "is" -> "am"; null when the word is not a verb we recognise. */
export function firstPersonVerb(word: string, next = ""): string | null {
  const w = bare(word);
  const n = bare(next);
  if (w in AUXILIARIES) return AUXILIARIES[w];
  if (STATES.has(w)) return `am ${w}`;
  if (KNOWN_3S.has(w))
    return w.endsWith("ies") ? w.slice(0, -3) + "y" : /(ch|sh|ss|x|z|o)es$/.test(w) ? w.slice(0, -2) : w.slice(0, -1);
  // A name after a past verb is its object: "Joined Kestrel six years ago".
  const nextIsFunction =
    !next || FUNCTION_WORDS.has(n) || isNumberLike(next) || /ly$/.test(n) || /^[A-Z][a-z]/.test(next);
  // "signed by line leaders": a participle with its agent is passive, something done to a thing.
  if (n === "by" && /(?:ed|en)$/.test(w)) return null;
  // "retyped into Xero", "printed on paper each Monday", "emailed out": a verb that takes an object, with none
  // after it, is something done to a thing (orders, routes), not what the persona did.
  if (DONE_TO_THINGS.test(w) && (PLACE_AFTER.has(n) || n === "")) return null;
  if (IRREGULAR_PAST.has(w) && nextIsFunction) return w;
  if (/ed$/.test(w) && w.length > 4 && nextIsFunction) return PASSIVE.has(w) ? `was ${w}` : w;
  if (PASSIVE.has(w) && nextIsFunction) return `was ${w}`;
  // "Repairing Standard compliance:" names a thing; "managing the depot" is what the persona does.
  if (/ing$/.test(w) && w.length > 5 && nextIsFunction && n !== "" && !/^[A-Z][a-z]/.test(next)) return `am ${w}`;
  if (/[^su]s$/.test(w) && w.length > 3 && nextIsFunction && next !== "") {
    if (/ies$/.test(w)) return w.slice(0, -3) + "y";
    if (/(ch|sh|ss|x|z|o)es$/.test(w)) return w.slice(0, -2);
    return w.slice(0, -1);
  }
  return null;
}

const CONTRACTIONS: [RegExp, string][] = [
  [/\bI am not\b/g, "I'm not"],
  [/\bI am\b/g, "I'm"],
  [/\bI have been\b/g, "I've been"],
  [/\bI have had\b/g, "I've had"],
  [/\bI will\b/g, "I'll"],
  [/\bI would\b/g, "I'd"],
  [/\bdid not\b/g, "didn't"],
  [/\bdo not\b/g, "don't"],
  [/\bcannot\b/g, "can't"],
  [/\bis not\b/g, "isn't"],
  [/\bwas not\b/g, "wasn't"],
  [/\bhas not\b/g, "hasn't"],
];

const contract = (s: string) => CONTRACTIONS.reduce((acc, [re, to]) => acc.replace(re, to), s);

/** Possessive and object pronouns: "her team" -> "my team", "asked him" -> "asked me". */
export function swapPronouns(text: string): string {
  return (
    text
      // "with her and an IT contact": "her" before "and", "or" or a preposition is the object, not a possessive.
      .replace(
        /\b(his|her)(\s+)(?!(?:and|or|but|to|for|with|at|in|on|by|about|if|when|too)\b)(own\s+)?([A-Za-z0-9$£€-])/gi,
        (_m, _p, sp, own, c) => `my${sp}${own ?? ""}${c}`,
      )
      .replace(/\b(him|her)\b/gi, "me")
      .replace(/\b(himself|herself)\b/gi, "myself")
      .replace(/\b(he|she)'s\b/gi, "I'm")
      .replace(/\b(he|she)\s+(\S+)(\s+(\S+))?/gi, (m, _p, verb: string, rest = "", after = "") => {
        const v = firstPersonVerb(verb, after || "the");
        // "he personally covers" -> "I personally cover": the verb comes after the adverb.
        const adverbFirst = !v && /ly$/i.test(verb) && after ? firstPersonVerb(after, "the") : null;
        if (adverbFirst) return `I ${verb} ${adverbFirst}`;
        return v ? `I ${v}${rest}` : `I ${verb}${rest}`;
      })
      .replace(/\bMy\b/g, "My")
  );
}

/** A passive in the clause so far: "are planned by...", "gets logged in...". */
const PASSIVE_BEFORE = /\b(?:is|are|was|were|get|gets|got|been|be)\s+(?:\w+ly\s+)?\w+(?:ed|en)\b[^.;:!?]*$/;

/** " and inherited the tool" -> " and I inherited the tool" when the word after a joiner is a verb. */
function subjectAfterJoiners(text: string): string {
  return text.replace(
    /\b(and|but|so)\s+([A-Za-z']+)\s+(\S+)/g,
    (m, joiner: string, word: string, next: string, at: number) => {
      if (/^[A-Z]/.test(word) && word !== "I") return m;
      // "Routes are planned by 2 supervisors in Excel and printed on paper": a participle after a passive
      // carries on that passive; its subject is the routes, not the persona.
      if (/(?:ed|en)$/.test(word) && PASSIVE_BEFORE.test(text.slice(0, at))) return m;
      // "managers and contractors for updates": a plural noun after "and" is not a verb without its subject.
      const tagged = tokenise(`${joiner} ${word} ${next}`)[1];
      if (tagged && ["NOUN", "PROPN", "ADJ", "NUM"].includes(tagged.pos)) return m;
      const v = firstPersonVerb(word, next);
      return v ? `${joiner} I ${v} ${next}` : m;
    },
  );
}

export type Spoken = { kind: "clause" | "phrase"; text: string };

const GERUND_SUBJECT =
  /^\w+ing\b.*\b(is|was|has|goes|needs|takes|requires|means|costs|gets|comes|falls|sits|lands|eats|uses|runs)\b/i;

/** "Payback-driven", "consensus-minded and careful": a compound adjective of attitude heads the predicate. */
const ATTITUDE =
  /^[a-z]+-(minded|driven|bound|based|averse|focused|conscious|oriented|savvy|sensitive|led|shy)(\s+(and|but|about|on|when|with)\b.*)?$/i;

/** An adjective that heads its own predicate: "Quick to say yes", "slow and careful on contracts". */
function predicateAdjective(s: string): boolean {
  const head = s.split(/[,;]/)[0];
  if (/^\S*-/.test(head)) return false; // "low-risk pilot" is a noun phrase
  const [a, b] = tokenise(lowerFirst(head));
  return a?.pos === "ADJ" && (!b || ["ADP", "PART", "CCONJ", "ADV"].includes(b.pos));
}

/** One comma segment: "Former auditor" -> "I'm a former auditor", "promoted from X" -> "I was promoted from X". */
/**
 * A word guessed to be a verb by its ending is one when the tagger, reading it after "I", agrees: "Handles
 * 140 calls a day" is "I handle...", but "Receptionists at 6 of the 9 salons", "Complaints to the ombudsman
 * rose" and "Operations Director, who holds the budget" open with a noun (every writer's cards had some:
 * "I receptionist at 6 of the 9 salons"). Verbs we know, past forms and "am ..." need no second reading.
 */
function saysAsVerb(verb: string, words: string[]): boolean {
  if (KNOWN_3S.has(bare(words[0])) || verb.includes(" ") || verb === bare(words[0])) return true;
  const read = tokenise(["I", verb, ...words.slice(1, 4)].join(" "));
  return read[1]?.pos === "VERB" || read[1]?.pos === "AUX";
}

/** "I build the case and recommends" -> "... and I recommend": a second verb after "and" shares the subject "I". */
function andVerb(clause: string): string {
  if (!/\band [a-z]+s\b/.test(clause)) return clause;
  // Only a word the tagger reads as a verb: "two depots and trucks for retail" lists nouns.
  const verbs = new Set(
    tokenise(clause)
      .filter((t) => t.pos === "VERB")
      .map((t) => t.lower),
  );
  return clause.replace(/\band ([a-z]+s)\b(\s+(\S+))?/g, (all, w: string, rest: string | undefined, next?: string) => {
    const v = verbs.has(w) ? firstPersonVerb(w, next ?? "") : null;
    return v && v !== w ? `and I ${v}${rest ?? ""}` : all;
  });
}

function segmentToClause(segment: string, first: boolean, names: RegExp | null): Spoken {
  let s = segment.trim();
  // "then takes it to Graham" -> "then I take it to Graham": a sequence word before a subject-less verb.
  const sequence = /^(then|and then|also|later|after that|afterwards)\s+(\S+)(\s+(\S+))?/i.exec(s);
  if (sequence) {
    const v = firstPersonVerb(sequence[2], sequence[4] ?? "the");
    if (v)
      return {
        kind: "clause",
        text: swapPronouns(`${sequence[1]} I ${v}${s.slice(sequence[1].length + 1 + sequence[2].length)}`),
      };
  }
  if (names) s = s.replace(names, "I");
  // "with 11 instructors, most of them self-employed": the quantifier points back at the noun before.
  if (/^(most|all|some|many|none|both|half|each|several|few) of (them|these|those|whom|it)\b/i.test(s))
    return { kind: "phrase", text: s };
  // Before the verb test: "consensus-minded" ends like a past tense but is an adjective.
  if (ATTITUDE.test(s)) return { kind: "clause", text: `I'm ${lowerFirst(swapPronouns(s))}` };
  const words = s.split(/\s+/);
  if (/^I$/.test(words[0]) && words[1]) {
    const v = firstPersonVerb(words[1], words[2] ?? "the");
    if (v) return { kind: "clause", text: ["I", v, ...words.slice(2)].join(" ") };
  }
  if (/^(he|she)$/i.test(words[0])) return { kind: "clause", text: swapPronouns(s) };
  if (/^(his|her)$/i.test(words[0])) return { kind: "clause", text: swapPronouns(s) };
  // "Spending over £25,000 goes to a trust committee": the -ing word is the subject of a verb after it.
  if (GERUND_SUBJECT.test(s)) return { kind: "phrase", text: swapPronouns(s) };
  const verb = /:$/.test(words[0]) ? null : firstPersonVerb(words[0], words[1] ?? "");
  if (verb && saysAsVerb(verb, words))
    return { kind: "clause", text: swapPronouns(andVerb(["I", verb, ...words.slice(1)].join(" "))) };
  if (
    first &&
    /^(\S+\s+)?(\S+\s+)?(years?|decades?)\b/i.test(s) &&
    /^(\d|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|over|more than|almost|nearly|about)/i.test(
      s,
    )
  )
    return { kind: "clause", text: `I've got ${lowerFirst(swapPronouns(s))}` };
  // "open days" in a list ("exam weeks, open days, rain") names a thing; "open to new ideas" says how I am.
  if (
    /^(careful|cautious|skeptical|sceptical|wary|keen|open|busy|new|happy|comfortable|responsible|frustrated|worried|tired|proud|focused|known|deeply|very|quite|fairly|highly)\b/i.test(
      s,
    ) &&
    !["NOUN", "PROPN"].includes(tokenise(words.slice(0, 2).join(" "))[1]?.pos ?? "")
  )
    return { kind: "clause", text: `I'm ${lowerFirst(swapPronouns(s))}` };
  if (predicateAdjective(s)) return { kind: "clause", text: `I'm ${lowerFirst(swapPronouns(s))}` };
  const head = s.split(/\s+(?:at|in|with|from|for|who|by|of|on|to)\s+/)[0].split(/\s+/);
  // "I'm a lead nurse", never "I'm an owners who hang up...": one person is singular.
  const person = PERSON_NOUNS.exec(head.at(-1) ?? "");
  if (first && head.length <= 4 && person && !/s$/i.test(person[0].slice(person[1].length))) {
    const np = lowerFirst(swapPronouns(s));
    const article = /^(a|an|the|my)\b/i.test(np) ? "" : /^[aeiou]/i.test(np) ? "an " : "a ";
    return { kind: "clause", text: `I'm ${article}${np}` };
  }
  return { kind: "phrase", text: swapPronouns(s) };
}

// The article "A" too ("A re-audit" -> "a re-audit"), but never "I" or an acronym ("OEE").
/** The first letter lowered ("Roughly 6%..." -> "roughly 6%..."), never a name's ("Priya spends..."). */
export const lowerFirst = (s: string, names?: ReadonlySet<string>) =>
  /^([A-Z][a-z]|A )/.test(s) &&
  !/^I\b/.test(s) &&
  !names?.has(
    s
      .split(/[\s,.;:]/)[0]
      .toLowerCase()
      .replace(/'s$/, ""),
  )
    ? s[0].toLowerCase() + s.slice(1)
    : s;
export const upperFirst = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);
export const trimEnd = (s: string) => s.trim().replace(/[\s.;:,!]+$/, "");

/** A card field's sentences (split at ";" too), end punctuation dropped: one fact each. */
export function factSentences(text: string): string[] {
  return sentencesOf(text, { semicolons: true }).map(trimEnd);
}

/** A name pattern that matches the persona's full or first name as a subject. */
export function nameMatcher(name: string | undefined): RegExp | null {
  if (!name) return null;
  const parts = name
    .trim()
    .split(/\s+/)
    .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^(${parts.join("\\s+")}|${parts[0]})\\b`, "i");
}

/** "so Tom sees figures" -> "so I see figures": the persona's own name mid-sentence, before a verb. */
function nameAsSubject(sentence: string, name?: string): string {
  const parts = name?.trim().split(/\s+/) ?? [];
  if (!parts.length) return sentence;
  const who = parts.length > 1 ? `${parts[0]}(?:\\s+${parts.slice(1).join("\\s+")})?` : parts[0];
  return sentence.replace(new RegExp(`(?<=\\S\\s)${who}\\s+(\\S+)(\\s+\\S+)?`, "g"), (m, verb: string, after = "") => {
    const v = firstPersonVerb(verb, after.trim() || "the");
    return v ? `I ${v}${after}` : m;
  });
}

/** "Complaints end up on Gareth's phone" -> "on my phone": the persona's own name as an owner. */
function ownPossessive(sentence: string, name?: string): string {
  const parts = (name ?? "")
    .split(/\s+/)
    .filter((p) => p && !/^(dr|mr|mrs|ms|miss|prof)\.?$/i.test(p))
    .map((p) => p.replace(/[^\p{L}'-]/gu, ""));
  if (!parts.length) return sentence;
  const who = `(?:${parts.join("|")})`;
  return sentence
    .replace(new RegExp(`^${who}['’]s\\b`, "u"), "My")
    .replace(new RegExp(`\\b${who}['’]s\\b`, "gu"), "my");
}

/** Verbs of reporting a figure ("quotes 5% as the norm") said the way a buyer says it. */
const citing = (s: string) =>
  s.replace(
    /\bI (?:quote|cite|put) (\S+) as (?:the |an? )?(.+)$/,
    (_m, n: string, what: string) => `I'd say ${n} is the ${what}`,
  );

/**
 * A field sentence as speech: a list of first-person clauses ("I run two regional warehouses")
 * or, when the sentence has no subject of its own (a noun phrase such as "Lack of visibility"),
 * a phrase that templates embed after a colon.
 */
export function toFirstPerson(sentence: string, personaName?: string): Spoken[] {
  // "Consensus-minded: brings the practice managers in early": after a colon, a verb without its
  // subject starts a sentence of its own ("I bring ..."), not a fragment.
  const colon = /^(.+?):\s+(\S+)(\s+(\S+))?/.exec(trimEnd(sentence));
  if (colon && /^[a-z]/.test(colon[2]) && firstPersonVerb(colon[2], colon[4] ?? "the"))
    return [
      colon[1],
      trimEnd(sentence)
        .slice(colon[1].length + 1)
        .trim(),
    ].flatMap((part) => toFirstPerson(part, personaName));
  const names = nameMatcher(personaName);
  sentence = ownPossessive(sentence, personaName);
  // Not between two adjectives of one noun: "a small, low-risk pilot".
  const segments = nameAsSubject(trimEnd(sentence), personaName).split(
    /(?<!\b(?:a|an|the|our|my|its) [\w-]+),\s+(?![\d])/,
  );
  const out: Spoken[] = [];
  // "The biggest client, an online retailer, has complained twice": the verb's subject is that client, not me.
  const namedSubject =
    /^(the|a|an|its|each|every|our|their)\s/i.test(segments[0] ?? "") &&
    !/^\S+\s+\S+\s+(is|are|was|were|has|have|had|does|do|did|runs?|\w+ed)\b/i.test(segments[0]);
  segments.forEach((segment, i) => {
    const verbFirst =
      i > 0 &&
      namedSubject &&
      firstPersonVerb(segment.trim().split(/\s+/)[0], segment.trim().split(/\s+/)[1] ?? "") !== null;
    // "...at a ready-meals plant in Spalding, making 1.1 million units a week": a participle after a phrase
    // describes that phrase's noun, not what the persona does.
    // "And trend analysis, for example chiller drift, is only done weekly": a verb of being after an aside
    // belongs to the subject before the aside, never "I'm only done weekly".
    const describes =
      i > 0 &&
      (/^(?:is|are|was|were)\b/.test(segment.trim()) ||
        (out.at(-1)?.kind === "phrase" && /^[a-z]+ing\b/.test(segment.trim())) ||
        // "Barriers and pay machines are ParkGate 4, installed in 2014": the machines were installed, not "I installed".
        // ("Ex-Army engineer, promoted in 2019" is the persona: "I was promoted".)
        (out.at(-1)?.kind === "phrase" &&
          !PERSON_NOUNS.test(out.at(-1)!.text) &&
          /^[a-z]+ed\s+(?:in|by|at|on|from|for|with|under|over|during|since)\b/.test(segment.trim())));
    const spoken: Spoken =
      verbFirst || describes ? { kind: "phrase", text: segment.trim() } : segmentToClause(segment, i === 0, names);
    const prev = out.at(-1);
    if (spoken.kind === "phrase" && prev) prev.text += `, ${spoken.text}`;
    else out.push(spoken);
  });
  return out.map((s) => ({ kind: s.kind, text: citing(contract(subjectAfterJoiners(s.text))) }));
}

/** A field as one or more spoken sentences (clauses only; phrases come back as they are). */
export function speak(field: string, personaName?: string): string[] {
  return factSentences(field).flatMap((s) => toFirstPerson(s, personaName).map((p) => p.text));
}
