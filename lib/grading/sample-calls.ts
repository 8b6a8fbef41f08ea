import type { Persona } from "@/lib/validations/persona";
import type { TranscriptTurn } from "./metrics";

/**
 * Two hand-made calls with the same buyer, used by the grading tests (and handy when tuning
 * the rubric): a SPIN discovery call with open questions, and a pushy feature pitch.
 */
export const samplePersona: Persona = {
  name: "Dana Whitfield",
  role: "Head of Operations",
  situation: "Runs two warehouses shipping about 4,000 orders a day.",
  background: "Twelve years in logistics; burned by a late WMS rollout.",
  pain_points: [
    "Roughly 6% of orders miss the carrier cut-off during peak weeks",
    "Pick-list errors are found only when customers complain",
    "Overtime costs went up 30% this year",
  ],
  goals: ["Ship 99% of orders same day by next peak season", "Cut overtime back to last year's level"],
};

type Line = [TranscriptTurn["speaker"], string, number];

/** Builds timed voice turns: each line lasts its seconds, with a one-second gap between turns. */
export function timedTurns(lines: Line[], source = "voice", start = new Date("2025-03-04T15:00:00Z")): TranscriptTurn[] {
  let t = start.getTime();
  return lines.map(([speaker, text, seconds], seq) => {
    const turn = { seq, speaker, text, source, started_at: new Date(t), ended_at: new Date(t + seconds * 1000) };
    t += (seconds + 1) * 1000;
    return turn;
  });
}

export const discoveryCall: Line[] = [
  ["persona", "Dana speaking. I've got fifteen minutes, what's this about?", 4],
  ["learner", "Thanks, Dana. Before I say anything about us, could you walk me through how orders flow through your warehouses today?", 8],
  ["persona", "Orders drop in from the site, we batch pick lists every hour, and the carriers collect at four.", 6],
  ["learner", "What happens during peak weeks when the volume jumps?", 4],
  ["persona", "About six percent of orders miss the carrier cut-off. We throw overtime at it.", 6],
  ["learner", "How do you find out about picking mistakes today?", 4],
  ["persona", "Honestly? When customers complain. Pick-list errors only show up then.", 5],
  ["learner", "How does missing the cut-off affect your customers and your overtime costs?", 5],
  ["persona", "Overtime went up thirty percent this year and the COO asks me about it weekly.", 6],
  ["learner", "If you could ship 99% of orders same day by next peak, what would that mean for you?", 6],
  ["persona", "It would get the COO off my back and we'd cut overtime back to where it was.", 5],
  ["learner", "Would it make sense to set up a 45-minute workflow review with your shift leads next week?", 6],
  ["persona", "If you keep it to 45 minutes, yes.", 3],
];

export const pushyPitch: Line[] = [
  ["persona", "Dana speaking. I've got fifteen minutes, what's this about?", 4],
  [
    "learner",
    "So, um, basically we have, like, the best warehouse platform on the market. It does, uh, pick optimisation, you know, route planning, labels, dashboards, literally everything. Um, and our AI, like, basically predicts demand, and uh, it's kind of amazing. I mean, customers love it, you know.",
    24,
  ],
  ["persona", "Okay. We already have a system.", 2],
  [
    "learner",
    "Right, but, um, ours is basically faster, like, way faster, and uh, it has, you know, forty integrations. Actually, we can, um, get you live in like two weeks, literally. I mean, uh, it's sort of a no-brainer, honestly. Let me, um, send you the pricing sheet and, like, book a demo for Thursday.",
    22,
  ],
  ["persona", "Just send me something by email.", 2],
];
