/**
 * Deterministic signals a coach listens for beyond questions: rudeness, a buyer who disengages,
 * an agreed next step, and the moves of interview, service and pitch conversations.
 */
import { understand } from "@/lib/language";
import { sentencesOf } from "@/lib/language/sentences";
import { replyStance } from "@/lib/language/stance";

import { normaliseText } from "./text";
import type { TranscriptTurn } from "./transcript";

export type Evidence = { turn: number; quote: string };

const RUDE =
  /\b(?:stupid|idiot\w*|dumb|moron\w*|shut up|whatever|you're wrong|that's (?:ridiculous|nonsense|stupid|absurd)|listen to me|i don't care|are you serious|waste of (?:my )?time|you people|just sign|obviously you|clearly you don't|you don't (?:get|understand) it|do you even|what's wrong with you|that's not my problem|not my problem|calm down|damn|hell|crap|bullshit|shit|fuck\w*|pathetic|useless|incompetent|lazy|get real(?![-\w])|come on,? (?:seriously|really)|you clearly|i already told you|as i already said|let me finish|stop interrupting|you're not listening|are you even listening)\b/;
const DISENGAGED =
  /\b(?:are you (?:even )?listening|you're not listening|you aren't listening|not listening to me|i (?:already|just) (?:told|said|answered|explained)|as i (?:said|mentioned|told you)|like i said|i've already (?:said|told|answered)|can i (?:get a word|finish)|let me finish|you keep (?:interrupting|talking|pitching)|stop (?:pitching|interrupting|talking)|i (?:have|need|'ve got) to (?:go|run|jump)|(?:this|now) (?:isn't|is not) a good time|not interested|we're done here|i'm done|this is going nowhere|that's not what i (?:said|asked|meant)|you're not hearing me|did you hear (?:me|what i said)|i don't have time for this|just (?:send|email) me|send me something|email me (?:something|the|some)|i'm (?:busy|in a meeting)|you didn't answer|that doesn't answer|can we wrap (?:this )?up|i'm going to (?:stop|hang up|end)|hanging up|goodbye\.?$)\b/;

function linesMatching(turns: TranscriptTurn[], speaker: "learner" | "persona", re: RegExp): Evidence[] {
  const out: Evidence[] = [];
  turns.forEach((t, turn) => {
    if (t.speaker !== speaker) return;
    for (const s of sentencesOf(t.text)) if (re.test(normaliseText(s))) out.push({ turn, quote: s });
  });
  return out;
}

/**
 * Pressure to commit before the buyer is ready: a deadline on the buyer's decision ("sign by Friday", "commit
 * today"), a discount that lapses, "every week you wait", "trust me", "a no-brainer". Every modern method
 * condemns it; one such line can be a slip, so the ceiling needs two (scorecard.ts).
 */
const PRESSURE =
  /\b(?:sign (?:it |this |the contract |up )?(?:today|tonight|now|this week|this month|by (?:friday|monday|tomorrow|the end))|get you signed|commit (?:today|now|this week)|(?:if|when) you (?:commit|sign) (?:today|now|this week)|(?:every|each) (?:day|week|month) you wait|no[- ]brainer|trust me|send (?:you )?the contract (?:today|tonight|now)|only (?:if|until) you sign|limited[- ]time (?:offer|deal|discount)|before (?:the|this) (?:discount|offer|price) (?:ends|goes|expires)|hold the discount)\b/;
export const pressureLines = (turns: TranscriptTurn[]) => linesMatching(turns, "learner", PRESSURE);

/** "Whatever comes up", "whatever the client needs": a free relative, not a shrug ("whatever you say" is one). */
const NOT_RUDE =
  /\b(?:whatever (?:comes?|came|happens|it takes|that takes|the|(?:you|they|we) (?:need|want|think|decide|prefer|feel|like|suggest)|works|suits|is|else)|hell of a)\b/i;

export const rudeLines = (turns: TranscriptTurn[]) =>
  linesMatching(turns, "learner", RUDE).filter((e) => !NOT_RUDE.test(e.quote));

const PROPOSE =
  /\b(?:next step|follow[- ]?up|(?:shall|can|could|should) we|let's|how about|would you be open to|would it make sense to|are you open to|i'll send|i will send|book|schedule|set up|put (?:something|time|it) in|meet|meeting|call (?:on|next)|pilot|trial|demo|workshop|review|walkthrough|session|introduce|intro|loop in|next week|tomorrow|(?:mon|tues|wednes|thurs|fri)day|send (?:you|over)|calendar|invite)\b/;
