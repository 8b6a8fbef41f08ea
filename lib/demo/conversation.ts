import { gradeWithRubric } from "@/lib/grading/rubric-grader";
import type { TranscriptTurn } from "@/lib/grading/transcript";

import { demoRoleplays } from "./personas";

type Turn = Omit<TranscriptTurn, "seq">;

const script: [Turn["speaker"], string, number][] = [
  ["persona", "Dana speaking. I've got about fifteen minutes, what's this about?", 5],
  [
    "learner",
    "Thanks for making the time, Dana. Before I say anything about us, could you walk me through how orders flow through your warehouses today?",
    9,
  ],
  ["persona", "Orders drop in from the site, we batch pick lists every hour, and the carriers collect at four.", 6],
  ["learner", "What happens during peak weeks when the volume jumps?", 4],
  ["persona", "Honestly, about six percent of orders miss the cut-off. We throw overtime at it.", 6],
  ["learner", "How does missing the cut-off affect your customers and your team's overtime budget?", 6],
  [
    "persona",
    "Customers complain, and overtime is up thirty percent this year. The COO asks me about it every week.",
    7,
  ],
  ["learner", "If you could ship ninety-nine percent same day next peak, what would that mean for you?", 6],
  ["persona", "It would get the COO off my back and we'd stop paying weekend rates.", 5],
  ["learner", "Would it make sense to set up a 45-minute workflow review with your two shift leads next week?", 6],
  ["persona", "If you keep it to 45 minutes, yes. Send me a couple of times.", 4],
];

export function demoTranscript(startedAt: Date): Turn[] {
  let t = startedAt.getTime() + 2000;
  return script.map(([speaker, text, seconds]) => {
    const turn: Turn = {
      speaker,
      text,
      source: "voice",
      started_at: new Date(t),
      ended_at: new Date(t + seconds * 1000),
    };
    t += (seconds + 1) * 1000;
    return turn;
  });
}

/** The demo grade is what the rubric grader gives this transcript, so it is honest. */
export function demoGrade(gradedAt: Date) {
  const turns = demoTranscript(gradedAt).map((t, seq) => ({ ...t, seq, speaker: t.speaker }));
  const result = gradeWithRubric({ persona: demoRoleplays[0].persona, turns });
  return {
    status: "graded" as const,
    attempts: 1,
    score: result.score,
    wpm: result.wpm,
    stages_covered: result.stages_covered,
    topics_covered: result.topics_covered,
    grader: result.grader,
    model: result.model,
    graded_at: gradedAt,
    feedback: result.feedback,
    metrics: result.metrics,
    scorecard: { ...result.scorecard, scenario: result.scenario },
  };
}
