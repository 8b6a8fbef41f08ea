import type { Persona } from "@/lib/validations/persona";
import type { ScenarioKind } from "@/lib/validations/scorecard";

import { cardOf } from "./facts";
import { upperFirst } from "./first-person";
import { interviewerReply } from "./interviewer";
import { openerOf, tooOften } from "./lines";
import { step } from "./planner";
import { unrecite } from "./recitation";
import { initialState } from "./state";
import type { TranscriptLine } from "./transcript";

export type { TranscriptLine };

/** No opener ("Right.", "Honestly?") more than twice a call: a third is dropped. */
function withoutTic(reply: string, said: string[]): string {
  let out = reply;
  for (let guard = 0; guard < 3 && tooOften(out, said); guard++) {
    const opener = openerOf(out)!;
    const rest = out
      .trim()
      .slice(opener.length)
      .replace(/^[.,:;!?]+\s*/, "");
    if (!rest || /^(yes|not yet|no|agreed|deal|not now)$/.test(opener)) break;
    if (said.includes(upperFirst(rest))) break;
    out = upperFirst(rest);
  }
  return out;
}

/**
 * A deterministic stand-in for the persona when no model is configured. It replays the
 * conversation so far to know what it has given away, then answers the latest turn.
 * `seed` (the conversation id) picks the phrasing, so one conversation always reads the same.
 */
export function offlineReply(
  persona: Persona,
  history: TranscriptLine[],
  learnerText: string,
  seed = "parley",
  kind: ScenarioKind = "sales-discovery",
): string {
  // In a job interview the persona asks the questions: another engine, the same card.
  if (kind === "job-interview") return interviewerReply(persona, history, learnerText, seed);
  const card = cardOf(persona);
  const s = initialState(card);
  s.customer = kind === "customer-service";
  const said: string[] = [];
  let buyerBefore: string | null = null;
  // Each past turn is replayed with what had been said before it, so it takes the same path again.
  for (const turn of history) {
    if (turn.speaker === "learner") step(card, s, turn.text, seed, new Set(said), buyerBefore);
    else {
      said.push(turn.text);
      buyerBefore = turn.text;
    }
  }
  const { reply } = step(card, s, learnerText, seed, new Set(said), buyerBefore);
  const opener =
    s.turn === 1 && !/^(hi|hello|hey|\w+ (speaking|here))\b/i.test(reply) && !reply.includes(card.firstName)
      ? `${card.firstName} here. `
      : "";
  const out = unrecite(withoutTic(opener + reply, said), card, said);
  // A line re-voiced after it was picked can come out as a reply already given, word for word: said again, it is
  // said as a repeat ("Like I said, not yet...").
  if (!said.includes(out)) return out;
  return `Like I said, ${/^I\b/.test(out) ? out : out[0].toLowerCase() + out.slice(1)}`;
}