const CONCRETE =
  /\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|next week|this week|\d{1,2}(?::\d\d)? ?(?:am|pm)|\d{1,2}(?:st|nd|rd|th)|january|february|march|april|may|june|july|august|september|october|november|december|\d+[- ]minute|(?:one|two|three|four|five|six|\d+) (?:depot|site|store|team|line|ward|branch|week|weeks|days)|pilot|workshop|with your)\b/;
/**
 * "I'll send you the brochure and follow up next week": the seller sending material is not a step the buyer
 * commits to, whatever its date. A step with the buyer's time in it (a meeting, a call, a demo, an invite) is.
 */
const SENDS_MATERIAL =
  /\b(?:send|email|e-mail|forward|share|drop)\b[^.?!]{0,40}\b(?:info\w*|brochures?|case stud(?:y|ies)|deck|slides|materials?|details|overview|one-pager|pdf|pricing|price list|proposal|some stuff|something|a summary|links?|documents?|docs)\b/;
const BUYER_TIME =
  /\b(?:meet|meeting|call with|a call|the call|\w+'s call|(?:get|hop|jump) on a call|demo|pilot|trial|workshop|session|walkthrough|walk (?:you )?through|invite|calendar|book|schedule|slot|set (?:up )?a time|a time to (?:talk|meet|speak)|(?:talk|speak) again|catch up|put (?:something|time|it) in|\d{1,2}(?::\d\d)? ?(?:am|pm)|review with|sit down|get together|loop in|introduce)\b/;
/** A date the buyer names in reply ("let's put something in for the 20th") is their time. */
const DATE = /\b\d{1,2}(?:st|nd|rd|th)\b/;
/** A day, a date or a clock time: what puts a step in a calendar. */
const DAY_OR_TIME =
  /\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|\d{1,2}(?::\d\d)? ?(?:am|pm)|\d{1,2}(?:st|nd|rd|th)|january|february|march|april|may|june|july|august|september|october|november|december)\b/;
/** "A demo sometime next week or the week after": a hedged time is not a date, whatever week it names. */
const HEDGED_TIME =
  /\b(?:sometime|some time|at some point|whenever|or the (?:week|one) after|or so|in the (?:next|coming) (?:few )?(?:weeks|months)|down the (?:line|road)|find a time)\b/;
type NextStep = {
  proposed: Evidence | null;
  agreed: Evidence | null;
  concrete: boolean;
  sendsOnly: boolean;
  /** The buyer's first no to a proposed step, with its reason when it gives one. */
  declined: Evidence | null;
};

/**
 * The last next step the learner proposed (by what their turn does, read by the language layer), and
 * whether the buyer's next reply accepts it. A refusal, a stall or a goodbye is never an agreement.
 */
export function nextStep(turns: TranscriptTurn[]): NextStep {
  let best: NextStep = { proposed: null, agreed: null, concrete: false, sendsOnly: false, declined: null };
  let declined: Evidence | null = null;
  turns.forEach((t, i) => {
    if (t.speaker !== "learner") return;
    // The end of the turn by words, not sentences: a speech transcript has no full stops to count.
    const tail = normaliseText(t.text.split(/\s+/).slice(-45).join(" "));
    const units = understand(t.text).units.slice(-3);
    const proposes =
      units.some((u) => u.act === "proposal") || (PROPOSE.test(tail) && !units.every((u) => u.act === "small-talk"));
    if (!proposes) return;
    const reply = turns.slice(i + 1).find((x) => x.speaker === "persona");
    const stance = reply ? replyStance(reply.text) : null;
    const agreed = reply !== undefined && stance === "accept";
    if (!declined && reply && stance === "decline") declined = { turn: turns.indexOf(reply), quote: reply.text };
    const r = reply ? normaliseText(reply.text) : "";
    const sendsOnly = SENDS_MATERIAL.test(tail) && !BUYER_TIME.test(tail) && !BUYER_TIME.test(r) && !DATE.test(r);
    const hedged = (x: string) => HEDGED_TIME.test(x) && !DAY_OR_TIME.test(x);
    const concrete =
      !sendsOnly && ((CONCRETE.test(tail) && !hedged(tail)) || (agreed && CONCRETE.test(r) && !hedged(r)));
    const candidate: NextStep = {
      proposed: { turn: i, quote: sentencesOf(t.text).slice(-2).join(" ") },
      agreed: agreed && reply ? { turn: turns.indexOf(reply), quote: reply.text } : null,
      concrete,
      sendsOnly,
      declined: null,
    };
    if (!best.agreed || candidate.agreed) best = candidate;
  });
  return { ...best, declined };
}

