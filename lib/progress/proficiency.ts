/**
 * Proficiency in a skill: an exponentially weighted mean of the learner's scores in it, so recent
 * practice counts most. The weight halves every PROFICIENCY_HALF_LIFE sessions back (the latest weighs
 * 1, three sessions earlier 0.5, six earlier 0.25), so the last three sessions carry half of it. It is
 * shown only from PROFICIENCY_MIN_SESSIONS sessions on: fewer say too little about a skill.
 */
export const PROFICIENCY_MIN_SESSIONS = 3;
export const PROFICIENCY_HALF_LIFE = 3;

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Scores oldest first; null below the minimum number of sessions. */
export function proficiency(scores: number[]): number | null {
  if (scores.length < PROFICIENCY_MIN_SESSIONS) return null;
  let sum = 0;
  let weights = 0;
  scores.forEach((score, i) => {
    const w = 0.5 ** ((scores.length - 1 - i) / PROFICIENCY_HALF_LIFE);
    sum += w * score;
    weights += w;
  });
  return round1(sum / weights);
}

/** Sessions still needed before proficiency is shown (0 once it is). */
export function sessionsNeeded(sessions: number): number {
  return Math.max(0, PROFICIENCY_MIN_SESSIONS - sessions);
}

/** What a learner reads instead of a proficiency they have not earned yet. */
export function practiseMoreText(sessions: number): string {
  const n = sessionsNeeded(sessions);
  return `Practise ${n} more ${n === 1 ? "time" : "times"} to see your proficiency`;
}

export type SkillSummary = {
  sessions: number;
  first: number | null;
  best: number | null;
  latest: number | null;
  proficiency: number | null;
  sessions_needed: number;
};

/** First, best and latest score and the proficiency of one skill, from its scores oldest first. */
export function summariseScores(scores: number[]): SkillSummary {
  return {
    sessions: scores.length,
    first: scores.length ? scores[0] : null,
    best: scores.length ? Math.max(...scores) : null,
    latest: scores.length ? scores[scores.length - 1] : null,
    proficiency: proficiency(scores),
    sessions_needed: sessionsNeeded(scores.length),
  };
}

/** The mean of the numbers that are there, to one decimal; null for none. */
export function meanOf(values: (number | null)[]): number | null {
  const xs = values.filter((v): v is number => v !== null);
  return xs.length ? round1(xs.reduce((a, b) => a + b, 0) / xs.length) : null;
}
