/**
 * Each built-in measure scores 0-100 from the transcript, with the evidence behind it. Scores are
 * built up from what the learner did; a measure that says nothing about this call returns null.
 * Delivery measures (talk share, fillers, pace, monologue, courtesy) are scaled by how much the learner
 * actually said, so a three-line call never earns full marks for them.
 */
import { SPIN_STAGES, type SpinStage } from "@/lib/language";
import type { Measure, ScenarioKind } from "@/lib/validations/scorecard";

import type { TranscriptMetrics } from "./metrics";
import { discoveryQuestions, listeningCounts, type MarkedQuestion, turnsTakingUp } from "./questions";
import {
  blameLines,
  caseChecks,
  type Evidence,
  FURTHER_HELP,
  interviewClose,
  nextStep,
  overApologises,
  pitchChecks,
  rudeLines,
  serviceChecks,
  starAnswers,
} from "./signals";
import { excerpt, normaliseText } from "./text";
import type { TranscriptTurn } from "./transcript";

/** `unscaled`: a delivery score before scaling by how much the learner said (so "fine, but too little said" is not "below the mark"). */
export type MeasureResult = { score: number | null; evidence: Evidence | null; detail: string; unscaled?: number };
export type MeasureInput = {
  kind: ScenarioKind;
  turns: TranscriptTurn[];
  metrics: TranscriptMetrics;
  topics: string[];
  questions: MarkedQuestion[];
};

const clamp = (n: number) => Math.max(0, Math.min(100, Math.round(n)));
const pct = (r: number | null) => (r === null ? "an unknown share" : `${Math.round(r * 100)}%`);
/** How much the learner said, 0..1: 80 words are enough to judge delivery. */
export const sufficiency = (m: TranscriptMetrics) => Math.min(1, m.learner_words / 80);
const q = (x: MarkedQuestion | undefined): Evidence | null => (x ? { turn: x.turn, quote: x.text } : null);

/** Per stage: 0 with no question, 50 for one, 75 for two, 90 for three or more; +10 when one builds on the buyer's answer. */
export function stageScores(questions: MarkedQuestion[]): Record<SpinStage, number> {
  const out = {} as Record<SpinStage, number>;
  const counted = discoveryQuestions(questions);
  for (const stage of SPIN_STAGES) {
    const asked = counted.filter((x) => x.stage === stage);
    // Situation questions are necessary but never excellent on their own (too many bore the buyer).
    const top = stage === "situation" ? 80 : 100;
    out[stage] =
      asked.length === 0
        ? 0
        : Math.min(top, [0, 50, 75, 90][Math.min(3, asked.length)] + (asked.some((x) => x.follow_up) ? 10 : 0));
  }
  return out;
}

const STAGE_POINTS: Record<SpinStage, number> = { situation: 15, problem: 25, implication: 30, "need-payoff": 30 };

/** Why no discovery question counted: none asked, or the ones asked never got an answer (say which, truthfully). */
function unheard(questions: MarkedQuestion[], none: string): { evidence: Evidence | null; detail: string } {
  const asked = questions.filter((x) => x.stage !== null);
  if (asked.length === 0) return { evidence: null, detail: none };
  const buried = asked.every((x) => x.embedded);
  const what = asked.length === 1 ? "your discovery question" : `your ${asked.length} discovery questions`;
  return {
    evidence: q(asked[0]),
    detail: buried
      ? `${what} came in the middle of your own talk, so the other side never answered ${asked.length === 1 ? "it" : "them"}`
      : `${what} got no answer before the call ended, so nothing was discovered`,
  };
}

/** A question counts fully when it is part of a thread: it builds on an answer, or its own answer is built on next. */
function threadWeight(x: MarkedQuestion, all: MarkedQuestion[]): number {
  if (x.follow_up) return 1;
  const next = all.find((y) => y.turn > x.turn + 1 && y.stage !== null);
  return next && next.turn === x.turn + 2 && next.follow_up ? 1 : 0.5;
}

