/**
 * Whether the buyer's reply to a proposal says yes, no, or neither. A refusal dressed politely
 * ("Maybe, but send me something first", "Not yet") is a no; a conditional yes with an action
 * ("If you keep it to 45 minutes, yes. Send me a couple of times.") is a yes; a goodbye is neither.
 */
export type Stance = "accept" | "decline" | "unclear";

const DECLINE: RegExp[] = [
  /\bnot (?:yet|now|right now|at this (?:point|time|stage)|interested|for us|convinced|sure (?:yet|about)|ready|something we|a priority)\b/,
  /\b(?:no thanks|no,? thank you|no need|i'll pass|we'll pass|pass on)\b/,
  /\b(?:just|please) (?:send|email)\b|\bsend (?:me )?(?:something|some info|an email|the info|a brochure|more info)\b|\bemail me\b/,
  /\b(?:i'll|let me|i need to|i'd need to|i have to|i'll have to) (?:think|get back|check|talk|speak|run it|discuss)\b/,
  /\b(?:i don't think|i doubt|i'm not sure|i can't commit|we can't|i can't|we won't|i won't|wouldn't work|doesn't work for|won't work)\b/,
  /\b(?:maybe later|maybe next|some other time|another time|circle back|let's see|we'll see|too early|too soon|slow down|hold on|hang on)\b/,
  /^(?:no|nope|nah)\b/,
  /\bmaybe,? but\b|\bpossibly,? but\b|\bnot until\b|\bfirst (?:i'd|i would|you'd|you need)\b/,
];
/** The buyer takes the step on ("I can take it to HR this week"): a commitment, whatever it hedges. */
const COMMITS =
  /\bi(?: can|'ll| will) (?:take|bring|put|raise|present|share|forward|book|set up|get) (?:it|this|that|them|you)\b/;
/** "I can't promise the full number": a hedge on the outcome, not a refusal of the step. */
const HEDGE = /\b(?:i |we )?(?:can't|cannot|won't) (?:promise|guarantee)\b[^.!?]*|\bno promises\b/g;
const ACCEPT: RegExp[] = [
  /^(?:yes|yeah|yep|yup|sure|ok|okay|alright|all right|fine|great|perfect|deal|absolutely|definitely|of course|sounds good|let's do it|let's do that|go ahead)\b/,
  /\b(?:let's do (?:it|that|the|a)|that works|works for me|sounds (?:good|great|reasonable|fair|like a plan)|i'm in|count me in|happy to|i can do|we can do (?:that|it)|book it|put (?:it|something) in|send (?:me )?(?:an |the |a calendar )?invite|send (?:over )?(?:some|a few|a couple of|two or three) (?:times|slots|dates|options)|see you (?:then|on)|i'll (?:bring|invite|block|loop in|set|get)|you've earned it|let's set (?:it|that|something) up|agreed)\b/,
  // A yes that leads the reply or follows its condition ("If you keep it short, yes."), not one that
  // confirms a remark ("That migration was a big deal, yes.").
  /(?:^|[.!?]\s+|\bif\b[^.!?]*,\s*)yes[,.!]/,
  COMMITS,
  // "I'd be open to that", "Thursday afternoon could work for him", "Talk Thursday.", and a slot picked
  // from the ones offered ("Wednesday at ten.").
  /\b(?:i'd|i would|we'd|we would) be open to (?:that|it|this|a|an)\b|\bcould work\b/,
  /\btalk (?:on )?(?:(?:mon|tues|wednes|thurs|fri)day|then|tomorrow|next week)\b/,
  /^(?:(?:mon|tues|wednes|thurs|fri)day|tomorrow)\b(?![^.!?]*\b(?:not|isn't|won't|can't|doesn't|no)\b)/,
  // "That's fair. Wednesday at 9 works.", "Tuesday morning suits me", "see you Wednesday" (writer Z, session 17).
  /\b(?:(?:mon|tues|wednes|thurs|fri)day|tomorrow|\d{1,2}(?::\d\d)? ?(?:am|pm)?)\b[^.!?]{0,20}\b(?:works|suits (?:me|us)|is fine|is good)\b/,
  /\bsee you (?:(?:on )?(?:mon|tues|wednes|thurs|fri)day|tomorrow|next week)\b/,
];

/** The buyer's stance in one reply. Decline wins over accept when both appear ("Okay, but not yet"). */
export function replyStance(reply: string): Stance {
  const said = reply.toLowerCase().replace(/[’‘]/g, "'").replace(/\s+/g, " ").trim();
  const r = COMMITS.test(said) ? said.replace(HEDGE, "") : said;
  if (DECLINE.some((re) => re.test(r))) {
    // "If you keep it to 45 minutes, yes. Send me a couple of times." is a yes with a condition.
    if (
      /\byes\b/.test(r) &&
      /\bsend (?:me )?(?:a few|a couple of|some|two or three) (?:times|slots|dates|options)\b/.test(r)
    )
      return "accept";
    return "decline";
  }
  // "Okay, what is it exactly?": a question back is not a yes.
  const rest = r.replace(/^(?:(?:ok|okay|right|alright|so|well|hmm+|sure|yes|yeah)[,.!]?\s+)+/, "");
  if (
    /^(?:what|how|why|who|when|where|which|is|are|do|does|can|could|would|will)\b/.test(rest) &&
    !/\b(?:let's|yes|works for me|send (?:me )?(?:an |the )?invite)\b/.test(r)
  )
    return "unclear";
  // "Fine. Goodbye." after a deferral ends the call; an acknowledgement and a goodbye commit to nothing.
  if (
    /^(?:(?:ok|okay|fine|sure|right|alright|all right|thanks|thank you|cheers)[,.!]?\s+)*(?:good)?bye(?: for now| then)?[.!]?$/.test(
      r,
    )
  )
    return "unclear";
  // A bare "Okay." or "Right." acknowledges; it does not commit.
  if (/^(?:ok|okay|alright|all right|right|mm+|hmm+|fine|i see)[.!]?$/.test(r)) return "unclear";
  return ACCEPT.some((re) => re.test(r)) ? "accept" : "unclear";
}
