/**
 * What a learner's turn is about, beyond its act: word patterns for worries, pitches, talk about
 * the call, roles and read-backs, and the tests ROUTES use (does it ask, which hidden pain does it
 * name, is it off the card). Kept apart from the routing so the route table reads top-down.
 */
import { ANAPHORS } from "@/lib/language/lexicon";
import type { Token } from "@/lib/language/nlp";
import { APOLOGY, applyRepair, MEANT } from "@/lib/language/normalise";
import { isAux, WH } from "@/lib/language/units";

import type { Ctx } from "./answers";
import { GENERIC, GENERIC_QUESTION, MONEY, OTHERS, PERIODS, RELATED, stem, STOP } from "./cues";
import { clearHit } from "./focus";
import { type Hit, isGeneric, OTHERS_MARK, specificOverlap } from "./retrieval";
import { REVEAL_TRUST } from "./state";

export const FACT_KINDS = new Set(["situation", "background", "role", "company", "decision", "motivation"]);
export const SPIN = new Set(["situation", "problem", "implication", "need-payoff"]);
/** What the company is (name, industry, size) answers a question about the company, not one that shares a word with it. */
export const COMPANY_WORDS =
  /\b(company|business|firm|organi[sz]ation|industry|sector|size|big|revenue|turnover|who are you|what do you (do|make|sell))\b/;
export const CONCERN_WORDS =
  /\b(okay with|ok with|fine with|happy with|react|push ?back|resist\w*|hate|accept\w*|worr\w*|wary|concern\w*|risks?|hesitat\w*|put you off|stop(ping)? you|hold(ing)? you back|(need|want|have) to (see|check)|need from (us|you|a \w+)|would (they|you|it) need|bad experience|tried .* before|condition|nervous|how do they feel|feel about)\b/;
