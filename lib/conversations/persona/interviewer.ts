/**
 * The offline persona of a job interview: the persona is the interviewer and the learner the
 * candidate, so it asks, listens and probes instead of answering discovery questions. Its questions
 * come from a fixed opening and closing and from the card (what the hiring manager struggles with and
 * wants); an answer without an example gets one probe; a question from the candidate is answered from
 * the card; the close follows the card's `close` when the candidate gave real examples.
 */
import { understand } from "@/lib/language";
import type { Persona } from "@/lib/validations/persona";

import { type Card, cardOf, type Fact } from "./facts";
import { lowerFirst, trimEnd } from "./first-person";
import { hash } from "./lines";
import type { TranscriptLine } from "./transcript";

/** What the interviewer asks, in order; `{pain}` and `{goal}` come from the card. */
const QUESTIONS: { ask: string; plain: string }[] = [
  {
    ask: "Tell me about a time you kept going after hearing no. What did you do, and what happened?",
    plain: "I'm after one real time someone turned you down and you didn't give up. What did you do next?",
  },
  {
    ask: "Here's something I deal with: {pain} How would you help with that in your first few months?",
    plain: "If you joined, what would you do about that problem in your first months?",
  },
  {
    ask: "Tell me about a time you had to learn something quickly. How did you go about it?",
    plain: "Think of something new you had to pick up fast, at work, in study or anywhere. How did you learn it?",
  },
  {
    ask: "One of my goals: {goal}. What would your first 90 days look like?",
    plain: "What would you do in your first three months here to help with that?",
  },
  {
    ask: "What would your last manager say you need to work on?",
    plain: "What's one thing you're still getting better at?",
  },
];
const OPENING =
  "Hi, I'm {first}, {role}{at}. Thanks for making the time. To start, tell me a bit about yourself and why this role.";
const ASK_QUESTIONS = "That's all from me. Do you have any questions for me?";
const PROBE = [
  "Can you give me a specific example? What did you do, and what happened in the end?",
  "Walk me through one real time that happened. What was your part, and what was the result?",
];
/** After an answer with a real example, and after one without (never praising an example that was not given). */
const THANKS = ["Good, that's a clear example.", "Okay, I like that.", "Thanks, that's helpful."];
const NOTED = ["Thanks.", "Okay, thanks.", "Got it."];
/** A question that asks for one real occasion, so an answer without one gets a probe. */
const BEHAVIOURAL = /^tell me about a time/i;
/** The candidate did not follow the question. */
const CLARIFY =
  /\b(what do you mean|sorry,? (what|can you|could you)|can you (repeat|rephrase|say that again)|could you (repeat|rephrase)|i don'?t understand|pardon)\b/i;

/** An answer with an example: a time, a place it happened, something done and its result, or a number. */
const EXAMPLE =
  /\b(for example|for instance|one time|last (year|summer|month|term|semester)|when i (was|worked|had|joined|led|ran|started)|at my (last|previous|old|part-time)|i (led|ran|organi[sz]ed|built|started|managed|set up|booked|sold|won|raised|increased|reduced|cut|trained|learned|learnt)|as a result|in the end|which meant|\d+ ?(%|percent|people|customers|calls|meetings|members|hours|weeks|months))\b/i;
const NO_QUESTIONS =
  /^(no|nope|not really|i think you('ve| have) covered|nothing (else|from me)|that's (all|everything))\b/i;
const GOODBYE = /\b(bye|goodbye|thanks? (you )?for your time|have (?:a )?(good|great|nice) (day|one|week))\b/i;
const NEXT_STEPS =
  /\b(next (step|steps|round|stage)|hear back|timeline|when will (i|we)|what happens now|process from here)\b/i;

/** Topics a candidate asks about, each answered by a kind of card fact. */
const TOPICS: { pattern: RegExp; kinds: Fact["kind"][] }[] = [
  { pattern: /\b(success|measure|expect|target|kpi|goal|good look like|first (90|ninety) days)\b/i, kinds: ["goal"] },
  { pattern: /\b(challeng|difficult|hard|struggl|problem|biggest issue|pain)\w*/i, kinds: ["pain"] },
  { pattern: /\b(team|day|typical|role|week|work with|report)\b/i, kinds: ["situation", "role"] },
  {
    pattern: /\b(culture|manag\w*|style|like working|enjoy|why (did|do) you|yourself|your background)\b/i,
    kinds: ["motivation", "background"],
  },
  { pattern: /\b(company|customers|product|grow\w*|business)\b/i, kinds: ["company"] },
];

type Interview = {
  asked: number;
  probed: boolean;
  examples: number;
  answered: number;
  /** The question the candidate is answering, and whether it was already asked again after a detour. */
  current: string;
  reasked: boolean;
  /** Card facts already given in answers. */
  told: Set<number>;
  questionsInvited: boolean;
  closed: boolean;
};

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_m, k: string) => values[k] ?? "");

