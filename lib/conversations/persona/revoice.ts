import { tokenise } from "@/lib/language/nlp";

/**
 * How the persona says a card fact in its own words instead of reading it out: each entry is one
 * change a speaker makes without thinking (a contraction, a plainer word, a long sentence said as
 * two, a time phrase said first). The recitation guard tries them on the words a reply shares with
 * the card; order is the tie-break when two break the run equally well (plainest first).
 */
export type Revoicing = {
  id: string;
  does: string;
  pattern: RegExp;
  apply: (m: RegExpMatchArray) => string | null;
  examples: [string, string][];
  /** Text this re-voicing must leave alone (tests/unit/persona-revoice.test.ts runs both lists). */
  never?: string[];
};

const keepCase = (from: string, to: string) => (/^[A-Z]/.test(from) ? to[0].toUpperCase() + to.slice(1) : to);
const NUMBER_AHEAD = String.raw`(?=\s+(?:[£$€]?\d|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty|fifty|half|a (?:third|quarter|dozen)))`;

const CONTRACT: Record<string, string> = {
  "is not": "isn't",
  "are not": "aren't",
  "was not": "wasn't",
  "were not": "weren't",
  "does not": "doesn't",
  "do not": "don't",
  "did not": "didn't",
  "has not": "hasn't",
  "have not": "haven't",
  "could not": "couldn't",
  "would not": "wouldn't",
  cannot: "can't",
  "it is": "it's",
  "that is": "that's",
  "there is": "there's",
  "we are": "we're",
  "they are": "they're",
  "I have": "I've",
  "we have": "we've",
};
export const SYNONYMS: Record<string, string> = {
  roughly: "about",
  approximately: "about",
  around: "about",
  currently: "right now",
  rarely: "hardly ever",
  usually: "normally",
  mostly: "mainly",
  biggest: "largest",
  suspect: "think",
  trialled: "tried",
  abandoned: "dropped",
  figures: "numbers",
  incomplete: "patchy",
  almost: "nearly",
  nearly: "almost",
  typically: "normally",
  complained: "moaned",
  "day-to-day": "daily",
  manual: "done by hand",
  quit: "left",
  overlap: "cross over",
  logged: "put down",
  spoiled: "wasted",
  throws: "bins",
  kept: "held",
  slipped: "dropped",
  proper: "decent",
  frequently: "often",
  approve: "sign off",
  immediately: "straight away",
  purchased: "bought",
  "went up": "have gone up",
  "went down": "have come down",
  "rose by": "are up",
  "fell by": "are down",
  // Written words a speaker says more plainly.
  arrive: "come in",
  arrives: "comes in",
  arrived: "came in",
  receive: "get",
  receives: "gets",
  received: "got",
  require: "need",
  requires: "needs",
  required: "needed",
  additional: "extra",
  numerous: "lots of",
  significant: "big",
  sufficient: "enough",
  regarding: "about",
  "prior to": "before",
  "in order to": "to",
  "a number of": "several",
  "the majority of": "most of",
  utilise: "use",
  utilize: "use",
  obtain: "get",
  assist: "help",
  attempt: "try",
  attempts: "tries",
  commence: "start",
  difficult: "hard",
  however: "but",
  "in one": "in a single",
  "into one": "into a single",
};
/** Clause openers after which "the" is a subject the persona owns ("the vans leave" -> "our vans leave"). */
const NOT_OURS =
  /^(end|first|last|same|other|next|rest|number|only|whole|industry|time|day|week|month|year|phone|way|floor|eastern|western|northern|southern|most|best|worst|market|norm|biggest|smaller|larger|busiest|fact|moment|past|future|morning|afternoon|evening|weekend|time being)\b/i;
const SMALL_NUMBERS: Record<string, string> = {
  two: "2",
  three: "3",
  four: "4",
  five: "5",
  six: "6",
  seven: "7",
  eight: "8",
  nine: "9",
  ten: "10",
  eleven: "11",
  twelve: "12",
};
const TIME_PHRASE = String.raw`(?:on (?:Mondays?|Tuesdays?|Wednesdays?|Thursdays?|Fridays?|Saturdays?|Sundays?|weekdays|weekends)(?: \w+)?|every (?:morning|day|week|month|evening|night|weekday|weekend|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)|by \d{1,2}(?:[:.]\d{2}\s?(?:am|pm)?|\s?(?:am|pm)\b)|(?:in|by|before|until|within|since|during) (?:\d{4}|Q\d|January|February|March|April|May|June|July|August|September|October|November|December|(?:the )?(?:last|first|next) \w+ \w+|\w+ (?:days|weeks|months|years)|(?:the )?end of the \w+(?: \w+)?)|last (?:year|month|week|quarter|spring|summer|autumn|winter))`;