/** Telling rather than asking: a statistic to impress, what "we" do, clients "just like you". */
export const PITCH_WORDS =
  /^(did you know|(so,? )?(um,? )?i'?m from \w+ and we|we (help|fix|solve|offer|provide|save|cut|do that|built)|our (software|platform|tool|product|solution|app) )|\b(that's exactly what we (fix|do|solve)|clients just like you|customers like you (see|save|get)|you'?d agree|wouldn'?t you agree|don'?t you think|surely you|would(?:n'?t| not) it be (?:great|mint|nice|amazing|good|brilliant|awesome|lovely|ace|fantastic|better)|would you agree|sounds? like something (?:you'?d|you would|you) (?:use|want|like|need|buy)|our (?:thing|product|tool|software|app|platform|system|solution) (?:would|will|could|can) (?:fix|solve|sort|help|handle))\b/i;
/** Talk about the call itself. */
export const META_WORDS =
  /\b((a )?(few|couple( of)?|one|some) more questions|if that's (ok|okay|alright|fine)|do you have a (minute|moment|sec(ond)?)|is now (a good time|ok|okay|alright)|(is )?(this|it|now) still (a |an )?(good|ok|okay|alright|fine|convenient) time|(is )?(this|now) still (ok|okay|alright|fine)\b|still work for you|bad time|didn't mean to end)\b/i;
export const ROLE_WORDS =
  /\b(your role|role cover|what do you do|your job|your position|responsib\w*|in charge of|what you do|your (team|side) (is )?set up)\b/;
export const CHECK_WORDS =
  /\b(if i've got (this|that) right|is that fair|did i get|have i got|to recap|to sum up|so to summari[sz]e|am i right)\b/;

export const asks = (c: Ctx) => c.reading.units.some((u) => u.question !== null) || SPIN.has(c.main?.act ?? "");
export const top = (c: Ctx) => c.hits[0];
export const overlaps = (a: Set<string> | null, terms: Map<string, number>) =>
  !!a && [...terms.keys()].some((t) => a.has(t));

/** The hidden pain a turn names: its own words (not the ones the whole situation shares) or a clear lead. */
export function namedPain(c: Ctx): number | null {
  const hit = c.hits.find((h) => h.fact.kind === "pain" && !c.s.revealed.includes(h.fact.index));
  if (!hit) return null;
  const own = [...c.card.pains[hit.fact.index].distinctive].filter((s) => (c.q.terms.get(s) ?? 0) >= 0.5);
  const specific = own.filter((s) => !GENERIC_QUESTION.has(s)).length;
  // "What does that cost you?" is about the pain on the table, not a new one that mentions costs.
  const followUp =
    c.s.current !== null && c.main?.act === "implication" && c.main.tokens.some((t) => ANAPHORS.has(t.lower));
  if (followUp && specific === 0) return null;
  const painAct = ["problem", "implication"].includes(c.main?.act ?? "");
  const leads = hit === top(c) || hit.score >= top(c).score * 0.8;
  const clear =
    specific >= 2 || (specific >= 1 && (painAct || hit === top(c) || c.s.trust >= REVEAL_TRUST[c.card.difficulty]));
  return leads && clear ? hit.fact.index : null;
}

/** A money or other-firm word the learner said that the card never uses. */
// "How's the overtime budget?" is still about the overtime pain; "what did the last vendor charge?" is not on the card.
export const offLimits = (c: Ctx) =>
  // "Which other rostering vendors have you looked at?" is about other firms, whatever pain of the buyer's it names.
  c.q.unknown.includes(OTHERS_MARK) ||
  ((c.q.topic === "others" || [...c.q.said].some((s) => (MONEY.has(s) || OTHERS.has(s)) && !c.card.idf.has(s))) &&
    !["pain", "goal"].includes(clearHit(c)?.fact.kind ?? ""));

/** The best hit a non-generic word of the turn (or a related word) connects to. */
export const relatedHit = (c: Ctx) =>
  c.hits.find((h) =>
    [...c.q.terms].some(([t, w]) => w >= 0.2 && h.fact.stems.has(t) && !GENERIC_QUESTION.has(t) && !/\d/.test(t)),
  ) ?? null;

/** Off the card: words the card does not know carry the question (money and other firms most of all). */
export function offCard(c: Ctx): boolean {
  if (!c.q.unknown.length) return false;
  // "How much of a role does waste play?": a word related to a fact ("waste" ~ "throws out") is enough to answer.
  const relevant = c.hits.some((h) =>
    [...c.q.terms].some(([t, w]) => w >= 0.2 && h.fact.stems.has(t) && !GENERIC_QUESTION.has(t)),
  );
  if (relevant && !c.q.unknown.some((s) => MONEY.has(s) || OTHERS.has(s))) return false;
  const share = top(c)?.share ?? 0;
  const sensitive = c.q.unknown.some((s) => MONEY.has(s) || OTHERS.has(s));
  return share < 0.25 || (sensitive && share < 0.6);
}

/**
 * What a wh-question asks for, as the stems of its noun phrase: after "what/which" ("what car"), after
 * "what's the / your" ("what's the pass rate"), after "how many/much" or after "how <adjective> is the"
 * ("how fast is the wifi"). Empty when the question names no such noun ("what happens then", "how do you plan it").
 */
export function focusOf(c: Ctx): string[] {
  const core = c.main ? c.main.tokens.slice(c.main.start) : [];
  // The question's first wh-word: "roster who is preparing, and with which program" asks who.
  const i = core.findIndex((t) => WH.has(t.lower));
  if (i < 0 || !["what", "which", "how"].includes(core[i].lower)) return [];
  let k = i + 1;
  if (core[i].lower === "how") {
    if (["many", "much"].includes(core[k]?.lower ?? "")) {
      k++;
      // "how many went walkabout last year", "how many get lost": the thing counted is the one on the table.
      if (core[k]?.pos === "VERB" && !/ing$/.test(core[k].lower)) return [];
    } else if (["ADJ", "ADV"].includes(core[k]?.pos ?? "") && isAux(core[k + 1])) k += 2;
    else return [];
  } else if (isAux(core[k]) || core[k]?.lower === "'s") k++;
  // Determiners are skipped; describing words stay with the phrase ("the pass rate", tagged "pass/ADJ").
  while (core[k] && (core[k].pos === "DET" || DETERMINERS.has(core[k].lower))) k++;
  const nouns: string[] = [];
  while (core[k]?.pos === "ADJ" && core[k + 1]) nouns.push(stem(core[k++].lemma));
  // "the pass rate": a word tagged as a verb before a noun describes it.
  const inPhrase = (t: Token, next?: Token) =>
    ["NOUN", "PROPN"].includes(t.pos) || (t.pos === "VERB" && next?.pos === "NOUN");
  const before = nouns.length;
  while (core[k] && inPhrase(core[k], core[k + 1])) nouns.push(stem(core[k++].lemma));
  return nouns.length > before ? nouns : [];
}
/** Nouns that measure, divide or frame a thing rather than name one. */
const LIGHT_NOUNS = new Set(
  "step stage part way kind type sort bit area side period level amount number rate percentage share picture idea sense visibility"
    .split(" ")
    .map(stem),
);
const DETERMINERS = new Set(["your", "the", "a", "an", "this", "that", "his", "her", "their", "our"]);

/**
 * The card cannot answer a question about a thing it never mentions: "what car do you drive", "what's the
 * pass rate at your best branch", "how much diesel do your boats burn", though another word of it is on the
 * card. The thing is the head of the noun phrase asked for; the route keeps who-decides and the problem,
 * cost and value questions out (planner.ts, "off-card-focus").
 */
export function focusOffCard(c: Ctx): boolean {
  // "How many buses do you have, and how many mechanics work there?": one thing asked about on the card is
  // answered, whatever the other.
  const others = c.reading.units.filter((u) => u.question && u !== c.main);
  return focusOff(c) && !others.some((u) => focusOf({ ...c, main: u }).length > 0 && !focusOff({ ...c, main: u }));
}

function focusOff(c: Ctx): boolean {
  const focus = focusOf(c);
  if (!focus.length) return false;
  const unknown = (s: string) =>
    s.length >= 3 &&
    !c.card.idf.has(s) &&
    !GENERIC.has(s) &&
    !GENERIC_QUESTION.has(s) &&
    !FORM_WORDS.has(s) &&
    !(RELATED.get(s) ?? []).some((r) => c.card.idf.has(r));
  // The head of the phrase decides, unless it only measures or divides what comes before it: "the payback
  // period" is about payback, and "how much visibility does head office have of the diaries" about the diaries.
  const named = focus.filter((s) => !LIGHT_NOUNS.has(s));
  return named.length > 0 && unknown(named.at(-1)!);
}

/** One evasion family per kind of question the card cannot answer, so evasions stay consistent. */
export const EVASION = {
  money: "evadeMoney",
  others: "evadeOthers",
  personal: "evadePersonal",
  other: "evade",
} as const;

/** The previous question with the word meant; when no word is close in spelling, its last content word is the one replaced. */
export function repairOf(previous: string, repair: { meant: string; replaces: string | null }): string {
  const applied = applyRepair(previous, repair);
  if (applied !== previous || repair.meant.includes(" ")) return applied;
  const last = [...previous.matchAll(/[A-Za-z][a-z'-]{3,}/g)].filter((m) => !STOP.has(m[0].toLowerCase())).at(-1);
  return last
    ? `${previous.slice(0, last.index)}${repair.meant}${previous.slice(last.index! + last[0].length)}`
    : previous;
}

/**
 * A learner who did not hear the last reply and asks for it again: "sorry I didn't quite catch that", "could
 * you say that again", "come again?", "pardon". Only a short turn, so "I didn't catch the last part, how many
 * vans?" asks its own question.
 */
export const SAY_AGAIN =
  /\b(?:(?:can|could|would) (?:you|u) (?:please )?repeat\b(?: (?:that|it|this))?|say (?:that|it|this|the [\w' ]{1,30}?) again|repeat (?:that|it|the last (?:part|bit))|(?:didn'?t|did not|don'?t|couldn'?t|could not) (?:quite |really )?(?:catch|get|hear) (?:that|it|you|the last (?:part|bit))|come again|what was that|pardon(?: me)?|one more time)\b/i;
export const asksToHearAgain = (text: string) =>
  SAY_AGAIN.test(text) &&
  text.split(/\s+/).filter(Boolean).length <= 14 &&
  !/\b(?:let me|i'll|i will) repeat\b/i.test(text);

/** "sorry, I meant ...", also after a short apology: "sorry that came out wrong. I meant would you...". */
/**
 * "how many vehicles, not people - like, how many ambulances", "budget for software, not the whole department": in a
 * correction, what the learner did not mean is taken out before the card is searched.
 */
export const withoutContrast = (text: string) =>
  text.replace(
    /(?<!\b(?:is|are|was|were|am|be|do|does|did|have|has|had|can|could|will|would|should|may|might|must|it|that|why|or|if|whether))(?:,\s*|\s+)not\s+(?:the\s+|a\s+|an\s+|my\s+|your\s+)?(?:whole\s+)?[a-z][\w' ]{0,30}?(?=\s*(?:[-–—,.;!?]|$))/gi,
    "",
  );

export const SORRY_MEANT = new RegExp(
  `^\\s*(${APOLOGY})\\b(?:[^.!?]{0,40}[.!?])?[,.!\\s-]*(i (?:${MEANT})|i mean|what i (?:${MEANT}) was|${MEANT})[,:\\s-]+`,
  "i",
);

/**
 * Words that say how a question asks, not what it is about: "roughly how often", "ballpark", "out of
 * the four thousand" (a number the card gives in figures).
 */
const FORM_WORDS = new Set(
  (
    "often many much long ballpark rough roughly approximately exactly normal typical usual average " +
    // "Sir, how many buses you are running at present": an address and "at present" say nothing about the figure.
    "sir madam maam mate boss present presently nowadays currently " +
    "one two three four five six seven eight nine ten twenty thirty forty fifty hundred thousand million"
  )
    .split(" ")
    .map(stem),
);
/** Verbs that say nothing about which process is meant: "how does that work", "how do you get on". */
const LIGHT_VERBS = new Set("be have do get go make work look feel happen say mean see think know".split(" "));

/**
 * "How do you decide which warehouse picks an order": the verb that names the process asked about, when
 * the question opens with "how" ("...so I can check how we'd connect" asks which system, not how).
 */
function processVerb(c: Ctx): string | null {
  const core = c.main ? c.main.tokens.slice(c.main.start) : [];
  const how = core.findIndex((t) => t.lower === "how");
  if (how < 0 || core.slice(0, how).some((t) => t.pos === "VERB" || t.pos === "NOUN")) return null;
  if (["many", "much", "often", "long", "far", "big"].includes(core[how + 1]?.lower ?? "")) return null;
  let k = core.findIndex((t, i) => i > how && t.pos === "VERB");
  if (k < 0) return null;
  // "how does an order get routed", "how are orders entered" (a plural noun tagged as a verb): the last of a run.
  while (core[k + 1]?.pos === "VERB") k++;
  return LIGHT_VERBS.has(core[k].lemma) ? null : stem(core[k].lemma);
}

/**
 * A question about something the card does not say, whose nearest fact is one already told: telling it
 * again answers nothing. It asks how a process runs ("how are orders entered into your system?") and the
 * fact does not name that process; or it shares no word with the fact, says two things the card does not
 * know, and the ranker is unsure. Word overlap cannot tell "does it kick off when you charge them?" from
 * "chasing fees causes arguments", so a told fact that shares a word is still said again.
 */
export function beyondTold(c: Ctx): boolean {
  if (!c.main?.question || c.main.question === "tag") return false;
  const first = c.hits[0];
  if (!first) return false;
  const told = c.s.told.has(first.fact.id) || (first.fact.kind === "pain" && c.s.revealed.includes(first.fact.index));
  if (!told) return false;
  const overlap = specificOverlap(c.card, c.q, first.fact);
  const own = new Set(c.main.tokens.slice(c.main.start).map((t) => stem(t.lemma)));
  const unknown = c.q.unknown.filter((s) => own.has(s) && !FORM_WORDS.has(s));
  const verb = processVerb(c);
  if (verb !== null && !first.fact.stems.has(verb) && (overlap <= 1 || unknown.length >= 2)) return true;
  // Nothing but its own unknown words, and the ranker is unsure of the fact: "what's your favourite machine brand?".
  return unknown.length >= 2 && overlap === 0 && (first.p ?? 0) < UNSURE;
}
const UNSURE = 0.3;

/**
 * "How many vehicles exit the Long Stay on a weekday evening?", "how many of your customers are over sixty-five?",
 * "how much do you charge for a cat groom?": a figure asked about with a word the card does not know is a
 * figure the card does not have. Any number of the card would answer another question (writer W's scripts had
 * the staff count for kilowatts and the passenger total for 2030), so the persona says it would have to check.
 * "How much is that costing you?" knows every word and is answered from the pain on the table.
 */
export function figureOffCard(c: Ctx): boolean {
  if (!c.main?.question) return false;
  const core = c.main.tokens.slice(c.main.start);
  const text = core.map((t) => t.lower).join(" ");
  if (!FIGURE_QUESTION.test(text)) return false;
  // "What does that gap come to in pounds?", "what proportion of those meals...": about what was just said.
  if (core.some((t) => ANAPHORS.has(t.lower))) return false;
  // A word the card has in another form ("contract" for "contractual") is known.
  const cardStems = [...c.card.idf.keys()];
  const unknown = c.q.unknown.filter(
    (s) =>
      !FORM_WORDS.has(s) &&
      !s.startsWith("not:") &&
      s.length >= 3 &&
      !(s.length >= 5 && cardStems.some((k) => k.length >= 5 && (k.startsWith(s) || s.startsWith(k)))),
  );
  // "How many international students...": the card counts students, not that part of them, whatever else it shares.
  const counted = focusOf(c);
  if (
    counted.length >= 2 &&
    counted.slice(0, -1).some((s) => unknown.includes(s)) &&
    !unknown.includes(counted.at(-1)!)
  )
    return true;
  // One unknown word is often the learner's own way to say a thing the card has ("last minute" for "short
  // notice", "practitioners" for "physiotherapists"); two are not.
  return unknown.length >= 2 && clearHit(c) === null;
}
/** A figure asked for: how many or how much, a percentage, a price, a salary or a budget. */
const FIGURE_QUESTION =
  /\b(?:how (?:many|much)|what(?: is|'s| are)? (?:the |your )?(?:percentage|proportion|price|prices|salary|fee|fees|budget)|what do you charge)\b/;

/**
 * "How long does that usually take?", "roughly how long, would you say? per week?", "is that per year or per term?":
 * a question with no words of its own but its form asks about what the buyer just said (writer W's nervous and
 * casual scripts got a new pain or the company's size).
 */
export function thinFollowUp(c: Ctx): boolean {
  if (!c.buyerBefore || !c.main?.question || c.s.told.size === 0) return false;
  const core = c.main.tokens.slice(c.main.start);
  const periods = core.some((t) => PERIODS.has(stem(t.lemma)));
  if (!c.q.wants.time && !periods) return false;
  // Only words of form: "what's that costing in a week" asks for the cost (the follow-up route), not any figure;
  // "the roster, who does it and how long does it take them?" names what it asks about in another part.
  const form = (s: string) => FORM_WORDS.has(s) || PERIODS.has(s) || THIN.has(s);
  if ([...c.q.main].some((s) => !form(s))) return false;
  return ![...c.q.said].some((s) => !form(s) && c.card.idf.has(s) && !isGeneric(c.card, s));
}
/** Words of a question's form, not of its topic: the verbs a duration asks with. */
const THIN = new Set(["take", "usual", "say", "reckon", "guess", "would", "normal", "typic", "exact"].map(stem));

/** The in-character non-answer that fits the question's form: a figure, a process, money, or anything else. */
export function evasionFor(c: Ctx): "evadeMoney" | "evadeNumber" | "evadeProcess" | "evadeOthers" | "evade" {
  if (c.q.topic === "money") return "evadeMoney";
  if (c.q.topic === "others") return "evadeOthers";
  if (c.q.wants.number) return "evadeNumber";
  if (processVerb(c) !== null || c.q.wants.person) return "evadeProcess";
  return "evade";
}

/** Verbs (as lemmas) that ask who a problem reaches: "who else is feeling that", "who notices it first". */
const REACHES = new Set("care feel notice affect hit hurt suffer deal complain bear impact".split(" "));

/** "Who else feels this?", "who's hit hardest", "who else is feeling that besides you": who the problem reaches. */
export function asksWhoElse(c: Ctx): boolean {
  return c.reading.units.some((u) => {
    const who = u.tokens.findIndex((t) => t.lower === "who" || t.lower === "who's" || t.lower === "whos");
    return who >= 0 && u.tokens.slice(who + 1, who + 6).some((t) => REACHES.has(t.lemma));
  });
}

/** "Which CRM is the office running on?", "what are you using to send the reminders?": a named tool is asked for. */
export const TOOL_QUESTION =
  /\b(?:which|what)\s+(?:\w+\s+){0,2}(?:software|system|tool|program|programme|crm|app|platform|package|provider|pms|erp)s?\b|\bwhat(?: are|'re| do| is|'s) (?:you|u|they|the \w+|your \w+) (?:using|use|run|running|on)\b/;

/**
 * The card names no tool near the question: no fact among the best hits holds a name the card capitalises
 * ("PracticePal", "Excel", "QuickBooks") other than the persona's or the company's own.
 */
export function noToolNamed(c: Ctx): boolean {
  return !c.hits.slice(0, 3).some((h) => namesTool(c, h));
}

/** Whether a hit's fact names a tool: a name the card capitalises that is not the persona's or the company's. */
function namesTool(c: Ctx, h: Hit): boolean {
  const own = new Set(
    [...c.card.name.split(/\s+/), ...(c.card.company ?? "").split(/\s+/)].map((w) => w.toLowerCase()),
  );
  return h.fact.pieces
    .join(" ")
    .split(/[^A-Za-z&-]+/)
    .some((w) => /^[A-Z]/.test(w) && c.card.names.has(w.toLowerCase()) && !own.has(w.toLowerCase()));
}

/**
 * "Which system you are using for the inspections, is it Excel or some program": the learner names a tool the
 * card has ("Excel", "paper", "the EPOS"), and the best hit whose fact names it too answers, before a pain that
 * only shares "inspections". Naming none ("which software do you use?"), the other routes answer.
 */
export function toolHit(c: Ctx): Hit | null {
  const named = [...c.reading.text.matchAll(/[A-Za-z][\w&-]*/g)]
    .map((m) => m[0])
    .filter((w) => (SPECIFIC_TOOL.test(w) || c.card.names.has(w.toLowerCase())) && !STOP.has(w.toLowerCase()))
    .map((w) => w.toLowerCase());
  if (!named.length) return null;
  return (
    c.hits
      .slice(0, 5)
      .find(
        (h) => h.fact.kind !== "goal" && named.some((w) => new RegExp(`\\b${w}\\b`, "i").test(h.fact.pieces.join(" "))),
      ) ?? null
  );
}
/** Tools named by what they are, not by a brand: "is it Excel or paper", "a whiteboard", "WhatsApp". */
const SPECIFIC_TOOL = /^(?:spreadsheets?|excel|whiteboards?|paper|email|whatsapp|calendar|diary|diaries|clipboards?)$/i;
