/** FNV-1a: a small, stable hash so a conversation id always picks the same phrasings. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** The first variant, in a seeded order, that has not been said before; a lead-in makes it new if all were. */
export function pick(variants: string[], seed: string, used: Set<string>): string {
  const start = hash(seed) % variants.length;
  const rotated = variants.map((_, i) => variants[(start + i) % variants.length]);
  const fresh = rotated.filter((v) => !tooOften(v, used));
  const ordered = fresh.length ? [...fresh, ...rotated.filter((v) => !fresh.includes(v))] : rotated;
  for (const v of ordered) if (!used.has(v)) return v;
  const lower = (v: string) => (/^I\b/.test(v) ? v : `${v[0].toLowerCase()}${v.slice(1)}`);
  for (const lead of LEAD_INS)
    for (const v of ordered) {
      const line = `${lead} ${lower(v)}`;
      if (!used.has(line)) return line;
    }
  // A very long call: pairs of lead-ins still never repeat a reply.
  for (const first of LEAD_INS)
    for (const second of LEAD_INS)
      for (const v of ordered) {
        const line = `${first} ${second.toLowerCase()} ${lower(v)}`;
        if (first !== second && !used.has(line)) return line;
      }
  return `${ordered[0]} I've said all I can on that.`;
}

/** A reply's opener: its words before the first punctuation mark, when there are at most three. */
export function openerOf(reply: string): string | null {
  const m = /^([^.,:;!?]+)[.,:;!?]/.exec(reply.trim());
  if (!m || m[1].trim().split(/\s+/).length > 3) return null;
  return m[1].trim().toLowerCase();
}

/** Whether a reply opens the way two replies already said in this call opened. */
export function tooOften(reply: string, said: Iterable<string>): boolean {
  const opener = openerOf(reply);
  if (!opener) return false;
  let n = 0;
  for (const s of said) if (openerOf(s) === opener) n++;
  return n >= 2;
}

const LEAD_INS = ["Look,", "Like I said,", "Again,", "Honestly,", "Well,", "Right,", "As I mentioned,"];

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_m, key: string) => values[key] ?? "");