const CONTEXT =
  /\b(?:when i (?:joined|started|arrived|took over)|my (?:task|job|goal|brief) was|i was asked|the (?:goal|brief) was|when i was|at my (?:last|previous)|in my (?:last|previous|current)? ?(?:role|job|position)|we had|we were|our team|the (?:situation|challenge|problem|goal|task) was|i was (?:asked|responsible|tasked|leading|working)|there was|last year|in \d{4}|a client|a customer|the project)\b/;
const ACTION =
  /\b(?:i (?:led|built|created|designed|decided|organi[sz]ed|set up|introduced|wrote|ran|started|proposed|negotiated|analy[sz]ed|reorgani[sz]ed|rebuilt|launched|trained|hired|fixed|changed|moved|spoke|met|worked|pulled|called|mapped|automated|coached|managed|took|made|convinced|implemented|tested|redesigned|focused|prioriti[sz]ed)|my (?:approach|plan|solution) was|what i did)\b/;
const RESULT =
  /\b(?:as a result|the result|which (?:meant|led|cut|saved|raised|reduced|increased|brought)|that (?:cut|saved|raised|reduced|increased|brought|meant)|we (?:cut|saved|raised|reduced|increased|grew|doubled|halved|hit|won|shipped|delivered|improved|closed)|reduced|increased|improved|saved|grew|went (?:from|up|down)|dropped|by \d+|\d+ ?(?:%|percent)|on time|under budget|ahead of)\b/;
const SPECIFIC =
  /\b\d[\d,.]*\b|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty|hundred|thousand|million|half|double|twice)\b/;

const BEHAVIOURAL =
  /\b(?:a time|an example|a situation|a moment|an occasion|tell me about|describe|walk me through|give me|how did you|what did you do)\b/;

/** Interview answers: the candidate's substantial turns after a question, checked for context, action, result and specifics. */
export function starAnswers(turns: TranscriptTurn[]): { answers: number; checks: number; weakest: Evidence | null } {
  let answers = 0,
    checks = 0,
    worstScore = 5;
  let weakest: Evidence | null = null;
  // Behavioural prompts ("tell me about a time...") are what STAR answers; other answers count only if there are none.
  const behavioural = (i: number) =>
    i > 0 && turns[i - 1].speaker === "persona" && BEHAVIOURAL.test(normaliseText(turns[i - 1].text));
  const anyBehavioural = turns.some((t, i) => t.speaker === "learner" && behavioural(i));
  turns.forEach((t, i) => {
    if (t.speaker !== "learner" || i === 0 || turns[i - 1].speaker !== "persona") return;
    if (anyBehavioural && !behavioural(i)) return;
    const words = t.text.split(/\s+/).length;
    if (words < 25) return;
    const x = normaliseText(t.text);
    const score = [CONTEXT, ACTION, RESULT, SPECIFIC].filter((re) => re.test(x)).length;
    answers++;
    checks += score;
    if (score < worstScore) {
      worstScore = score;
      weakest = { turn: i, quote: sentencesOf(t.text).slice(0, 2).join(" ") };
    }
  });
  return { answers, checks, weakest };
}

