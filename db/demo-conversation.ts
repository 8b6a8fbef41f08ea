type Turn = { speaker: "learner" | "persona"; text: string; source: string; started_at: Date; ended_at: Date };

const script: [Turn["speaker"], string, number][] = [
  ["persona", "Dana speaking. I've got about fifteen minutes, what's this about?", 5],
  ["learner", "Thanks for making the time, Dana. Before I say anything about us, could you walk me through how orders flow through your warehouses today?", 9],
  ["persona", "Orders drop in from the site, we batch pick lists every hour, and the carriers collect at four.", 6],
  ["learner", "What happens during peak weeks when the volume jumps?", 4],
  ["persona", "Honestly, about six percent of orders miss the cut-off. We throw overtime at it.", 6],
  ["learner", "How does missing the cut-off affect your customers and your team's overtime budget?", 6],
  ["persona", "Customers complain, and overtime is up thirty percent this year. The COO asks me about it every week.", 7],
  ["learner", "If you could ship ninety-nine percent same day next peak, what would that mean for you?", 6],
  ["persona", "It would get the COO off my back and we'd stop paying weekend rates.", 5],
  ["learner", "Would it make sense to set up a 45-minute workflow review with your two shift leads next week?", 6],
  ["persona", "If you keep it to 45 minutes, yes. Send me a couple of times.", 4],
];

export function demoTranscript(startedAt: Date): Turn[] {
  let t = startedAt.getTime() + 2000;
  return script.map(([speaker, text, seconds]) => {
    const turn = { speaker, text, source: "voice", started_at: new Date(t), ended_at: new Date(t + seconds * 1000) };
    t += (seconds + 1) * 1000;
    return turn;
  });
}

export function demoGrade(gradedAt: Date) {
  return {
    status: "graded" as const,
    attempts: 1,
    score: 84,
    wpm: 142,
    stages_covered: ["situation", "problem", "implication", "need-payoff"],
    topics_covered: [
      "Roughly 6% of orders miss the carrier cut-off during peak weeks",
      "Overtime costs went up 30% this year",
      "Ship 99% of orders same day by next peak season",
    ],
    grader: "rubric",
    model: null,
    graded_at: gradedAt,
    feedback: {
      overall_feedback:
        "A disciplined discovery call: you held back your pitch, asked five questions (four open) and moved through every SPIN stage before proposing a small, concrete next step.",
      spin_score: 86,
      spin_feedback:
        "You opened with a situation question about order flow, found the problem (missed cut-offs), made it bigger with an implication question about customers and overtime, and let Dana state the payoff herself.",
      stage_scores: { situation: 90, problem: 85, implication: 85, "need-payoff": 80 },
      communication_score: 82,
      communication_feedback: "Clear, calm pace (about 142 words per minute) and no filler words. You talked for about half of the call.",
      strengths: [
        "Asked about the process before pitching: \"could you walk me through how orders flow through your warehouses today?\"",
        "Turned a number into a consequence: \"How does missing the cut-off affect your customers and your team's overtime budget?\"",
      ],
      areas_for_improvement: [
        "You did not explore the pick-list errors Dana lives with; a question such as \"How do you find out about picking mistakes today?\" would have surfaced it.",
      ],
      recommendations: [
        "Confirm the decision process before proposing the review: who besides Dana signs off?",
        "Summarise the pains back to the buyer before asking for the meeting.",
      ],
    },
    metrics: { talk_ratio: 0.5, questions: 5, open_questions: 4, fillers_per_minute: 0, longest_monologue_seconds: 9 },
  };
}
