import type { Persona } from "@/lib/validations/persona";
import type { GradeFeedback } from "./grade-schema";
import type { MarkedQuestion, TranscriptMetrics, TranscriptTurn } from "./metrics";
import { SPIN_STAGES, type SpinStage } from "./spin";
import { excerpt } from "./text";

type Input = {
  persona: Persona;
  turns: TranscriptTurn[];
  metrics: TranscriptMetrics;
  topics: string[];
  score: number;
  spin: number;
  stages: Record<SpinStage, number>;
  communication: number;
  deductions: { points: number; reason: string }[];
};

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1).replace(/[.!]+$/, "");
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
const percent = (ratio: number | null) => (ratio === null ? "an unknown share" : `${Math.round(ratio * 100)}%`);

/** The question a learner could have asked for a stage they skipped, built from the persona. */
function exampleQuestion(stage: SpinStage, persona: Persona): string {
  const pain = persona.pain_points[0] ?? "that";
  const goal = persona.goals[0] ?? "reach your goal";
  switch (stage) {
    case "situation":
      return `"Could you walk me through how this works for you today?"`;
    case "problem":
      return `"What gets in the way when you try to ${lowerFirst(goal)}?"`;
    case "implication":
      return `"How does it affect you and your team when ${lowerFirst(pain)}?"`;
    case "need-payoff":
      return `"If you could ${lowerFirst(goal)}, what would that mean for you?"`;
  }
}

function bestQuestion(questions: MarkedQuestion[]): MarkedQuestion | undefined {
  return questions.find((q) => q.open) ?? questions[0];
}

