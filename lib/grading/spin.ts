/**
 * SPIN stage of a learner's question by the job it does for the buyer (Rackham), read with the
 * buyer's previous turn as context. Deterministic rules, in this order:
 *
 * 1. Not a discovery question (stage null): small talk, logistics and trial closes, confirmations of
 *    what was said, questions about our own product, pitches dressed as questions.
 * 2. A hypothetical about the problem continuing or growing: implication.
 * 3. Need-payoff: asks the buyer to state the value of the problem solved.
 * 4. Implication: the consequences of a problem (its cost, knock-on effects on people, customers,
 *    revenue, risk), including "what does that do to...?" when "that" is a problem the buyer just named.
 * 5. Problem: difficulties and dissatisfactions, including the cause, frequency or an example of a
 *    problem the buyer just named.
 * 6. Situation: any other question about the buyer's facts, open or closed.
 */
import { env } from "@/lib/env";

import { normaliseText, stripLeadIns } from "./questions";
import { activeStageModel, predictStage, stageFeatures } from "./stage-model";

export const SPIN_STAGES = ["situation", "problem", "implication", "need-payoff"] as const;
export type SpinStage = (typeof SPIN_STAGES)[number];
export type QuestionClass = { open: boolean; stage: SpinStage | null };
export type QuestionContext = { buyerBefore?: string | null };

const any = (...parts: string[]) => new RegExp(`\\b(?:${parts.join("|")})\\b`);

const SMALL_TALK = any(
  "how (?:are|r) (?:you|things|ya)(?: doing| today)?$",
  "how(?:'s| is| was) (?:your|the) (?:day|week|weekend|morning|afternoon|trip|holiday|vacation|summer)",
  "how(?:'s| is) (?:it going|everything|life|business)",
  "how have you been",
  "did you have a (?:good|nice|great)",
  "can you hear me",
  "is this (?:still )?a good time",
  "do you have (?:a )?(?:few|couple of|couple) minutes",
  "did i catch you",
  "where are you (?:calling|dialing|joining) from",
  "how was the (?:drive|traffic|flight)",
  "(?:good|nice) (?:weather|weekend)",
  "are you (?:there|still there|ok|okay)",
  "can you see my screen",
  "are you (?:going to be|going|heading) (?:at|to) (?:the|this|next)",
  "(?:conference|trade show|expo|summit) this year",
  "how(?:'s| is) the (?:harvest|season|weather|summer|winter)",
  "i saw (?:it's|that it's|on linkedin|your post)",
);
const PITCH = any(
  "(?:wouldn't|won't|don't|doesn't|isn't|aren't) (?:you|it|that|this) (?:agree|think|be (?:great|nice|better|amazing|good)|sound|make sense|love)",
  "did you know",
  "have you (?:heard|seen) (?:of |about )?(?:our|us|how we|what we)",
  "what if i (?:told|said|showed)",
  "(?:would|are) you (?:be )?(?:interested|open) (?:in|to)",
  "would you like (?:to (?:see|hear|try|know more|book|schedule)|a (?:demo|trial|quote)|me to)",
  "(?:can|may|could) i (?:show|send|tell|walk you|share|book|schedule|set up|get you|put you|sign you)",
  "shall (?:we|i)",
  "isn't it (?:true|time)",
  "don't you want",
  "who wouldn't",
  "wouldn't it be",
  "(?:are|do) you (?:ready|want) to (?:sign|buy|move forward|get started|go ahead|start)",
  "why not (?:try|give|start|go|switch)",
  "ready to (?:sign|buy|move forward|get started)",
  "what's stopping you from (?:signing|buying|trying)",
  "how (?:soon|quickly) (?:can|could) (?:you|we) (?:sign|start|get started)",
  "can we (?:get|count on) (?:you|your)",
  "you'd (?:agree|want)",
  "you agree",
  "(?:wouldn't|don't) you(?: (?:say|think|agree))?$",
  "do you want me to (?:show|send|walk|demo|set|book|run)",
  "is (?:that|this|it) something (?:you'd|you would|you might|your \\w+ would) (?:use|want|need|consider|be interested|look at|try)",
  "what would it take (?:for (?:you|us|your \\w+) )?to (?:sign|buy|move|close|commit|get (?:this|it|started)|switch|go ahead|say yes|approve)",
  "(?:try|tried|seen|see|use|used|look at|looked at|read|test|tested|had a chance to \\w+) (?:our|my)\\b",
  "(?:would|will|could|does|can) (?:our|my) [\\w' -]{1,30} (?:work|fit|help|suit|make sense)",
  "what do you think (?:of|about) (?:our|my|the demo|the product|the platform|that feature)",
  "how does (?:that|this) (?:price|pricing|offer|discount) sound",
);
const LOGISTICS = any(
  "(?:does|would|will|could|can) (?:that|this|it|(?:mon|tues|wednes|thurs|fri|satur|sun)day|next week|tomorrow|\\d+(?::\\d+)?(?: ?[ap]m)?|the \\d+\\w*|\\w+ at \\d+) (?:work|suit|sound (?:good|ok|okay|right)|make sense|be (?:ok|okay|possible|a problem|fine))",
  "what time (?:works|is good|suits|would work)",
  "when (?:works|would work|are you (?:free|available)|is (?:a good|the best) time|can (?:we|i) (?:meet|talk|call|follow up))",
  "(?:can|could|should|shall) (?:we|i) (?:schedule|book|set up|put|find|meet|get|grab|lock in|pencil|send|follow up|circle back|reconnect|loop)",
  // A proposal in statement order: "maybe we can reconnect", "how about we set up a call", "let's book".
  "^(?:(?:so|great|ok|okay|well|then),? )?(?:maybe|perhaps|how about|what about|why don't|let's|let us) (?:we |i |you and i )?(?:can |could |should |shall |try to )?(?:schedule|book|set up|meet|get together|follow up|circle back|reconnect|catch up|talk again|touch base|loop)",
  "is (?:it|that) (?:ok|okay|alright|fine) (?:if|to|for)",
  "does (?:that|this) (?:make sense|sound (?:good|fair|right|ok|okay))",
  "sounds? (?:good|fair)$",
  "(?:so )?(?:you're|you are|what you're|what i'm hearing is|if i heard you|if i understand)(?: you)? (?:saying|telling)",
  "(?:^|just )to (?:confirm|clarify|check|make sure|recap)",
  "did i (?:get|understand|hear) (?:that|it|you|this|everything) (?:right|correctly)",
  "(?:is|was) that (?:right|correct|fair|accurate)",
  "am i (?:right|correct|hearing)",
  "have i got (?:that|it) (?:right|correct)",
  "(?:right|correct|yeah|ok|okay)$",
  "can i (?:get|have) your (?:email|number|address)",
  "who should i (?:send|address|email)",
  "(?:do you have|are there|any) (?:any )?(?:other |more |further )?questions(?: for me)?",
  "what(?:'s| is) the best (?:email|number|way to reach|way to send)",
  "could you repeat",
  "sorry,? what (?:was|did you say)",
  "can you (?:hear|see)",
  "is (?:it|this) (?:a bad|a good|an ok) time",
  "would it make sense to (?:meet|schedule|book|set|get|talk|have|do|hop|jump|reconnect|continue|follow)",
  "shall i",
  "does (?:the|a) \\w+ (?:slot|time) work",
  "did you (?:get|receive|see|open|read|have a chance|get a chance|manage)(?: [\\w'-]+){0,3} (?:i|we) (?:sent|shared|emailed)",
  "(?:loop|bring|pull) (?:in|into)",
  "next (?:call|meeting|session|demo)",
  "(?:go|move|send it|get it) to (?:procurement|legal|contract|signature)",
  "are we (?:good|set|ready|in (?:good )?shape|aligned|on the same page|all set)",
  "how was the (?:conference|event|show|trip|game|match|keynote|session|webinar|summit|holiday|break|flight)",
  "did you catch the",
  "tell me if (?:it's|that's|i'm|this is) (?:off|wrong|not right)",
  "here's what i'd (?:suggest|propose|recommend)",
  "(?:could|can|would|will) (?:\\w+ )?(?:and \\w+ )?join (?:a|the|us|our|that) (?:call|meeting|session|demo)",
  "next steps?",
  "(?:what|how) (?:is|does) (?:the|your) (?:hiring |interview |decision )?process (?:look like )?from here",
  "when (?:can|will|should|might) i (?:expect|hear)",
  "who else should (?:be|join) (?:on|in) (?:the|that|our) (?:call|meeting|demo)",
  "(?:can|could) (?:you|we) (?:do|make) (?:mon|tues|wednes|thurs|fri)day",
);
/** A hypothetical whose "solution" is our product or a feature: a pitch dressed as need-payoff. */
const PRODUCT_HYPOTHETICAL =
  /\b(?:our|my) \w+|\ba (?:tool|platform|solution|product|system|app|software) (?:that|which|to)\b|\b(?:ai|a\.i\.|machine learning)\b|\b(?:demo|free trial|a trial|the trial|live demo)\b|\binto (?:one|a single|our)\b/;
