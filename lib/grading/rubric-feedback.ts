import { SPIN_STAGES, type SpinStage } from "@/lib/language";
import { sentencesOf } from "@/lib/language/sentences";
import type { Persona } from "@/lib/validations/persona";
import type { Criterion, Scenario, ScenarioKind } from "@/lib/validations/scorecard";

import type { GradeFeedback } from "./grade-schema";
import type { MeasureInput } from "./measures";
import { discoveryQuestions, listeningCounts } from "./questions";
import { isDelivery, MIN_LEARNER_WORDS, type ScorecardResult } from "./scorecard";
import { nextStep } from "./signals";
import { suggestQuestion } from "./suggestions";
import { excerpt } from "./text";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
const pct = (r: number | null) => (r === null ? "an unknown share" : `${Math.round(r * 100)}%`);
const KIND_NAME: Record<ScenarioKind, string> = {
  "sales-discovery": "discovery call",
  "job-interview": "interview",
  "customer-service": "service call",
  pitch: "pitch",
  general: "conversation",
};

// Whole words where a prefix would catch a harmless one: "hardware", "later" and "mission" name no problem,
// and neither does "Hi Linh, no problem" or "not an issue".
const NAMES_A_PROBLEM =
  /\b(?:(?<!\bno |\bnot a |\bnot an |\bno big )(?:problem\w*|issue\w*)|miss(?:ed|es|ing)?|late|error\w*|fail\w*|slow\w*|complain\w*|frustrat\w*|hard(?:er|est)?(?! stop)|difficult\w*|wast(?:e|es|ed|ing)|los(?:e|es|ing)|lost|behind|delay\w*|manual\w*|overtime|broken|stuck)\b/i;

/**
 * The buyer's line the learner should have picked up: the sentence naming a problem in the first such
 * turn. Only such a line is worth quoting back; without one the suggestion stays plain.
 */