/** Every stock line the offline buyer says, by what it is for; {first}, {fact}… are filled in when said. */
const LINES = {
  greeting: [
    "{first} speaking. I've got a few minutes. What's this about?",
    "Hi, this is {first}. I don't have long, so what can I do for you?",
    "Hello, {first} here. What's this regarding?",
  ],
  /** A first turn that asks how the persona is: small talk back, then the call's purpose. */
  greetingAsked: [
    "{first} speaking. Busy week, as always, but fine. What's this about?",
    "Not bad, thanks, flat out as usual. What can I do for you?",
    "Hi. Fine, thanks, busy. What's this regarding?",
  ],
  /** The learner asks for a moment of the persona's time. */
  timeAsked: [
    "A few minutes, yes. What's this about?",
    "I can give you five minutes. Go ahead.",
    "Briefly, yes. What can I do for you?",
  ],
  greetingAgain: ["Hi again. What did you want to ask?", "Yes, still here. Go ahead.", "Hello. What's on your mind?"],
  smallTalk: [
    "Busy, as always. But fine, thanks. What can I do for you?",
    "Ha, can't complain. Go on, what did you want to ask?",
    "Not bad, thanks. Anyway, what's on your mind?",
    "Ha. Fair enough. So, what did you want to know?",
  ],
  intro: ["Sure.", "", "Right.", "", "Well,"],
  told: ["As I said,", "Like I mentioned,", "Again,"],
  situationDone: [
    "That's the picture, really. What else do you want to know?",
    "That's about it on how things run. What are you trying to find out?",
    "Not much more to it day to day. What else?",
  ],
  guardedProblem: [
    "Things run fine, mostly. Why do you ask?",
    "Every operation has its issues. What exactly are you after?",
    "We manage. I'd rather know a bit more about why you're asking first.",
    "Nothing I'd call a crisis. What makes you ask?",
  ],
  painFirst: ["Honestly? {pain}", "The big one: {inline}.", "If I'm honest, {inline}.", "Well, since you ask. {pain}"],
  painNext: [
    "There's another thing. {pain}",
    "And then there's this: {inline}.",
    "The other one: {inline}.",
    "Something else that bugs me: {inline}.",
  ],
  painsDone: [
    "I think you've heard the main problems now.",
    "That's the main list, honestly.",
    "Those are the big ones. The rest is noise.",
  ],
  volunteerMore: ["And that's not the only thing.", "That's one of a few, to be fair.", ""],
  implicationNone: [
    "Effect of what, though? We haven't really talked about a problem.",
    "Hard to say. What problem do you have in mind?",
  ],
  implicationDone: [
    "I've told you what it costs us. The question is what you'd do about it.",
    "That's the damage, more or less. What would you do about it?",
  ],
  payoffNone: [
    "Solving what, exactly? You haven't asked me what's wrong yet.",
    "Hard to say when we haven't talked about what's broken.",
  ],
  payoffGoal: [
    "If that got fixed? {goal}",
    "Then I could do what I'm meant to. {goal}",
    "It would change a lot. {goal}",
  ],
  goalIntro: ["Top of my list: {inline}.", "Mostly, {inline}.", "Honestly? {goal}"],
  payoffMotivation: [
    "For me personally? {motivation}",
    "And honestly, {motivation}",
    "It matters to me too. {motivation}",
  ],
  payoffDone: [
    "I think I've told you what it would mean. It would be worth a lot.",
    "That's what's at stake for me. It would matter.",
  ],
  pitchEarly: [
    "I'm not sure what problem that solves for us.",
    "Hold on. You're telling me what you've got before you know what we need.",
    "Everyone says that. You don't know much about how we work yet.",
    "I get a lot of these calls. Why would that matter to me?",
  ],
  pitchAgain: [
    "You're still selling. Ask me something about how we work.",
    "I've heard the pitch. What do you actually want to know about us?",
    "That's your side of it. You haven't asked much about ours.",
  ],
  pitchLate: [
    "Maybe. How would that help with what I just described?",
    "Could be. What would that look like for us specifically?",
    "Be specific, then. What would change for my team?",
  ],
  ignored: [
    "Hang on. I just told you something important and you went straight past it.",
    "Did you hear what I just said? That's the part I actually care about.",
    "You skipped right over that. Are you listening, or reading a script?",
  ],
  closeEarly: [
    "Not yet: I'm not sure we're there yet. You don't really know what we're dealing with.",
    "No, not yet. Slow down: what would we even be meeting about?",
    "Not now: that's a bit quick. You haven't asked me much.",
  ],
  /** Asked for more than the buyer's own first step (a rollout, a contract): no to that, and the smaller step offered. */
  closeSmaller: [
    "No, not that: it's a bigger commitment than I'd make off one call. {Close} first, then we'll see.",
    "No, not all at once. I'd start with {close} and take it from there.",
    "Not yet, no. Let's do {close} first and talk about the rest after.",
  ],
  /** A contract the learner promises to send before the buyer has agreed to anything that big. */
  holdContract: [
    "No, hold off on a contract, please. Send me what {close} would look like instead.",
    "No contract yet, thanks. Send me the details for {close} and I'll have a look.",
  ],
  closeNotYet: ["Not yet: {reason}", "No, not yet. {Reason}", "Not now, no. {Reason}"],
  objection: [
    "Not yet: before I say yes, I need to hear about this. {concern} How would this be any different?",
    "No, not yet. Here's my hesitation: {concern} Convince me this isn't that.",
    "Not now. I'll be straight with you: {concern} So what's different here?",
  ],
  concernNone: [
    "Mostly whether it would actually work for a team like mine.",
    "Time, mostly. Whatever it is, it can't eat my team's week.",
  ],
  causeKnown: [
    "Honestly, the process hasn't kept up with how much we've grown.",
    "We've patched it rather than fixed it. Nobody's had the time.",
    "Partly the systems, partly habit. It's always been done this way.",
  ],
  objectionHeard: [
    "That's fair, and it helps.",
    "Alright. That makes me a bit more comfortable.",
    "Fine. I can live with that.",
  ],
  objectionUnanswered: [
    "Not yet: you still haven't answered my concern.",
    "No, not yet. That doesn't really address what worries me.",
  ],
  agree: [
    "Yes, let's do {close}. That sounds reasonable given what we've talked about. Send me an invite.",
    "Agreed: let's do {close}. You've earned it. Send over some times.",
    "Deal. Let's do {close}. Put something in my calendar.",
  ],
  customerNotToHand: [
    "I don't have that to hand, sorry. It'll be in an email somewhere.",
    "Not off the top of my head. Do you really need it to sort this out?",
  ],
  customerBack: [
    "Thanks. So what can you do about it?",
    "Okay. I just want this sorted.",
    "Right. So where does that leave me?",
  ],
  resolutionAgree: [
    "Okay. {Close} would sort it. Can you confirm that by email?",
    "Right. If I get {close}, I'm happy. Please put that in writing.",
    "Fine, {close} works for me. Thank you for sorting it.",
  ],
  resolutionPartial: [
    "That helps, but it's not enough. What I want is {close}.",
    "It's a start. What would actually sort this is {close}.",
  ],
  resolutionNo: [
    "That doesn't fix it for me. What I want is {close}.",
    "Sorry, that's not what I'm after. {Close} is what would sort it.",
  ],
  resolutionUnheard: [
    "Hang on, you haven't even heard what happened yet.",
    "Before you offer me anything, can you let me explain what went wrong?",
  ],
  agreeGeneric: [
    "Yes, let's do a short next step. Send me an invite.",
    "Agreed: let's set up a follow-up. Send me a few times.",
  ],
  agreedAlready: [
    "Yes, we've agreed on that. Send the details and we'll take it from there.",
    "Agreed already. Just send it over.",
  ],
  // After the yes, the learner's promise ("I'll send the details today") is taken up, not agreed to a second time.
  promiseTaken: ["Good, send the details and we'll take it from there.", "Great, send it over and I'll have a look."],
  agreeWorry: [
    "One thing I'll want covered, though: {concern}",
    "But I'll be straight with you: {concern} I'll want to hear how you handle that.",
  ],
  volunteerLast: [
    "One more thing you should know, since we're doing this: {inline}.",
    "And you should know this too: {inline}.",
  ],
  check: ["Yes, that's a fair summary.", "Yes, that's about it.", "Yes, you've got it."],
  checkEmpty: ["More or less, yes.", "Roughly, yes. Go on."],
  evadeMoney: [
    "I'd have to check that with finance.",
    "That's not a number I'd share on a first call.",
    "I'd need to look that up with finance, honestly.",
  ],
  evadeOthers: ["I couldn't tell you what others do.", "No idea, honestly. I don't follow what other firms do."],
  /** A deadline the seller sets ("only valid till Friday", "decide today"): an experienced buyer does not rush. */
  pressure: [
    "No. I don't buy on someone else's deadline. If it's right for us, it'll still be right later.",
    "No, not on a deadline. If it's only good till then, it's probably not for us.",
    "No, deadlines like that don't work on me. Let's see if it's even a fit first.",
  ],
  /** A seller who turns dismissive ("your loss"): cool, short, and done. */
  brushedOff: ["Right. Well, that's that, then.", "Okay. I think we're done here.", "Fair enough. Thanks for calling."],
  /** A question the learner marks as off the topic ("random q but..."), not on the card: light, in character. */
  /** Asked for a view of something the card does not know ("do you think vegan will take over?"): a view, nothing new. */
  opinion: [
    "Honestly? I haven't given it much thought. Not my area.",
    "Hard to say. I've got enough on with what's in front of me.",
    "No strong view, to be honest. Ask me again in a year.",
  ],
  aside: ["Ha, couldn't tell you. Anyway.", "Ha, that's one for another day.", "Ha, no idea, honestly. Where were we?"],
  evadePersonal: [
    "Ha, hard to say. Not really what this call's for, though.",
    "Ha, nothing worth talking about. Anyway, go on.",
    "Ha, nothing exciting, I'm afraid. What did you want to ask me?",
  ],
  /** Asked how it decides when the card does not say: in character, nothing new. */
  /** Asked who decides when the card names nobody: where it starts, nothing new. */
  decisionStarts: ["It starts with me.", "I'm the first person you'd have to convince."],
  decisionGeneric: [
    "Depends on the size of it. For anything big I'd want to see the numbers first.",
    "Case by case, honestly. Show me it's worth it and then we'll talk about who else needs to see it.",
  ],
  /** How something is done day to day, when the card does not say: in character, nothing new. */
  evadeProcess: [
    "That's more the team's detail than mine, honestly. I'd have to ask them exactly how they do it.",
    "I'd need to check with the team on the detail of that. I don't get into it day to day.",
    "That's in the weeds, to be honest. The team would know better than me.",
  ],
  /** A figure the card does not give. */
  evadeNumber: [
    "I don't have that number to hand, honestly.",
    "I couldn't give you a figure for that off the top of my head.",
    "No idea exactly. I'd have to pull that for you.",
  ],
  /** How many people do one part of the work, when the card does not say. */
  evadeHeadcount: [
    "A handful, give or take. I'd have to count exactly who touches it.",
    "It varies week to week, honestly. A few people, not a big team.",
  ],
  /** Which software or system, when the card names none. */
  evadeTool: [
    "Nothing fancy, honestly. I'd have to check what it's called with IT.",
    "Whatever was set up years ago. I couldn't tell you the name offhand.",
  ],
  /** Who else feels a problem, when the card names nobody. */
  /** Who a told pain reaches, when the card names them ("customers"). */
  othersNamed: [
    "{who}, first of all. And then it lands on my desk.",
    "{who}, mostly. And I'm the one who has to answer for it.",
  ],
  othersAffected: [
    "A few people feel it, one way or another. But it lands on my desk first.",
    "Most of the team, to some degree. I'm the one who has to answer for it, though.",
  ],
  evade: [
    "I couldn't tell you offhand. I'd have to check.",
    "Not something I have to hand, honestly.",
    "I'd have to check that and come back to you.",
  ],
  goodbye: ["Thanks for calling. Bye for now.", "Alright. Take care, bye.", "Thanks. Speak soon."],
  goodbyeAgreed: ["Thanks. Speak soon.", "Bye for now. Talk soon."],
  listening: ["Go on.", "I'm listening.", "Mm. Keep going.", "Sure, go ahead."],
  ack: ["Right.", "Exactly.", "That's it.", "Mm, that's the one."],
};

