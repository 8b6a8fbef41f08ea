/** What a learner's turn is doing, read from its wording (question marks are optional in speech). */

export type Intent =
  | "close"
  | "pitch"
  | "concern"
  | "cause"
  | "implication"
  | "payoff"
  | "problem"
  | "background"
  | "company"
  | "situation"
  | "greeting"
  | "other";

const QUESTION_START =
  /^\s*(so,?\s+|and\s+|okay,?\s+|ok,?\s+|right,?\s+|great,?\s+|got it,?\s+|thanks,?\s+)?(what|how|why|when|where|who|which|can|could|would|do|does|did|is|are|was|were|have|has|will|tell me|walk me through|talk me through|take me through|help me understand|i'?m curious|i'?d love to (hear|know|understand)|i wonder|describe|explain|share|give me)/i;

export const isQuestion = (text: string) =>
  text.includes("?") ||
  QUESTION_START.test(text) ||
  /\b(walk me through|tell me|i'?m curious|help me understand|i'?d love to (hear|know|understand)|talk me through)\b/i.test(
    text,
  );

const GREETING =
  /^\s*(hi|hello|hey|good (morning|afternoon|evening)|thanks for (taking|making|your)|thank you for (taking|making|your)|nice to (meet|speak))/i;
const CLOSE =
  /\b(next steps?|schedule|book (a|in|some)|calendar|set up (a|some|time)|arrange|demo|trial|pilot|follow[- ]?up|proposal|move forward|would you be open to|are you open to|shall we|how about (we|a)|could we (set|book|get)|can we (set|book|get|schedule)|let'?s (set|book|schedule|get)|put (some )?time in|invite)\b/i;
const PITCH =
  /\b(our (product|platform|solution|software|tool|service|app|system|offering|customers)|we (offer|provide|sell|help|can (help|fix|solve|cut|save)|have built|built|specialise|specialize|make it)|let me (tell|show) you|i'?d like to (show|tell) you|(great|amazing|powerful) features?|our pricing|discount|best (candidate|solution|in class)|why i'?m (a|the) (great|best|right)|i'?m the (best|right|perfect)|you (should|need to) (buy|use|switch|sign)|i can (offer|bring)|we have (a|an)\s+\w*\s*(tool|product|platform|solution|system|app)|we'?ve got (a|an)\s+\w*\s*(tool|product|platform|solution|system|app)|our (tool|app) (can|does|will)|i can show you)\b/i;
const IMPLICATION =
  /\b(impact|effects?|affects?|affected|who else|consequences?|cost(s|ing)? (you|the|your)|what happens (when|if|then|after)|what does (that|this|it) (mean|do)|knock-on|downstream|result(s)? in|lead(s)? to|how much (does|is|time|money|is that)|who (feels|notices|pays)|how bad|ripple|the price of|how does (that|this|it) (hit|affect|land|play out)|toll|when that happens|what's (that|it) costing|what does it cost|hurt(s|ing)? (you|the)|what's at stake)\b/i;
const CONCERN =
  /\b(concerns?|reservations?|hesitat\w*|what would (stop|hold) you( back)?|risks?|objections?|what worries you about|worried about (a |this|changing|switching|new)|put you off|give you pause)\b/i;
const CAUSE =
  /^\s*(and\s+|so\s+)?(why( is| does| do| did|'s)? (that|this|it)|why\??$|how come|what causes (that|it|this)|what'?s behind (that|it|this)|where does (that|it|this) come from)/i;
const PAYOFF =
  /\b(if you could|what would (it|that|this) (mean|be worth|change|look like|do for)|worth to you|ideal|success|solv(e|ed|ing)|fix(ed)?|goals?|priorit|objectives?|achiev|hop(e|ing) to|looking to|what do you want|in a perfect world|magic wand|what would better|if (that|this|it) (were|was) (gone|fixed|solved|better)|what are you aiming|where do you want|aim(ing)? for|outcome)\b/i;
const PROBLEM =
  /\b(problems?|challeng|difficult|hard(est)?|frustrat|pain|struggl|issues?|obstacles?|headaches?|worr|bottlenecks?|keeps? you up|go(es|ing)? wrong|not working|get(s|ting)? in (the|your) way|slow(s)? (you|things) down|what would you change|break(s)? down|friction|annoy|biggest|tough|gaps?|falls? (down|short|through)|where .* (fail|break|slip))/i;
const BACKGROUND =
  /\b(background|your career|how long have you|how did you (get|end up|come)|before this|about yourself|your experience|your path|your role|what you do|responsib|in charge of|your job)\b/i;
const COMPANY = /\b(company|business|organi[sz]ation|what do you (sell|make)|industry|how big|size|revenue|firm)\b/i;
const SITUATION =
  /\b(walk me through|talk me through|take me through|tell me (about|more)|describe|how (do|does|are|is|did) (you|your|things|it|the|that|orders|work)|what does (a|your|the) .* look like|currently|today|day[- ]to[- ]day|process|set ?up|how many|volume|your role|responsib|your team|in charge|operations?|workflows?|how things work|what do you do|your day|what happens|how .* handled?|i'?m curious how|help me understand)\b/i;

/** Classified in priority order; the engine may reinterpret "problem" as "implication" once a pain is on the table. */
export function classify(text: string): Intent {
  const question = isQuestion(text);
  if (GREETING.test(text) && !question) return "greeting";
  if (CLOSE.test(text) && !(IMPLICATION.test(text) || (PROBLEM.test(text) && question))) return "close";
  if (PITCH.test(text)) return "pitch";
  if (CONCERN.test(text)) return "concern";
  if (CAUSE.test(text)) return "cause";
  if (IMPLICATION.test(text)) return "implication";
  if (PAYOFF.test(text)) return "payoff";
  if (PROBLEM.test(text)) return "problem";
  if (BACKGROUND.test(text)) return "background";
  if (COMPANY.test(text)) return "company";
  if (SITUATION.test(text)) return "situation";
  if (GREETING.test(text)) return "greeting";
  return question ? "situation" : "other";
}

/** A reply that takes up the learner's concern rather than talking past it. */
export const REASSURANCE =
  /\b(understand|fair|makes sense|hear you|i get (that|it)|that's why|phased|pilot|low[- ]risk|start small|small|short|weeks|quick|light|guarantee|no (long|big)|step by step|you decide|your call|on your terms|prove it|measure)\b/i;

const STOP = new Set(
  "that this with what about your yours have from they them there their would could should which where when into just than then very really much more most also because been being were will like some only over even does doing done make made take said says here okay sure right thanks thank year years week weeks month months went gets team time people work things thing day days every found good part".split(
    " ",
  ),
);

/** Content words, lightly stemmed, for matching a question to a pain point or a previous reply. */
export function keywords(text: string): Set<string> {
  const words = text.toLowerCase().match(/[a-z][a-z'-]{3,}/g) ?? [];
  return new Set(
    words
      .filter((w) => !STOP.has(w))
      .map((w) => w.replace(/(ies|es|s|ing|ed)$/, ""))
      .filter((w) => w.length >= 4),
  );
}

export function overlap(a: Set<string>, b: Set<string>): number {
  let n = 0;
  for (const w of a) if (b.has(w)) n++;
  return n;
}
