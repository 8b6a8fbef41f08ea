/**
 * Rules are data: each claims an act for a unit when its pattern matches the unit's words (lower
 * case, lead-ins skipped, no punctuation), and carries examples that must and must not match; a
 * test runs every one. Rules decide only what they are sure of; the model trained on our corpora
 * decides the rest. When two rules match, the higher `priority` wins (then the earlier entry).
 */
import type { BuyerState } from "./features";
import { CLASSES } from "./lexicon";
import type { QuestionForm } from "./units";

export type Act =
  | "situation"
  | "problem"
  | "implication"
  | "need-payoff"
  | "pitch"
  | "proposal"
  | "check"
  | "small-talk"
  | "objection"
  | "other";

export type Rule = {
  id: string;
  does: Act;
  /** Over the unit's words from where its lead-ins end. */
  pattern: RegExp;
  /** Only when the buyer's previous turn was one of these. */
  buyer?: BuyerState[];
  /** Only for units of these question forms (null: a statement). */
  form?: (QuestionForm | null)[];
  priority: number;
  /** Examples as "buyer turn || learner turn" or just the learner turn; each must get `does` from this rule. */
  hit: string[];
  /** Examples this rule must not claim. */
  miss: string[];
  note: string;
};

/** Failures a buyer counts: no-shows, errors, late or missed things, hours lost chasing or redoing. */
const TROUBLE =
  "no[- ]?shows?|errors?|mistakes?|complaints?|delays?|delayed|cancell?ations?|returns?|breakdowns?|broken|defects?|rejects?|rejected|write-?offs?|chargebacks?|escalations?|missed|misses|late|lost|failed|failures?|fail|wasted?|rework|redo\\w*|duplicates?|churn\\w*|stock-?outs?|outages?|incidents?|accidents?|disputes?|denials?|denied|overdue|unpaid|chasing|fixing|redoing|correcting|re-?enter\\w*|re-?typ\\w*|wrong|problems?|issues?|idle|stuck";

/** The lexicon's words of difficulty, as a pattern. */
const DIFFICULTY = [...CLASSES.difficulty].join("|");

const DAY =
  "(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|next week|this week|the \\d+(?:st|nd|rd|th)|\\d{1,2}(?::\\d\\d)? ?(?:am|pm)|\\d{1,2}:\\d\\d)";
const STEP =
  "(?:a |an |the |some |one |two |short |quick |free |\\w+-(?:week|day|minute) |\\d+-(?:week|day|minute) )*(?:pilot|trial|demo|meeting|call|workshop|session|review|walkthrough|follow-up|follow up|chat|proof of concept|poc|visit)";

