import { describe, expect, it } from "vitest";

import { DEFAULT_SCORECARDS } from "@/lib/grading/default-scorecards";
import { computeMetrics } from "@/lib/grading/metrics";
import { betterLineFor } from "@/lib/grading/rubric-feedback";
import { gradeWithRubric, measureTranscript } from "@/lib/grading/rubric-grader";
import { ceiling } from "@/lib/grading/scorecard";
import { PLAIN_SUGGESTIONS, stageOfSuggestion, suggestQuestion } from "@/lib/grading/suggestions";
import { SPIN_STAGES } from "@/lib/language";
import { SCENARIO_KINDS, scorecardSchema } from "@/lib/validations/scorecard";

import { discoveryCall, pushyPitch, samplePersona, timedTurns } from "../fixtures/grading/sample-calls";

type Lines = Parameters<typeof timedTurns>[0];
const grade = (lines: Lines, extra: Partial<Parameters<typeof gradeWithRubric>[0]> = {}) =>
  gradeWithRubric({ persona: samplePersona, turns: timedTurns(lines), ...extra });
const learner = (lines: Lines, f: (text: string) => string): Lines =>
  lines.map(([s, t, n]) => [s, s === "learner" ? f(t) : t, n]);

describe("honest scores, built up from the scorecard", () => {
  const discovery = grade(discoveryCall);

  it("gives a learner who only says 'Hi.' a score near 0 and says there is too little to grade", () => {
    const hi = grade([
      ["persona", "Dana speaking.", 2],
      ["learner", "Hi.", 1],
      ["persona", "Hello? What is this about?", 3],
    ]);
    expect(hi.score).toBeLessThanOrEqual(5);
    expect(hi.scorecard.cap?.reason).toMatch(/too little to grade/);
    expect(hi.feedback.overall_feedback).toMatch(/^Too little to grade/);
    expect(hi.feedback.strengths).toEqual([]);
  });

  it("says a question went unanswered instead of claiming none was asked", () => {
    const lastWord = grade([
      ["persona", "We miss the carrier cut-off on about six percent of orders in peak weeks.", 4],
      ["learner", "so what does that do to your customers when it happens", 3],
    ]);
    const spin = lastWord.scorecard.criteria.find((c) => c.id === "spin")!;
    expect(spin.detail).toMatch(/got no answer/);
    expect(spin.evidence).toBe("so what does that do to your customers when it happens");
    expect(lastWord.feedback.spin_feedback).toMatch(/got no answer/);
    expect(JSON.stringify(lastWord.feedback)).not.toMatch(/no discovery question was asked|No discovery question/);
  });

  it("never gives a sub-score of 100 to a three-line call, and saying less never scores more", () => {
    const short = grade(discoveryCall.slice(0, 3));
    expect(short.score).toBeLessThan(discovery.score);
    expect(short.feedback.communication_score).toBeLessThan(100);
    for (const c of short.scorecard.criteria) expect(c.counted ?? 0, c.id).toBeLessThan(100);
  });

  it("barely moves when the transcript loses its question marks", () => {
    const stripped = grade(learner(discoveryCall, (t) => t.replace(/\?/g, ".")));
    expect(Math.abs(stripped.score - discovery.score)).toBeLessThanOrEqual(3);
    expect(stripped.stages_covered).toEqual(discovery.stages_covered);
  });

  it("does not rise when content-free cue questions are sprinkled into a pitch", () => {
    const pitch = grade(pushyPitch);
    const cued = grade(
      learner(pushyPitch, (t) =>
        t.replace(
          /\. /,
          ". What impact does that have on your business? If you could fix that, what would it mean for you? ",
        ),
      ),
    );
    expect(cued.score).toBeLessThanOrEqual(pitch.score + 3);
    expect(cued.score).toBeLessThan(30);
  });

  it("does not call a call where the learner talks most of the time strong discovery", () => {
    const monologue =
      "Let me tell you more about how we work, because our platform covers picking, packing, labels, carriers and returns in one place, and teams like yours usually see results in weeks.";
    const talky = grade(learner(discoveryCall, (t) => `${t} ${monologue} ${monologue}`));
    expect(talky.metrics.talk_share_words!).toBeGreaterThan(0.7);
    expect(talky.score).toBeLessThanOrEqual(50);
    expect(talky.feedback.overall_feedback).not.toMatch(/strong/i);
  });

  it("detects rudeness, which costs points; a persona's own line never does (only the learner is graded)", () => {
    const rude = grade([
      ...discoveryCall.slice(0, 6),
      ["learner", "Honestly that's ridiculous, just listen to me for a second.", 4],
      ...discoveryCall.slice(6),
    ]);
    expect(rude.score).toBeLessThanOrEqual(15);
    expect(rude.scorecard.criteria.find((c) => c.measure === "courtesy")?.score).toBe(0);
    const gone = grade([
      ...discoveryCall.slice(0, 8),
      ["persona", "Are you even listening to me?", 2],
      ...discoveryCall.slice(8),
    ]);
    // The persona's accusation is not the learner's doing: no cap, no lost courtesy, never quoted as "You said".
    expect(gone.score).toBe(discovery.score);
    expect(gone.scorecard.cap?.reason ?? "").not.toMatch(/not being heard|wanted out/);
    expect(JSON.stringify(gone.feedback)).not.toMatch(/You said: "Are you even listening/);
  });

  /** The courtesy score of the discovery call with one learner line added after its third exchange. */
  const courtesyWith = (line: string) =>
    grade([...discoveryCall.slice(0, 6), ["learner", line, 4], ...discoveryCall.slice(6)]).scorecard.criteria.find(
      (c) => c.measure === "courtesy",
    )!.score;

  it("hears 'whatever' as dismissive only when it stands alone, not in 'whatever comes up' (writer V's interview, dev)", () => {
    expect(courtesyWith("Social media, some emails, helping out with events, whatever comes up.")).toBeGreaterThan(0);
    expect(courtesyWith("we do whatever the client needs that week")).toBeGreaterThan(0);
    expect(courtesyWith("uh i guess like whatever you think is fair um we were thinking two million")).toBeGreaterThan(
      0,
    );
    expect(courtesyWith("Yeah, whatever. Can we just get to the price?")).toBe(0);
    expect(courtesyWith("whatever you say")).toBe(0);
    expect(courtesyWith("yeah whatever just sign it")).toBe(0);
    // Writer Z's feature dump (session 17) was capped at 15 as rude for "real-time KPIs".
    expect(courtesyWith("You get real-time KPIs on everything: tank utilisation, sales by SKU.")).toBeGreaterThan(0);
    expect(courtesyWith("oh get real, nobody does that by hand")).toBe(0);
  });

  it("hears 'you didn't' as blame only where it opens a clause, not in 'the volume you didn't make' (writer T's call, read in review)", () => {
    expect(courtesyWith("So it is around 20 hours. What happens then with the volume you didn't make")).toBeGreaterThan(
      0,
    );
    expect(courtesyWith("and the orders you didn't ship last month what did they cost you")).toBeGreaterThan(0);
    expect(courtesyWith("You didn't restart the router, that's why.")).toBe(0);
    expect(courtesyWith("well you didn't read the manual")).toBe(0);
  });

  it("calls a deflecting line what it is, not rude, while it still costs courtesy and caps the grade", () => {
    const deflecting = grade([
      ...discoveryCall.slice(0, 6),
      ["learner", "There's nothing I can do about your carrier, that's on them.", 4],
      ...discoveryCall.slice(6),
    ]);
    const courtesy = deflecting.scorecard.criteria.find((c) => c.measure === "courtesy")!;
    expect(courtesy.score).toBe(0);
    expect(courtesy.detail).toMatch(/^put the problem on someone else or on policy \("There's nothing I can do/);
    expect(courtesy.detail).not.toMatch(/rude/);
    expect(deflecting.score).toBeLessThanOrEqual(30);
    expect(deflecting.scorecard.cap?.reason).toMatch(/blamed the other side or hid behind policy/);
  });

  it("catches a learner who ignores every answer", () => {
    const ignoring: Lines = [
      ["persona", "Dana speaking.", 2],
      ["learner", "How many warehouses do you run?", 3],
      ["persona", "Two, and the second one misses the carrier cut-off every peak week.", 5],
      ["learner", "What software do you use?", 3],
      ["persona", "An old WMS. Pick-list errors only show up when customers complain.", 5],
      ["learner", "How many people work there?", 3],
      ["persona", "About ninety, and overtime went up thirty percent this year.", 5],
      ["learner", "What is your budget for software?", 3],
      ["persona", "It depends on the problem we are solving.", 4],
      ["learner", "Who else is involved in buying decisions?", 3],
      ["persona", "The COO.", 2],
    ];
    const g = grade(ignoring);
    expect(g.metrics.follow_ups).toBe(0);
    expect(g.scorecard.criteria.find((c) => c.measure === "listening")?.score).toBe(0);
    expect(g.score).toBeLessThan(45);
    // Topics the buyer volunteered and the learner let pass are not credited.
    expect(g.topics_covered).toEqual([]);
  });

  it("credits a next step only when the buyer agrees to it", () => {
    const agreed = discovery.scorecard.criteria.find((c) => c.measure === "next_step")!;
    expect(agreed.score).toBe(100);
    const refused = grade([...discoveryCall.slice(0, -1), ["persona", "Just send me something by email.", 2]]);
    expect(refused.scorecard.criteria.find((c) => c.measure === "next_step")!.score).toBeLessThan(50);
  });

  it("leaves free-text criteria out of the score without a key, marked 'needs AI grading'", () => {
    const scorecard = {
      pass_mark: 70,
      criteria: [
        ...DEFAULT_SCORECARDS["sales-discovery"].criteria,
        { id: "rapport", label: "Builds rapport", description: "", weight: 50 },
      ],
    };
    const g = grade(discoveryCall, { scorecard });
    const rapport = g.scorecard.criteria.find((c) => c.id === "rapport")!;
    expect(rapport).toMatchObject({ status: "needs_ai", score: null, detail: "needs AI grading" });
    expect(g.score).toBe(discovery.score);
    expect(g.feedback.overall_feedback).toMatch(/needs AI grading/);
  });

  it("judges interview, service and pitch scenarios on their own scorecards, not SPIN", () => {
    const interview = grade(discoveryCall, { scenario: { kind: "job-interview", objective: "" } });
    expect(interview.scorecard.criteria.map((c) => c.measure)).not.toContain("spin");
    expect(interview.feedback.spin_feedback).toMatch(/own scorecard, not on SPIN/);
    expect(JSON.stringify(interview.feedback.areas_for_improvement)).not.toMatch(/need-payoff|If you could hire/);
  });

  it("counts 'anything else I can help with?' as a check only after a fix, and suggests a fix for what the customer called about (c22 review)", () => {
    const service = { scenario: { kind: "customer-service" as const, objective: "" } };
    const opening: Lines = [
      ["persona", "Hi. My debit card keeps getting declined in Lisbon.", 4],
      ["learner", "I'm sorry to hear that. Can you confirm the last four digits of the card?", 4],
      ["persona", "4471.", 1],
    ];
    const criterion = (g: ReturnType<typeof grade>) => g.scorecard.criteria.find((c) => c.measure === "resolution")!;
    const unsolved = grade(
      [
        ...opening,
        ["learner", "I have raised a request for you. Is there anything else I can help with today?", 5],
        ["persona", "No, I suppose not.", 2],
      ],
      service,
    );
    expect(criterion(unsolved).detail).toMatch(/never checked it was solved/);
    const advice = unsolved.feedback.areas_for_improvement.join(" ");
    expect(advice).toMatch(/You said \u2018My debit card keeps getting declined in Lisbon\u2019/);
    expect(advice).not.toMatch(/refund/);
    const solved = grade(
      [
        ...opening,
        [
          "learner",
          "I've lifted the block, so it will work within 10 minutes. Is there anything else I can help with?",
          6,
        ],
        ["persona", "No, thanks, that's great.", 2],
      ],
      service,
    );
    expect(criterion(solved).detail).toMatch(/offered more help after the fix/);
    expect(criterion(solved).score ?? 0).toBeGreaterThan(criterion(unsolved).score ?? 100);
  });

  it("in a general conversation (a raise) counts the few questions that move it on, not a discovery call's eight (c28)", () => {
    const raise = grade(
      [
        ["learner", "Thanks for making time, Karen. I wanted to talk about my compensation, if that's okay.", 4],
        ["persona", "Sure, go ahead.", 1],
        [
          "learner",
          "I led the claims migration, which cut batch processing from six hours to forty minutes, and I've mentored two juniors. The market median is 148 thousand; I'm at 131. I'd like to ask for 145.",
          14,
        ],
        [
          "persona",
          "The migration was a big deal. The budget is tight, and anything above five percent needs Michael's approval.",
          6,
        ],
        ["learner", "That's helpful. What would you need from me to make the case to Michael?", 4],
        ["persona", "A short write-up of the impact, with numbers, and something about the on-call load.", 5],
        [
          "learner",
          "I can have it to you by Friday. Would it also help if on-call became a formal role with a stipend?",
          5,
        ],
        ["persona", "That's a good idea. I'll take it to Michael on the 28th.", 3],
        ["learner", "Great. Could we meet on the 30th to talk through his answer?", 3],
        ["persona", "Yes, put the 30th in the calendar.", 2],
      ],
      { scenario: { kind: "general", objective: "Ask for a raise" } },
    );
    const questions = raise.scorecard.criteria.find((c) => c.measure === "questions")!;
    expect(questions.score).toBeGreaterThanOrEqual(80);
    expect(questions.detail).toMatch(/questions? that moved the conversation on/);
    const listening = raise.scorecard.criteria.find((c) => c.measure === "listening")!;
    expect(listening.score ?? 0).toBeGreaterThanOrEqual(50);
    // The step a raise ends on is when the answer comes, not a meeting with the other side's team.
    const turns = timedTurns([["learner", "I'd like to ask for a raise.", 2]]);
    const input = { kind: "general" as const, turns, metrics: computeMetrics(turns), topics: [], questions: [] };
    const nextStep = { id: "next-step", label: "", description: "", weight: 1, measure: "next_step" as const };
    expect(betterLineFor("general", input)(nextStep)).toMatch(/when you'll have an answer/);
    expect(betterLineFor("general", input)(nextStep)).not.toMatch(/your team/);
  });

  it("meets a step the buyer turned down with its reason and a smaller step, not another meeting (ws-04 review)", () => {
    const declined = grade([
      ["learner", "How many vans do you have out on the road at the minute?", 3],
      ["persona", "Eight vans, nine lads.", 2],
      ["learner", "And what happens when a job overruns and the next customer is left waiting?", 4],
      ["persona", "They ring the wife giving out, and now and again we lose the job.", 4],
      ["learner", "Would you try it free for a month on two of the vans?", 3],
      ["persona", "No, not right now. We're only after buying two new vans, money's tight till the summer.", 5],
      ["learner", "That's fair enough. I'll give you a call in June.", 3],
      ["persona", "Maybe. We'll see.", 1],
    ]);
    const advice = declined.feedback.areas_for_improvement.find((a) => a.startsWith("Agreed next step"))!;
    expect(advice).toMatch(/You said \u2018No, not right now\. We're only after buying two new vans/);
    expect(advice).toMatch(/smaller first step/);
    expect(advice).not.toMatch(/book 30 minutes/);
  });

  it("has a valid default scorecard for every kind of scenario", () => {
    for (const kind of SCENARIO_KINDS)
      expect(scorecardSchema.parse(DEFAULT_SCORECARDS[kind])).toEqual(DEFAULT_SCORECARDS[kind]);
  });
});

describe("suggested questions", () => {
  const awkward = [
    "no empty shelves on Saturdays",
    "Roughly 6% of orders miss the carrier cut-off during peak weeks",
    "we're losing 'key' accounts?!",
    "If it works, we'd expand",
  ];

  it("are classified as the intended stage by our own classifier, whatever the buyer's wording", () => {
    for (const stage of SPIN_STAGES) {
      expect(stageOfSuggestion(PLAIN_SUGGESTIONS[stage])).toBe(stage);
      for (const quote of awkward)
        expect(stageOfSuggestion(suggestQuestion(stage, quote)), `${stage}: ${quote}`).toBe(stage);
    }
  });

  it("never splice persona fields into a sentence: they quote the buyer whole, or say nothing of them", () => {
    for (const stage of SPIN_STAGES) {
      const s = suggestQuestion(stage, "no empty shelves on Saturdays");
      expect(s).not.toMatch(/to no empty/);
      expect(s).toMatch(/^(You said "[^"]+"\. )?[A-Z][^"]+\?$/);
    }
  });
});

describe("the buyer's line a better question picks up", () => {
  const spin = { id: "spin", label: "SPIN", description: "", weight: 1, measure: "spin" as const };
  const lineFor = (buyer: string) => {
    const turns = timedTurns([
      ["learner", "How do you run the rota today?", 2],
      ["persona", buyer, 4],
    ]);
    const input = {
      kind: "sales-discovery" as const,
      turns,
      metrics: computeMetrics(turns),
      topics: [],
      questions: [],
    };
    return betterLineFor("sales-discovery", input)(spin);
  };

  it.each([
    ["the supervisors keep losing their Friday afternoons chasing paper", true],
    ["Roughly 6% of orders missed the carrier cut-off last month", true],
    ["Seventy-one sites, including the hardware at each one", false],
    ["We'll review the numbers later this quarter with the board", false],
    ["The mission is to open two new depots this year", false],
    // Writer V's call (read in review): a greeting was quoted as the problem to pick up.
    ["Hi Linh, no problem. What's this about?", false],
    ["That's not an issue for us at the moment, honestly", false],
    ["No problem with the count itself, but the invoices come in late", true],
  ])("%s: quoted %s", (buyer, quoted) => {
    const line = lineFor(buyer);
    if (quoted) expect(line).toContain(buyer.split(" ").slice(0, 3).join(" "));
    else expect(line).toBe(PLAIN_SUGGESTIONS.implication);
  });
});

describe("the buyer's line picked up is a discovery answer", () => {
  it("skips the answer to a time check ('a hard stop') for the problem the buyer named later", () => {
    const g = grade([
      ["learner", "Hi Dana, I have 25 minutes in my calendar, is it okay?", 2],
      ["persona", "Yes, 25 is fine, I have a hard stop after.", 2],
      ["learner", "How do you find out when a reefer fails on the road?", 2],
      ["persona", "Only when the driver opens the doors. By then it's too late.", 3],
    ]);
    const spin = g.scorecard.criteria.find((c) => c.measure === "spin")!;
    expect(spin.better_line).not.toMatch(/hard stop/);
    expect(spin.better_line).toMatch(/too late/);
    // Asked in the same turn as a discovery question (writer I's Portuguese call): "a hard stop" is a
    // time, not a difficulty.
    const mixed = grade([
      ["learner", "Hi Dana, 25 minutes is okay? You can explain me how you do the temperature control today.", 3],
      ["persona", "Yes, 25 is fine, I have a hard stop after. Drivers write the temperatures on paper.", 3],
      ["learner", "How do you find out when a reefer fails on the road?", 2],
      ["persona", "Only when the driver opens the doors. By then it's too late.", 3],
    ]);
    const line = mixed.scorecard.criteria.find((c) => c.measure === "spin")!.better_line;
    expect(line).not.toMatch(/hard stop/);
  });
});

describe("talking too much is judged once, in context", () => {
  // A typed discovery call: good, short questions; the buyer answers in one short sentence each time.
  const typed: Lines = [
    [
      "learner",
      "Hi Dana, thanks for the time. Could you walk me through how orders go out of the two warehouses today, from the order landing to the truck leaving?",
      1,
    ],
    ["persona", "Pick, pack, ship.", 1],
    [
      "learner",
      "Got it. And where does that flow break down most often in peak weeks, from what you see on the floor?",
      1,
    ],
    ["persona", "We miss cut-offs.", 1],
    [
      "learner",
      "When you miss the cut-off, what does that do to the customers and to your overtime bill that month?",
      1,
    ],
    ["persona", "Complaints and overtime.", 1],
    ["learner", "If every order made the cut-off next peak, what would that mean for you and for the team?", 1],
    ["persona", "A calmer December.", 1],
  ];
  const g = gradeWithRubric({ persona: samplePersona, turns: timedTurns(typed, "text") });
  const talkRow = g.scorecard.criteria.find((c) => c.measure === "talk_share")!;
  const spinRow = g.scorecard.criteria.find((c) => c.measure === "spin")!;

  it("does not fault a typed call's share of words when the buyer's replies are short by design", () => {
    expect(g.metrics.talk_share_words).toBeGreaterThan(0.8);
    expect(talkRow.detail).toMatch(/typed call: your turns averaged \d+ words/);
    expect(talkRow.score).toBeGreaterThanOrEqual(80);
    expect(g.scorecard.cap?.reason ?? "").not.toMatch(/of the talking/);
  });

  it("never folds talk share into the SPIN score or its note", () => {
    expect(spinRow.detail).not.toMatch(/talk|held back/);
    expect(spinRow.score).toBeGreaterThanOrEqual(50);
  });

  it("caps a spoken call where the learner talks most, and then leaves talk share out of the criteria (once, not twice)", () => {
    const monologue: Lines = [
      [
        "learner",
        `${"Let me tell you about our platform and everything it does for teams like yours. ".repeat(12)}How do you plan the routes today?`,
        60,
      ],
      ["persona", "On a whiteboard.", 1],
      [
        "learner",
        `${"And there is more: integrations, dashboards, alerts and reports for everyone. ".repeat(10)}What goes wrong with the whiteboard?`,
        50,
      ],
      ["persona", "It gets wiped.", 1],
    ];
    const a = measureTranscript({ persona: samplePersona, turns: timedTurns(monologue) });
    expect(ceiling(a.measureInput, a.scenario)?.reason ?? "").toMatch(/of the talking in a discovery call/);
    const talkRow = grade(monologue).scorecard.criteria.find((c) => c.measure === "talk_share")!;
    expect(talkRow.score).toBeNull();
    expect(talkRow.detail).toMatch(/judged by the ceiling/);
  });
});