function questionAt(card: Card, persona: Persona, n: number): string {
  const pain = card.pains[0]?.facts[0]?.pieces.join(" ") ?? "";
  const goal = card.goals[0]?.can ?? lowerFirst(trimEnd(persona.goals[0] ?? ""));
  const q = QUESTIONS[n].ask;
  if ((q.includes("{pain}") && !pain) || (q.includes("{goal}") && !goal)) return QUESTIONS[0].ask;
  return fill(q, { pain: pain && pain[0].toLowerCase() + pain.slice(1), goal });
}

/** The card's close as the interviewer's own words: "Would invite a strong candidate to X" -> "I'd like to invite you to X". */
function invitation(persona: Persona): string | null {
  const close = persona.close?.trim();
  if (!close) return null;
  const m =
    /^(?:would|will)\s+(invite|ask|move|put)\s+(?:a |the )?(?:strong |good |promising )?candidates?\s+(.+?)\.?$/i.exec(
      close,
    );
  return m ? `I'd like to ${m[1].toLowerCase()} you ${m[2]}.` : null;
}

function closing(persona: Persona, s: Interview): string {
  const invite = s.examples >= 2 ? invitation(persona) : null;
  return invite
    ? `Thanks, I've enjoyed this. ${invite} We'll be in touch about times.`
    : "Thanks for your time today. We're seeing a few more people this week, and we'll be in touch by Friday either way.";
}

const ANSWER_LEADS = ["Good question.", "Sure.", "Happy to answer that."];

/** The candidate's question, answered from the card in a sentence or two: the first fact of the topic's first kind. */
function answer(card: Card, text: string, nth: number, told: Set<number>): string {
  const topic = TOPICS.find((t) => t.pattern.test(text));
  const kinds: Fact["kind"][] = topic ? topic.kinds : ["situation"];
  // Never the same fact twice: the next one of the topic, then any situation fact not yet told.
  const fresh = (k: Fact["kind"]) => card.facts.find((f) => f.kind === k && !told.has(f.id));
  const fact = kinds.map(fresh).find(Boolean) ?? fresh("situation") ?? fresh("background");
  if (!fact) return `${ANSWER_LEADS[nth % ANSWER_LEADS.length]} That's a good one to ask in the next round.`;
  told.add(fact.id);
  const lead = ANSWER_LEADS[nth % ANSWER_LEADS.length];
  return fact
    ? `${lead} ${fact.pieces.slice(0, 2).join(" ")}`
    : `${lead} It's a busy team, and no two weeks are the same.`;
}

/**
 * Whether the candidate asks the interviewer something: a question mark, the next steps, or a direct
 * question ("what...", "do you...") aimed at "you". A spoken answer that happens to hold "ask lots of
 * questions" or an inverted clause is still an answer.
 */