const OUR_PRODUCT =
  /\b(?:our|my) (?:product|platform|tool|solution|software|app|system|service|offering|pricing|price|demo|feature|features|dashboard|integration|integrations|team|company|proposal|module|package|plan|contract|offer|case studies|customers)\b|\b(?:we|i) (?:offer|provide|sell|built|build|have built)\b/;

// Hypotheticals about the problem continuing or growing: implication.
const CONTINUING = any(
  "if (?:this|that|it|nothing|things|the (?:\\w+ ){0,2}(?:problem|issue|situation|backlog|delay|gap|trend)) (?:continues|continue|keeps|keep|goes on|carries on|gets worse|got worse|grows|doubles|stays|remains|persists|isn't (?:fixed|solved|addressed|resolved|dealt with)|doesn't (?:change|get fixed|get better|improve)|never (?:gets|got) (?:fixed|solved)|carried on|kept (?:going|happening)|went on)",
  "if nothing changes",
  "if you (?:don't|do not|can't|never) (?:fix|solve|address|change|deal with|sort|get)",
  "what happens if (?:you|we|nothing|they|this|that|it) (?:don't|doesn't|do nothing|never|keeps?|can't|stays?|continues?)",
  "cost of (?:doing nothing|inaction|waiting|delay)",
  "(?:a |another )?(?:year|six months|quarter) from now if",
  "if (?:it|that|this) happens again",
  "if (?:the|your) \\w+ (?:keeps|keep|continues|continue) (?:to|growing|rising|falling|slipping)",
  "if (?:you|they|the \\w+) (?:keep|keeps) (?:losing|missing|having|getting|spending|doing)",
  "if (?:this|that|it) (?:happened|happens) (?:during|in|at|on) (?:peak|the|your|a)",
  "left unchecked",
  "if (?:that|it) (?:spreads|spread|scales)",
  "if (?:[\\w'-]+ ){1,3}(?:don't|doesn't|do not|does not|never|can't|won't) (?:improve|change|get better|get fixed|come down|go down|recover|pick up)",
  "how long (?:can|could|will) (?:that|this|it|you|they|the team|people) (?:go on|carry on|keep (?:going|that up|this up|it up)|last|sustain|continue)",
  "before (?:you|they|people|it|things) (?:start|begin) (?:losing|to lose|to break|breaking|to slip|slipping)",
  "if (?:a |an |the |another )?(?:[\\w-]+ )?(?:attack|breach|ransomware|outage|fire|flood|audit|inspection|recall|strike|cyber ?attack) (?:hit|hits|happened|happens|came|comes|struck|strikes)",
);
const NEED_PAYOFF = any(
  "(?:if|once|when|suppose|supposing|say) (?:you|your (?:\\w+ ){0,2}|we|they|the (?:\\w+ ){0,2}|you guys|those \\w+|these \\w+|that|this|it|he|she) (?:could|can|were able to|was able to|had|didn't have to|no longer (?:had|have)|got|could get|managed to|never had to|were to|would|did(?:n't)? have|no longer|stopped|came back|went away|were gone|was gone|disappeared|were solved|was solved|were fixed|was fixed|got (?:fixed|solved|sorted)|cut|halved|dropped|doubled|freed up|were freed|was freed|reached|hit|shipped|caught|finished|closed|knew|saw|had a way|did have)",
  "what would (?:it|that|this|solving|fixing|having|getting|cutting|reducing|saving|freeing|removing|eliminating|halving|automating|hitting|reaching|achieving|being able|a \\w+|an \\w+|the extra|those|these|\\w+ing)(?: [\\w'-]+){0,8} (?:mean|do|give|change|be worth|save|free|allow|let|look like|enable|unlock|bring|matter)",
  "how would (?:it|that|this|solving|fixing|having|getting|a \\w+|an \\w+|the|those|these|\\w+ing)(?: [\\w'-]+){0,8} (?:help|change|improve|benefit|make a difference|affect your (?:goals?|targets?|plans?)|feel|make you feel|look|play out for you)",
  "how (?:valuable|useful|important|helpful|beneficial|much (?:easier|better|faster)|big a (?:win|deal)) (?:would|will|is it to|is that to)",
  "what (?:difference|value|benefit|benefits|impact) would",
  "why (?:is|would|does) (?:it|that|this|solving|fixing|getting|reducing|cutting|hitting|reaching)(?: [\\w'-]+){0,6} (?:important|matter|worth|a priority|so important)",
  "who (?:else )?would (?:benefit|be happy|be glad|notice|care)",
  "imagine",
  "in an ideal world",
  "ideally",
  "magic wand",
  "what would you do with (?:the|that|those|an extra|the extra|more|all)",
  "would (?:it|that|this) (?:help|be useful|be valuable|make a difference|be worth)",
  "how would (?:you|your team|they) (?:use|spend|reinvest|put)",
  "what would (?:you|your team|they|the team|your people|the \\w+) (?:do|spend|use|focus on|work on) (?:with|instead|if)",
  "what (?:would|could) (?:you|your team|they) (?:achieve|accomplish|do differently)",
  "what would success look like",
  "what would (?:good|great|better) look like",
  "if (?:that|this|it) (?:were|was) (?:solved|fixed|sorted|gone|automated|handled)",
  "how much (?:would|could) (?:that|it|this|you) (?:save|be worth|make|free up|gain)",
  "what(?:'s| is) (?:that|it) worth to you",
  "what(?:'s| is) the (?:value|upside|benefit|payoff) (?:of|in|to you)",
  "which (?:one |of (?:those|these|them) )?would (?:[\\w'-]+ ){0,3}(?:make the (?:biggest|most) difference|matter (?:the )?most|care (?:the )?most|help (?:the )?most|be worth (?:the )?most)",
  "what would you (?:want|like|love) to be able to (?:tell|say|show|report|do)",
  "what would change (?:for you|for your|if|in)",
  "what would it take",
  "what would it mean",
  "how would (?:you|your \\w+) (?:feel|benefit)",
);
const IMPLICATION = any(
  "adds? up to",
  "add up",
  "by the time",
  "go(?:es)? elsewhere",
  "walk(?:s|ed)? away",
  "pass(?:ing)? on (?:bids|deals|work|jobs|business|orders)",
  "lose out",
  "losing out",
  "end(?:s)? up",
  "(?:has|have|did) (?:that|it|this|those) ever (?:cost|lost|hurt|delayed|damaged|put)",
  "ever cost you",
  "what (?:did|does|has) (?:that|it) (?:cost|mean) (?:you|the)",
  "knock(?:s|ed)? on",
  "while (?:you|they|it|a|an|the|those|that|customers|patients|guests|crews) (?:[\\w'-]+ ){0,3}(?:wait|waits|waiting|sit|sits|sitting|stuck|is down|are down)",
  "affect",
  "affects",
  "affected",
  "affecting",
  "impact",
  "impacts",
  "impacted",
  "impacting",
  "effect on",
  "effects on",
  "effect has",
  "consequence",
  "consequences",
  "repercussions",
  "fallout",
  "knock-on",
  "knock on",
  "downstream",
  "ripple",
  "spill over",
  "spills over",
  "cost you",
  "costs you",
  "costing",
  "cost the (?:business|company|team)",
  "what does (?:that|this|it|each|a) ?(?:\\w+ )?cost",
  "how much (?:does|do|did|is|are) (?:that|this|it|those|these|each)(?: [\\w'-]+){0,3} (?:cost|costing|take|taking|set you back)",
  "how much (?:time|money|revenue|margin|overtime|business|productivity|cash) (?:does|do|did|is|are|has|have|gets|goes|get|are you|is the|do you) (?:that|this|it|those|these|lose|losing|lost|wasted|being|spend|spent|go|goes|burn|burned|waste)",
  "(?:does|did|could|can|has|have|would|will|might) (?:that|this|it|those|these) (?:lead|led) to",
  "result(?:s|ed)? in",
  "what (?:does|did|has|will|would) (?:that|this|it|those|these|all that|each one)(?: [\\w'-]+){0,2} (?:do to|mean for|done to|meant for|cause|caused|cost)",
  "what happens (?:to|downstream|when that|when it|when this|as a result)",
  "who else (?:is affected|feels|notices|has to|gets|is impacted|suffers|pays|picks up|deals|ends up)",
  "what(?:'s| is) at stake",
  "what(?:'s| is) (?:it|that|this) costing",
  "how much (?:are you|is the company|is the business|do you) (?:losing|lose|leaving)",
  "(?:lost|losing|lose) (?:deals|revenue|customers|clients|sales|business|contracts|margin|money)",
  "what slips",
  "what gets (?:pushed|dropped|delayed|missed|lost)",
  "what (?:doesn't|does not|never) gets? done",
  "what did (?:you|they|we|the \\w+) lose",
  "having to (?:pass on|turn (?:down|away)|say no|walk away)",
  "what suffers",
  "how does (?:that|this|it)(?: [\\w'-]+){0,2} (?:hurt|slow|hit|land|play out|sit with|go down|show up|affect|weigh|feed into|spill)",
  "how (?:do|does|did) (?:your|the|their) (?:\\w+ )?(?:customers?|clients?|boss|manager|team|leadership|ceo|cfo|board|reps?|drivers?|patients?|staff|people|users|buyers?|engineers?|nurses|students|executives|director|vp|investors|partners) (?:react|feel|respond|take it|cope|handle it|deal with it)",
  "what does (?:your|the) (?:\\w+ )?(?:boss|manager|leadership|ceo|cfo|board|director|vp|team) (?:say|think) about (?:that|this|it)",
  "how (?:serious|costly|expensive|painful|damaging|big a deal|much of a hit)",
  "risk (?:of|to|for|that)",
  "at risk",
  "in jeopardy",
  "walk(?:s|ed|ing)? out",
  "out the door",
  "risks (?:of|to|for|that)",
  "jeopardi[sz]e",
  "how (?:do|does|did) (?:[\\w'-]+ ){1,3}(?:react|respond|take it)",
  "lost (?:anyone|people|staff|someone|good people|any)",
  "how long (?:are|do|does|will) (?:[\\w'-]+ ){0,3}(?:stay|staying|last|lasting)",
  "what's the (?:cost|price|toll|damage)",
  "how many (?:deals|customers|clients|orders|hours|patients|sales|people|shipments|renewals|leads|opportunities|candidates|tickets) (?:do you|did you|have you|are you|were|get|got) (?:lose|lost|losing|miss|missed|missing|delayed|dropped|churn|churned|wasted|waste)",
  "what (?:else )?(?:does|did) (?:that|this|it) (?:mean|do)",
  "what(?:'s| is| was) the (?:knock-on|effect|result|outcome|implication)",
  "implications?",
  "what would happen (?:if|to|when)",
  "pressure on",
  "morale",
  "burn ?out",
  "reputation",
  "what does (?:that|this|it) (?:do|mean) (?:to|for)",
  "how does (?:that|this|it) (?:make you|leave you|leave the)",
  "where does (?:that|this|it) leave",
);
const PROBLEM = any(
  "what happens (?:during|when|if|on|at|in|with)",
  "coming from",
  "hold(?:s|ing)? up when",
  "denied",
  "rejected",
  "bounced",
  "out-of-stocks?",
  "out of stock",
  "stockouts?",
  "shortages?",
  "how long (?:do|does|did|is|are) (?:[\\w'-]+ ){1,4}(?:sit|wait|take|sitting|waiting|stuck)",
  "wait(?:ing)? times?",
  "get(?:s|ting)? in the way",
  "stop(?:s|ping)? (?:you|your|the|them|it) from",
  "hold(?:s|ing)? (?:you|your|the|them|it) back",
  "how (?:happy|comfortable|satisfied|confident|pleased|well|good|reliable|accurate) (?:are|is|does|do|has|have|were|was|would)",
  "as (?:\\w+ )?(?:as|like) (?:you'd|you would|you) (?:like|want|need|hope|expect)",
  "where (?:you|you'd) (?:want|like|need|expect) (?:it|them|that)",
  "keep(?:ing)? up",
  "(?:your|the|their) experience (?:been )?with",
  "experience been",
  "how (?:are|is) (?:\\w+ ){1,2}finding",
  "how(?:'s| has) (?:\\w+ ){1,3}been (?:lately|recently|going|working|holding up)",
  "actually (?:catch|work|keep|deliver|help|get)",
  "wrong",
  "sore (?:point|spot)",
  "pushed? back",
  "drop(?:s|ped)? out",
  "drift\\w*",
  "how far off",
  "not getting",
  "(?:most )?like to (?:never|stop|get rid|drop|avoid)",
  "get rid of",
  "never (?:do|have to do) (?:again|that again)",
  "put up with",
  "live with",
  "what (?:do you|would you) (?:hear|get) from (?:\\w+ ){0,2}(?:who|that) (?:drop|leave|quit|complain|churn|cancel)",
  "what does (?:that|this|it) look like (?:day to day|in practice|on the ground|for)",
  "the last time (?:\\w+ ){0,4}(?:went|go|goes|came|come) (?:out |back |in )?(?:wrong|short|late|badly|incomplete)",
  "complaining",
  "problem",
  "problems",
  "challenge",
  "challenges",
  "challenging",
  "difficult",
  "difficulty",
  "difficulties",
  "hard",
  "harder",
  "hardest",
  "tough",
  "toughest",
  "struggle",
  "struggles",
  "struggling",
  "frustrat\\w*",
  "annoy\\w*",
  "issue",
  "issues",
  "concern",
  "concerns",
  "concerned",
  "worry",
  "worries",
  "worried",
  "pain",
  "pains",
  "painful",
  "headache",
  "headaches",
  "go wrong",
  "goes wrong",
  "went wrong",
  "going wrong",
  "break",
  "breaks",
  "broke",
  "broken",
  "breakdown",
  "fail",
  "fails",
  "failing",
  "failed",
  "failure",
  "failures",
  "slow",
  "slower",
  "slows",
  "bottleneck",
  "bottlenecks",
  "complain\\w*",
  "dissatisf\\w*",
  "happy with",
  "satisfied with",
  "not working",
  "isn't working",
  "doesn't work",
  "falls? (?:down|short|through|apart)",
  "gets? in the way",
  "stuck",
  "keeps? you up",
  "obstacle",
  "obstacles",
  "blocker",
  "blockers",
  "gaps?",
  "weak\\w*",
  "what would you (?:change|improve|fix)",
  "what do you (?:like|dislike) (?:least|about)",
  "least (?:favorite|favourite)",
  "wish (?:it|you|they|that)",
  "room for improvement",
  "could be better",
  "what prompted",
  "what made you (?:start|look|reach|consider|decide|want)",
  "why now",
  "what's driving",
  "what led you to (?:look|reach|start|consider|explore)",
  "miss",
  "misses",
  "missed",
  "missing",
  "late",
  "delay",
  "delays",
  "delayed",
  "error",
  "errors",
  "mistake",
  "mistakes",
  "waste",
  "wasted",
  "wasting",
  "manual",
  "manually",
  "lose",
  "losing",
  "lost",
  "complaint",
  "complaints",
  "pushback",
  "friction",
  "risky",
  "unhappy",
  "upset",
  "worst",
  "trouble",
  "tricky",
  "messy",
  "chaos",
  "chaotic",
  "overwhelm\\w*",
  "behind",
  "bugs?",
  "downtime",
  "outage",
  "outages",
  "backlog",
  "turnover",
  "leaving",
  "quit",
  "hurdle",
  "hurdles",
  "pain points?",
  "what(?:'s| is) (?:not|missing)",
  "what (?:keeps|makes) (?:it|that|this|them|things) (?:from|so|hard)",
  "why (?:is|does|do|did|are) (?:it|that|this|they|those) (?:\\w+ )?(?:happen|keep|take|so)",
  "what (?:usually |typically |normally )?(?:causes|caused|makes|drives|triggers)",
  "how often (?:does|do|did|is|are) (?:that|this|it|those|these|they)",
  "(?:give|share|tell) me (?:an |a recent |one )?example",
  "what (?:part|parts|bit|piece|step) (?:of|is|takes|do)",
  "where (?:does|do|is) (?:it|that|this|things|the process) (?:break|go wrong|slow|get stuck|fall)",
  "what would make (?:it|that|this|your job|your life) easier",
  "sideways",
  "creaks?",
  "creaking",
  "sore",
  "fiddly",
  "patchy",
  "clunky",
  "flaky",
  "unreliable",
  "inconsistent\\w*",
  "inaccura\\w+",
  "niggles?",
  "bugbears?",
  "gripes?",
  "grumbles?",
  "workarounds?",
  "rework",
  "redo(?:ing)?",
  "re-?ent(?:er|ering|ry)",
  "double (?:handling|entry|keying)",
  "chas(?:e|es|ing)",
  "fall(?:s|ing)? (?:over|through the cracks)",
  "trip(?:s|ping)? (?:\\w+ )?up",
  "slip(?:s|ping)? through",
  "surprised",
  "surprises",
  "deviations?",
  "back and forth",
  "grief",
  "hassle",
  "holding up",
  "how easy",
  "how smooth(?:ly)?",
  "cope",
  "copes",
  "coping",
  "how(?:'s| is) (?:that|it|this|the [\\w-]+) (?:working|going) (?:for you|out)",
  "which (?:part|parts|bit|step|stage)s? (?:[\\w'-]+ ){0,4}(?:causes?|gives?|takes?|creates?) (?:you )?(?:the )?most",
  "what(?:'s| is) (?:the )?(?:biggest|main|top|hardest|most annoying|worst)",
  "what would you like to (?:see )?(?:change|improve)",
  "anything you'd change",
  "what isn't",
  "what doesn't",
);
/** The buyer named a problem in the previous turn. */
const BUYER_PROBLEM =
  /\b(?:problem\w*|issue\w*|struggl\w*|wrong|incorrect|inaccura\w*|cutting|cut|cuts|reduc\w*|squeez\w*|unanswered|unpaid|ignored|reject\w*|gaps?|shortfall\w*|late|later|miss\w*|error\w*|mistake\w*|fail\w*|slow\w*|complain\w*|frustrat\w*|pain\w*|hard|difficult|wast\w*|lose|losing|lost|behind|delay\w*|manual\w*|overtime|churn\w*|broken|break\w*|too (?:much|long|many|slow|few)|backlog|bottleneck\w*|stuck|chaos|mess\w*|nightmare|headache\w*|burn\w*|quit\w*|leav\w*|angry|upset|worr\w*|risk\w*|expensive|overrun\w*|downtime|outage\w*|firefight\w*|chas\w*|rework\w*|re-?key\w*|bug\w*|crash\w*|stress\w*|slip\w*|sits?|sat|disput\w*|denied|denial\w*|false positives?|findings?|flagged|out of date|old|clunky|give up|gave up|drop\w*|cancel\w*|overbook\w*|derated|reactive|goes off|sev-?\d|takes? (?:about |around |roughly |up to )?(?:\d+|a|an|two|three|four|five|six|several|many) (?:weeks|days|hours|months)|weeks|booked (?:up|months)|no-?shows?|scrap|estimated|paper|fax\w*|excel|spreadsheets?|nobody|no one|can't|cannot|couldn't|won't|don't|doesn't|never|fewer|short-?staffed|understaffed|turnover|unplanned|heavy|up this year|down this year|went up|gone up|rising|fell|falling)\b/;
const REFERS_BACK = /\b(?:that|this|it|those|these|they|them|then|there|when that|each time|every time)\b/;
const EFFECT_ON_CONTEXT = any(
  "what (?:does|did|has|will|would) (?:that|this|it|those|these)(?: [\\w'-]+){0,2} (?:do|mean|cost|take|cause)",
  "what happens (?:then|next|after|when|to|as a result|downstream|at|in|on|with|for)",
  "who (?:else )?(?:notices|feels|deals|picks|pays|gets|has to|ends up|hears)",
  "how (?:do|does|did) (?:[\\w'-]+ ){1,3}(?:react|feel|respond|take it|cope)",
  "what (?:slips|suffers|gives|breaks|gets (?:delayed|dropped|pushed|missed))",
  "how much (?:time|money|revenue|overtime|does that|do those|is that|does it|do they)",
  "what(?:'s| is) the (?:cost|impact|effect|fallout|result|toll)",
  "how does (?:that|this|it) (?:go down|land|play out|sit|feel|leave)",
  "and then what",
  "what else (?:happens|breaks|goes)",
  "how (?:does|do) (?:that|this|those|these|it) (?:affect|change|hit)",
  "what (?:do|does) (?:your|the) (?:\\w+ ){0,2}(?:say|think)",
  "where (?:do|does|did) (?:they|those|these|that|it|them) (?:[\\w'-]+ )?(?:go|end up)",
  "how (?:many|much) (?:\\w+ ){0,2}(?:do you|does that|did you) (?:lose|miss|cost|waste)",
);
const CAUSE_ON_CONTEXT = any(
  "coming from",
  "come from",
  "comes from",
  "hold(?:s|ing)? up",
  "cope",
  "copes",
  "where do(?:es)? (?:most|the|those|these)",
  "why",
  "what (?:usually |typically |normally |mostly )?(?:causes|caused|makes|made|drives|triggers|is behind)",
  "how often",
  "how long has",
  "when did (?:that|this|it) (?:start|begin)",
  "where does (?:it|that|this)",
  "(?:an |one |a recent )?example",
  "what (?:part|bit|piece|step)",
  "which (?:part|bit|piece|step|ones?)",
  "tell me more",
  "what (?:exactly|specifically) (?:happens|goes|is)",
  "what(?:'s| is) (?:going|getting) wrong",
  "how (?:bad|big|frequent)",
);

/** Hypotheticals: the question imagines a different state. */
const HYPOTHETICAL =
  /^(?:and |so )?(?:say|suppose|supposing|imagine) (?:you|every|all|the|your|we|they|there)\b|\bif\b|\bwould (?:help|change|improve|mean|free|save|benefit|make|feel|say|think|care|notice)\b|\bhow (?:[\w'-]+ ){1,6}would\b|\b(?:if|once|suppose|supposing|imagine|were)\b[^?]*\b(?:would|'d|will|could)\b|\b(?:would|'d)\b[^?]*\bif\b|^(?:what|how|who|where|which)(?: [\w'-]+){0,2} would\b|\bhow much would\b|\bwho(?:'d| would)\b|^what would\b|\bwhat (?:\w+ ){0,2}would\b/;
const VALUE_VERB =
  /\b(?:mean|do (?:for|to|with)|be worth|worth|change|help|improve|free|buy|save|give|benefit|notice|care|feel|say|think|happiest|happy|glad|use|put|spend|go(?:es)? away|look like|matter|unlock|work(?:ing)? on|instead|spend|be different|enable|allow|let|gain|win|achieve|reinvest|focus|invest)\b/;
/** Marks of a problem continuing or growing inside a hypothetical. */
const CONTINUING_MARK =
  /\b(?:a third|a fourth|another|again|worse|keeps? (?:on|happening|going|[\w-]+ing)|kept|continu\w*|grows?|growing|grew|nothing changes|more and more|ageing|aging|doubles?|rises?|rising|stays?|remains?)\b/;
/** Marks of the problem gone inside a hypothetical ("how would your week look without the chasing?"). */
const SOLVED_MARK =
  /\bwithout (?:the|that|this|those|these|all|any|having to)\b|\bno (?:more|longer)\b|\b(?:got|get|getting) (?:\w+ ){0,2}back\b/;
/** Softeners that make a plain question sound hypothetical ("what would you say is..."). */
const SOFTENERS =
  /\b(?:would you say|would you describe|would you guess|would you estimate|would you call|would you rate|would you characteri[sz]e|would you put it|i wonder if you could|if you could (?:walk|tell|share|explain|describe|give|talk|help|take|paint|run)|if (?:you|i) (?:had to|were to) (?:guess|estimate|pick|rank|name)|if you don't mind(?: me asking)?|if i may|if i can ask|if that's ok|if it helps|if any)\b/g;
const WHAT_DOES_X_DO =
  /\b(?:is|are|was|were) (?:doing|done) to\b|\bwhat's (?:that|this|it|all that|all this) (?:doing|done) (?:to|for)\b|\bwhat (?:does|did|do|has|have|is|are|will)(?: [\w'-]+){1,7} (?:do(?:ing)? to|mean(?:ing)? for|mean to|done to|meant for|cost(?:ing)?|end up costing|look like when|look like if)\b|\bwhat(?:'s| is| are) (?:the )?(?:\w+ )?(?:cost|bill|price|toll|damage|penalt\w+|fallout|impact|effect|knock-on)\b|\bwhat(?:'s| is) (?:a|an|one|each|the) (?:[\w'-]+ ){0,4}(?:lost|missed|failed|late|broken|delayed|down|downtime|outage|overrun)(?: [\w'-]+){0,3} (?:worth|cost)/;