function buyerLineToPickUp(input: MeasureInput): string | null {
  // Not an answer to a question that asked for no discovery: "Yes, 25 is fine, I have a hard stop
  // after" answers "is this still okay?", and names no problem of the buyer's.
  const answersNonDiscovery = (i: number) => {
    const before = input.turns.slice(0, i).findLastIndex((t) => t.speaker === "learner");
    const asked = input.questions.filter((q) => q.turn === before);
    return asked.length > 0 && asked.every((q) => q.stage === null);
  };
  // A hypothetical ("it would help if...") is not a problem the buyer has.
  const problem = input.turns.find(
    (t, i) =>
      t.speaker === "persona" &&
      t.text.split(/\s+/).length >= 5 &&
      !/\b(?:would|could|'d)\b/i.test(t.text) &&
      NAMES_A_PROBLEM.test(t.text) &&
      !answersNonDiscovery(i),
  );
  return problem ? (sentencesOf(problem.text).find((s) => NAMES_A_PROBLEM.test(s)) ?? problem.text) : null;
}

/** What a customer called about: the first sentence of theirs that says more than hello. */
function customerIssue(input: MeasureInput): string | null {
  for (const t of input.turns.filter((x) => x.speaker === "persona"))
    for (const sentence of sentencesOf(t.text))
      if (sentence.split(/\s+/).length >= 4 && !/^(?:hi|hello|hey|yes|yeah|thanks|thank you)\b/i.test(sentence))
        return sentence;
  return null;
}

/** The stage a discovery call most needs next: the deepest stage skipped, else the thinnest. */
function stageToPractise(questions: MeasureInput["questions"]): SpinStage {
  const count = (s: SpinStage) => questions.filter((q) => q.stage === s).length;
  const order: SpinStage[] = ["implication", "need-payoff", "problem", "situation"];
  return order.find((s) => count(s) === 0) ?? order.sort((a, b) => count(a) - count(b))[0];
}

/** A line the learner could have said for a criterion that fell short; fits the scenario kind. */
export function betterLineFor(kind: ScenarioKind, input: MeasureInput) {
  return (criterion: Criterion): string | null => {
    const pickUp = buyerLineToPickUp(input);
    switch (criterion.measure) {
      case "spin":
      case "topics":
        return suggestQuestion(stageToPractise(input.questions), pickUp);
      case "listening":
        return kind === "sales-discovery"
          ? suggestQuestion("problem", pickUp)
          : pickUp
            ? `You said "${excerpt(pickUp, 10)}". Can you tell me more about that?`
            : "Can you tell me more about what you just said?";
      case "questions":
        return {
          "sales-discovery": suggestQuestion("problem", pickUp),
          "job-interview": "What would success look like in this role after the first six months?",
          "customer-service": "When did this start, and what have you tried so far?",
          pitch: "What questions do you have so far?",
          general: "What matters most to you about this?",
        }[kind];
      case "talk_share":
      case "monologue":
        return kind === "pitch"
          ? "Let me pause there. What questions do you have so far?"
          : "Let me stop there. How does that compare with what you see today?";
      case "next_step": {
        // A step the buyer turned down is met with its reason and a smaller step, not another meeting request.
        const { agreed, declined } = nextStep(input.turns);
        if (kind !== "job-interview" && !agreed && declined)
          return `You said \u2018${excerpt(declined.quote.replace(/[.!?]+$/, ""), 14)}\u2019. What would need to be true for this to work for you? Would a smaller first step be easier to say yes to?`;
        return kind === "job-interview"
          ? "I'm very interested in this role. What are the next steps, and when can I expect to hear back?"
          : kind === "general"
            ? // A raise or a negotiation ends on when the answer comes, not on a meeting with a team.
              "Can we agree when you'll have an answer, and put 15 minutes in the diary for that day?"
            : "Shall we book 30 minutes next Tuesday with your team to go through this together?";
      }
      case "courtesy":
        return "I hear you. Let me stop there: what matters most to you right now?";
      case "star_answers":
        return "In my last role our on-time rate was 82%. I rebuilt the dispatch schedule with the drivers, and within three months we were at 95%.";
      case "empathy_ownership":
        return "I'm sorry, that sounds really frustrating. I'll take care of this for you now.";
      case "resolution": {
        // A fix the customer can hold the agent to, about what they called for, not a stock refund.
        const issue = customerIssue(input);
        const promise =
          "I'm taking this on myself: I'll call you back by 5 today with it fixed or a clear answer. Does that work for you?";
        return issue ? `You said \u2018${excerpt(issue.replace(/[.!?]+$/, ""), 14)}\u2019. ${promise}` : promise;
      }
      case "pitch_structure":
        return "Here is the problem we solve, how we solve it, the proof from customers, and what we are asking you for today.";
      case "case_and_ask":
        return "I'd like to talk about my salary. Since March I've cut month-end close from six days to two and trained three new analysts. I'm asking for 72 thousand.";
      default:
        return null;
    }
  };
}

function verdict(kind: ScenarioKind, card: ScorecardResult, input: MeasureInput): string {
  const discovery = input.questions.filter((q) => q.stage !== null).length;
  if (card.cap?.code === "too_little") return "Too little to grade.";
  if (card.cap) return `Held back: ${card.cap.reason}.`;
  if (kind === "sales-discovery" && discovery === 0) return "This conversation was a pitch, not a discovery call.";
  if (card.score >= 80) return `A strong ${KIND_NAME[kind]}.`;
  if (card.score >= 60) return `A solid ${KIND_NAME[kind]} with clear gaps.`;
  return kind === "sales-discovery"
    ? "This conversation needs more and deeper discovery."
    : `This ${KIND_NAME[kind]} needs work on the basics below.`;
}

type FeedbackInput = {
  persona: Persona;
  scenario: Scenario;
  input: MeasureInput;
  card: ScorecardResult;
  stages: Record<SpinStage, number>;
  spin: number;
  communication: number;
};

export function rubricFeedback({
  persona,
  scenario,
  input,
  card,
  stages,
  spin,
  communication,
}: FeedbackInput): GradeFeedback {
  const m = input.metrics;
  const kind = scenario.kind;
  const discovery = discoveryQuestions(input.questions);
  const passText = card.passed
    ? `passes the pass mark of ${card.pass_mark}`
    : `is below the pass mark of ${card.pass_mark}`;
  const needsAi = card.criteria.filter((c) => c.status === "needs_ai");
  const overall = [
    verdict(kind, card, input),
    `Your score of ${card.score} ${passText}.`,
    // The verdict already gives the reason ("Held back: ..."): the cap sentence says only the limit.
    card.cap
      ? card.cap.code === "too_little"
        ? `It is capped at ${card.cap.limit}: ${card.cap.reason}.`
        : `It is capped at ${card.cap.limit}.`
      : "",
    kind === "sales-discovery"
      ? `You asked ${plural(m.questions, "question")} (${plural(discovery.length, "discovery question")} answered, ${m.follow_ups} building on an answer) and spoke ${pct(m.talk_share_words)} of the words.`
      : `You asked ${plural(m.questions, "question")} and spoke ${pct(m.talk_share_words)} of the words.`,
    needsAi.length
      ? `${plural(needsAi.length, "criterion")} need${needsAi.length === 1 ? "s" : ""} AI grading and ${needsAi.length === 1 ? "is" : "are"} left out of the score: ${needsAi.map((c) => c.label).join(", ")}.`
      : "",
  ]
    .filter(Boolean)
    .join(" ");

  const pickUp = buyerLineToPickUp(input);
  let spinFeedback: string;
  if (kind !== "sales-discovery") {
    spinFeedback = `This ${KIND_NAME[kind]} is graded on its own scorecard, not on SPIN. For reference, ${plural(discovery.length, "question")} had a SPIN stage.`;
  } else if (discovery.length === 0 && input.questions.some((q) => q.stage !== null)) {
    spinFeedback = `Your ${plural(input.questions.filter((q) => q.stage !== null).length, "discovery question")} got no answer from ${persona.name} (the call ended, or you kept talking), so nothing was discovered. Ask, then stop and listen.`;
  } else if (discovery.length === 0) {
    spinFeedback = `No discovery question, so ${persona.name}'s situation, problems and priorities stayed unexplored. A first question could be: "${suggestQuestion("situation", null)}"`;
  } else {
    const parts = SPIN_STAGES.map((s) => {
      const asked = discovery.filter((q) => q.stage === s);
      return asked.length
        ? `${s}: ${asked.length} (e.g. "${excerpt(asked[0].text, 16)}")`
        : `no ${s} question (for example "${suggestQuestion(s, pickUp)}")`;
    });
    spinFeedback = `${parts.join("; ")}.`;
  }

  const deliveryBits = [
    `You spoke ${pct(m.talk_share_words)} of the words${m.timing === "voice" && m.talk_ratio !== null ? ` and ${pct(m.talk_ratio)} of the time` : ""}`,
    m.fillers === 0
      ? "with no filler words"
      : `with ${plural(m.fillers, "filler word")} (about ${m.fillers_per_minute} per minute)`,
    `your longest stretch ran ${m.longest_monologue_words} words`,
    m.wpm === null ? "typed conversation: words per minute not measured" : `your pace was ${m.wpm} words per minute`,
  ];
  const heard = listeningCounts(input.questions);
  const listening = heard.of.length
    ? ` ${heard.built.length} of ${heard.of.length} questions built on the previous answer.`
    : "";
  const courtesy = card.criteria.find((c) => c.measure === "courtesy" && c.score !== null && c.score < 50);
  const communicationFeedback = `${deliveryBits.join(", ")}.${listening}${courtesy ? ` ${courtesy.detail[0].toUpperCase()}${courtesy.detail.slice(1)}.` : ""}`;

  const enough = m.learner_words >= MIN_LEARNER_WORDS;
  // Delivery strengths are real but minor: at most one of them for a call below the pass mark, and never a quote.
  const delivery = (c: (typeof card.criteria)[number]) => isDelivery(c.measure);
  const good = card.criteria
    .filter((c) => c.score !== null && c.score >= 75)
    .sort((a, b) => Number(delivery(a)) - Number(delivery(b)) || b.weight - a.weight);
  const strengths = enough
    ? good
        .filter(
          (c, i, all) => !delivery(c) || card.passed || (card.score >= 40 && all.filter(delivery).indexOf(c) === 0),
        )
        .slice(0, 5)
        // The next step's detail already quotes the buyer's yes: a second quote back to back would read as two.
        .map(
          (c) =>
            `${c.label}: ${c.detail}${c.evidence && !delivery(c) && c.measure !== "next_step" ? ` ("${excerpt(c.evidence, 25)}")` : ""}.`,
        )
    : [];

  // One suggested line is offered once: two criteria that share it ("If that were solved...") get it the first time.
  const offered = new Set<string>();
  const improvements = card.criteria
    .filter((c) => c.passed === false)
    .sort((a, b) => b.weight * (100 - b.score!) - a.weight * (100 - a.score!))
    .slice(0, 5)
    .map((c) => {
      // Only the learner's own words are quoted back as theirs.
      const learnerLine = c.evidence_turn !== null && input.turns[c.evidence_turn]?.speaker === "learner";
      const said = c.evidence && learnerLine && c.measure !== "spin" ? ` You said: "${excerpt(c.evidence, 20)}".` : "";
      const better = c.better_line && !offered.has(c.better_line) ? c.better_line : null;
      if (better) offered.add(better);
      return `${c.label} (${c.score}/100): ${c.detail}.${said}${better ? ` Try: "${better}"` : ""}`;
    });
  // A strong discovery call still gets one growth point, from its thinnest deep stage.
  if (enough && improvements.length === 0 && kind === "sales-discovery") {
    const thin = (["need-payoff", "implication", "problem"] as SpinStage[]).find(
      (s) => discovery.filter((q) => q.stage === s).length < 2,
    );
    if (thin) {
      const n = discovery.filter((q) => q.stage === thin).length;
      improvements.push(
        `To go further: you asked ${plural(n, `${thin} question`)}; one more would have gone deeper, for example "${suggestQuestion(thin, pickUp)}"`,
      );
    }
  }
  if (!enough && improvements.length === 0)
    improvements.push(
      `You said ${plural(m.learner_words, "word")}: say enough for a real conversation before it can be graded.`,
    );

  const recommendations = recommendationsFor(kind, card, input);
  return {
    overall_feedback: overall,
    spin_score: spin,
    spin_feedback: spinFeedback,
    stage_scores: stages,
    communication_score: communication,
    communication_feedback: communicationFeedback,
    strengths,
    areas_for_improvement: improvements,
    recommendations,
  };
}

function recommendationsFor(kind: ScenarioKind, card: ScorecardResult, input: MeasureInput): string[] {
  const weak = new Set(card.criteria.filter((c) => c.passed === false).map((c) => c.measure));
  const out: string[] = [];
  if (kind === "sales-discovery") {
    const stage = stageToPractise(input.questions);
    const when: Record<SpinStage, string> = {
      situation: "ask them early, then move on: too many facts bore the buyer",
      problem: "ask them once you know how things work today, to find what is hard or not working",
      implication: "ask them right after the buyer names a problem, about what it costs and who else feels it",
      "need-payoff": "ask them once a problem is on the table, so the buyer says what solving it is worth",
    };
    if (weak.has("spin")) out.push(`Practise ${stage} questions: prepare two before the next call; ${when[stage]}.`);
    if (weak.has("listening"))
      out.push(
        "Build your next question on the buyer's last answer: pick up their words before moving to your next topic.",
      );
    if (weak.has("talk_share"))
      out.push("Ask one question, then stop and let the buyer answer in full; aim to talk less than half the time.");
    if (weak.has("next_step"))
      out.push("Close with a concrete, dated next step the buyer agrees to, not 'I'll send some info'.");
    if (weak.has("topics"))
      out.push("Before proposing anything, find out what the buyer is struggling with and what they want to achieve.");
  } else if (kind === "job-interview") {
    if (weak.has("star_answers"))
      out.push("Structure each answer as situation, task, action, result, with one number that shows the result.");
    if (weak.has("monologue")) out.push("Keep answers to one or two minutes; stop after the result.");
    if (weak.has("questions")) out.push("Prepare two questions about the role's challenges and the team.");
    if (weak.has("next_step")) out.push("Close by saying you want the job and asking about the next steps.");
  } else if (kind === "customer-service") {
    if (weak.has("empathy_ownership"))
      out.push("Name the customer's feeling first, then say what you will do about it.");
    if (weak.has("questions")) out.push("Ask diagnosis questions before offering a fix.");
    if (weak.has("resolution"))
      out.push("Give a clear resolution or an honest timeline, then check the issue is solved.");
  } else if (kind === "general") {
    if (weak.has("case_and_ask"))
      out.push(
        "Say what you came for in your first sentence, back it with two results in numbers, name your figure, then stop: do not soften it.",
      );
  } else if (kind === "pitch") {
    if (weak.has("pitch_structure"))
      out.push("Open with the audience's problem, then the solution, the proof, and a clear ask.");
    if (weak.has("questions")) out.push("Stop after the ask and invite questions.");
  }
  if (weak.has("courtesy"))
    out.push("Stay respectful and let the other side finish; a conversation lost on tone is lost on substance too.");
  if (weak.has("fillers")) out.push("Replace filler words with a short silent pause.");
  if (out.length === 0)
    out.push(
      `Keep this structure. Next time, raise the bar on your weakest criterion: ${[...card.criteria].filter((c) => c.score !== null).sort((a, b) => a.score! - b.score!)[0]?.label ?? "the next step"}.`,
    );
  return out.slice(0, 4);
}

/** A conversation in which the learner said nothing: graded, not failed, and explained. */
export function silentFeedback(persona: Persona): GradeFeedback {
  const zero = { situation: 0, problem: 0, implication: 0, "need-payoff": 0 };
  return {
    overall_feedback: `The conversation ended before you said anything, so there is nothing to grade. Start a new practice with ${persona.name} and open with a question about their situation.`,
    spin_score: 0,
    spin_feedback: "No learner turns: no SPIN stage could be covered.",
    stage_scores: zero,
    communication_score: 0,
    communication_feedback: "No learner turns: talk ratio, pace and filler words could not be measured.",
    strengths: [],
    areas_for_improvement: [`You did not speak. Try opening with "${suggestQuestion("situation", null)}"`],
    recommendations: [`Prepare a first question about ${persona.name}'s situation before starting the call.`],
  };
}
