import { normaliseText } from "./questions";
import { keywords, stemsMatch } from "./text";

const GENERIC = new Set([
  "think",
  "know",
  "thing",
  "lot",
  "really",
  "yeah",
  "okay",
  "well",
  "today",
  "team",
  "people",
  "time",
  "good",
  "great",
  "right",
  "get",
  "got",
  "make",
  "way",
]);
const PICKS_UP =
  /\b(?:you (?:mentioned|said|told me|described)|when you say|that|those|these|it|they|them|why|how so|what do you mean|tell me more|for example|an example|what happens then|and then)\b/;

/** A question builds on the buyer's last answer: it picks up their words or refers straight back to what they said. */
export function isFollowUp(question: string, buyerTurn: string): boolean {
  const b = normaliseText(buyerTurn);
  if (b.split(" ").length < 4) return false;
  const q = normaliseText(question);
  const buyerStems = keywords(b).filter((w) => !GENERIC.has(w) && w.length >= 4);
  const shared = keywords(q).filter(
    (w) => !GENERIC.has(w) && w.length >= 4 && buyerStems.some((s) => stemsMatch(s, w)),
  );
  if (shared.length > 0) return true;
  return PICKS_UP.test(q) && !/^(?:so,? )?(?:what|how|which|who) (?:tools?|systems?|software|platform)\b/.test(q);
}