export const RULES: Rule[] = [
  {
    id: "greeting",
    does: "small-talk",
    pattern:
      /^(?:hi|hello|hey|good (?:morning|afternoon|evening)|morning|nice to (?:meet|speak|talk)|pleasure to (?:meet|speak))(?: there| again| [a-z]+)?(?: (?:thanks|thank you) for (?:taking|making|your) [\w ]+)?$/,
    priority: 3,
    hit: ["Hi Dana", "good morning", "hello there", "hi, thanks for making the time"],
    miss: ["hi dana how many depots do you run", "hello, can you tell me about your team"],
    note: "A greeting with nothing else in the unit.",
  },
  {
    id: "how-are-you",
    does: "small-talk",
    pattern:
      /^(?:how (?:are|r) (?:you|u|things|ya)(?: doing| today| going)?|how (?:you|u|ya) (?:doing|doin'?|going|been)|how(?:'s| is| was| has) (?:your|the) (?:(?:start|end|rest) of (?:the )?(?:term|season|year|week|month|semester|summer)|day|week|weekend|morning|afternoon|trip|holiday|vacation|summer|flight|drive|term|semester|season|month)(?: so far)?(?: going| been| treating you)?(?: so far)?|how(?:'s| is| has| are) (?:it going|everything|things|life|business|work|trade)(?: been)?(?: (?:lately|recently|this (?:week|month|year)))?(?: busy)?|how have you been|(?:can|do) you hear me|is (?:this|it|now) (?:still )?a (?:good|bad|ok|okay) time(?: to (?:talk|chat|speak))?|did i catch you at a (?:good|bad) time|are you (?:there|still there))(?: today| so far)?$/,
    priority: 3,
    hit: [
      "how are you doing today",
      "how was your weekend",
      "can you hear me",
      "how's it going",
      "is it a good time to talk",
      "so how's business been lately, busy?",
      "how you doing",
      "how ya doin today",
      "how's things",
      "how has the start of term been",
      "how's the season treating you so far",
    ],
    miss: [
      "how has the start of term affected the waste",
      "how is the term planned at your outlets",
      "how are you planning the routes today",
      "how is the team coping with the backlog",
      "how is business planning done at your depots",
      "how are you doing it now",
      "how you doing the rosters today",
    ],
    note: "Pleasantries and audio checks are questions, not discovery.",
  },
  {
    id: "offer-to-help",
    does: "small-talk",
    pattern:
      /^(?:(?:[a-z]+ ){0,3}(?:customer )?(?:services?|support|help ?desk|helpline|speaking|here),? )?(?:how|what) (?:can|may|could) (?:i|we) (?:help(?: you)?|do (?:for you|to help))(?: (?:today|this (?:morning|afternoon|evening)|now))?$/,
    priority: 3,
    hit: [
      "how can I help",
      "HomeNest customer services, how can I help.",
      "GadgetHub support, how may I help you today?",
      "what can I do for you today",
      "Sarah speaking, how can I help you",
    ],
    miss: [
      "how can I help your team cut the overtime",
      "what can we do to help the drivers plan",
      "how can I help you get the board to say yes",
    ],
    note: "An agent's opening offer of help is a greeting, not a diagnosis or discovery question.",
  },
  {
    id: "time-check",
    does: "small-talk",
    pattern:
      /^(?:(?:have|has) you (?:got|still got)|you got|got|do you (?:have|still have)|you have|can i (?:have|take|borrow|grab|steal)|could i (?:have|take|borrow|grab|steal)|may i (?:have|take)|is there|are you free for) (?:a|an|one|two|three|four|five|ten|fifteen|\d+|a few|a couple(?: of)?|some|few) (?:quick |short |spare )?(?:minutes?|mins?|secs?|seconds?|moments?|mo)(?: (?:of your time|to (?:talk|chat|speak)|for (?:me|a chat|a call|this|a quick (?:chat|call|question))|now|right now|today|spare))*$/,
    priority: 3,
    hit: [
      "have you got five minutes",
      "got a sec?",
      "do you have a minute to talk",
      "you got a few minutes now",
      "could I take two minutes of your time",
      "have you got 10 mins",
    ],
    miss: [
      "do you have a few minutes of downtime between orders",
      "have you got minutes from the last board meeting",
      "how many minutes does a pick take",
      "do you have five minutes slots for the drivers",
    ],
    note: "Asking for a moment of the buyer's time is a courtesy, not a pitch or a discovery question.",
  },
  {
    id: "situation-how-are-you-doing-it",
    does: "situation",
    pattern:
      /^how (?:are|r|is|were) (?:you|u|ya|you guys|your (?:team|people|staff|guys)|they) (?:doing (?:it|that|this|them|those|these)\b(?! (?:morning|afternoon|evening|week|weekend|month|year|days|time|fine|well|ok|okay|great|good)\b)|(?!(?:doing|going|feeling|keeping|holding|getting|finding|thinking|coping|dealing|struggling|managing|liking|enjoying|settling)\b|\w*thing\b)[a-z]+ing\b)/,
    form: ["wh"],
    priority: 2,
    hit: [
      "so how are you tracking the agents attendance right now",
      "how are you handling the returns at the moment",
      "how is your team planning the routes",
      "how are you doing it now",
      "and how are you guys doing that at the moment",
    ],
    miss: [
      "how are you doing today",
      "how are you going",
      "how are you feeling about the launch",
      "how are you",
      "how are you doing this morning",
      "how are you doing these days",
      "how are you everything is fine",
      "how is your team thinking about that",
    ],
    note: "'How are you' with a verb of the work after it asks how the work is done, not how the buyer is.",
  },
  {
    id: "goodbye",
    does: "small-talk",
    pattern:
      /^(?:(?:ok |okay |alright )?(?:bye|goodbye|bye bye|see you|talk (?:soon|later)|have (?:a )?(?:good|great|nice) (?:day|one|week|weekend|evening))(?: [a-z]+)?|thanks? (?:you )?(?:so much |very much )?(?:for (?:your|the) time|again)(?: [a-z]+)?|(?:many |thanks?,? )?thanks(?: a lot)?)$/,
    priority: 3,
    hit: ["bye!", "thanks for your time", "talk soon", "have a good day", "thanks again", "have nice weekend"],
    miss: ["thanks, and how many vans do you have", "bye the way how do you plan routes", "have good data on it"],
    note: "A goodbye or thanks closes the call; it is never a proposal or an agreement. Many speakers drop the article ('have nice day').",
  },
  {
    id: "propose-step",
    does: "proposal",
    pattern: new RegExp(
      `^(?:(?:so |then |maybe |perhaps )?(?:how about|what about|why don't we|shall we|should we|can we|could we|we can|we could|would you be (?:open|up) (?:to|for)|are you (?:open|up) (?:to|for)|would it make sense to|does it make sense to|would you like to|do you want to|let's|let us|i suggest|i'd suggest|i propose|i would propose|i would suggest|my suggestion is|what if we)\\b.*\\b${STEP}\\b|.*(?<!\\b(?:you|we|they|i|to) )\\b${STEP}\\b.*\\b${DAY}\\b|^(?:does|would|will|could|can) ${DAY} (?:work|suit|be (?:ok|okay|good|fine))|^(?:can|could|shall|may) i (?:send|book|schedule|set up|put) (?:you |us )?(?:an? )?(?:invite|time|something|it|a slot)|^let's (?:book|schedule|set up|do it|get (?:it|that|something) (?:in|booked)|put (?:something|time))\\b|^(?:would|could|do) you (?:\\w+ ){0,2}(?:want|like|be (?:open|up|willing|interested)) (?:to|for|in) (?:try|trying|test|testing|pilot|piloting|trial|trialling|run|running) (?:it|this|that|us|them|the|a|an|our)\\b)`,
    ),
    priority: 2,
    hit: [
      "could we do a two-week pilot at one depot",
      "how about a 30 minute demo next tuesday",
      "does thursday work for you",
      "would you be open to a short call with your team leads",
      "let's book something for next week",
      "so maybe we can set up a pilot with one team",
      "would you maybe be open to trying it at one restaurant for a few weeks",
      "would you maybe possibly want to try it",
      "could we do a quick call at 3pm",
      "maybe a demo on the 14th",
    ],
    miss: [
      "how did the last pilot go",
      "who would be in a demo on your side",
      "what happened in the trial last year",
      "would you want to try to fix it yourselves first",
      "do you run the trial yourself",
      "if every lead got a call in 5 min what'd that do for ur month",
      // A step word used as a verb, with a day: "call in" someone for cover (writer X's call, review).
      "and the people you call in for cover on sunday they get extra pay",
    ],
    note: "Proposing a concrete next step, or a time for it; questions about past pilots are not proposals.",
  },
  {
    id: "propose-offer",
    does: "proposal",
    pattern:
      /^(?:(?:so|ok|okay|well|then) )?(?:how about (?:i|we|me|us) |what if (?:i|we) (?:set up|book|send|come|came|show|showed|ran|run|bring|brought|arrange|put|did|do|took|take|popped|pop)\b|(?:i|we) could (?:come|pop|drop) (?:by|over|in|round)\b)/,
    priority: 2,
    hit: [
      "how about I come by on thursday and show you",
      "what if I came by and showed the dispatchers",
      "so how about we run it at one site first",
      "i could come by next week with the numbers",
    ],
    miss: ["what if we lost the data", "how about the other depot, is it the same", "what if the driver is sick"],
    note: "Offering to do the next step ('how about I come by', 'what if we set up a call') proposes it.",
  },
  {
    id: "pitch-disguised",
    does: "pitch",
    pattern:
      /^(?:did you know (?:that )?(?:our|we|us|my|there's a (?:tool|way|platform|product))|have you (?:heard|seen) (?:of |about )?(?:our|us|how we|what we)|what if i (?:told|said|showed)|wouldn't it be (?:great|nice|good|amazing|better)|wouldn't you (?:agree|say|love)|don't you (?:think|agree)|isn't it (?:time|true))\b/,
    priority: 2,
    hit: [
      "did you know our tool cuts that in half",
      "wouldn't it be great if your drivers had one app",
      "have you heard of us",
    ],
    miss: ["did you know about the delay before the customer called", "have you seen the error rate go up"],
    note: "Pitches dressed as questions (Rackham): the buyer is told, not asked.",
  },
  {
    id: "pitch-product-hypothetical",
    does: "pitch",
    pattern:
      /\b(?:if you (?:could|had|were to|used|tried|got|saw)|imagine|what if|suppose)\b.*\b(?:our|my|(?:a|the|your own) (?:tool|platform|solution|product|app|software) (?:that|which|to)|(?:live |free |quick )?demo|(?:free )?trial|pilot of ours)\b/,
    priority: 2,
    hit: [
      "how would it help you if you could see our live demo environment",
      "if you could find thirty minutes what would be the impact of getting a free trial set up",
      "imagine if you had a platform that did all of this, what would that mean",
    ],
    miss: [
      "if you could cut overtime by half what would that mean for your team",
      "if the backlog were cleared what would change",
    ],
    note: "A hypothetical whose solution is our product or a demo is a pitch dressed as need-payoff.",
  },
  {
    id: "pitch-our-offer",
    does: "pitch",
    pattern:
      /^(?:we|our (?:product|platform|tool|solution|software|system|app|team|company|customers|clients))\b(?!.*\b(?:you|your)\b.*\?$).*\b(?:offer|provide|sell|help|helps|cut|cuts|save|saves|reduce|reduces|automate|automates|integrate|integrates|built|build|do|does|can|will|have|has|let|lets|give|gives|work with|worked with)\b/,
    form: [null, "statement", "elliptic"],
    priority: 1,
    hit: [
      "we help logistics teams plan routes in minutes",
      "our platform integrates with your ERP",
      "we have a tool that does exactly that",
    ],
    miss: ["we talked about the vans earlier, how many are there", "our last call you mentioned overtime"],
    note: "A statement about what the seller's product does is a pitch.",
  },
  {
    id: "check-recap",
    does: "check",
    pattern:
      /^(?:just )?(?:does (?:that|this) (?:make sense|sound (?:right|fair|good|ok|okay))|to (?:confirm|clarify|recap|summari[sz]e)|to make sure i (?:understood|understand|got|heard|have)|so what i'm hearing is|what i'm hearing is|if i (?:understand|understood|heard|got) (?:you |that |it )?(?:right|correctly)|let me (?:make sure|check|recap|summari[sz]e|repeat)|did i (?:get|understand|hear) (?:that|it|you|this|everything) (?:right|correctly)|have i got (?:that|it) right|am i (?:right|correct)|is that (?:right|correct)|sorry,? (?:can|could) you (?:repeat|say that again)|(?:can|could) you (?:repeat|say that again)|(?:so )?(?:it )?sounds like\b.{8,}\b(?:fair|right|correct)$|(?:so |ok so |okay so )i (?:just )?(?:want to |wanna |'d like to )?confirm\b|i (?:just )?(?:want|wanna|'d like) to confirm\b|let me (?:confirm|read (?:that|it|this|everything|them) back)\b|.{8,}\b(?:is )?(?:everything|all (?:of )?(?:that|this)) (?:is )?(?:correct|right|ok|okay)$)\b/,
    priority: 2,
    hit: [
      "ok so sounds like late orders and pick errors are costing you overtime, fair?",
      "just to confirm, it's forty vans",
      "so what i'm hearing is the planning is all manual",
      "did i get that right",
      "can you repeat that",
      "So I confirm: washing machine, order 448, Saturday 8 to 12. Everything is correct",
      "let me read that back: two vans, Thursday at ten",
    ],
    miss: [
      "i confirm the refund went through this morning",
      "everything is correct on our side, the problem is the courier",
      "to make sure drivers are on time what do you do",
      "if i understand your process what's the slowest step",
      "sounds like a plan",
      "sounds like a lot of work, what does that cost you",
    ],
    note: "Summaries and read-backs of what the buyer said.",
  },
  {
    id: "verify-details",
    does: "situation",
    pattern:
      /^(?:(?:can|could|may) i (?:just |quickly )?(?:check|confirm|verify|double-check|double check|take|have|get|grab)|(?:can|could) you (?:just |please )?(?:confirm|verify|give me|tell me|read me|spell)) (?:the |your |this |that |you )?(?:(?:full|delivery|billing|home|email|e-mail|phone|order|account|reference|booking|contact|post|policy|case|tracking|customer|serial|model) )?(?:address|postcode|post code|zip(?: code)?|details|name|number|email|e-mail|phone|order|account|reference|date of birth|booking|spelling|serial|model)\b/,
    form: ["yes-no", "request"],
    priority: 2,
    hit: [
      "Can I check address with you, it is 27 Harcourt Road",
      "could you confirm your postcode please",
      "can you give me order number please",
      "may i take your account number",
    ],
    miss: [
      "can i check with my manager",
      "can i send you the details by email",
      "could you give me a chance to explain",
    ],
    note: "Checking the customer's details is a diagnosis question about their situation, not a proposal.",
  },
  {
    id: "implication-effect-words",
    does: "implication",
    pattern:
      /^(?!(?:what|which)(?:'s| is| are) (?:\w+ )?(?:affecting|impacting|causing|driving)\b|(?:is|are) (?:there )?(?:anything|something|anyone)\b)(?:what|how|who|where|which|does|did|is|has|have|would|will|do)\b.*\b(?:affect|affects|affected|affecting|impact|impacts|impacted|impacting|effect on|effects on|consequences?|knock-on|knock on|downstream|ripple)\b/,
    form: ["wh", "yes-no", "in-place", "request", "elliptic", "tag"],
    priority: 1,
    hit: [
      "how does missing the cut-off affect your customers",
      "what impact does that have on the team",
      "is the lack of visibility affecting your forecast accuracy",
    ],
    miss: ["what's affecting the delivery times", "is anything affecting pick rates on the night shift"],
    note: "Asking for the effect of something on people, customers or results is an implication question.",
  },
  {
    id: "implication-who-else",
    does: "implication",
    pattern:
      /^who else (?:is affected|feels|notices|has to|gets hit|suffers|pays|picks up|deals with|ends up|is impacted|hears about)\b/,
    priority: 1,
    hit: ["who else feels the pain when deals slip", "who else has to deal with it"],
    miss: ["who else is on the team", "who else signs off on purchases"],
    note: "Who else carries a problem: its knock-on effect on people.",
  },
  {
    id: "implication-risk",
    does: "implication",
    pattern:
      /^(?:is there (?:a |any |some )?(?:real )?(?:risk|danger)|(?:what|how big)(?:'s| is) the (?:risk|danger)|are you (?:at risk|worried you'll)|could (?:that|this|it) (?:lead to|end up|cost))\b(?!.* (?:of|in|with) (?:switching|changing|moving|trying|buying|adopting|a new)\b)/,
    form: ["wh", "yes-no", "in-place", "tag"],
    priority: 1,
    hit: [
      "is there a risk she might leave, do you think?",
      "what's the risk if nothing changes before the audit",
      "could that lead to losing the contract",
    ],
    miss: ["what's the risk of switching to a new system", "is there a chance we could meet next week"],
    note: "Asking what a problem puts at risk asks for its knock-on effect.",
  },
  {
    id: "implication-cost",
    does: "implication",
    pattern:
      /\b(?:what|how much) (?:does|did|do|is|has|will) (?:that|this|it|each (?:\w+ )?\w+|every (?:\w+ )?\w+|a (?:late |failed |missed |lost )?\w+) (?:cost|costing|set you back)\b|\bwhat(?:'s| is) (?:that|it|this) costing\b|^(?:has|did|does|do|will|would|is|could) (?:that|this|it|they) (?:ever )?(?:cost|costing|lose|losing|lost) (?:you|ya|u|the business|the company|them|us)\b|^how much (?:do |does |did )?(?:these|those|that|this)\b[\w\s]{0,40}\bcost\b/,
    priority: 1,
    hit: [
      "what does that cost you",
      "how much does each failed delivery cost",
      "what's that costing you a month",
      "when that happens what does it cost you",
      "oh no, sorry. has that cost you any customers?",
      "if i can ask, how much these late deliveries and credits cost for the company, more or less?",
    ],
    miss: ["what does the software cost you today", "how much do you spend on fuel", "how much the software cost"],
    note: "The cost of a named problem (not the price of a tool the buyer uses).",
  },
  {
    id: "payoff-how-valuable",
    does: "need-payoff",
    pattern:
      /^how (?:valuable|useful|important|helpful|beneficial|much (?:easier|better|faster)|big a (?:win|deal)) (?:would|will|could|is it|would it be)\b/,
    priority: 1,
    hit: ["how valuable would a same-day guarantee be", "how useful would it be to see that live"],
    miss: ["how important is price in your decision", "how big is the team"],
    note: "Asking how valuable a change would be asks the buyer to state its value.",
  },
  {
    id: "problem-hardest",
    does: "problem",
    pattern:
      /^(?!.*\b(?:cost|costs|costing|affect|affects|impact|mean for|do to)\b).*\b(?:biggest|hardest|toughest|main|worst) (?:challenge|problem|issue|headache|frustration|pain|struggle|bottleneck|complaint)s?\b|\b(?:hardest|toughest|trickiest|most painful|most frustrating) (?:part|bit|thing)\b|\bwhat(?:'s| is) (?:going|getting) wrong\b|\bwhat (?:goes|went) wrong\b|^(?:are|is) (?:you|your \w+|the team) (?:happy|satisfied) with\b/,
    form: ["wh", "yes-no", "in-place", "request", "elliptic", "tag"],
    priority: 1,
    hit: [
      "what's the biggest challenge with your current carrier",
      "whats the hardest part of onboarding new reps",
      "are you happy with how fast orders ship",
    ],
    miss: ["what does the biggest challenge cost you each month"],
    note: "Asking what is hard or unsatisfying is a problem question.",
  },
  {
    id: "situation-tried-before",
    does: "situation",
    pattern:
      /^(?:have|has|did) (?:you|your (?:team|company|people)|the team|they) (?:ever |already |previously )?(?:tried|try|used|use|looked at|look at|considered|consider|tested|test|had|bought|buy) (?:any|a|an|another|other|some|anything|something)\b/,
    form: ["yes-no"],
    priority: 2,
    hit: [
      "have you tried any apps for this before",
      "did you ever try a scheduling tool",
      "has your team looked at other systems",
    ],
    miss: ["have you tried our app", "have you seen our platform", "have you tried turning it off and on"],
    note: "Asking what the buyer has tried before is about their situation; asking about the seller's own product is a pitch.",
  },
  {
    id: "problem-another",
    does: "problem",
    pattern: new RegExp(
      `^(?:(?:is|are|was) there )?(?:anything|something|what|any(?:thing)? other|any) else\\b.*\\b(?:${DIFFICULTY})|^any (?:other|more) (?:${DIFFICULTY})`,
    ),
    form: ["wh", "yes-no", "in-place", "request", "elliptic", "tag", null],
    priority: 1,
    hit: [
      "anything else that's a pain",
      "is there anything else giving you headaches",
      "what else goes wrong",
      "any other problems with the vans",
      "anything else bugging you about it",
    ],
    miss: ["what else do you use for planning", "anything else you want to add", "what else should i know"],
    note: "Asking for another difficulty is a problem question, however the buyer's last answer ended.",
  },
  {
    id: "problem-colloquial",
    does: "problem",
    pattern:
      /\b(?:what|which|where|anything)\b.*\b(?:bugs|bug|annoys|bothers|frustrates|irritates|drives) (?:you|ya|u|your team|them|people)\b(?! to)|\bdrives? (?:you|ya|them) (?:crazy|nuts|mad|up the wall)\b|\bwhere (?:does|do|did) (?:it|that|this|things|the process|they) (?:fall apart|fall down|break down|break|get stuck|go sideways)\b|\bwhat(?:'s| is) (?:the )?(?:most )?(?:annoying|painful|frustrating)\b/,
    form: ["wh", "yes-no", "in-place", "request", "elliptic", "tag"],
    priority: 1,
    hit: [
      "what bugs you most about it",
      "where does it fall apart",
      "what drives you crazy about the scheduling",
      "what's most annoying about the current setup",
    ],
    miss: ["what drives your pricing", "who drives you to the depot", "what bugs did the app have"],
    note: 'Everyday words for what is hard or annoying ask about the problem, as "what\'s the biggest challenge" does.',
  },
  {
    id: "problem-quantified",
    does: "problem",
    pattern: new RegExp(
      `^(?:(?:and|so|ok|okay|um|uh|like|right) )*(?:roughly |approximately |about )?(?:how (?:many|much|often)|what (?:percentage|percent|share|proportion|fraction) of)\\b(?!.*\\b(?:cost|costs|costing|spend|spent|revenue|money|pay|paid|dollars?|pounds?|euros?)\\b).*\\b(?:${TROUBLE})\\b`,
    ),
    form: ["wh", "in-place", "request", "elliptic"],
    priority: 1,
    hit: [
      "how many no-shows do you get in a week",
      "how often do the invoices go out late",
      "how many hours a week go on chasing missing documents",
      "roughly how much of the techs day is wasted driving between jobs",
      "what percentage of orders have errors",
    ],
    miss: [
      "how many deliveries do you do a day",
      "how much does each failed delivery cost you",
      "how many people work on the front desk",
      "how much money do you lose on returns",
    ],
    note: "Counting a trouble (how many no-shows, how often late, how many hours chasing) measures the problem, not the situation; its cost is an implication.",
  },
  {
    id: "problem-sized-after-trouble",
    does: "problem",
    pattern:
      /^(?:(?:and|so|ok|okay|um|uh|like|right|sorry|just|then) )*(?:roughly |approximately |about |like )?(?:how (?:many|much|often|long)|what (?:percentage|percent|proportion|share|fraction))(?: (?:of )?\w+)?(?: would you say| are we talking| is (?:that|it|this)| does (?:it|one|that|each|this) (?:take|last|happen)| do(?:es)? (?:that|it|this|they) happen| of (?:them|those|these|the time)| times| (?:a|per|each|every|in a|in one) (?:day|week|month|year|shift|season))\b(?!.*\b(?:cost|costs|costing|spend|spent|revenue|money|pay|paid|dollars?|pounds?|euros?|worth)\b)/,
    buyer: ["problem"],
    form: ["wh", "in-place", "request", "elliptic"],
    priority: 1,
    hit: [
      "Conflict checks take forever. || how long does one take from start to finish roughly",
      "Patients no-show a lot on Monday mornings. || oh ok, um, how many would you say, roughly?",
      "Care homes ring us constantly asking where the delivery is, it's a nightmare. || roughly how many calls is that a day?",
      "We lose a lot of bookings because nobody picks up. || how often does that happen",
    ],
    miss: [
      "We have three hygienists and one of them is part time. || how many days a week does she work",
      "Orders keep going out wrong. || how much does each wrong order cost you",
      "Orders keep going out wrong. || how many people pack the orders",
      "how many deliveries do you do a day",
    ],
    note: "Sizing the trouble the buyer just named (how long, how often, how many of them) measures the problem; its cost is an implication, and sizing plain facts is situation.",
  },
  {
    id: "problem-cause",
    does: "problem",
    pattern:
      /^(?:so |and )?(?:what(?:'s| is| are) (?:driving|causing|behind) (?:that|this|it|those|these)|what (?:usually |typically )?(?:causes|caused|drives|makes) (?:that|this|it|them|those)|why (?:is|are|does|do|did) (?:that|this|it|they|those) (?:happen|happening|so|keep|take|go))\b/,
    priority: 1,
    hit: ["so what's driving that", "what usually makes them fail", "why does that happen"],
    miss: ["what's driving the new project", "why do you use two systems"],
    note: "Asking the cause of a problem the buyer named is a problem question (Rackham).",
  },
  {
    id: "payoff-solved-hypothetical",
    does: "need-payoff",
    pattern:
      /\b(?:if|once|when|say|suppose|imagine)\b.*\b(?:gone|fixed|solved|sorted|went away|disappeared|no longer|didn't have to|did not have to|never had to|could|was able to|were able to|halved|cut in half|automated)\b.*\b(?:what|how|who|would|'d)\b|\b(?:magic wand|in an ideal world|ideally)\b|^what would (?:it|that|this) (?:mean|be worth|change|do) for (?:you|your|the)\b/,
    form: ["wh", "yes-no", "in-place", "request", "elliptic", "statement", "tag"],
    priority: 1,
    hit: [
      "if the dock wait was gone what would you do with that hour",
      "what would that mean for your team",
      "in an ideal world how would planning work",
    ],
    miss: ["if a driver calls in sick what happens", "what would you say is the biggest problem"],
    note: "A hypothetical about the problem solved asks for its value (need-payoff).",
  },
  {
    id: "implication-continuing",
    does: "implication",
    pattern:
      /\bif (?:this|that|it|nothing|things|the \w+) (?:continues|continue|keeps|keep|carries on|goes on|gets worse|doesn't change|does not change|stays the same|isn't fixed|is not fixed)\b|\bif (?:this|that|it|the (?:problem|backlog|delay|delays|issue)) (?:grows|doubles)\b|\bif nothing changes\b|\bcost of doing nothing\b/,
    priority: 1,
    hit: [
      "if this continues through peak what happens to the big account",
      "and if nothing changes next year where does that leave you",
    ],
    miss: ["if it was fixed what would change", "if the volume grows would you hire"],
    note: "A hypothetical about the problem carrying on asks for its consequences (implication).",
  },
  {
    id: "objection-acknowledge-reassure",
    does: "objection",
    pattern:
      /^(?:that's (?:fair|understandable|a (?:fair|good|valid|real|reasonable) (?:point|concern|worry))|i (?:hear|understand|get) (?:you|that|it|your (?:concern|worry|point))|(?:totally |completely )?understandable|good point|no wonder)\b.*\b(?:we'd|we would|we'll|we will|we can|we could|you'd|you would|you'll|you will|that's why|which is why)\b/,
    form: [null, "statement", "elliptic"],
    priority: 1,
    hit: [
      "that's fair, we'd start with one shift for two weeks",
      "I hear you, that's why we would keep your current system running alongside",
      "that's a fair concern, you'd only change one depot at first",
    ],
    miss: [
      "that's fair, how long did the last rollout take",
      "I understand, what happened last time",
      "that's fair, could we do a two-week pilot next tuesday",
      "that's a fair point about overtime",
    ],
    note: "Acknowledging the buyer's worry and answering it with how it would go handles the objection; it is not a fresh proposal.",
  },
];
