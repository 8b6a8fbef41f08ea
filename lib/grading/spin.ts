/**
 * Classifies a learner's question by SPIN stage and as open or closed. Deterministic keyword
 * rules, checked in this order (the first match wins):
 *
 * - need-payoff: asks the buyer to state the value of a solution ("if you could...",
 *   "what would that mean", "how would it help", "how valuable would").
 * - implication: explores consequences of a problem ("affect", "impact", "cost you",
 *   "lead to", "knock-on", "what does that mean for").
 * - problem: looks for difficulties ("problem", "challenge", "struggle", "frustrating",
 *   "go wrong", "miss", "what happens", "happy with").
 * - situation: gathers facts ("how many", "walk me through", "currently", "today", "who",
 *   "which", "what do you use"), and any other open question with no stronger cue.
 * - otherwise (a closed question with no cue, e.g. "Would it make sense to meet?"): no stage.
 */
export const SPIN_STAGES = ["situation", "problem", "implication", "need-payoff"] as const;
export type SpinStage = (typeof SPIN_STAGES)[number];

export type QuestionClass = { open: boolean; stage: SpinStage | null };

const NEED_PAYOFF =
  /\b(if (you|we|your team) (could|were able to|had)|what would (that|this|it) (mean|do|change|give|be worth|save)|how would (that|this|it) (help|change|affect your goals)|would (that|this|it) help|how (valuable|useful|important) would|what (difference|value) would|in an ideal world|ideally|imagine|what if you could|how much would (that|it|this) save|benefit)\b/i;
const IMPLICATION =
  /\b(affect|affects|affected|impact|impacts|effect on|consequence|consequences|cost you|costing|lead to|leads to|result in|knock-on|ripple|downstream|what does (that|this) mean for|how much (time|money) (does|do|is)|what happens to|how does (that|this) (hurt|slow))\b/i;
const PROBLEM =
  /\b(problem|problems|challenge|challenges|difficult|difficulty|hard|harder|struggle|struggling|frustrat\w*|issue|issues|concern|concerns|worry|worries|pain|go wrong|goes wrong|went wrong|miss|misses|missed|fail|fails|failing|slow|complain\w*|bottleneck|delay|delays|error|errors|mistake|mistakes|happy with|satisfied|dissatisfied|what happens|keeps you up|not working)\b/i;
const SITUATION =
  /\b(how many|how much|how often|how long|walk me through|talk me through|tell me about|describe|currently|today|at the moment|right now|who|which|what (tools?|systems?|software|process) do|what do you use|how do you (handle|manage|do|run|track)|how does your|your role|your team|process)\b/i;

const OPEN_STARTS = /^(what|what's|whats|how|why|where|when|who|whom|whose|which|tell|walk|talk|describe|explain|share|help me understand)\b/i;
const OPEN_ANYWHERE = /\b(walk me through|talk me through|tell me (about|more|how|what|why)|describe|explain|help me understand|what|how|why)\b/i;
const CLOSED_STARTS =
  /^(do|does|did|is|are|was|were|am|can|could|would|will|should|shall|may|might|have|has|had|isn't|aren't|don't|doesn't|didn't|won't|wouldn't|can't|couldn't|right|correct|ok|okay)\b/i;
const LEAD_INS = /^(so|and|but|okay|ok|well|right|now|then|also|just|um|uh|great|thanks|thank you)\b[,\s]*/i;

/** An open question invites an explanation; a closed one invites yes/no or a single fact. */
export function isOpenQuestion(question: string): boolean {
  const clauses = question.split(/[,;:]\s*|\s[—–-]\s/).map((c) => {
    let clause = c.trim();
    for (let i = 0; i < 4; i++) clause = clause.replace(LEAD_INS, "");
    return clause;
  });
  for (const clause of clauses) {
    if (OPEN_STARTS.test(clause)) return true;
    if (CLOSED_STARTS.test(clause)) {
      // "Could you walk me through..." / "Can you tell me how..." are open in substance.
      return /^(can|could|would|will) you\b/i.test(clause) && OPEN_ANYWHERE.test(clause);
    }
  }
  return false;
}

export function spinStage(question: string, open = isOpenQuestion(question)): SpinStage | null {
  if (NEED_PAYOFF.test(question)) return "need-payoff";
  if (IMPLICATION.test(question)) return "implication";
  if (PROBLEM.test(question)) return "problem";
  if (SITUATION.test(question) || open) return "situation";
  return null;
}

export function classifyQuestion(question: string): QuestionClass {
  const open = isOpenQuestion(question);
  return { open, stage: spinStage(question, open) };
}