/** A clause after "and" has a verb of its own within its first few words ("and site managers type it"). */
function clauseAhead(rest: string): boolean {
  const all = tokenise(rest.split(/[,.;:!?]/)[0]);
  const ts = all.slice(0, 5);
  const verb = ts.findIndex(
    (t, i) =>
      (t.pos === "VERB" || t.pos === "AUX") &&
      // "a shared Excel sheet": a participle after an article describes the noun after it.
      // So does one after a number: "end up in one shared spreadsheet" has no verb of its own.
      !(["DET", "NUM"].includes(ts[i - 1]?.pos ?? "") && ["NOUN", "PROPN", "ADJ"].includes(all[i + 1]?.pos ?? "")) &&
      // "repair calls a day": a plural noun before a rate ("a day", "per week") is no verb.
      !(/^(a|an|per|every)$/.test(all[i + 1]?.lower ?? "") && PER.test(all[i + 2]?.lower ?? "")),
  );
  return verb > 0 && ["NOUN", "PRON", "PROPN", "DET", "NUM", "ADJ"].includes(ts[0].pos);
}
const PER = /^(day|week|month|year|hour|shift|night|morning)s?$/;
/** "No-shows and late cancellations run at 12%": with no verb before "and", it joins two subjects, not two clauses. */
function clauseBefore(before: string): boolean {
  const clause = before.split(/[.!?;:]/).at(-1) ?? "";
  // "no-shows" is one noun, whatever the tagger makes of "shows" after the hyphen.
  return tokenise(clause).some((t, i, ts) => (t.pos === "VERB" || t.pos === "AUX") && ts[i - 1]?.text !== "-");
}
/** "treadmills, bikes and rowers": the words before "and" are the last item of a comma list. */
function endsListItem(before: string): boolean {
  const clause = before.split(/[.!?;:]/).at(-1) ?? "";
  return /,\s*[\w'-]+(?:\s+[\w'-]+)?\s*$/.test(clause);
}
/** "no-shows and late cancellations": two short noun phrases a speaker may give in either order. */
function swapPair(m: RegExpMatchArray): string | null {
  const [, lead = "", x, y, tail = ""] = m;
  // "a phone line and end up in...": a word before a particle is a phrasal verb, not the second of a pair.
  if (/^(?:up|out|off|down|away|back|over)$/.test(tail.trim())) return null;
  const np = (text: string) => {
    const ts = tokenise(text);
    return ts.length > 0 && ts.at(-1)!.pos === "NOUN" && ts.every((t) => ["NOUN", "ADJ"].includes(t.pos));
  };
  const after = tokenise(
    m
      .input!.slice(m.index! + m[0].length)
      .trim()
      .split(/\s+/)[0] ?? "",
  )[0];
  const ends = (text: string) => np(text) && !(after && ["NOUN", "PROPN"].includes(after.pos) && text === y + tail);
  for (const [first, keep] of [
    [`${lead}${x}`, ""],
    [x, lead],
  ] as const)
    for (const [second, rest] of [
      [`${y}${tail}`, ""],
      [y, tail],
    ] as const) {
      const before = tokenise(keep.trim()).at(-1);
      if (!first.trim() || (keep && before && ["DET", "ADJ", "NUM", "NOUN", "PROPN"].includes(before.pos))) continue;
      if (np(first.trim()) && ends(second.trim()) && !(rest && ["NOUN"].includes(tokenise(rest)[0]?.pos ?? "")))
        return `${keep}${second.trim()} and ${first.trim()}${rest}`;
    }
  return null;
}

/** Participles that describe a state, not something done to the thing: "is based in", never "gets based". */
export const STATIVE = new Set(
  "based located situated called named owned related limited supposed designed tied linked connected concerned involved interested worried pleased tired used required needed expected allowed scheduled staffed unstaffed qualified certified registered licensed regulated".split(
    " ",
  ),
);