/** SPIN: points per stage for up to two questions each (implication and need-payoff weigh most); a call that is mostly situation questions loses the edge. */
function spin({ questions }: MeasureInput): MeasureResult {
  const discovery = discoveryQuestions(questions);
  if (discovery.length === 0) return { score: 0, ...unheard(questions, "no discovery question was asked") };
  let score = 0;
  for (const stage of SPIN_STAGES) {
    const weighted = discovery.filter((x) => x.stage === stage).reduce((s, x) => s + threadWeight(x, discovery), 0);
    score += STAGE_POINTS[stage] * Math.min(1, weighted / 2);
  }
  const situationShare = discovery.filter((x) => x.stage === "situation").length / discovery.length;
  if (discovery.length >= 5 && situationShare > 0.6) score *= 0.85;
  const deepest = [...discovery].sort((a, b) => SPIN_STAGES.indexOf(b.stage!) - SPIN_STAGES.indexOf(a.stage!))[0];
  const counts = SPIN_STAGES.map((s) => `${discovery.filter((x) => x.stage === s).length} ${s}`).join(", ");
  // Talking too much is judged once, by the talk-share criterion (or the cap when the scorecard has none).
  return { score: clamp(score), evidence: q(deepest), detail: counts };
}

function listening({ kind, questions, turns }: MeasureInput): MeasureResult {
  // A service call or a request (a raise, a negotiation) is listened to in statements as much as in questions:
  // "I understand the budget is not your decision" takes the other side's answer up as well as a question does.
  if (kind === "customer-service" || kind === "general") {
    const { built, of } = turnsTakingUp(turns);
    const who = kind === "general" ? "the other side" : "the customer";
    if (of.length === 0) return { score: 0, evidence: null, detail: `no reply to what ${who} said` };
    const quote = (i: number) => ({ turn: i, quote: excerpt(turns[i].text) });
    return {
      score: clamp(100 * Math.min(1, built.length / of.length / 0.6) * Math.min(1, of.length / 3)),
      evidence: built.length ? quote(built[0]) : quote(of[0]),
      detail: `${built.length} of ${of.length} replies took up what ${who} had just said`,
    };
  }
  const { built: follows, of: afterAnswers } = listeningCounts(questions);
  if (afterAnswers.length === 0)
    return { score: 0, ...unheard(questions, "no question built on the other side's answers") };
  const rate = follows.length / afterAnswers.length;
  const volume = Math.min(1, afterAnswers.length / 4);
  return {
    score: clamp(100 * Math.min(1, rate / 0.6) * volume),
    evidence: q(follows[0] ?? afterAnswers[0]),
    detail: `${follows.length} of ${afterAnswers.length} questions built on the previous answer`,
  };
}

const TALK_TARGET: Record<ScenarioKind, [number, number, number, number]> = {
  // [zero below, full from, full to, zero above]
  "sales-discovery": [0.1, 0.25, 0.5, 0.8],
  "job-interview": [0.2, 0.45, 0.75, 0.95],
  "customer-service": [0.15, 0.3, 0.55, 0.85],
  pitch: [0.3, 0.5, 0.92, 1.01],
  general: [0.15, 0.3, 0.6, 0.85],
};

export function talkShare(m: TranscriptMetrics): number | null {
  return m.timing === "voice" && m.talk_ratio !== null
    ? Math.max(m.talk_ratio, m.talk_share_words ?? 0)
    : m.talk_share_words;
}

/** Mean words per learner turn above which a typed turn is a speech, not a conversational move. */
const TYPED_TURN_WORDS: Record<ScenarioKind, [number, number]> = {
  "sales-discovery": [45, 130],
  "customer-service": [50, 140],
  general: [55, 150],
  "job-interview": [140, 320],
  pitch: [400, 1000],
};

function talk({ kind, metrics: m }: MeasureInput): MeasureResult {
  const share = talkShare(m);
  if (share === null) return { score: 0, evidence: null, detail: "nobody spoke" };
  // Typed practice: the buyer's replies are short by design, so the share of words says little;
  // the length of the learner's own turns says whether they handed the conversation back.
  if (m.timing !== "voice" && m.learner_turns > 0) {
    const perTurn = m.learner_words / m.learner_turns;
    const [full, zero] = TYPED_TURN_WORDS[kind];
    const fit = perTurn <= full ? 1 : Math.max(0, (zero - perTurn) / (zero - full));
    return {
      score: clamp(100 * fit * sufficiency(m)),
      unscaled: clamp(100 * fit),
      evidence: null,
      detail: `typed call: your turns averaged ${Math.round(perTurn)} words (the buyer's typed replies are short by design, so turn length is judged, not share; up to ${full} is easy to answer)`,
    };
  }
  const [lo0, lo1, hi1, hi0] = TALK_TARGET[kind];
  const fit = share < lo1 ? (share - lo0) / (lo1 - lo0) : share > hi1 ? (hi0 - share) / (hi0 - hi1) : 1;
  return {
    score: clamp(100 * Math.max(0, Math.min(1, fit)) * sufficiency(m)),
    unscaled: clamp(100 * Math.max(0, Math.min(1, fit))),
    evidence: null,
    detail: `you spoke ${pct(m.talk_share_words)} of the words${m.talk_ratio !== null && m.timing === "voice" ? ` and ${pct(m.talk_ratio)} of the time` : ""} (target ${Math.round(lo1 * 100)}-${Math.round(hi1 * 100)}%)`,
  };
}