function asksInterviewer(text: string, card: Card): boolean {
  if (NO_QUESTIONS.test(text.trim())) return false;
  if (/\?\s*$/.test(text.trim()) || NEXT_STEPS.test(text)) return true;
  // A question that opens its unit ("and how many people are on the team", "do you..."), not an
  // inverted clause inside an answer.
  return understand(text, { vocabulary: card.vocabulary }).units.some((u) => {
    const lead = u.tokens
      .slice(u.start)
      .find((t) => !["and", "so", "um", "uh", "okay", "ok", "also"].includes(t.lower));
    if (u.question === "wh") return !!lead && /^(what|how|who|when|where|which|why)$/.test(lead.lower);
    if (u.question === "yes-no")
      return (
        !!lead && ["AUX", "VERB"].includes(lead.pos) && u.tokens.some((t) => t.lower === "you" || t.lower === "there")
      );
    return u.question === "request";
  });
}

function step(card: Card, persona: Persona, s: Interview, text: string, seed: string): string {
  const asks = asksInterviewer(text, card);
  const first = card.firstName;
  if (s.closed) return GOODBYE.test(text) ? "Take care, and thanks again." : "We'll be in touch soon. Thanks again.";
  if (s.asked === 0) {
    s.asked = 1;
    const at = card.company ? ` at ${card.company}` : "";
    s.current = "Tell me a bit about yourself and why this role.";
    return fill(OPENING, { first, role: persona.role.trim(), at });
  }
  if (GOODBYE.test(text) && !asks) {
    s.closed = true;
    return closing(persona, s);
  }
  if (s.questionsInvited) {
    if (asks && NEXT_STEPS.test(text)) {
      s.closed = true;
      return closing(persona, s);
    }
    if (asks) return `${answer(card, text, s.answered++, s.told)} Anything else you'd like to know?`;
    s.closed = true;
    return closing(persona, s);
  }
  if (CLARIFY.test(text) && text.split(/\s+/).length < 15) {
    const plain = QUESTIONS.find((q, i) => questionAt(card, persona, i) === s.current)?.plain;
    return plain ? `Sure, let me put it another way. ${plain}` : `Sorry, I'll say it again. ${s.current}`;
  }
  // The candidate's own question mid-interview is answered, then the interview goes on.
  if (asks && text.split(/\s+/).length < 25) {
    const reply = NEXT_STEPS.test(text)
      ? "We'll get to next steps at the end, I promise."
      : answer(card, text, s.answered++, s.told);
    // The whole question once; after that a short nudge, not the same long question again.
    const back = s.reasked ? "But back to my question." : `But back to my question: ${lowerFirst(s.current)}`;
    s.reasked = true;
    return `${reply} ${back}`;
  }
  const example = EXAMPLE.test(text) && text.split(/\s+/).length >= 15;
  if (example) s.examples++;
  else if (!s.probed && BEHAVIOURAL.test(s.current)) {
    s.probed = true;
    return PROBE[hash(`${seed}:${s.asked}`) % PROBE.length];
  }
  const pool = example ? THANKS : NOTED;
  const thanks = pool[hash(`${seed}:${s.asked}:thanks`) % pool.length];
  return `${thanks} ${nextQuestion(card, persona, s)}`;
}

function nextQuestion(card: Card, persona: Persona, s: Interview): string {
  s.probed = false;
  if (s.asked > QUESTIONS.length) {
    s.questionsInvited = true;
    return ASK_QUESTIONS;
  }
  s.current = questionAt(card, persona, s.asked++ - 1);
  s.reasked = false;
  return s.current;
}

/** The interviewer's reply to the candidate's latest turn, replaying the call so far (deterministic per seed). */
export function interviewerReply(persona: Persona, history: TranscriptLine[], text: string, seed: string): string {
  const card = cardOf(persona);
  const s: Interview = {
    asked: 0,
    probed: false,
    examples: 0,
    answered: 0,
    current: "",
    reasked: false,
    told: new Set(),
    questionsInvited: false,
    closed: false,
  };
  for (const turn of history) if (turn.speaker === "learner") step(card, persona, s, turn.text, seed);
  return step(card, persona, s, text, seed)
    .replace(/\s{2,}/g, " ")
    .trim();
}
