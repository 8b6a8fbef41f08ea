/** A line of a practice conversation as the offline persona replays it. */
export type TranscriptLine = { speaker: "learner" | "persona"; text: string };
