import type { Persona } from "@/lib/validations/persona";

export type TranscriptLine = { speaker: "learner" | "persona"; text: string };

const PROBLEM = /\b(problem|challeng|difficult|frustrat|pain|struggl|issue|obstacle|headache|worr|bottleneck|hard|keeps? you up|go(es|ing)? wrong)/i;
const GOAL = /\b(goal|objective|success|priorit|achiev|aim|target|hope|ideal|looking to|want to|plan(s|ning)? to|outcome)/i;
const CLOSE = /\b(next step|schedule|book|calendar|set up|arrange|demo|trial|pilot|meeting|follow[- ]?up|proposal|sign|agree|move forward|would you be open|are you open|shall we|let'?s)\b/i;
const SITUATION = /\b(situation|background|role|yourself|your day|currently|today|how long|experience|team|company|business|organi[sz]ation|what do you do|tell me (about|more)|how (do|does|are)|work)/i;
const GREETING = /^\s*(hi|hello|hey|good (morning|afternoon|evening)|thanks for)/i;

const STOPWORDS = new Set(["would", "agree", "value", "their", "there", "about", "which", "after", "clear", "could", "should", "with", "where", "when", "that", "this", "they", "them", "right", "sized"]);

const significantWords = (text: string) =>
  new Set((text.toLowerCase().match(/[a-z0-9-]{5,}/g) ?? []).filter((w) => !STOPWORDS.has(w)));

/** Lower-cases a leading capital unless the word is an acronym ("WMS"). */
const inline = (s: string) => (/^[A-Z][a-z]/.test(s) ? s[0].toLowerCase() + s.slice(1) : s).replace(/[.!\s]+$/, "");

function said(history: TranscriptLine[], text: string) {
  return history.some((line) => line.speaker === "persona" && line.text.includes(inline(text)));
}

function closeMatches(persona: Persona, learnerText: string): boolean {
  if (!persona.close) return false;
  const wanted = significantWords(persona.close);
  const offered = significantWords(learnerText);
  let hits = 0;
  for (const w of offered) if (wanted.has(w)) hits++;
  return hits >= 2;
}

const FILLERS = [
  "Okay. And how would that help someone in my position?",
  "Go on, I'm listening.",
  "I hear that a lot. What makes you different?",
  "Sure, but I only have a few minutes. What do you want to know?",
];

/**
 * A deterministic stand-in for the persona when no model is configured: it answers from the
 * persona's situation and background, gives up one unrevealed pain point when asked about
 * problems, a goal when asked about objectives, and reacts to a proposed close.
 * `history` is the transcript before `learnerText`.
 */
export function offlineReply(persona: Persona, history: TranscriptLine[], learnerText: string): string {
  const learnerTurns = history.filter((l) => l.speaker === "learner").length;
  const revealedPains = persona.pain_points.filter((p) => said(history, p));
  const asksProblem = PROBLEM.test(learnerText);
  const asksGoal = GOAL.test(learnerText);
  const matchesClose = closeMatches(persona, learnerText);

  if (matchesClose || (CLOSE.test(learnerText) && !asksProblem && !asksGoal)) {
    return matchesClose || revealedPains.length > 0
      ? "That sounds reasonable given what we've talked about. Let's do it: send me an invite and I'll make the time."
      : "I'm not sure we're there yet. You don't really know what we're dealing with here.";
  }
  if (asksProblem) {
    const next = persona.pain_points.find((p) => !revealedPains.includes(p));
    if (next) {
      return revealedPains.length === 0
        ? `Honestly? The big one is that ${inline(next)}.`
        : `There's more, to be fair: ${inline(next)}.`;
    }
    return "I think I've told you the main problems already. What would you do about them?";
  }
  if (asksGoal) {
    const next = persona.goals.find((g) => !said(history, g)) ?? persona.goals[0];
    return `What I'm really after: ${inline(next)}.`;
  }
  if (SITUATION.test(learnerText)) {
    if (!said(history, persona.situation)) return `Sure. Where things stand: ${inline(persona.situation)}.`;
    if (!said(history, persona.background)) return `A bit about me: ${inline(persona.background)}.`;
    return `As I said, I'm the ${persona.role}${persona.company?.name ? ` at ${persona.company.name}` : ""}. What else do you need to know?`;
  }
  if (learnerTurns === 0 || GREETING.test(learnerText)) {
    const company = persona.company?.name ? ` at ${persona.company.name}` : "";
    return `Hi, ${persona.name} here, ${persona.role}${company}. I've got a few minutes. What's this about?`;
  }
  return FILLERS[learnerTurns % FILLERS.length];
}
