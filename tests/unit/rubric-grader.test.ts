import { describe, expect, it } from "vitest";

import { feedbackSchema } from "@/lib/grading/grade-schema";
import { gradeWithRubric } from "@/lib/grading/rubric-grader";
import { pitchChecks, serviceChecks } from "@/lib/grading/signals";
import type { TranscriptTurn } from "@/lib/grading/transcript";

import { discoveryCall, pushyPitch, samplePersona, timedTurns } from "../fixtures/grading/sample-calls";

const grade = (lines: typeof discoveryCall, source: TranscriptTurn["source"] = "voice") =>
  gradeWithRubric({ persona: samplePersona, turns: timedTurns(lines, source) });

describe("the rubric grader", () => {
  const discovery = grade(discoveryCall);
  const pitch = grade(pushyPitch);

  it("scores a SPIN discovery call far above a pushy feature pitch", () => {
    expect(discovery.score - pitch.score).toBeGreaterThanOrEqual(30);
    expect(pitch.score).toBeLessThan(30);
  });

  it("gives the same transcript the same grade every time", () => {
    expect(grade(discoveryCall)).toEqual(discovery);
    expect(grade(pushyPitch)).toEqual(pitch);
  });

  it("returns every field of the grade in the validated shape, with the scorecard and questions", () => {
    expect(feedbackSchema.parse(discovery.feedback)).toEqual(discovery.feedback);
    expect(discovery).toMatchObject({
      grader: "rubric",
      model: null,
      stages_covered: ["situation", "problem", "implication", "need-payoff"],
    });
    expect(discovery.scenario.kind).toBe("sales-discovery");
    expect(discovery.scorecard.pass_mark).toBe(70);
    expect(discovery.scorecard.criteria.map((c) => c.id)).toContain("spin");
    expect(discovery.questions[0]).toMatchObject({ turn: 1, stage: "situation", open: true });
  });

  it("builds the score up from the weighted criteria", () => {
    const scored = discovery.scorecard.criteria.filter((c) => c.counted !== null);
    const weighted = scored.reduce((s, c) => s + c.weight * c.counted!, 0) / scored.reduce((s, c) => s + c.weight, 0);
    expect(discovery.score).toBe(
      Math.round(discovery.scorecard.cap ? Math.min(weighted, discovery.scorecard.cap.limit) : weighted),
    );
  });

  it("ties strengths and improvements to what the learner actually said", () => {
    expect(pitch.feedback.strengths).toEqual([]);
    expect(pitch.feedback.overall_feedback).toMatch(/no discovery question|pitch/);
    expect(pitch.feedback.communication_feedback).toMatch(/filler words/);
  });

  it("does not measure pace for a typed conversation, and says so", () => {
    const typed = grade(discoveryCall, "text");
    expect(typed.wpm).toBeNull();
    expect(typed.feedback.communication_feedback).toContain("typed conversation: words per minute not measured");
  });

  it("grades a conversation without learner turns as 0 with an explanation", () => {
    const silent = gradeWithRubric({ persona: samplePersona, turns: timedTurns([["persona", "Hello?", 2]]) });
    expect(silent.score).toBe(0);
    expect(silent.feedback.overall_feedback).toMatch(/ended before you said anything/);
    expect(silent.stages_covered).toEqual([]);
  });
});

describe("pressure to commit", () => {
  // Dev call c12 (coach band 10-28): deadlines and a lapsing discount, twice or more, hold a discovery call at 30.
  const base: typeof discoveryCall = discoveryCall.slice(0, -2);
  const pressed: typeof discoveryCall = [
    ...base,
    ["learner", "The discount is 30 percent but only if you sign by Friday. Trust me, it's a no-brainer.", 6],
    ["persona", "Friday isn't realistic.", 2],
  ];
  const once: typeof discoveryCall = [
    ...base,
    ["learner", "Could we book a 30 minute demo with your ops team on Tuesday? Trust me, it's worth the time.", 6],
    ["persona", "Tuesday works. Send an invite.", 2],
  ];

  it("caps a call that presses the buyer twice or more, and says why", () => {
    const g = grade(pressed);
    expect(g.score).toBeLessThanOrEqual(30);
    expect(g.scorecard.cap?.reason).toMatch(/pressed the buyer to commit/);
  });

  it("does not cap a call for one turn of phrase", () => {
    expect(grade(once).scorecard.cap?.reason ?? "").not.toMatch(/pressed the buyer/);
  });
});

describe("a discovery call without an advance", () => {
  // Dev calls fc-03 and fc-08 (bands 48-68 and 45-65): good questions, then "Not yet, send me something".
  const asked: typeof discoveryCall = discoveryCall.slice(0, -2);
  const ending = (buyer: string): typeof discoveryCall => [
    ...asked,
    ["learner", "Would it make sense to set up a 45-minute workflow review with your shift leads next week?", 6],
    ["persona", buyer, 3],
  ];

  it("is held at 60 when the buyer refuses the step or only takes information, and says which", () => {
    const refused = grade(ending("Not yet. Send me something I can forward to the COO first."));
    expect(refused.score).toBeLessThanOrEqual(60);
    expect(refused.scorecard.cap?.reason).toMatch(/did not agree to your next step/);
    const advance = grade(discoveryCall);
    expect(advance.score).toBeGreaterThan(70);
    expect(advance.scorecard.cap?.reason ?? "").not.toMatch(/next step|information to send/);
  });
});