export function rubricFeedback(input: Input): GradeFeedback {
  const { metrics: m, persona, stages } = input;
  const covered = SPIN_STAGES.filter((s) => stages[s] > 0);
  const missing = SPIN_STAGES.filter((s) => stages[s] === 0);
  const topicsMissed = input.topics.filter((t) => !m.topics_covered.includes(t));
  const fillerList = Object.entries(m.filler_counts).sort((a, b) => b[1] - a[1]).map(([f, n]) => `'${f}' x${n}`);
  const monologueTurn = input.turns.find((t) => t.seq === m.longest_monologue_seq);
  const closed = m.question_marks.find((q) => !q.open);

  const verdict =
    input.score >= 80 ? "A strong discovery conversation." :
    input.score >= 60 ? "A solid conversation with clear gaps." :
    m.questions === 0 ? "This conversation was a pitch, not a discovery call." :
    "This conversation needs more and deeper discovery.";
  const overall = `${verdict} You asked ${plural(m.questions, "question")} (${m.open_questions} open), covered ${covered.length} of 4 SPIN stages and ${m.topics_covered.length} of ${input.topics.length} of ${persona.name}'s pain points and goals, and talked for ${percent(m.talk_ratio)} of the time.`;

  const spinFeedback = covered.length === 0
    ? `No question moved through the SPIN stages, so ${persona.name}'s situation, problems and priorities stayed unexplored. Start with a situation question such as ${exampleQuestion("situation", persona)}`
    : [
        ...covered.map((s) => `${s}: "${excerpt(bestQuestion(m.question_marks.filter((q) => q.stage === s))!.text)}"`),
        ...missing.map((s) => `no ${s} question (for example ${exampleQuestion(s, persona)})`),
      ].join("; ") + ".";

  const pace = m.wpm === null ? "typed conversation: words per minute not measured" : `your pace was ${m.wpm} words per minute`;
  const fillerText = m.fillers === 0 ? "no filler words" : `${plural(m.fillers, "filler word")} (${fillerList.join(", ")}), about ${m.fillers_per_minute} per minute`;
  const communicationFeedback = `You talked for ${percent(m.talk_ratio)} of the time with ${fillerText}, and your longest stretch ran ${Math.round(m.longest_monologue_seconds)} seconds; ${pace}.${
    input.deductions.length ? ` Points lost for: ${input.deductions.map((d) => `${d.reason} (-${d.points})`).join(", ")}.` : ""
  }`;

  const strengths: string[] = covered.slice(0, 3).map((s) => {
    const q = bestQuestion(m.question_marks.filter((x) => x.stage === s))!;
    return `Asked ${q.open ? "an open" : "a"} ${s} question: "${excerpt(q.text, 25)}"`;
  });
  if (m.talk_ratio !== null && m.talk_ratio >= 0.25 && m.talk_ratio <= 0.6 && m.questions > 0) {
    strengths.push(`Gave ${persona.name} room to talk: you spoke for ${percent(m.talk_ratio)} of the time.`);
  }
  if (m.fillers_per_minute <= 1 && m.learner_words >= 40) strengths.push(`Spoke cleanly: ${fillerText}.`);
  if (m.topics_covered.length > 0) strengths.push(`Brought up "${m.topics_covered[0]}".`);

  const improvements: string[] = missing.map((s) => `You asked no ${s} question. Try ${exampleQuestion(s, persona)}`);
  if (closed && m.open_questions / Math.max(1, m.questions) < 0.75) {
    improvements.push(`"${excerpt(closed.text)}" invites a yes or no. Open it with "how" or "what" so the buyer explains.`);
  }
  if (m.talk_ratio !== null && m.talk_ratio > 0.6 && monologueTurn) {
    improvements.push(`You talked for ${percent(m.talk_ratio)} of the time; your longest stretch (${Math.round(m.longest_monologue_seconds)} s) began "${excerpt(monologueTurn.text, 14)}"`);
  }
  if (m.fillers_per_minute > 1) improvements.push(`Cut the fillers: ${fillerText}.`);
  if (improvements.length === 0 && topicsMissed.length > 0) {
    improvements.push(`"${topicsMissed.shift()}" never came up; ask about it before proposing a next step.`);
  }
  const thin = covered.find((s) => m.question_marks.filter((q) => q.stage === s).length === 1 && s !== "situation");
  if (improvements.length === 0 && thin) {
    const q = m.question_marks.find((x) => x.stage === thin)!;
    improvements.push(`You asked one ${thin} question ("${excerpt(q.text)}") and moved on; a follow-up such as ${exampleQuestion(thin, persona)} would have gone deeper.`);
  }

  const recommendations: string[] = topicsMissed.slice(0, 2).map((t) => `Find out about "${t}": it never came up.`);
  if (missing.includes("implication") && !missing.includes("problem")) recommendations.push("When a problem surfaces, ask what it costs before offering anything.");
  if (m.talk_ratio !== null && m.talk_ratio > 0.6) recommendations.push("After each question, stop and let the buyer answer in full; aim to talk less than 60% of the time.");
  if (m.questions === 0) recommendations.push(`Prepare three open questions about ${persona.name}'s situation before the next call.`);
  if (recommendations.length === 0) recommendations.push("Keep this structure, and close with a concrete next step the buyer agrees to.");

  return {
    overall_feedback: overall,
    spin_score: input.spin,
    spin_feedback: spinFeedback.charAt(0).toUpperCase() + spinFeedback.slice(1),
    stage_scores: stages,
    communication_score: input.communication,
    communication_feedback: communicationFeedback,
    strengths: strengths.slice(0, 5),
    areas_for_improvement: improvements,
    recommendations,
  };
}

/** A conversation in which the learner said nothing: graded, not failed, and explained. */
export function silentFeedback(persona: Persona): GradeFeedback {
  const zero = { situation: 0, problem: 0, implication: 0, "need-payoff": 0 };
  return {
    overall_feedback: `The conversation ended before you said anything, so there is nothing to grade: the score is 0. Start a new practice with ${persona.name} and open with a question about their situation.`,
    spin_score: 0,
    spin_feedback: "No learner turns: no SPIN stage could be covered.",
    stage_scores: zero,
    communication_score: 0,
    communication_feedback: "No learner turns: talk ratio, pace and filler words could not be measured.",
    strengths: [],
    areas_for_improvement: [`You did not speak. Try opening with ${exampleQuestion("situation", persona)}`],
    recommendations: [`Prepare a first question about ${persona.name}'s situation before starting the call.`],
  };
}
