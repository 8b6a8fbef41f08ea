import type Anthropic from "@anthropic-ai/sdk";
import { anthropicModel, callTool, ModelOutputError } from "@/lib/ai/anthropic";
import type { Persona } from "@/lib/validations/persona";
import { claudeGradeSchema, type ClaudeGrade, type GradeResult } from "./grade-schema";
import { computeMetrics, type TranscriptMetrics, type TranscriptTurn } from "./metrics";
import { personaTopics } from "./rubric-grader";

const SYSTEM = `You grade sales and discovery roleplay conversations for learners, honestly and specifically.
Judge the LEARNER only (the persona is an AI playing the buyer). Use the SPIN method: situation, problem,
implication and need-payoff questions. A call that pitches features without asking questions scores low;
a call that uncovers the buyer's problems with open questions and lets the buyer state the value scores high.
The metrics are computed from the transcript and are correct: use them, do not recount.
Every strength and every area for improvement must quote the learner's exact words from the transcript
(copied verbatim into learner_quote). Never invent quotes. Give concrete recommendations.`;

function transcriptText(turns: TranscriptTurn[], persona: Persona): string {
  return turns
    .map((t) => `[${t.seq}] ${t.speaker === "learner" ? "LEARNER" : `PERSONA (${persona.name})`}: ${t.text}`)
    .join("\n");
}

function promptFor(persona: Persona, turns: TranscriptTurn[], metrics: TranscriptMetrics): string {
  return [
    "<persona>", JSON.stringify(persona, null, 2), "</persona>",
    "<transcript>", transcriptText(turns, persona), "</transcript>",
    "<metrics>", JSON.stringify(metrics, null, 2), "</metrics>",
    "Grade the learner with the record_grade tool. Scores are whole numbers from 0 to 100.",
  ].join("\n");
}

const normalise = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();

/** Keeps the points whose quote the learner really said; turns each into one line of feedback. */
export function verifiedPoints(points: ClaudeGrade["feedback"]["strengths"], learnerText: string): string[] {
  const said = normalise(learnerText);
  return points
    .filter((p) => normalise(p.learner_quote).length > 0 && said.includes(normalise(p.learner_quote)))
    .map((p) => `${p.observation.trim()} ("${p.learner_quote.trim()}")`);
}

/** Grades with Claude through forced tool use; stages and topics stay the deterministic metrics. */
export async function gradeWithClaude(
  client: Anthropic,
  input: { persona: Persona; turns: TranscriptTurn[] },
): Promise<GradeResult> {
  const metrics = computeMetrics(input.turns, personaTopics(input.persona));
  const answer = await callTool(client, {
    system: SYSTEM,
    prompt: promptFor(input.persona, input.turns, metrics),
    tool: { name: "record_grade", description: "Record the grade of the learner's conversation", schema: claudeGradeSchema },
  });
  const learnerText = input.turns.filter((t) => t.speaker === "learner").map((t) => t.text).join("\n");
  const strengths = verifiedPoints(answer.feedback.strengths, learnerText);
  const improvements = verifiedPoints(answer.feedback.areas_for_improvement, learnerText);
  const claimed = answer.feedback.strengths.length + answer.feedback.areas_for_improvement.length;
  if (claimed > 0 && strengths.length + improvements.length === 0) {
    throw new ModelOutputError("The model's feedback quoted nothing the learner actually said");
  }
  return {
    score: answer.conversation_score,
    wpm: metrics.wpm,
    stages_covered: metrics.stages_covered,
    topics_covered: metrics.topics_covered,
    feedback: { ...answer.feedback, strengths, areas_for_improvement: improvements },
    metrics,
    grader: "ai",
    model: anthropicModel(),
  };
}
