import type { Criterion, Scenario, ScenarioKind, Scorecard } from "@/lib/validations/scorecard";

const c = (
  id: string,
  label: string,
  weight: number,
  measure: Criterion["measure"],
  description: string,
): Criterion => ({
  id,
  label,
  weight,
  measure,
  description,
});

/**
 * The scorecard a coach would start from for each kind of roleplay (see
 * shared/notes/grading-research.md). Instructors edit these per roleplay in the schema form.
 */
export const DEFAULT_SCORECARDS: Record<ScenarioKind, Scorecard> = {
  "sales-discovery": {
    pass_mark: 70,
    criteria: [
      c(
        "spin",
        "SPIN discovery",
        35,
        "spin",
        "Asks situation, problem, implication and need-payoff questions, with more implication and need-payoff than situation questions.",
      ),
      c(
        "listening",
        "Listening and follow-ups",
        15,
        "listening",
        "Builds the next question on what the buyer just said instead of running a script.",
      ),
      c(
        "topics",
        "Buyer's pains and goals uncovered",
        10,
        "topics",
        "The learner raises or follows up the buyer's real problems and goals.",
      ),
      c(
        "talk-share",
        "Lets the buyer talk",
        10,
        "talk_share",
        "Talks 30-45% of the time in discovery; never most of the call.",
      ),
      c(
        "next-step",
        "Agreed next step",
        10,
        "next_step",
        "Closes with a concrete, dated step the buyer agrees to, not 'I'll send some info'.",
      ),
      c(
        "courtesy",
        "Courtesy and engagement",
        10,
        "courtesy",
        "Respectful throughout; the buyer never has to ask to be heard.",
      ),
      c(
        "monologue",
        "No long monologues",
        5,
        "monologue",
        "Never speaks more than about a minute without handing the turn back.",
      ),
      c("fillers", "Clean delivery", 5, "fillers", "Few filler words (up to about 5 a minute)."),
    ],
  },
  "job-interview": {
    pass_mark: 70,
    criteria: [
      c(
        "star",
        "Structured, specific answers",
        35,
        "star_answers",
        "Answers follow situation, task, action, result, with concrete examples and numbers.",
      ),
      c("concise", "Concise answers", 15, "monologue", "Answers the question asked in one or two minutes."),
      c(
        "asks-questions",
        "Asks the interviewer thoughtful questions",
        15,
        "questions",
        "Asks about the role, team or challenges, not only salary and holidays.",
      ),
      c(
        "courtesy",
        "Professional and engaged",
        15,
        "courtesy",
        "Polite and engaged; the interviewer never has to ask to be heard.",
      ),
      c(
        "close",
        "Closes with interest and next steps",
        10,
        "next_step",
        "Confirms interest and asks about the next step.",
      ),
      c("fillers", "Clean delivery", 10, "fillers", "Few filler words."),
    ],
  },
  "customer-service": {
    pass_mark: 70,
    criteria: [
      c(
        "empathy",
        "Empathy and ownership",
        25,
        "empathy_ownership",
        "Names the customer's feeling and takes ownership ('I'll take care of this'); no blame.",
      ),
      c(
        "diagnosis",
        "Diagnosis questions",
        20,
        "questions",
        "Asks the questions needed to understand the issue before fixing it.",
      ),
      c(
        "resolution",
        "Resolution confirmed",
        25,
        "resolution",
        "Gives a clear resolution or an honest timeline and checks the issue is solved.",
      ),
      c("listening", "Listening", 10, "listening", "Builds on what the customer says."),
      c("courtesy", "Courtesy", 10, "courtesy", "Respectful, no jargon or blame; the customer stays engaged."),
      c("talk-share", "Balanced talk", 10, "talk_share", "Talks about 40% of the time."),
    ],
  },
  pitch: {
    pass_mark: 70,
    criteria: [
      c(
        "structure",
        "Problem, solution, proof, ask",
        40,
        "pitch_structure",
        "Opens with the problem, then the solution, proof (numbers, customers) and a clear ask.",
      ),
      c(
        "invites-questions",
        "Invites questions",
        15,
        "questions",
        "Checks in with the audience and invites their questions.",
      ),
      c("courtesy", "Engages the audience", 15, "courtesy", "The audience stays engaged and is treated with respect."),
      c("monologue", "Within the time box", 10, "monologue", "Keeps each stretch short enough to hold attention."),
      c("fillers", "Clean delivery", 10, "fillers", "Few filler words."),
      c("pace", "Pace", 10, "pace", "About 140-160 words per minute when spoken."),
    ],
  },
  general: {
    pass_mark: 70,
    criteria: [
      c(
        "case",
        "Makes the case",
        20,
        "case_and_ask",
        "Says what they came for, backs it with results, names a figure or a concrete ask, and holds it.",
      ),
      c("listening", "Listening and follow-ups", 20, "listening", "Builds on what the other side says."),
      c("next-step", "Agreed next step", 20, "next_step", "Ends with a concrete step the other side agrees to."),
      c("questions", "Good questions", 10, "questions", "Asks open questions that move the conversation forward."),
      c("courtesy", "Courtesy and engagement", 15, "courtesy", "Respectful; the other side stays engaged."),
      c("talk-share", "Balanced talk", 10, "talk_share", "Neither dominates nor disappears."),
      c("fillers", "Clean delivery", 5, "fillers", "Few filler words."),
    ],
  },
};

/** What a roleplay or conversation stored before scenarios existed reads as: sales discovery with its default scorecard. */
export function scenarioOrDefault(scenario: Partial<Scenario> | null | undefined): Scenario {
  return { kind: scenario?.kind ?? "sales-discovery", objective: scenario?.objective ?? "" };
}

export function scorecardOrDefault(scorecard: Scorecard | null | undefined, kind: ScenarioKind): Scorecard {
  return scorecard?.criteria.length
    ? { pass_mark: scorecard.pass_mark, criteria: scorecard.criteria }
    : structuredClone(DEFAULT_SCORECARDS[kind]);
}