export type LineKey = keyof typeof LINES;

export function line(key: LineKey, seed: string, used: Set<string>, values: Record<string, string> = {}): string {
  const variants = LINES[key].map((t) => fill(t, values).replace(/\s+/g, " ").trim()).filter(Boolean);
  return pick(variants, `${seed}:${key}`, used);
}

/** The damage a pain does, by what it is about: two levels, then its goal. */
const CONSEQUENCES: [RegExp, string[]][] = [
  [
    /\b(forecast|unreliable|accura|predict|planning)/i,
    [
      "I can't plan properly, and I end up defending numbers I don't trust myself.",
      "Leadership stops trusting the numbers, and then they stop trusting us.",
    ],
  ],
  [
    /\b(duplicat|records|reconcil|spreadsheet|data entry|two systems|systems)/i,
    [
      "Nobody trusts the data, so everyone keeps their own spreadsheet.",
      "We make decisions on bad data and find out too late.",
    ],
  ],
  [
    /\b(unused|inactive|adoption|seats|nobody uses|shelfware)/i,
    ["All that effort, and nobody uses it. That's hard to defend.", "It makes every new request harder to justify."],
  ],
  [
    /\b(board|report|show|visibility|prove|track|measure|dashboards?|metrics?)\b/i,
    [
      "When I can't show the numbers, I lose credibility where the decisions get made.",
      "We end up arguing about opinions instead of facts.",
    ],
  ],
  [
    /\b(error|mistake|wrong|defect|quality|rework)/i,
    [
      "Every mistake means rework, and we find out when it's already expensive.",
      "It makes us look sloppy, and that's not who we are.",
    ],
  ],
  [
    /\b(customer|complain|client|patient|churn|refund)/i,
    [
      "The customers notice before we do. That's what really worries me.",
      "Every one of those is a customer who thinks twice about coming back.",
    ],
  ],
  [
    /\b(miss|late|delay|cut-?off|deadline|backlog|slip)/i,
    [
      "Things go out late, and then everyone downstream scrambles to make up for it.",
      "We end up paying extra just to catch up, and the team burns out.",
    ],
  ],
  [
    /\b(too long|hours|manual|slow|ad-hoc|requests|\btime\b)/i,
    [
      "It eats the week. The work that actually matters keeps getting pushed back.",
      "Good people end up firefighting instead of doing what we hired them for.",
    ],
  ],
  [
    /\b(overtime|costs?\b|budget|expensive|price|money|spend\b|spending|\$|£|€)/i,
    [
      "That comes straight out of my budget, and I'm the one who has to explain it.",
      "It's money we could be spending on something that moves us forward.",
    ],
  ],
  [
    /\b(staff|turnover|burnout|hiring|morale|people|team)/i,
    ["People are tired. I'm worried about losing the good ones.", "It wears the team down, and it shows."],
  ],
];
const GENERIC = [
  "It slows everything down, and it lands on my desk.",
  "It adds up. Small things like that cost us more than people think.",
  "Honestly, it's the kind of thing that makes the rest of the job harder.",
];

/**
 * Who a pain reaches, by what it is about, when a line of its damage says so ("...out of my budget, and
 * I'm the one who has to explain it"): for "who else feels that?". Null when none names anyone.
 */
export function whoItReaches(pain: string, used: Set<string>): string | null {
  const found = CONSEQUENCES.find(([re]) => re.test(pain))?.[1] ?? [];
  return (
    found.find(
      (l) =>
        !used.has(l) && /\b(I'm the one|leadership|everyone|customers?|clients?|team|finance|people|my desk)\b/.test(l),
    ) ?? null
  );
}

/** What a pain costs, by what it is about, at depth 0 or 1; then the goal it blocks. */
export function consequence(
  pain: string,
  depth: number,
  goal: { can?: string; text?: string } | undefined,
  used: Set<string>,
): string | null {
  if (depth < 2) {
    const found = CONSEQUENCES.find(([re]) => re.test(pain))?.[1] ?? [];
    const fresh = [...found.slice(depth), ...GENERIC].find((c) => !used.has(c));
    if (fresh) return fresh;
  }
  if (!goal) return null;
  if (goal.can) return `And as long as it keeps happening, I can't ${goal.can}.`;
  return goal.text ? `And it stands in the way of what I'm after. ${goal.text}` : null;
}
