/**
 * Word lists the persona uses to match what a learner says to its card: stems (see `stem`), and
 * related words so "vans" finds "fleet" and "sites" finds "clinics". The reading of the turn itself
 * (acts, question forms, typos) comes from lib/language.
 */
import { CLASSES, STOP as LANGUAGE_STOP } from "@/lib/language/lexicon";

const set = (s: string) => new Set(s.trim().split(/\s+/));

/** A crude stem over a lemma, so "planner", "planning" and "plan" meet. */
export function stem(word: string): string {
  const once = stemOnce(word);
  return /\d/.test(once) ? once : stemOnce(once);
}

function stemOnce(word: string): string {
  let w = word
    .toLowerCase()
    .replace(/[’']s$/, "")
    .replace(/[^a-z0-9%£$€.-]/g, "")
    .replace(/^[.-]+|[.-]+$/g, "");
  if (/\d/.test(w)) return w;
  for (const suffix of [
    "ations",
    "ation",
    "ions",
    "ion",
    "ings",
    "ing",
    "ers",
    "er",
    "ies",
    "ied",
    "y",
    "ed",
    "es",
    "s",
  ])
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) {
      w = w.slice(0, -suffix.length);
      break;
    }
  return w.replace(/([bdfgklmnprt])\1$/, "$1");
}

export const STOP = new Set([
  ...LANGUAGE_STOP,
  ...set(`am i'm i've i'd you're we're let's us our ours me mine myself yourself actually basically pretty quite
    sort kind guy guys gonna wanna reckon bit lot lots stuff thing things something anything everything else
    currently moment right now day week month year today tell walk talk explain describe share give ask please
    sorry thanks thank hi hello hey okay ok yeah yes no not good great nice cool fine lol haha wow oh um uh like
    happen happens happened look looks see go going get getting got put take make made would could should might
    hard difficult problem issue challenge part biggest big main other another else way come comes end ends`),
]);

/** Words that are fine to leave unmatched: a generic question is not a question about something off the card. */
const QUESTION_WORDS = `operation operations business company setup set up process work works working role job team side place
      everything picture overview day today things run running handle handling organise organised organized how
      work flow flows run runs typical usually normally whole general currently background yourself career experience
      frustrate frustrating struggle pain painful worry worries keep keeps up night wrong break breaks down fall
      slow get way lately recently cost costs mean means affect affects impact effect change fix fixed solve solved
      better ideal success goal goals priority priorities achieve want hope aim result results year concern
      concerns worry wary hesitation risk decide decision involved involve say tool tools system systems software
      method percentage percent rate number numbers figure figures amount much many less more total average roughly
      approximately usually handle handled done do does`;
/** Words any question about the business may use: they never make a question specific. */
export const GENERIC_QUESTION = new Set([...set(QUESTION_WORDS)].map(stem));
export const GENERIC = new Set(
  [...set(QUESTION_WORDS), ...CLASSES.difficulty, ...CLASSES.value, ...CLASSES.consequence].map(stem),
);

/** Off-the-card chat: a question about these is small talk, never a question about the business. */
/** Life outside work: on a card that never uses the word, a question for it is personal ("what car do you drive?"). */
export const LIFE = new Set(
  [
    ...set(`car cars music song band concert film films movie movies tv netflix series book books novel pet pets dog
    dogs cat cats garden gardening golf tennis sport sports wife husband partner children hometown birthday wedding
    dinner breakfast restaurant restaurants wine beer beach fish chips pizza favourite favorite dish hobby hobbies`),
  ].map(stem),
);
export const SMALL_TALK = new Set(
  [
    ...set(`weather weekend match game football holiday vacation trip train trains traffic lunch coffee rain sunny
    family kids favourite favorite dish menu food hobby hobbies`),

    ...CLASSES.social,
  ].map(stem),
);

/** Topics of questions the card cannot answer, for a consistent evasion. */
export const MONEY = new Set(
  [
    ...set(`budget money price prices charge charged charges cost costs pay paid salary spend turnover revenue profit margin
    pound pounds dollar euro afford invoice fee fees`),
  ].map(stem),
);
export const OTHERS = new Set(
  [...set(`competitor competitors rival rivals vendor vendors down road others`)].map(stem),
);

/** Pairs of related words, both ways. */
const RELATED_PAIRS = `van:fleet van:vehicle van:truck vehicle:fleet driver:van route:plan route:run planner:plan
  staff:employee staff:people staff:team staff:headcount employee:people customer:client client:retailer
  customer:patient site:location site:clinic site:restaurant site:depot site:plant site:branch site:store
  location:clinic location:restaurant location:depot appointment:booking appointment:session book:booking
  no-show:cancel no-show:cancellation cancel:cancellation downtime:stoppage downtime:breakdown downtime:stop
  machine:cnc machine:equipment delivery:drop delivery:parcel delivery:deliver fail:failure fail:redelivery
  throw:waste bin:waste bin:throw show:no-show turn:no-show call:confirm reliable:trust waste:spoil spoil:produce stock:inventory stock:count count:clipboard order:supplier
  phone:call phone:line review:complain complain:complaint data:number number:figure decide:decision decision:decid decide:graham decide:owner
  decide:sign decide:approve sign:approve owner:board owner:partner worry:concern worry:risk wary:concern
  long:year long:ago since:year big:size big:employee size:employee revenue:turnover money:cost money:revenue
  cost:spend cost:expensive cost:£ cost:$ price:cost fuel:diesel fuel:mile tool:system tool:software
  system:software app:software app:system spreadsheet:excel paper:sheet paper:clipboard track:tracking
  machine:cell shift:rota hour:time minute:late late:delay target:goal percentage:rate percentage:%
  rate:% receptionist:desk receptionist:front chef:kitchen manager:site margin:cost tablet:app
  seat:user seat:licence seat:license licence:user license:user active:use mechanic:fitter mechanic:technician
  mechanic:tech mechanic:engineer technician:engineer technician:tech fitter:engineer worker:staff crew:staff
  gym:club club:site practice:clinic practice:surgery shop:store shop:branch outlet:store outlet:branch
  venue:site warehouse:depot warehouse:site vessel:boat vessel:ship lorry:truck lorry:vehicle bus:vehicle`;

/**
 * Verbs that say one thing once negated: "customers don't turn up", "didn't come", "never showed", "fail to
 * attend" and a card's "no-shows" (read as "not:show") meet; so does "missed appointments".
 */
const SAME_WHEN_NEGATED = ["turn", "show", "come", "attend", "arrive"];
/**
 * Their stems, which say the opposite once negated: "customers don't turn up" is no word about "customers
 * are turned away", so a negated one counts only as "not:turn".
 */
export const OPPOSITE_WHEN_NEGATED = new Set(SAME_WHEN_NEGATED.map(stem));

export const RELATED: Map<string, string[]> = (() => {
  const map = new Map<string, string[]>();
  const relate = (a: string, b: string) => {
    map.set(a, [...(map.get(a) ?? []), b]);
    map.set(b, [...(map.get(b) ?? []), a]);
  };
  for (const pair of RELATED_PAIRS.trim().split(/\s+/)) {
    const [a, b] = pair.split(":").map(stem);
    relate(a, b);
  }
  const negated = SAME_WHEN_NEGATED.map((w) => `not:${stem(w)}`);
  negated.forEach((a, i) => negated.slice(i + 1).forEach((b) => relate(a, b)));
  relate(stem("miss"), `not:${stem("show")}`);
  return map;
})();

/** A learner answering the persona's worry: it hears these as reassurance. */
export const REASSURANCE = new Set(
  [
    ...set(`understand fair sense hear pilot small start short week weeks quick light guarantee step decide prove measure
    nothing without trial one single low risk phased test cancel free uk local training hour named contact
    security approve approval connect connected`),
  ].map(stem),
);

/** Words that say a next step is being proposed. */
export const STEP = new Set(
  [
    ...CLASSES.step,
    ...set(`pilot trial rollout contract sign brochure plan kickoff kick-off proof concept case study deal
    plan annual start try sample`),
  ].map(stem),
);
/** Proposing a step: "do you want to try it", never "where do you want to get to" (a wh-word asks about aims). */
export const PROPOSING =
  /\b(how about (?:we|i|us|you|a|an|\w+ing)\b|how about (?:(?:next|this|on) )?(?:(?:mon|tues|wednes|thurs|fri)day|tomorrow|week)\b|i(?:'d| would) (?:like|love) to (?:show|demo|book|set up|arrange|invite|come|visit|meet|walk)\b|what if (?:we|i)|(?:would|will|is) it be (?:ok|okay|alright|all right|possible|fine) (?:if|to) (?:we|i)|is it possible (?:to|that we|for us)|could we (?:maybe |just |perhaps )?(?:try|run|test|start|set|book|do|look|pilot|trial|arrange|plan|organi[sz]e)|what about (a|we)|shall (i|we)|should we|can i (book|send|put|set|get|schedule|grab|take|have) |(?:would|does|will) (?:a|an|the) [\w' -]{2,60} make sense|would it be (?:better|easier|helpful|useful|ok|okay) if (?:i|we) |(?:could|can|may) i (?:maybe |just |perhaps )?(?:send|book|set|check back|follow up|call (?:you )?(?:back|again)|get back to you|touch base)|(?:which|what) (?:day|time|date|slot) (?:is|would be|works|suits|will be)(?: (?:convenient|good|best|better|easiest))?(?: for (?:you|u))?|(?:would|will|could) be (?:perfect|ideal|great|just right) for (?:you|u)|can we (book|set|do|start|try|get)|(?<!\b(?:what|where|how|when|why|which|who) )(?:would you (be open|like|want|be up for|be interested|consider)|do you want to)|want to (sign|try|do|start|book)|wanna (?:meet|hop on|jump on|set|book|do|try|grab|see|catch up|chat|talk again|start|give|pilot|run)\b|let's|lets (do|set|book)|i propose|my proposal|i('ll| will) send|put you down|sign up|(try|trial) (it|us)|we (could|can) (start|run|do|try|set)|why don't we|would it make sense|is that a yes|worth taking|suggest|recommend|propose|(so )?(is )?that'?s a yes|is it a yes|do we have a deal|are we agreed|it('?d| would) be an? (?:(?:small|short|paid|free|quick|low-risk) )*(pilot|trial|proof)|we('?d| would) (start|run|do) (a|an)|here'?s (?:what i (?:reckon|suggest|propose|think|'d suggest|would suggest)|the plan|my (?:plan|suggestion|proposal)|what we (?:could|can|'d) do)|(?:does that |that |would that )?sounds? (?:alright|all right|ok|okay|good|fair|reasonable)\W*$|\bdeal\W*$)\b/;

/** A goodbye, in any register; "thanks for making time" opens calls as often as it ends them, so it is not here. */
export const GOODBYE =
  /\b(bye|goodbye|(speak|talk|chat) (soon|later|(?:on |next )?(?:monday|tuesday|wednesday|thursday|friday|tomorrow|next week))|catch you (later|soon)|take care|have (?:a )?(good|great|nice|lovely) (day|one|week|weekend|evening|afternoon|night)|cheers for now|ta-?ra|cheerio|laters|(?:sorry|apologies) (?:for|to have been) (?:taking up|eating into|stealing|keeping you from) (?:so much of )?your (?:time|morning|afternoon|day|evening))\b/;

/** An agent offering a fix to a customer: "I can book...", "I'll refund...", "let me send...". */
export const OFFERING =
  /\b(i can|i could|i'?ll|i will|we can|we could|we'?ll|we will|let me|i'?m going to|i'd like to) (also )?(book|send|refund|arrange|give|offer|credit|replace|reschedule|schedule|waive|cover|compensate|put|get|organi[sz]e|upgrade|deliver|sort|escalate|issue|process)\b/;

/** A turn that ends on thanks with nothing asked is a sign-off, not small talk or a new proposal. */
export const THANKS_CLOSE =
  /\b(thank(s| you)( so much| very much)?( again| for your time| for the time)?|cheers|appreciate (it|your time))( [a-z]+)?[.!\s]*$/i;

/** Past participles a prefix like "un" hides from the lemmatiser: "unsold" is "not sold", "sold" is "sell". */
const PARTICIPLES = new Map(
  `sold:sell paid:pay known:know seen:see done:do made:make taken:take given:give found:find written:write
  heard:hear told:tell met:meet kept:keep held:hold sent:send spent:spend built:build caught:catch bought:buy
  brought:bring taught:teach broken:break stolen:steal chosen:choose spoken:speak worn:wear tried:try used:use`
    .trim()
    .split(/\s+/)
    .map((pair) => pair.split(":") as [string, string]),
);
const NOT_UN = /^(under|unit|uniq|unif|univ|until|unless|unanim|union|unlock|unload|unpack|unveil)/;

/**
 * What a turn or a fact says is not so, as "not:<stem>" keys beside the plain stems: "the bread that
 * doesn't sell" and "unsold at closing" meet on "not:sell", which "sell out by 11am" does not have.
 * Negation is read from "not", "never" or "no" just before a verb or adjective ("no-shows" and "not
 * showing up" meet too), and from an "un-" adjective.
 */
export function negatedStems(tokens: { lower: string; lemma: string; pos: string }[]): string[] {
  const out: string[] = [];
  tokens.forEach((t, i) => {
    // "no-shows" and "no shows" are tagged a verb in one sentence and a noun in the next: both are "not:show".
    const noShow = t.pos === "NOUN" && SAME_WHEN_NEGATED.includes(t.lemma);
    if (t.pos !== "VERB" && t.pos !== "ADJ" && !noShow) return;
    const before = tokens.slice(Math.max(0, i - 2), i).map((x) => x.lemma);
    if (before.includes("not") || before.includes("never") || before.includes("no")) out.push(`not:${stem(t.lemma)}`);
    else if (/^un[a-z]{3,}$/.test(t.lower) && !NOT_UN.test(t.lower)) {
      const rest = t.lower.slice(2);
      const base = stem(PARTICIPLES.get(rest) ?? rest);
      out.push(base, `not:${base}`);
    }
  });
  return out;
}

/** Periods a figure is given by ("per week", "per term", "days a year"): the form of a question, not its topic. */
export const PERIODS = new Set("day week month year term quarter shift season night".split(" ").map(stem));