describe("service: what counts as a resolution", () => {
  // Dev call c22 (polite, no resolution, band 38-58): "Is there anything else I can help with today?" was read as
  // a dated promise.
  const turns = (agent: string) =>
    timedTurns(
      [
        ["persona", "My card keeps getting declined and I need to pay my hotel tonight.", 4],
        ["learner", agent, 6],
        ["persona", "No, I suppose not.", 2],
      ],
      "text",
    );
  it("does not take a closing 'today' for a resolution, and does take a dated promise", () => {
    expect(
      serviceChecks(turns("I have raised a request. Is there anything else I can help with today?")).resolution,
    ).toBeNull();
    expect(serviceChecks(turns("I'll send a new card to your hotel today.")).resolution).not.toBeNull();
    expect(serviceChecks(turns("The team will call you within 2 hours.")).resolution).not.toBeNull();
  });
});

describe("service: a read-back the customer confirms, and the customer's last word", () => {
  // Writer Q2's Turkish agent (holdout, read in the session 18 review): "So I confirm: ... Everything is correct"
  // answered "Yes, that's right. Thank you, Selin." then "You too." was scored as never checked and unsatisfied.
  const call = (readBack: string, reply: string, last: string) =>
    timedTurns(
      [
        ["persona", "Nobody showed up with my washing machine, twice.", 4],
        ["learner", "I am sorry. I refund your delivery fee and book Saturday 8 to 12.", 6],
        ["persona", "Okay. That's better than I expected.", 2],
        ["learner", readBack, 6],
        ["persona", reply, 2],
        ["learner", "Thank you for your patience. Have a nice evening.", 3],
        ["persona", last, 1],
      ],
      "text",
    );
  it("counts a confirmed read-back of the fix as the check, in any words, and not an unanswered one", () => {
    const confirmed = serviceChecks(
      call("So I confirm: Saturday 8 to 12, flat 14. Everything is correct", "Yes, that's right. Thank you.", "Bye."),
    );
    expect(confirmed.confirmation?.quote).toMatch(/Everything is correct/);
    const unanswered = serviceChecks(
      call("So I confirm: Saturday 8 to 12, flat 14. Everything is correct", "Whatever. I'm cancelling.", "Bye."),
    );
    expect(unanswered.confirmation).toBeNull();
  });
  it("reads satisfaction from the customer's last word on the matter, not a closing 'You too.'", () => {
    expect(
      serviceChecks(call("Let me read that back: Saturday 8 to 12.", "Yes. Thank you, Selin.", "You too."))
        .customerSatisfied,
    ).toBe(true);
    expect(serviceChecks(call("Let me read that back: Saturday 8 to 12.", "Yes.", "You too.")).customerSatisfied).toBe(
      false,
    );
  });
});

describe("service: listening is heard in statements too", () => {
  it("counts replies that take up what the customer just said, and not replies that ignore it", () => {
    const listening = (first: string, second: string) =>
      gradeWithRubric({
        persona: samplePersona,
        scenario: { kind: "customer-service" },
        turns: timedTurns(
          [
            ["persona", "My washing machine never came and I took two days off work.", 4],
            ["learner", first, 6],
            ["persona", "And don't blame the courier, I've heard that twice already.", 3],
            ["learner", second, 5],
            ["persona", "Right. So when is it actually coming?", 2],
            ["learner", "It is coming on Saturday morning, the earliest I can promise.", 4],
          ],
          "text",
        ),
      }).scorecard.criteria.find((c) => c.id === "listening")!;
    const heard = listening(
      "Two days off work for nothing, I understand why you are angry.",
      "No, it is our delivery, so it is our responsibility, not the courier's.",
    );
    const ignored = listening("Thank you for calling Evora Home. Please hold.", "Our systems are being upgraded.");
    expect(heard.detail).toBe("3 of 3 replies took up what the customer had just said");
    expect(ignored.detail).toBe("1 of 3 replies took up what the customer had just said");
    expect(heard.score!).toBeGreaterThan(ignored.score!);
  });
});

describe("pitch: what counts as an ask", () => {
  // Dev call c25 (a feature dump with no ask, band 18-38): "single sign-on" in the feature list was read as an ask.
  const turns = (pitch: string) => timedTurns([["learner", pitch, 20]], "text");
  it("does not take a feature named 'single sign-on' for an ask, and does take a request to sign off a pilot", () => {
    expect(pitchChecks(turns("We also have an open API, single sign-on and role-based permissions.")).ask).toBeNull();
    expect(pitchChecks(turns("Would you sign off a four-week pilot with one team?")).ask).not.toBeNull();
  });
});
