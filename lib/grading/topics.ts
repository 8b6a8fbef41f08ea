import type { MarkedQuestion } from "./questions";
import { keywords, stemsMatch } from "./text";
import type { TranscriptTurn } from "./transcript";

/**
 * Whether a topic (a persona pain point or goal) is in a text: at least two of its content words
 * and at least 40% of them (a one-word topic needs that word). Stems are compared.
 */
export function mentions(topic: string, text: string): boolean {
  const wanted = keywords(topic);
  if (wanted.length === 0) return false;
  const stems = keywords(text);
  const needed = wanted.length === 1 ? 1 : Math.max(2, Math.ceil(wanted.length * 0.4));
  return wanted.filter((w) => stems.some((s) => stemsMatch(w, s))).length >= needed;
}

/**
 * Topics the learner discovered: raised in the learner's own words, or named by the buyer in answer
 * to a discovery question and then followed up by the learner's next question. A topic the buyer
 * volunteered and the learner let pass is not credited.
 */
export function topicsDiscovered(topics: string[], ordered: TranscriptTurn[], questions: MarkedQuestion[]): string[] {
  return topics.filter((topic) =>
    ordered.some((turn, i) => {
      // Raised by the learner means asked about, not asserted in a pitch.
      if (turn.speaker === "learner")
        return questions.some((q) => q.turn === i && q.stage !== null && mentions(topic, q.text));
      if (!mentions(topic, turn.text)) return false;
      const next = questions.find((q) => q.turn > i);
      if (next && next.turn === i + 1 && next.follow_up && next.stage !== null) return true;
      // Or a later question of the learner's picks the topic up in its own words.
      const wanted = keywords(topic);
      return questions.some(
        (q) =>
          q.turn > i &&
          q.stage !== null &&
          keywords(q.text).filter((w) => wanted.some((k) => stemsMatch(k, w))).length >= Math.min(2, wanted.length),
      );
    }),
  );
}
