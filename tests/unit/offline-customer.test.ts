import { describe, expect, it } from "vitest";

import { offlineReply, type TranscriptLine } from "@/lib/conversations/offline-persona";
import { LIBRARY } from "@/lib/roleplays/library";
import { personaSchema } from "@/lib/validations/persona";

function callFrom(key: string, lines: string[], seed = "t") {
  const entry = LIBRARY.find((e) => e.key === key)!;
  const persona = personaSchema.parse({ ...entry.persona, difficulty: "medium" });
  const history: TranscriptLine[] = [];
  for (const text of lines)
    history.push(
      { speaker: "learner", text },
      { speaker: "persona", text: offlineReply(persona, history, text, seed, "customer-service") },
    );
  return history.filter((l) => l.speaker === "persona").map((l) => l.text);
}

describe("the offline customer (customer-service roleplays: the persona called with a complaint)", () => {
  it("says what went wrong first, whatever the agent's greeting", () => {
    const [broadband] = callFrom("service-broadband-outage", ["Hi, you're through to support. How can I help today?"]);
    expect(broadband).toMatch(/broadband/i);
    expect(broadband).not.toMatch(/couldn't tell you|what's this regarding|what can i do for you/i);
    const [sofa] = callFrom("service-missed-delivery", ["hello how can i help"]);
    expect(sofa).toMatch(/sofa|delivery/i);
  });

  it("judges the fix offered: says what it wants when the offer falls short, and agrees to the card's fix", () => {
    const replies = callFrom("service-missed-delivery", [
      "Good morning, thanks for calling, my name is Sam, how can I help?",
      "What time were you told the delivery would come?",
      "I can send you a voucher for 10 pounds.",
      "I can book a confirmed Saturday delivery and refund the delivery charge. Would that work?",
      "Thanks for your patience, bye",
    ]);
    expect(replies[2]).toMatch(/confirmed saturday delivery/i);
    expect(replies[2]).toMatch(/doesn't fix it|not what i'm after/i);
    expect(replies[3]).toMatch(/happy|would sort it|works for me/i);
    expect(replies[4]).not.toMatch(/^(yes|agreed|deal)\b/i);
  });

  it("has no time for chat: an agent's aside gets the problem back, never a prospect's 'busy, as always'", () => {
    const replies = callFrom("service-missed-delivery", [
      "Good morning, thanks for calling, how can I help?",
      "I'm really sorry to hear that. Can I take your order number?",
    ]);
    expect(replies[1]).not.toMatch(/busy, as always|can't complain|what's on your mind|what can i do for you/i);
  });

  it("takes half a fix as a start, not a yes", () => {
    const replies = callFrom("service-missed-delivery", [
      "hello how can i help",
      "ok i can give you a refund of the delivery charge",
    ]);
    expect(replies[1]).toMatch(/not enough|a start/i);
  });
});
