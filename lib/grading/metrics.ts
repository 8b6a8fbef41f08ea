import type { StoredMetrics } from "@/db/schema/grade-shape";
import { SPIN_STAGES, type SpinStage } from "@/lib/language";

import { countFillers, type FillerCounts, mergeFillers, totalFillers } from "./fillers";
import { discoveryQuestions, listeningCounts, type MarkedQuestion, markQuestions } from "./questions";
import { wordCount } from "./text";
import { topicsDiscovered } from "./topics";
import type { TranscriptTurn } from "./transcript";

/** What grading measures of a transcript: the stored metrics (db/schema/grade-shape.ts), with this layer's own types. */
export type TranscriptMetrics = Omit<StoredMetrics, "filler_counts" | "question_marks" | "stages_covered"> & {
  filler_counts: FillerCounts;
  question_marks: MarkedQuestion[];
  stages_covered: SpinStage[];
};

/** Typed text has no spoken duration: speaking time is estimated at this pace. */
const TYPED_WORDS_PER_MINUTE = 150;

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Seconds of speech in a turn: measured for voice turns, estimated for typed ones. */
export function turnSeconds(turn: TranscriptTurn): number {
  const measured = (turn.ended_at.getTime() - turn.started_at.getTime()) / 1000;
  if (turn.source === "voice" && measured > 0) return measured;
  return (wordCount(turn.text) / TYPED_WORDS_PER_MINUTE) * 60;
}

/** Every metric is a pure function of the ordered transcript and the persona's topics. */
export function computeMetrics(
  turns: TranscriptTurn[],
  topics: string[] = [],
  vocabulary?: ReadonlySet<string>,
): TranscriptMetrics {
  const ordered = [...turns].sort((a, b) => a.seq - b.seq);
  const learner = ordered.filter((t) => t.speaker === "learner");
  const seconds = new Map(ordered.map((t) => [t.seq, turnSeconds(t)]));
  const sum = (list: TranscriptTurn[]) => list.reduce((s, t) => s + seconds.get(t.seq)!, 0);
  const learnerSeconds = sum(learner);
  const personaSeconds = sum(ordered.filter((t) => t.speaker === "persona"));
  const learnerWords = learner.reduce((s, t) => s + wordCount(t.text), 0);

  const spoken = learner.filter((t) => t.source === "voice" && t.ended_at > t.started_at);
  const spokenSeconds = sum(spoken);
  const spokenWords = spoken.reduce((s, t) => s + wordCount(t.text), 0);
  const timing = spoken.length === learner.length ? "voice" : spoken.length === 0 ? "typed" : "mixed";

  const questionMarks = markQuestions(ordered, vocabulary);
  const personaWords = ordered.filter((t) => t.speaker === "persona").reduce((s, t) => s + wordCount(t.text), 0);
  const fillerCounts = mergeFillers(learner.map((t) => countFillers(t.text)));
  const fillers = totalFillers(fillerCounts);
  const monologue = longestMonologue(ordered, seconds);
  const total = learnerSeconds + personaSeconds;

  return {
    timing: learner.length === 0 ? "typed" : timing,
    learner_turns: learner.length,
    learner_words: learnerWords,
    learner_seconds: round(learnerSeconds),
    persona_seconds: round(personaSeconds),
    wpm: spokenSeconds > 0 && spokenWords > 0 ? Math.round(spokenWords / (spokenSeconds / 60)) : null,
    talk_ratio: total > 0 ? round(learnerSeconds / total, 2) : null,
    talk_share_words: learnerWords + personaWords > 0 ? round(learnerWords / (learnerWords + personaWords), 2) : null,
    talk_to_listen: personaSeconds > 0 ? round(learnerSeconds / personaSeconds, 2) : null,
    questions: questionMarks.length,
    open_questions: questionMarks.filter((q) => q.open).length,
    follow_ups: listeningCounts(questionMarks).built.length,
    fillers,
    filler_counts: fillerCounts,
    fillers_per_minute: learnerSeconds > 0 ? round(fillers / (learnerSeconds / 60)) : 0,
    longest_monologue_seconds: round(monologue.seconds),
    longest_monologue_words: monologue.words,
    longest_monologue_seq: monologue.seq,
    question_marks: questionMarks,
    // The counted questions, as every count and bar of the grade: an unanswered one covers no stage.
    stages_covered: SPIN_STAGES.filter((stage) => discoveryQuestions(questionMarks).some((q) => q.stage === stage)),
    topics_covered: topicsDiscovered(topics, ordered, questionMarks),
  };
}

/** The longest run of consecutive learner turns (one monologue may span several turns). */
function longestMonologue(ordered: TranscriptTurn[], seconds: Map<number, number>) {
  let best = { seconds: 0, words: 0, seq: null as number | null };
  let run = { seconds: 0, words: 0, seq: null as number | null };
  for (const turn of ordered) {
    if (turn.speaker !== "learner") {
      run = { seconds: 0, words: 0, seq: null };
      continue;
    }
    run = {
      seconds: run.seconds + seconds.get(turn.seq)!,
      words: run.words + wordCount(turn.text),
      seq: run.seq ?? turn.seq,
    };
    if (run.seconds > best.seconds) best = { ...run };
  }
  return best;
}