export const REVOICINGS: Revoicing[] = [
  {
    id: "contract",
    does: "a written 'is not' / 'it is' said as a contraction",
    pattern: new RegExp(`\\b(${Object.keys(CONTRACT).join("|")})\\b`, "i"),
    apply: (m) => keepCase(m[0], CONTRACT[m[0].toLowerCase()] ?? CONTRACT[m[0]] ?? m[0]),
    examples: [["Tills run on Lightspeed, which is not linked to stock.", "which isn't linked"]],
  },
  {
    id: "about",
    does: "an approximate number said with another hedge (about / around)",
    pattern: new RegExp(`\\b(about|around|roughly|approximately)${NUMBER_AHEAD}`, "i"),
    apply: (m) => keepCase(m[0], m[0].toLowerCase() === "about" ? "around" : "about"),
    examples: [["Failed first-time deliveries run at about 9%", "run at around 9%"]],
  },
  {
    id: "every",
    does: "'each' before a noun at the start of a clause said as 'every'; 'a day' after an amount as 'every day'",
    pattern:
      /(?:(?<=^|[.!?,;:]\s|\b(?:and|so|but|when|because|that|while|then|if) )[Ee]ach (?!of\b|other\b|one\b)(?=[a-z]))|(?<=\d[\w%.,-]*|\d[\w%.,-]* [a-z]+s) a (?=(?:day|week|month|year|session)\b)/,
    apply: (m) => (/each/i.test(m[0]) ? keepCase(m[0], "every ") : " every "),
    examples: [
      ["Each van does 110-130 drops a day", "Every van does"],
      ["roughly £600 a week of spoiled produce", "£600 every week"],
    ],
  },
  {
    id: "plain-word",
    does: "a written word said as the plain word a buyer would use",
    pattern: new RegExp(`\\b(${Object.keys(SYNONYMS).join("|")})\\b`, "i"),
    apply: (m) => keepCase(m[0], SYNONYMS[m[0].toLowerCase()]),
    examples: [["Morning route planning is manual", "is done by hand"]],
  },
  {
    id: "time-possessive",
    does: "'last year's level' said as 'the level we had last year'; 'next year's budget' as 'the budget for next year'",
    pattern: /\b(last|this|next) (year|month|week|season|quarter|summer|winter)'s ([a-z]+)\b/i,
    apply: (m) =>
      keepCase(
        m[0],
        m[1].toLowerCase() === "last"
          ? `the ${m[3]} we had last ${m[2]}`
          : `the ${m[3]} for ${m[1].toLowerCase()} ${m[2]}`,
      ),
    examples: [
      ["Cut overtime back to last year's level", "back to the level we had last year"],
      ["Hold spend within next year's budget", "within the budget for next year"],
    ],
  },
  {
    id: "want",
    does: "'I want to have X' said as 'I want X'",
    pattern: /\bI want to have\b/,
    apply: () => "I want",
    examples: [["I want to have every van out of the yard by 7:15", "I want every van out"]],
  },
  {
    id: "ours",
    does: "'the' before something the persona runs said as 'our'",
    pattern: /\b(?:[Tt]he) (?=\w)/,
    apply: (m) => (NOT_OURS.test(m.input!.slice(m.index! + m[0].length)) ? null : keepCase(m[0], "our ")),
    examples: [["When one is off sick the vans leave 30-45 minutes late", "the vans -> our vans"]],
  },
  {
    id: "and-split",
    does: "', and <clause>' said as two sentences",
    pattern: /,\s+and (?:then )?(?=(?:I|we|they|it|only|the|our|my|both|two|drivers?|patients?|site|stock|on-time)\b)/,
    apply: () => ". ",
    examples: [["building routes, and only they know the patches", "building routes. Only they know"]],
  },
  {
    id: "but-though",
    does: "'X but Y' said as 'X, though Y'",
    pattern: /,?\s+but (?=I\b|we\b|it\b|there\b|nobody\b|no\b|has\b|have\b)/,
    apply: () => ", though ",
    examples: [["Reported OEE is 61% but I don't trust the number", "61%, though I don't trust"]],
  },
  {
    id: "which-split",
    does: "', which ...' said as a second sentence starting 'That ...'",
    pattern: /,\s+which (?=\w)/,
    // Only when its verb follows at once: "which, from October to January, backs up" stays one sentence.
    apply: (m) => {
      const next = tokenise(m.input!.slice(m.index! + m[0].length).split(/[,.;:!?]/)[0])[0];
      return next && (next.pos === "VERB" || next.pos === "AUX") ? ". That " : null;
    },
    examples: [["Tills run on Lightspeed, which isn't linked to stock", "Lightspeed. That isn't linked"]],
    never: ["Emails land in one shared inbox, which from October to January backs up to 4,000 messages."],
  },
  {
    id: "so-split",
    does: "', so ...' said as a second sentence starting 'That means ...'",
    pattern: /,?\s+so (?=(?:I|we|the|our|my|slots?|patients?|nobody|it)\b)/,
    apply: () => ". That means ",
    examples: [["the lines are busy, so patients cannot get through", "busy. That means patients"]],
  },
  {
    id: "because-split",
    does: "'X because Y' said as two sentences, 'It's because Y'",
    pattern: /,?\s+because (?=\w)/,
    apply: () => ". It's because ",
    examples: [
      ["I can't tell which site is driving it because stock figures are a week old", "It's because stock figures"],
    ],
  },
  {
    id: "participle-split",
    does: "', including / mostly / when ...' said as its own sentence",
    pattern: /,\s+(including|mostly from|mostly|when|after) (?=\w)/,
    apply: (m) =>
      ({
        including: ". That includes ",
        "mostly from": ". It's mostly from ",
        mostly: ". Mostly ",
        when: ". That's when ",
        after: ". That was after ",
      })[m[1]] ?? null,
    examples: [["cost roughly £180k, including air-freighting parts", "£180k. That includes air-freighting"]],
  },
  {
    id: "and-that",
    does: "'... and cost £X' said as a second sentence 'That cost £X'",
    pattern: /,?\s+and (?=(?:cost|took|meant|lost|caused|left|made|went)\b)/,
    apply: () => ". That ",
    examples: [["stopped it for four days and cost roughly £180k", "four days. That cost"]],
  },
  {
    id: "digits",
    does: "a small number word said as its digits (numbers never count as recited)",
    pattern: new RegExp(`\\b(${Object.keys(SMALL_NUMBERS).join("|")})(?= [a-z]+s\\b)`, "i"),
    apply: (m) => SMALL_NUMBERS[m[0].toLowerCase()] ?? null,
    examples: [["stopped it for four days", "for 4 days"]],
  },
  {
    id: "time-first",
    does: "a time phrase at the end of a sentence said first",
    pattern: new RegExp(`(?<=^|[.!?:]\\s)([A-Z][^.!?,;]{10,}?),?\\s+(${TIME_PHRASE})([.!?])`),
    apply: (m) =>
      /\b(and|but|so|when|which|because)\b/.test(m[1])
        ? null
        : `${m[2][0].toUpperCase()}${m[2].slice(1)}, ${/^(I|[A-Z]{2,}|[A-Z][a-z]+ [A-Z])/.test(m[1]) ? m[1] : m[1][0].toLowerCase() + m[1].slice(1)}${m[3]}`,
    examples: [["Stock is counted on clipboards on Sunday night.", "On Sunday night, stock is counted on clipboards."]],
    // "by 2" is a time only with "am", "pm" or minutes: "by 2 technicians" is who does it.
    never: ["Repairs are done by 2 technicians."],
  },
  {
    id: "time-first-inside",
    does: "a time phrase inside a sentence said first ('every Monday, the supervisors spend 6 hours...')",
    pattern: new RegExp(`(?<=^|[.!?:]\\s)([A-Z][^.!?,;:()]{6,}?)\\s+(${TIME_PHRASE})\\s+([a-z][^.!?;:()]*?)([.!?])`),
    apply: (m) =>
      /\b(and|but|so|when|which|because|that|who|if)\b/.test(m[1]) || /^(and|or|but|to|of)\b/.test(m[3])
        ? null
        : `${m[2][0].toUpperCase()}${m[2].slice(1)}, ${/^(I|[A-Z]{2,}|[A-Z][a-z]+ [A-Z])/.test(m[1]) ? m[1] : m[1][0].toLowerCase() + m[1].slice(1)} ${m[3]}${m[4]}`,
    examples: [
      [
        "The two supervisors spend 6 hours each every Monday rebuilding rounds in Excel.",
        "Every Monday, the two supervisors spend 6 hours each rebuilding rounds in Excel.",
      ],
    ],
    never: ["Drivers leave the depot every morning and the planners start at nine."],
  },
  {
    id: "and-clauses",
    does: "two clauses joined by a bare 'and' said as two sentences, never the last item of a list",
    pattern: /,?\s+and (?=[a-z])/,
    apply: (m) =>
      clauseAhead(m.input!.slice(m.index! + m[0].length)) &&
      clauseBefore(m.input!.slice(0, m.index)) &&
      !endsListItem(m.input!.slice(0, m.index))
        ? ". "
        : null,
    examples: [
      [
        "counted on clipboards on Sunday night and site managers enter the numbers into Excel",
        "Sunday night. Site managers enter",
      ],
      ["12-15 machines are out of order across the estate, and an average repair takes 9 days", "estate. An average"],
    ],
    never: [
      "on a typical day 12-15 treadmills, bikes and rowers are out of order",
      "callouts for showers, heating and air conditioning run at 20 a month",
      "Handles about 140 service and repair calls a day, rising to around 210 in July.",
      "plan each day on a whiteboard and a shared Excel sheet.",
      "No-shows and late cancellations run at around 12% of appointments.",
    ],
  },
  {
    id: "and-they",
    does: "'... and are incomplete' (a second verb with no subject) said with its pronoun",
    pattern: /\s+and (are|were|is|was|have|has) /,
    apply: (m) =>
      ` and ${({ are: "they're", were: "they were", is: "it's", was: "it was", have: "they've", has: "it's" } as Record<string, string>)[m[1]]} `,
    examples: [["written on paper by operators and are incomplete", "and they're incomplete"]],
  },
  {
    id: "get-passive",
    does: "a passive 'are turned away' said as speech does, 'get turned away'",
    pattern:
      /\b(is|are|was|were) ((?:often |usually |sometimes |always |still |never )?)([a-z]+ed)\b(?! (?:to|by|in|on|at|with|for|of|from)\b)/,
    apply: (m) =>
      STATIVE.has(m[3].toLowerCase())
        ? null
        : `${m[2]}${({ is: "gets", are: "get", was: "got", were: "got" } as Record<string, string>)[m[1].toLowerCase()]} ${m[3]}`,
    examples: [
      ["On Saturdays customers are turned away at one salon", "customers get turned away"],
      ["Two dogs a week are booked into the wrong slot", "get booked into"],
    ],
    never: [
      "The depot is based in Leeds.",
      "We are located near the airport.",
      "Orders are picked by hand.",
      "Our team is used to it.",
    ],
  },
  {
    id: "while-when",
    does: "'X while Y' said as 'X, when Y'",
    pattern: /,?\s+while (?=(?:another|the|our|a|an|other|others|we|they|it|there|some|most|half|\d)\b)/,
    apply: () => ", when ",
    examples: [["turned away at one salon while another 10 minutes away has free slots", "salon, when another"]],
  },
  {
    id: "there-are",
    does: "'there are around 6 double bookings a month' said as 'we've got around 6...'",
    pattern:
      /(?<=^|[.!?:;]\s|,\s|\band\s)[Tt]here (?:are|is) (?=(?:about|around|roughly|over|under|nearly|almost|at least|\d|no |some |several |a few |dozens ))/,
    apply: (m) => keepCase(m[0], "we've got "),
    examples: [["There are around 6 double bookings a month.", "We've got around 6 double bookings"]],
    never: ["Where there are gaps, we fill them."],
  },
  {
    id: "swap-pair",
    does: "'X and Y' (two short noun phrases) said as 'Y and X'",
    pattern: /\b([a-z][\w-]* )?([a-z][\w-]*) and ([a-z][\w-]*)( [a-z][\w-]*)?\b/,
    apply: swapPair,
    // The tagger reads "no-shows" as "no - shows", so a hyphenated noun is never swapped.
    examples: [["we need to cut waste and overtime by half", "cut overtime and waste"]],
  },
];