const PROCESS_FOR_PROBLEM =
  /^(?:when|whenever|if) (?:there's|there is|you get|you have|a|an|one|\w+) (?:[\w'-]+ ){0,4}(?:problem|issue|incident|complaint|question|query|ticket|claim|dispute)s?\b[^?]*\b(?:who|where|how do you|how does it|which)\b/;

const OPEN_STARTS =
  /^(?:what|what's|whats|how|why|where|when|who|whom|whose|which|tell|walk|talk|take me|describe|explain|share|help me understand|give me|paint|outline|unpack|elaborate)\b/;
const OPEN_ANYWHERE =
  /\b(?:walk me through|talk me through|take me through|tell me (?:about|more|how|what|why|a bit|a little)|describe|explain|help me understand|what|how|why|curious|wonder|love to (?:hear|know|understand)|like to (?:hear|know|understand))\b/;
const CLOSED_STARTS =
  /^(?:do|does|did|is|are|was|were|am|can|could|would|will|should|shall|may|might|have|has|had|isn't|aren't|don't|doesn't|didn't|won't|wouldn't|can't|couldn't|right|correct|ok|okay)\b/;

/** An open question invites an explanation; a closed one invites yes/no or a single fact. */
export function isOpenQuestion(question: string): boolean {
  const q = normaliseText(question);
  const clauses = q.split(/[,;:]\s*|\s[—–-]\s/).map(stripLeadIns);
  for (const clause of clauses) {
    if (OPEN_STARTS.test(clause)) return true;
    if (CLOSED_STARTS.test(clause)) {
      // "Could you walk me through..." / "Can you tell me how..." are open in substance.
      return /^(?:can|could|would|will) you\b/.test(clause) && OPEN_ANYWHERE.test(clause);
    }
  }
  return /\b(?:curious|wonder|wondering|love to (?:hear|know|understand)|like to (?:hear|know|understand)|walk me through|tell me about)\b/.test(
    q,
  );
}

const SCHEDULING =
  /\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|(?:next|this|later this) (?:week|month|quarter)|\d{1,2}(?::\d\d)? ?(?:am|pm)|o'clock|calendar|invite|slot)\b/;

/**
 * The stage of a question, or null when it is not a discovery question. `clause` is where the
 * question starts in its sentence (it decides "not discovery"); the whole sentence's cues decide
 * the stage, so "If those Fridays came back, what would the team do?" keeps its "if".
 */
export function spinStage(question: string, context: QuestionContext = {}, clause = question): SpinStage | null {
  const q = stripLeadIns(normaliseText(question))
    .replace(/[?.!]+$/, "")
    .trim();
  const c = stripLeadIns(normaliseText(clause))
    .replace(/[?.!]+$/, "")
    .trim();
  if (!q || !c) return null;
  if (SMALL_TALK.test(c) || PITCH.test(c) || LOGISTICS.test(c)) return null;
  const open = isOpenQuestion(c);
  if (!open && SCHEDULING.test(c)) return null;
  const plain = q.replace(SOFTENERS, " ").replace(/\s+/g, " ");
  const hypothetical = HYPOTHETICAL.test(plain);
  if (
    CONTINUING.test(plain) ||
    (hypothetical && CONTINUING_MARK.test(plain.replace(/\bnever(?: [\w'-]+){0,6} again\b/g, " ")))
  )
    return "implication";
  if (NEED_PAYOFF.test(plain) || (hypothetical && (VALUE_VERB.test(plain) || SOLVED_MARK.test(plain))))
    return PRODUCT_HYPOTHETICAL.test(plain) ? null : "need-payoff";
  if (OUR_PRODUCT.test(c)) return null;
  if (PROCESS_FOR_PROBLEM.test(q)) return "situation";
  const buyer = context.buyerBefore ? normaliseText(context.buyerBefore) : "";
  const buyerProblem = buyer !== "" && BUYER_PROBLEM.test(buyer);
  if (buyer !== "" && isReadBack(q, buyer)) return null;
  // An elliptical follow-up ("how often", "since when") can only be about what the buyer just said.
  const elliptical = q.split(" ").length <= 3;
  const afterProblem = buyerProblem && (elliptical || REFERS_BACK.test(q) || sharesContent(q, buyer));
  // "What happens then?" / "What does that mean for you?" after a plain fact asks for more facts: the anaphor has no problem to point at.
  if (buyer !== "" && !buyerProblem && ANAPHORIC_NEXT.test(q) && !PROBLEM.test(plain) && !IMPLICATION_WORDS.test(plain))
    return "situation";
  // "Walk me through what happens when a new starter needs a phone": the process, a situation question unless it names a difficulty.
  if (
    /^(?:walk|talk|take) me through (?:what happens|how)\b/.test(c) &&
    !PROBLEM.test(plain.replace(/\bwhat happens (?:during|when|if|on|at|in|with)\b/, " "))
  )
    return "situation";
  // Asking for the cause of a problem is a problem question, whatever consequence words it carries.
  if (
    /^(?:what(?:'s| is| are) (?:driving|causing|behind)|what (?:usually |typically )?(?:causes|drives)|why (?:is|are|does|do|did) (?:that|this|it|they|those))\b/.test(
      c,
    )
  )
    return "problem";
  if (IMPLICATION.test(plain) || WHAT_DOES_X_DO.test(plain)) return "implication";
  if (
    afterProblem &&
    (EFFECT_ON_CONTEXT.test(q) ||
      (/\bhow (?:many|much)\b/.test(q) && /\b(?:that|this|it|those|these|they|them)\b/.test(q)))
  )
    return "implication";
  // "How do residents report potholes or missed bins today?": how things work now, naming a difficulty only in passing.
  if (HOW_YOU_WORK.test(c) && !DIFFICULTY.test(plain)) return "situation";
  if (PROBLEM.test(plain)) return "problem";
  if (afterProblem && CAUSE_ON_CONTEXT.test(q)) return "problem";
  // A declarative question ("Fresno is the expansion?") only checks a fact: the model is not asked about it.
  const interrogative =
    /^(?:what|how|why|when|where|who|whom|which|whose|do|does|did|is|are|was|were|have|has|had|can|could|would|will|should|shall|isn't|aren't|don't|doesn't|didn't|won't|wouldn't|tell|walk|talk|take|describe|explain|share|i|i'm|i'd|i've|and|so|but|if|once|when|curious|wondering|help)\b/.test(
      c,
    );
  if (interrogative && !EXPLICIT_SITUATION.test(c) && !HOW_YOU_WORK.test(c) && env().GRADING_STAGE_MODEL === "on") {
    // No rule recognised the question: the small model trained on our labelled corpus decides, when confident.
    const model = activeStageModel();
    const guess = predictStage(model, stageFeatures(q, buyerProblem, buyer !== "", model.settings, buyer));
    const confidence = env().GRADING_STAGE_MODEL_CONFIDENCE ?? model.settings?.confidence ?? 0.6;
    if (guess.p >= confidence && guess.label !== "situation") return guess.label === "none" ? null : guess.label;
  }
  if (
    afterProblem &&
    REFERS_BACK.test(q) &&
    /^(?:what|how|and what|and how|so what|so how)\b/.test(c) &&
    !/^(?:what (?:tools?|systems?|software|share|percentage|kind)|how many people)\b/.test(c)
  )
    return "implication";
  return "situation";
}

/** Questions that follow the buyer's last words on ("what happens then", "what does that mean for you"). */
const ANAPHORIC_NEXT =
  /^(?:(?:and |so |okay,? |ok,? )?(?:from there,? )?(?:what happens (?:then|next|after that|from there)|and then what|then what|what happens|what does (?:that|this|it) mean for (?:you|the \w+|your \w+)))$/;
/** Consequence words that make a question an implication question on their own. */
const IMPLICATION_WORDS =
  /\b(?:cost\w*|los[et]\w*|risk\w*|customers?|clients?|revenue|money|morale|reputation|penalt\w+|fines?|overtime)\b/;
/**
 * A read-back: the seller echoes a figure or words the buyer just gave and checks it ("thirty-two,
 * and is that including the trainees?", "sorry, three phase two, or..."). Not a discovery question.
 */
function isReadBack(clause: string, buyer: string): boolean {
  const m = /^(?:sorry,? )?([\w' -]{1,40}?)[,.] (?:(?:and|so|or|just|sorry),? )?(.*)$/.exec(clause);
  if (!m) return false;
  const echo = m[1].split(/\s+/).filter(Boolean);
  if (echo.length === 0 || echo.length > 4) return false;
  const said = new Set(buyer.match(/[a-z0-9'-]+/g) ?? []);
  if (!echo.every((w) => said.has(w))) return false;
  return (
    /^(?:is|was|are|does|do|did) (?:that|this|it|those|these) (?:including|include|includes|all|just|only|per|across|each|every|in|on|for|total|a|the)\b|^or\b/.test(
      m[2],
    ) ||
    (/\bor\b/.test(m[1] + " " + m[2]) && !isOpenQuestion(m[2]))
  );
}

/** Words that ask about a difficulty itself, not merely mention one. */
const DIFFICULTY =
  /\b(?:problem\w*|issues?|challeng\w*|difficult\w*|hard\w*|tough\w*|struggl\w*|frustrat\w*|wrong|break\w*|broke|fail\w*|cope|coping|holding up|keep(?:ing)? up|well|happy|satisf\w*|pain\w*|worr\w*|concern\w*|headaches?|bottlenecks?|slow\w*|stuck|complain\w*|mess\w*|chaos|annoy\w*|worst|biggest|hardest|least)\b/;

/** Plainly factual questions the model is not asked about. */
const EXPLICIT_SITUATION =
  /\binvolved\b|^what does (?:a|an|your) (?:typical|normal|usual|average|standard) [\w-]+(?: [\w-]+)? look like\b|^what(?:'s| is| are) (?:your|the) (?:[\w-]+ ){0,2}(?:rate|volume|volumes|number|numbers|budget|size|count|split|mix|target|headcount|average|timeline|process)\b|^(?:how many|how much|how often do you|how long have|what (?:tools?|systems?|software|kind|type|version)|which|who (?:is|are|owns|decides|else|looks after|handles|manages|runs|signs off|approves|takes care|does the|sets|buys|chooses|picks the)|where (?:is|are) (?:your|the)|do you (?:use|have|run|track)|are you (?:using|running)|is (?:it|that|there)|tell me about|walk me through|could you walk me through|can you walk me through)\b/;
/** "How do you handle X today?": how the buyer works now, the textbook situation question. */
const HOW_YOU_WORK =
  /\bhow (?:do |does |are )?(?:you |your (?:[\w-]+ ){1,2}|(?:residents|customers|clients|patients|students|staff|people|users|members|tenants|brokers|drivers|reps|suppliers|applicants|guests|partners) )(?:currently |usually |normally |typically |today )?(?:handle|handling|manage|managing|track|tracking|run|running|process|processing|organi[sz]e|schedule|plan|measure|report|decide|staff|price|forecast|onboard|train|hire|route|store|pick)\b/;

/** The buyer's turn names a problem (used as context for the next question). */
export function buyerNamedProblem(buyer: string | null | undefined): boolean {
  return !!buyer && BUYER_PROBLEM.test(normaliseText(buyer));
}

const CONTENT_STOP = new Set(
  "the a an and or but of to in on at for with from by is are was were be been it that this those these they them we you your our their i my me do does did have has had what how why when where who which about just really very so then there here some any more most much many can could would will should one two three four five percent about around roughly".split(
    " ",
  ),
);
/** The question picks up a content word the buyer just used (stems compared crudely). */
function sharesContent(q: string, buyer: string): boolean {
  const stems = (t: string) =>
    new Set(
      (t.match(/[a-z][a-z'-]+/g) ?? [])
        .filter((w) => w.length > 3 && !CONTENT_STOP.has(w))
        .map((w) => w.replace(/(?:ing|ed|es|s)$/, "").slice(0, 6)),
    );
  const b = stems(buyer);
  return [...stems(q)].some((w) => b.has(w));
}

export function classifyQuestion(question: string, context: QuestionContext = {}, clause = question): QuestionClass {
  return { open: isOpenQuestion(clause), stage: spinStage(question, context, clause) };
}