const EMPATHY =
  /\b(?:i'?m (?:so |really |very )?sorry|i apologi[sz]e|apologies|i (?:completely |totally |really )?understand (?:how|why|that|your)|i can (?:imagine|see|hear) (?:how|why|that)|that (?:sounds|must be|must have been) (?:really |so |very )?(?:frustrating|stressful|annoying|difficult|hard|upsetting|worrying|awful|terrible|inconvenient)|i hear you|that's (?:really )?(?:frustrating|not okay|not ok|not acceptable|unacceptable)|you (?:must be|have every right)|i'd be (?:frustrated|upset|annoyed) too)\b/;
const OWNERSHIP =
  /\b(?:i'?ll (?:take care|sort|fix|make sure|personally|handle|look into|get this|get that|check|escalate|follow|call|email|stay|own|arrange|process|send|refund|issue|book|put)|i will (?:take care|sort|fix|make sure|personally|handle|look into|check|escalate|follow|call|email|arrange|process|send|refund|issue)|let me (?:fix|sort|check|look into|take care|handle|get|pull up|see what)|i'm going to (?:fix|sort|take care|make sure|handle|escalate|refund|send)|leave it with me|i've got (?:this|it))\b/;
/** Blame: "you didn't" opens a clause ("well, you didn't restart it"), never "the volume you didn't make". */
const BLAME =
  /\b(?:you should have|you must have|that's (?:not our|your) (?:fault|problem)|not our fault|that's (?:the|our) policy|nothing i can do|there's nothing (?:i|we) can do|(?:^|[,.;:!?]\s*|\b(?:but|because|since|and|so|well|sorry|look|listen|ok|okay|yeah|no|if)\s+)you didn't|you need to read|it's your|user error|can't help you|you(?:'re| are| were) (?:supposed|meant|required) to (?:check|inspect|sign|read|report|notify|tell|call|keep|open|have (?:checked|reported|told|called|read|kept|signed))|, not (?:us|our (?:fault|problem|issue|end)))\b/;
/** A fix or a dated promise; a bare "today" ("anything else I can help with today?") is neither. */
const RESOLVE =
  /\b(?:refund\w*|replace\w*|credit\w*|reset|re-?sent|resend|reship\w*|fixed|sorted|resolved|reactivat\w*|waiv\w*|cancel\w*|rebook\w*|upgrad\w*|dispatch\w*|escalat(?:e|ed|es|ing)\b|by (?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|tonight|end of (?:day|the day|week)|\d)|within (?:\d+|an?|one|two|three|24|48) (?:hours?|days?|minutes?|business days?)|ticket number|reference number|case number|(?:i'?ve|i have|we'?ve|we have) (?:just )?(?:booked|scheduled|arranged|issued|processed|ordered|sent (?:out|you)))\b|\b(?:i'?ll|i will|we'?ll|we will|it'?ll|it will|you'?ll|you will|should)\b[^.?!]*\b(?:today|tomorrow|tonight)\b/;
/** A fix named to refuse it: "I'm not able to waive the fee", "we can't refund opened items". */
const REFUSED_FIX =
  /\b(?:(?:not|n't) (?:be )?able to|unable to|can't|cannot|can not|won't be able to|not allowed to)\s+(?:\w+\s+){0,2}?(?:refund|replace|credit|reset|resend|reship|waive|cancel|rebook|upgrade|dispatch|escalate)\w*/g;
/** A "fix" that is the customer's to do, or that someone only might do. */
const NOT_A_FIX =
  /^(?:(?:just|please|so|then|ok|okay|right),? )*(?:resend|re-?send|send|email|upload|fill in|submit|call|contact|return|reapply)\b|(?<!\b(?:i'll|i will|we'll|we will|let me|i can|we can|i'm going to|i'd|i would|i could) )\b(?:just|please) (?:resend|re-?send|send|email|upload|fill in|submit|call|contact|return|reapply)\b|\b(?:you(?:'ll| will| would|'d)? (?:need to|have to|must|could|can|should) (?:\w+ ){0,2}?(?:resend|re-?send|send|email|call|contact|fill|submit|return|reapply|re-?apply|upload|reset|cancel|rebook)|(?:they|someone|somebody|it) (?:might|may|could) (?:\w+ )?(?:look|get|be|contact|call)|if they need)\b/;

/** A check that the problem is solved. */
const CONFIRM =
  /\b(?:does that (?:help|solve|fix|work|sound|resolve|answer)|did that (?:work|fix|help)|is (?:that|it) working now|are you happy with|does that work for you|works for you|have i (?:answered|resolved|solved)|is that (?:ok|okay|alright|acceptable)|can you (?:try|check) (?:again|now))\b/;
/**
 * "Is there anything else I can help with?": the closing offer of more help. It closes a fix as a coach
 * expects, but it is said as readily when nothing was solved, so it counts only after a resolution.
 */
export const FURTHER_HELP = /\b(?:is there anything else|anything else i can)\b/;
const THANKS =
  /\b(?:thank(?:s| you)|great|perfect|that works|appreciate|that helps|brilliant|wonderful|fine|okay that|good,? thanks|that's (?:great|good|fine|fair|helpful))\b/;

/**
 * Hiding behind policy or handing the problem on, said in any words: a policy or the terms cited as the
 * answer ("Per our delivery policy, windows are estimates", "our policy is that we aren't able to..."), the
 * customer sent to someone else ("You'd need to contact Swift Freight directly"), or the problem put outside
 * the company ("deliveries are handled by our third-party carrier, so we don't have visibility"). A policy
 * cited while granting something ("per our policy you get a full refund, I'll process it now", "normally
 * that's policy, but I've made an exception") is not hiding behind it. Examples: tests/unit/service-signals.test.ts.
 */
const POLICY =
  /\b(?:(?:per|as per|according to|under) (?:our|the|company|store)(?: \w+)? (?:policy|policies|terms(?: and conditions)?|rules|procedures?)|(?:our|the|company)(?: \w+)? (?:policy|policies|terms|rules) (?:is|are|says|say|states|doesn't|does not|don't|do not|won't|will not)|(?:that's|that is|it's|it is) (?:the |our |company |store )?(?:policy|procedure)|(?:that's|that is|it's|it is) (?:all )?(?:in|written in) (?:the|our) (?:terms|policy|contract|small print|t&cs|t and cs))\b/;
const HANDED_ON =
  /\b(?:you(?:'d| would| will|'ll)? (?:need|have) to (?:contact|call|ring|email|reach out to|get in touch with|speak to|talk to|take (?:it|that|this) up with) (?:them|the (?!team\b)\w+|your \w+|(?!us\b|me\b|again\b|back\b)\w+(?: \w+)? directly)|(?:is|are) (?:handled|managed|done|run) by (?:our |the |an? )?(?:third[- ]party|external|outside|partner|courier|carrier|contractor|supplier)|(?:we|i) (?:don't|do not) (?:really )?have (?:any )?(?:visibility|control|access)|(?:out of|not in) (?:our|my) (?:hands|control)|nothing to do with us|(?:it's|that's|this is|it is|that is) (?:a|an|the) (?:courier|carrier|delivery|shipping|warehouse|supplier|manufacturer|bank|third[- ]party|network|vendor|partner|factory|post office)(?:'?s)? (?:issue|problem|fault|thing|responsibility|matter))\b/;
const GRANTS =
  /\b(?:but|however|though)\b.*\b(?:i'?ll|i will|i can|i've|i have|we'?ll|we can|let me)\b|\b(?:make|made|making) an exception\b|\b(?:i'?ll|i will|i can|let me) (?:refund|replace|credit|waive|arrange|send|book|process|sort|fix|call|contact|chase|escalate)/;
const hidesBehindPolicy = (sentence: string) =>
  (POLICY.test(sentence) || HANDED_ON.test(sentence)) && !GRANTS.test(sentence);

/** Blaming the customer or hiding behind policy: discourteous in any conversation. */
export const blameLines = (turns: TranscriptTurn[]) => {
  const out: Evidence[] = [];
  turns.forEach((t, turn) => {
    if (t.speaker !== "learner") return;
    for (const s of sentencesOf(t.text)) {
      const n = normaliseText(s);
      if (BLAME.test(n) || hidesBehindPolicy(n)) out.push({ turn, quote: s });
    }
  });
  return out;
};

export function serviceChecks(turns: TranscriptTurn[]) {
  const learner = turns.map((t, i) => ({ t, i })).filter(({ t }) => t.speaker === "learner");
  const find = (re: RegExp, unless?: (sentence: string, turn: string) => boolean) => {
    for (const { t, i } of learner)
      for (const s of sentencesOf(t.text)) {
        const n = normaliseText(s);
        if (re.test(n) && !unless?.(n, t.text)) return { turn: i, quote: s };
      }
    return null;
  };
  // The customer's last word on the matter: a closing "You too." or "Bye." returns a courtesy, it says nothing.
  const lastPersona = [...turns]
    .reverse()
    .filter((t) => t.speaker === "persona")
    .find((t, k, all) => k === all.length - 1 || !CLOSING_COURTESY.test(normaliseText(t.text)));
  // "I'm not able to waive the fee" names a fix to refuse it; "our policy is that damage has to be reported within
  // 48 hours" cites a rule, "you'll need to resend them" gives the customer the work, "they might look at it" promises
  // nothing: none is a resolution. A turn that hides behind policy ("I can't reship, that's policy. And refunds only
  // happen once...") resolves nothing in any of its sentences, however a transcript cuts them.
  const resolution = find(
    RESOLVE,
    (n, turn) =>
      !RESOLVE.test(n.replace(REFUSED_FIX, " ")) ||
      BLAME.test(n) ||
      NOT_A_FIX.test(n) ||
      sentencesOf(turn).some((s) => hidesBehindPolicy(normaliseText(s))),
  );
  return {
    empathy: find(EMPATHY),
    ownership: find(OWNERSHIP),
    blame: blameLines(turns)[0] ?? null,
    resolution,
    confirmation:
      find(CONFIRM) ?? (resolution ? (readBackConfirmed(turns, resolution.turn) ?? find(FURTHER_HELP)) : null),
    customerSatisfied: lastPersona
      ? THANKS.test(normaliseText(lastPersona.text)) && !DISENGAGED.test(normaliseText(lastPersona.text))
      : false,
  };
}

/** A reply that only returns a closing courtesy. */
const CLOSING_COURTESY =
  /^(?:(?:ok|okay|right|thanks|thank you|cheers)[,.!]?\s*)?(?:you too|and you|same to you|(?:good)?bye(?: now)?|take care|cheers|have a (?:good|nice|great) (?:one|day|evening))[.!]*$/;

/**
 * "So I confirm: Saturday 8 to 12, flat 14. Everything is correct?" answered "Yes, that's right": a read-back
 * of the fix (the language layer's check act, in any words) that the customer confirms, at or after the fix.
 */
function readBackConfirmed(turns: TranscriptTurn[], from: number): Evidence | null {
  for (let i = from; i < turns.length - 1; i++) {
    const [t, reply] = [turns[i], turns[i + 1]];
    if (t.speaker !== "learner" || reply.speaker !== "persona") continue;
    const check = understand(t.text, { buyerAfter: reply.text }).units.find((u) => u.act === "check");
    if (
      check &&
      (replyStance(reply.text) === "accept" ||
        /^(?:yes|yeah|yep|correct|right|that's (?:right|correct))\b/i.test(reply.text.trim()))
    )
      return { turn: i, quote: sentencesOf(t.text).at(-1) ?? t.text };
  }
  return null;
}

const PITCH_PROBLEM =
  /\b(?:problem|pain|struggle|challenge|cost(?:s|ing)?|waste|lose|losing|lost|miss|late|broken|manual|slow|hours|every (?:week|day|month)|today,? \w+ (?:spend|lose|waste)|frustrat\w*|hard|risk)\b/;
const SOLUTION =
  /\b(?:we (?:built|build|help|make|offer|created|developed|solve|automate|fix|turn|give|let)|our (?:platform|product|solution|tool|app|service|software|system)|that's why we|so we built|what we do)\b/;
const PROOF =
  /\b\d+ ?(?:%|percent|x|times|customers|clients|users|schools|stores|hospitals|sites|teams|companies)\b|\b(?:customers? like|clients? like|case study|pilot with|we've helped|already (?:use|using|working with)|in production at|results?|saved|cut|grew|increased|reduced)\b/;
const ASK =
  /\b(?:we're (?:asking|raising|looking for|seeking)|the ask|our ask|i'm asking|would you (?:be willing|consider|invest|like to pilot|back|fund|approve|join|sign)|next step|pilot|(?<!single )sign(?![- ]on\b)|approve|commit|invest|fund|partner with|start with|can we (?:count on|get)|i'd like (?:you|to ask))\b/;

export function pitchChecks(turns: TranscriptTurn[]) {
  const learnerText = turns
    .filter((t) => t.speaker === "learner")
    .map((t) => t.text)
    .join(" ");
  const sentences = sentencesOf(learnerText);
  // The opening third by words, not sentences: a speech transcript has no full stops to count.
  const words = learnerText.split(/\s+/);
  const firstThird = normaliseText(words.slice(0, Math.max(40, Math.ceil(words.length / 3))).join(" "));
  const quote = (re: RegExp) => sentences.find((s) => re.test(normaliseText(s))) ?? null;
  return {
    problemFirst: PITCH_PROBLEM.test(firstThird) ? quote(PITCH_PROBLEM) : null,
    solution: quote(SOLUTION),
    proof: quote(PROOF),
    ask: quote(ASK),
  };
}

const INTEREST =
  /\b(?:excited|interested|keen|love to (?:join|work|be part)|really want|great fit|would love|looking forward|i'm (?:very )?(?:excited|interested|keen))\b/;
const NEXT =
  /\b(?:next steps?|timeline|hear back|what happens next|when (?:can|will|should) i (?:expect|hear)|decision|process from here)\b/;

export function interviewClose(turns: TranscriptTurn[]) {
  const learner = turns
    .map((t, i) => ({ t, i }))
    .filter(({ t }) => t.speaker === "learner")
    .slice(-3);
  const find = (re: RegExp) => {
    for (const { t, i } of learner)
      for (const s of sentencesOf(t.text)) if (re.test(normaliseText(s))) return { turn: i, quote: s };
    return null;
  };
  return { interest: find(INTEREST), next: find(NEXT) };
}

/**
 * Making the case (a raise, a negotiation, any request of the other side): the learner says what they came
 * for, backs it with results, names a figure or a concrete ask, and holds it. Coaches of salary and
 * negotiation conversations check the same four things: purpose first, evidence, a number, and no
 * negotiating against yourself ("whatever you think is fair").
 */
const PURPOSE =
  /\b(?:(?:want(?:ed)?|would like|'d like|would love|'d love|hop(?:e|ed|ing)|i'm here|am here|came|come) (?:to |for )?(?:talk|discuss|ask|raise|bring up|chat|speak|go (?:over|through)|request|run (?:something|an idea))|(?:can|could|may) (?:we|i) (?:talk|discuss|speak|chat) about|(?:talk|discuss|speak|chat|ask you) about (?:my|our|the|a|an|some)|i have (?:a|one) (?:request|ask|proposal)|the reason (?:i (?:asked|wanted|booked|came|'m here)|for (?:this|the|my|our) (?:meeting|chat|call))|i'm here (?:about|because)|(?:it's|this is) about (?:my|our|the))\b/;
/** The other side has to ask what the conversation is for: the purpose was pulled out, not stated. */
const PURPOSE_PROMPT =
  /\b(?:what (?:did|do) you (?:want|wish|need) to (?:talk|discuss|see me|ask)|what(?:'s| is) (?:this|it) about|what can i do for you|are you asking (?:about|for)|what's on your mind|what did you want)\b/;
const NUMBER =
  /\b\d[\d,.]*(?: ?(?:%|percent|k))?|\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|half|double|doubled|twice|a third|a quarter|zero)\b/g;
/** A figure asked for in the learner's words: an ask cue, then a number within a few words. */
const ASKS_FIGURE =
  /\b(?:ask(?:ing)?(?: you)?(?: for| to (?:move|go|be)(?: up)? to)?|request(?:ing)?|(?:move|go|bring me|get me)(?: up)? to|(?:increase|raise|rise|bump|adjustment|uplift)(?: of| to)?|looking (?:for|at)|(?:i'd|i would|i) (?:like|want|propose|suggest)|target(?:ing)?|propos(?:e|ing)|aiming (?:for|at)|(?:my|the) (?:number|figure|ask) is)\b(?:\W+[\w'-]+){0,10}?\W+(?:\d|(?:two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred)\b)/;
/** The other side asks for the figure; the learner's answer with a number is the ask. */
const FIGURE_PROMPT =
  /\b(?:figure|number|amount|how much|what are you (?:asking|looking) for|what (?:do|did) you have in mind|in mind|what would you (?:want|need|like)|what increase|what salary|what rate)\b/;
/** Negotiating against yourself: giving the figure away in the same breath as asking for it. */
const UNDERCUT =
  /\b(?:whatever you (?:think|feel|decide)(?: is)? (?:fair|best|right|reasonable)|whatever you (?:can|want to|are able to) (?:give|do|offer|manage)|whatever you (?:think|decide|say)(?= *(?:[.!,]|$|really|honestly|is fine))|(?:anything|whatever) (?:would|will|is) (?:help|do|be (?:fine|great|good|ok|okay)|fine|okay|ok)|(?:i'd|i would|i'll|i will) (?:take|accept|be happy with|be grateful for) (?:anything|whatever|what(?:ever)? you can)|(?:totally |completely |fully |really )?understand if (?:not|it's not|it isn't|that's not|you can't|that's too|it's too|you say no)|if (?:that's|it's|this is|that is) too (?:much|high|big|a lot)|only if (?:it's|that's|it is) (?:possible|ok|okay)|(?:no worries|no problem|that's (?:fine|ok|okay)(?: too)?|it's (?:fine|ok|okay)(?: too)?) if (?:not|you can't|it's not)|even a (?:little|small|bit)(?: (?:bit|increase|raise|rise|more))? (?:would|is|helps)|i don't need (?:the )?(?:full|whole|all)|(?:doesn't|does not|don't) have to be (?:that much|the full|all of it)|i'm not (?:expecting|asking for) (?:much|a lot|anything (?:big|much)))\b/;
/** A change or an outcome said with its numbers: "from 18% to 27%", "up by a third", "cut it to six weeks". */
const MOVED =
  /\b(?:from (?:about |around |roughly |like )?[\w.,%$£€-]+ (?:down |up )?to|(?:gone|went|is|are|was|were|been) (?:up|down)|(?:up|down) (?:by|from)|by (?:about |around )?(?:\d|a third|a quarter|half))/;
const APOLOGY = /\b(?:sorry|apologi[sz]e|my apologies|my bad)\b/g;
/** Apologies for the other side's trouble are empathy, not self-effacement. */
const NOT_SELF_APOLOGY = /\bsorry (?:to hear|for your|about your|that you|you)\b/g;

export type CaseChecks = {
  purpose: Evidence | null;
  evidence: Evidence | null;
  figure: Evidence | null;
  undercut: Evidence | null;
  apologies: number;
  learnerTurns: number;
};

export function caseChecks(turns: TranscriptTurn[]): CaseChecks {
  const learner = turns.map((t, i) => ({ t, i })).filter(({ t }) => t.speaker === "learner");
  const firstQuote = (i: number, re: RegExp) => {
    const s = sentencesOf(turns[i].text).find((x) => re.test(normaliseText(x)));
    return s ? { turn: i, quote: s } : null;
  };
  // Purpose: in the learner's first two turns, before the other side has to ask what it is about.
  let purpose: Evidence | null = null;
  for (const { i } of learner.slice(0, 2)) {
    if (turns.slice(0, i).some((t) => t.speaker === "persona" && PURPOSE_PROMPT.test(normaliseText(t.text)))) break;
    purpose = firstQuote(i, PURPOSE);
    if (purpose) break;
  }
  let figure: Evidence | null = null;
  for (const { t, i } of learner) {
    const asked = i > 0 && turns[i - 1].speaker === "persona" && FIGURE_PROMPT.test(normaliseText(turns[i - 1].text));
    figure =
      firstQuote(i, ASKS_FIGURE) ??
      (asked && normaliseText(t.text).match(NUMBER)
        ? { turn: i, quote: sentencesOf(t.text).find((s) => normaliseText(s).match(NUMBER)) ?? t.text }
        : null);
    if (figure) break;
  }
  // Evidence: two or more numbers in what the learner said besides the figure, with a result or an action.
  let evidence: Evidence | null = null;
  let numbers = 0;
  for (const { t, i } of learner) {
    for (const s of sentencesOf(t.text)) {
      if (figure && figure.turn === i && figure.quote === s) continue;
      const x = normaliseText(s);
      const n = x.match(NUMBER)?.length ?? 0;
      numbers += n;
      if (n && !evidence && (RESULT.test(x) || ACTION.test(x) || MOVED.test(x))) evidence = { turn: i, quote: s };
    }
  }
  if (numbers < 2) evidence = null;
  const undercut = learner.map(({ i }) => firstQuote(i, UNDERCUT)).find(Boolean) ?? null;
  const apologies = learner.reduce((n, { t }) => {
    const x = normaliseText(t.text);
    return n + (x.match(APOLOGY)?.length ?? 0) - (x.match(NOT_SELF_APOLOGY)?.length ?? 0);
  }, 0);
  return { purpose, evidence, figure, undercut, apologies, learnerTurns: learner.length };
}

/** Apologising through a request (four or more, in at least a third of the turns) gives its authority away. */
export const overApologises = (c: CaseChecks) => c.apologies >= 4 && c.apologies * 3 >= c.learnerTurns;