const INVITES =
  /\b(?:any questions|what questions|what would you like to know|does (?:that|this) (?:resonate|land|make sense)|how does (?:that|this) (?:land|sound)|what do you think|what's your (?:take|reaction))\b/i;

function questionsMeasure({ kind, questions }: MeasureInput): MeasureResult {
  const real = discoveryQuestions(questions);
  const open = real.filter((x) => x.open).length;
  if (kind === "pitch") {
    const invite = questions.find((x) => INVITES.test(x.text));
    const asked = invite ?? questions.find((x) => x.stage !== null && x.answered !== false);
    return {
      score: invite ? 100 : asked ? 50 : 0,
      evidence: q(asked),
      detail: invite
        ? "you invited the audience's questions"
        : asked
          ? "you asked the audience a question but never invited theirs"
          : "no question to the audience",
    };
  }
  if (kind === "job-interview") {
    const n = questions.filter((x) => (x.stage !== null || x.open) && x.answered !== false && !x.embedded).length;
    return {
      score: [0, 60, 100][Math.min(2, n)],
      evidence: q(questions.find((x) => x.open) ?? questions[0]),
      detail: `${n} question${n === 1 ? "" : "s"} to the interviewer`,
    };
  }
  if (kind === "customer-service") {
    return {
      score: [0, 45, 75, 100][Math.min(3, real.length)],
      evidence: q(real[0]),
      detail: `${real.length} diagnosis question${real.length === 1 ? "" : "s"}`,
    };
  }
  if (kind === "general") {
    // Any answered question to the other side that moves the conversation on ("what would you need from me
    // to make the case?", "would it help if the on-call piece were a formal role?"), not only discovery.
    const asked = questions.filter(
      (x) =>
        x.answered !== false &&
        !x.embedded &&
        x.act !== "small-talk" &&
        (x.stage !== null || x.open || x.act === "proposal"),
    );
    return {
      score: [0, 50, 80, 100][Math.min(3, asked.length)],
      evidence: q(asked.find((x) => x.open) ?? asked[0]),
      detail: `${asked.length} question${asked.length === 1 ? "" : "s"} that moved the conversation on`,
    };
  }
  if (real.length === 0) return { score: 0, evidence: null, detail: "no discovery question" };
  let score = 80 * Math.min(1, real.length / 8) + 20 * (open / real.length);
  if (real.length > 20) score *= 0.85;
  return {
    score: clamp(score),
    evidence: q(real.find((x) => x.open) ?? real[0]),
    // "discovery": small talk, checks and proposals are left out here, though "You asked N questions" counts them.
    detail: `${real.length} discovery question${real.length === 1 ? "" : "s"}, ${open} open`,
  };
}

const MONOLOGUE_WORDS: Record<ScenarioKind, [number, number]> = {
  "sales-discovery": [150, 400],
  "customer-service": [150, 400],
  general: [170, 450],
  "job-interview": [300, 650],
  pitch: [450, 1000],
};

function monologue({ kind, turns, metrics: m }: MeasureInput): MeasureResult {
  const [full, zero] = MONOLOGUE_WORDS[kind];
  const words =
    m.timing === "voice"
      ? Math.max(m.longest_monologue_words, (m.longest_monologue_seconds / 60) * 150)
      : m.longest_monologue_words;
  const fit = words <= full ? 1 : Math.max(0, (zero - words) / (zero - full));
  const turn = turns.findIndex((t) => t.seq === m.longest_monologue_seq);
  return {
    score: clamp(100 * fit * sufficiency(m)),
    unscaled: clamp(100 * fit),
    evidence: turn >= 0 ? { turn, quote: excerpt(turns[turn].text, 14) } : null,
    detail: `your longest stretch ran ${m.longest_monologue_words} words${m.timing === "voice" ? ` (${Math.round(m.longest_monologue_seconds)} s)` : ""}`,
  };
}

function fillers({ metrics: m }: MeasureInput): MeasureResult {
  const perMinute = m.fillers_per_minute;
  const fit = perMinute <= 3 ? 1 : Math.max(0, (12 - perMinute) / 9);
  const list = Object.entries(m.filler_counts)
    .sort((a, b) => b[1] - a[1])
    .map(([f, n]) => `'${f}' x${n}`)
    .join(", ");
  return {
    score: clamp(100 * fit * sufficiency(m)),
    unscaled: clamp(100 * fit),
    evidence: null,
    detail: m.fillers === 0 ? "no filler words" : `${m.fillers} filler words (${list}), about ${perMinute} per minute`,
  };
}

function pace({ metrics: m }: MeasureInput): MeasureResult {
  if (m.wpm === null)
    return { score: null, evidence: null, detail: "typed conversation: words per minute not measured" };
  const w = m.wpm;
  const fit = w >= 140 && w <= 160 ? 1 : w >= 110 && w <= 190 ? 0.8 : w >= 90 && w <= 220 ? 0.5 : 0.2;
  return {
    score: clamp(100 * fit * sufficiency(m)),
    unscaled: clamp(100 * fit),
    evidence: null,
    detail: `${w} words per minute (140-160 is easiest to follow)`,
  };
}

/** Sending material is a start, not a commitment: between a refusal (25) and a vague agreement (60). */
const SENDS_ONLY = 40;

function nextStepMeasure({ turns }: MeasureInput): MeasureResult {
  const step = nextStep(turns);
  if (!step.proposed) return { score: 0, evidence: null, detail: "no next step was proposed" };
  if (!step.agreed) return { score: 25, evidence: step.proposed, detail: "a next step was proposed but not agreed" };
  if (step.sendsOnly)
    return {
      score: SENDS_ONLY,
      evidence: step.proposed,
      detail: "the buyer agreed to receive information, not to a step with their own time in it",
    };
  return step.concrete
    ? {
        score: 100,
        evidence: step.proposed,
        detail: `a concrete next step was agreed ("${excerpt(step.agreed.quote, 12)}")`,
      }
    : { score: 60, evidence: step.proposed, detail: "a next step was agreed, but without a date or a concrete action" };
}

function topicsMeasure({ topics, metrics: m }: MeasureInput): MeasureResult {
  if (topics.length === 0) return { score: null, evidence: null, detail: "the persona lists no pains or goals" };
  return {
    score: clamp((100 * m.topics_covered.length) / topics.length),
    evidence: null,
    detail: `${m.topics_covered.length} of ${topics.length} pains and goals uncovered by your questions`,
  };
}

/** Courtesy: no rude line and no blame, judged on the learner's own words only (never on what the persona says). */
function courtesy({ turns, metrics: m }: MeasureInput): MeasureResult {
  const rude = rudeLines(turns);
  const blame = blameLines(turns);
  if (rude.length)
    return { score: 0, evidence: rude[0], detail: `a rude or dismissive line ("${excerpt(rude[0].quote, 12)}")` };
  // Deflecting is not rudeness: say what it was, so one line is not called rude beside its ownership note.
  if (blame.length)
    return {
      score: 0,
      evidence: blame[0],
      detail: `put the problem on someone else or on policy ("${excerpt(blame[0].quote, 12)}")`,
    };
  return {
    score: clamp(100 * sufficiency(m)),
    unscaled: 100,
    evidence: null,
    detail: "respectful throughout",
  };
}

function star({ turns }: MeasureInput): MeasureResult {
  const s = starAnswers(turns);
  if (s.answers === 0)
    return { score: 0, evidence: null, detail: "no answer long enough to show situation, action and result" };
  return {
    score: clamp((100 * s.checks) / (4 * s.answers)),
    evidence: s.weakest,
    detail: `${s.answers} answer${s.answers === 1 ? "" : "s"}; ${s.checks} of ${4 * s.answers} checks (context, your action, the result, specifics) met`,
  };
}

function empathy({ turns, metrics }: MeasureInput): MeasureResult {
  const c = serviceChecks(turns);
  // Blame never said is evidence only once the agent has said enough to have said it (a three-line call has not).
  const passed = [c.empathy, c.ownership].filter(Boolean).length + (c.blame ? 0 : sufficiency(metrics));
  return {
    score: clamp((100 * passed) / 3),
    evidence: c.blame ?? c.empathy ?? c.ownership,
    detail: [
      c.empathy ? "named the customer's feeling" : "no empathy statement",
      c.ownership ? "took ownership" : "no ownership statement",
      c.blame ? "put the blame on the customer, someone else or policy" : "no blame",
    ].join("; "),
  };
}

function resolution({ turns }: MeasureInput): MeasureResult {
  const c = serviceChecks(turns);
  const passed = [c.resolution, c.confirmation, c.customerSatisfied].filter(Boolean).length;
  return {
    score: clamp((100 * passed) / 3),
    evidence: c.resolution ?? c.confirmation,
    detail: [
      c.resolution ? "a resolution or timeline was given" : "no clear resolution or timeline",
      c.confirmation
        ? FURTHER_HELP.test(normaliseText(c.confirmation.quote))
          ? "offered more help after the fix"
          : "checked it was solved"
        : "never checked it was solved",
      c.customerSatisfied ? "the customer ended satisfied" : "the customer did not end satisfied",
    ].join("; "),
  };
}

function pitchStructure({ turns }: MeasureInput): MeasureResult {
  const c = pitchChecks(turns);
  const parts = [c.problemFirst, c.solution, c.proof, c.ask];
  const passed = parts.filter(Boolean).length;
  return {
    score: clamp((100 * passed) / 4),
    evidence: null,
    detail: [
      c.problemFirst ? "opened with the problem" : "did not open with the problem",
      c.solution ? "stated the solution" : "no clear solution",
      c.proof ? "gave proof" : "no proof (numbers, customers)",
      c.ask ? "made an ask" : "no ask",
    ].join("; "),
  };
}

/** A request made well: purpose, evidence, a figure, and held (no undercut, no apologising through it). */
function caseAndAsk({ turns }: MeasureInput): MeasureResult {
  const c = caseChecks(turns);
  const apologetic = overApologises(c);
  const held = !c.undercut && !apologetic;
  const passed = [c.purpose, c.evidence, c.figure].filter(Boolean).length + (c.figure && held ? 1 : 0);
  return {
    score: clamp((100 * passed) / 4),
    evidence: c.undercut ?? c.figure ?? c.evidence ?? c.purpose,
    detail: [
      c.purpose ? "said what you came for" : "the purpose came late or only when asked",
      c.evidence ? "backed it with results in numbers" : "little evidence in numbers",
      c.figure ? "named a figure or a concrete ask" : "no figure or concrete ask",
      !c.figure
        ? null
        : c.undercut
          ? "then undercut it"
          : apologetic
            ? `apologised ${c.apologies} times, which gives the ask away`
            : "held it",
    ]
      .filter(Boolean)
      .join("; "),
  };
}

function interviewCloseMeasure({ turns }: MeasureInput): MeasureResult {
  const c = interviewClose(turns);
  const passed = [c.interest, c.next].filter(Boolean).length;
  return {
    score: [0, 60, 100][passed],
    evidence: c.next ?? c.interest,
    detail: [
      c.interest ? "confirmed interest" : "no statement of interest",
      c.next ? "asked about next steps" : "did not ask about next steps",
    ].join("; "),
  };
}

const MEASURE_FNS: Record<Measure, (input: MeasureInput) => MeasureResult> = {
  spin,
  listening,
  talk_share: talk,
  questions: questionsMeasure,
  monologue,
  fillers,
  pace,
  topics: topicsMeasure,
  courtesy,
  star_answers: star,
  empathy_ownership: empathy,
  resolution,
  pitch_structure: pitchStructure,
  case_and_ask: caseAndAsk,
  next_step: (input) => (input.kind === "job-interview" ? interviewCloseMeasure(input) : nextStepMeasure(input)),
};

export function runMeasure(measure: Measure, input: MeasureInput): MeasureResult {
  return MEASURE_FNS[measure](input);
}
