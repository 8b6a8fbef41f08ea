import { describe, expect, it } from "vitest";

import { blameLines, serviceChecks } from "@/lib/grading/signals";
import type { TranscriptTurn } from "@/lib/grading/transcript";

const said = (...lines: string[]): TranscriptTurn[] =>
  lines.flatMap((text, i) => [
    { seq: 2 * i, speaker: "persona", text: "My delivery never came.", started_at: null, ended_at: null },
    { seq: 2 * i + 1, speaker: "learner", text, started_at: null, ended_at: null },
  ]) as unknown as TranscriptTurn[];

describe("hiding behind policy or handing the problem on, in any words", () => {
  it.each([
    "Per our delivery policy, delivery windows are estimates and may be affected by carrier capacity.",
    "Unfortunately our policy is that we aren't able to compensate for missed time from work.",
    "Per our terms, orders that have already been dispatched are subject to a 15% restocking fee.",
    "According to company policy we cannot refund opened items.",
    "I can't reship while there's an open exception, that's policy.",
    "You'd need to contact Swift Freight directly to reschedule.",
    "you will have to call the manufacturer about that",
    "So deliveries are handled by our third party carrier, so unfortunately we don't really have visibility.",
    "I'm afraid that's out of our hands.",
    "You're supposed to check it before you sign.",
    "you were meant to report it within 48 hours",
    "That's in the terms.",
    "its all in the terms and conditions mate",
    "It's a courier issue really, not us.",
    "thats the carriers problem not ours",
    "Honestly it's the manufacturer's fault, not our end.",
  ])("counts %s", (line) => {
    expect(blameLines(said(line))).toHaveLength(1);
  });

  it.each([
    "Per our policy you get a full refund, and I'll process it now.",
    "Normally that's policy, but I've made an exception for you.",
    "I'll call the carrier myself and chase them today.",
    "You don't need to call us again, I will ring you on Thursday.",
    "What's your hybrid policy?",
    "Anything outside policy goes to an underwriter, and your team sets the rules.",
    "If it happens again you can contact us any time.",
    "I can see you contacted us before about the connection, I am sorry you need to call again.",
    "You'd need to call us back on the main number.",
    "You're supposed to get a confirmation email, did it arrive?",
    "It's not a courier issue, it's ours, and I'll fix it today.",
    "Is that in the terms? Let me check for you.",
    "The courier let you down, and I'm sorry; I'll send a new leg tomorrow.",
  ])("does not count %s", (line) => {
    expect(blameLines(said(line))).toHaveLength(0);
  });

  it("a fix named only to refuse it, or cited from the terms, is no resolution", () => {
    expect(serviceChecks(said("I'm not able to waive the fee, sorry.")).resolution).toBeNull();
    expect(serviceChecks(said("I can give you the escalation email for Swift Freight.")).resolution).toBeNull();
    expect(serviceChecks(said("I'll refund the delivery charge today.")).resolution).not.toBeNull();
    expect(serviceChecks(said("I've escalated it to the depot manager.")).resolution).not.toBeNull();
    // Said as one run, as a speech transcript has it: the refusal keeps to the fix it refuses.
    expect(
      serviceChecks(said("i cant waive the fee but ill refund the delivery charge and its sorted by friday"))
        .resolution,
    ).not.toBeNull();
  });

  // Session 22: writer EE's defensive agent was credited "a resolution or timeline was given" for the 48-hour
  // reporting rule, and writer CC's curt agent for "just resend the photos".
  it.each([
    "Right, so our policy is that damage has to be reported within 48 hours of delivery.",
    "I can't reship while there's an open exception, that's policy. And refunds only happen once the carrier confirms it's lost.",
    "You'll need to resend them to the claims team.",
    "Just resend the photos.",
    "ok just resend the photos and we'll see",
    "You could email the photos to customer relations and they might look at it.",
  ])("the customer's work, a rule or a 'might' is no resolution: %s", (line) => {
    expect(serviceChecks(said(line)).resolution).toBeNull();
  });

  it.each([
    "I'll resend the replacement part today.",
    "I'll just resend it now, you'll have it by Friday.",
    "Per our policy you get a full refund, I'll process it now.",
    "I've booked an engineer for tomorrow morning.",
  ])("a fix the agent takes on is one, whatever the policy: %s", (line) => {
    expect(serviceChecks(said(line)).resolution).not.toBeNull();
  });
});
