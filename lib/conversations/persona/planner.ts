/**
 * One learner turn in, one persona reply out. The turn is read by lib/language (units, acts,
 * question forms, typo repair), matched to the card's facts by retrieval, then routed by the
 * first entry of ROUTES that claims it: order is the tie-break, written down here.
 */
import { mainUnit, understand } from "@/lib/language";
import { ANAPHORS, CLASSES } from "@/lib/language/lexicon";
import { readRepair } from "@/lib/language/normalise";
import { WH } from "@/lib/language/units";

import {
  answerFrom,
  type Ctx,
  learnerStep,
  nextFacts,
  onCheck,
  onConcern,
  onImplication,
  onPayoff,
  onProblem,
  onProposal,
  onThinFollowUp,
  painText,
  reassures,
  revealPain,
  say,
  speakFacts,
} from "./answers";
import { GENERIC, GENERIC_QUESTION, GOODBYE, LIFE, OFFERING, PROPOSING, stem, STEP, THANKS_CLOSE } from "./cues";
import { type Card, type Fact, stemsOf } from "./facts";
import { upperFirst } from "./first-person";
import {
  asksDecision,
  asksPayoff,
  asksSize,
  asksTeamPart,
  clearHit,
  countingFact,
  GOAL_WORDS,
  onClearHit,
  onDecision,
  onSize,
  onTeamPart,
  PROBLEM_WORDS,
  sizeOverlap,
} from "./focus";
import { hash, whoItReaches } from "./lines";
import { rankFacts } from "./ranker";
import { type Hit, isGeneric, queryOf, retrieve, specificOverlap } from "./retrieval";
import type { State } from "./state";
import {
  asks,
  asksToHearAgain,
  asksWhoElse,
  beyondTold,
  CHECK_WORDS,
  COMPANY_WORDS,
  CONCERN_WORDS,
  EVASION,
  evasionFor,
  FACT_KINDS,
  figureOffCard,
  focusOffCard,
  META_WORDS,
  namedPain,
  noToolNamed,
  offCard,
  offLimits,
  overlaps,
  PITCH_WORDS,
  relatedHit,
  repairOf,
  ROLE_WORDS,
  SAY_AGAIN,
  SORRY_MEANT,
  SPIN,
  thinFollowUp,
  TOOL_QUESTION,
  toolHit,
  top,
  withoutContrast,
} from "./turn";

type Route = { id: string; does: string; when: (c: Ctx) => boolean; reply: (c: Ctx) => string | null };

export const ROUTES: Route[] = [
  {
    id: "caller-opens",
    does: "a customer who called says what went wrong first, whatever the agent's greeting",
    when: (c) => !!c.s.customer && c.s.turn === 1 && c.card.pains.length > 0 && !GOODBYE.test(c.reading.text),
    reply: (c) => revealPain(c, 0),
  },
  {
    id: "goodbye",
    does: "a goodbye gets a goodbye, never an agreement",
    when: (c) =>
      (GOODBYE.test(c.reading.text) &&
        (c.s.closed || !c.reading.units.some((u) => u.question && u.act !== "small-talk"))) ||
      (c.s.turn > 2 && THANKS_CLOSE.test(c.reading.text) && !c.reading.units.some((u) => u.question)) ||
      // "Thank you, Fenna. I will send a summary and a proposed agenda.": thanks, then a promise, is a goodbye.
      // (After a yes the promise is taken up by the proposal route: "Great, send it over".)
      (c.s.turn > 2 &&
        !c.s.closed &&
        THANKS_FIRST.test(c.reading.text) &&
        (PROMISED.test(c.reading.text) || SORRY_AGAIN.test(c.reading.text)) &&
        !STILL_ASKS.test(c.reading.text) &&
        !c.reading.text.includes("?") &&
        !c.reading.units.some((u) => u.question)),
    reply: (c) => say(c, c.s.closed ? "goodbyeAgreed" : "goodbye"),
  },
  {
    id: "brushed-off",
    does: "a seller who turns dismissive ('your loss', 'suit yourself') gets a cool, short end, never 'Go on'",
    when: (c) => BRUSH_OFF.test(c.reading.text),
    reply: (c) => say(c, "brushedOff"),
  },
  {
    id: "pressure",
    does: "a deadline the seller sets ('only valid till Friday', 'decide today') is pushed back on, never waved through",
    // A step proposed in the same breath is the proposal route's to accept or decline, on what discovery earned.
    when: (c) => PRESSURE.test(c.reading.text) && !c.s.closed && learnerStep(c) === null,
    reply: (c) => say(c, "pressure"),
  },
  {
    id: "say-again",
    does: "asked to say it again, the buyer says its last reply again, plainly",
    // "I didn't catch the last part, how many people use it?" asks its own question too: that one is answered.
    when: (c) =>
      !!c.buyerBefore &&
      asksToHearAgain(c.reading.text) &&
      !understand(c.reading.text.split(SAY_AGAIN).at(-1) ?? "").units.some((u) => u.question),
    reply: (c) => sayAgain(c.buyerBefore!, c.seed),
  },
  {
    id: "proposal",
    does: "a proposed next step is accepted or declined, unmistakably",
    when: (c) =>
      // The model's "proposal" counts when the unit names a step; a rule's always does. A day alone names
      // one only in a question ("Thursday any good?"), not in "if they halved tomorrow".
      c.reading.units.some(
        (u) =>
          u.act === "proposal" &&
          !asksPractice(u) &&
          (u.decision.by === "rule" ||
            u.tokens.some((t) => stepWord(c, t) && (u.question !== null || !WHEN_WORDS.has(t.lemma))) ||
            PROPOSING.test(u.text)),
      ) ||
      // After a yes, "I'll get the setup stuff over today" follows up on the agreed step.
      (c.s.closed && /\b(i'll|i will|we'll|we will|i'm going to|i am going to)\b/.test(c.reading.text)) ||
      (!!c.s.customer && OFFERING.test(c.reading.text)) ||
      (PROPOSING.test(c.reading.text) && ([...c.q.terms.keys()].some((t) => STEP.has(t)) || !!c.main?.question)),
    reply: onProposal,
  },
  {
    id: "objection-answered",
    does: "reassurance after the persona voiced its worry settles it",
    when: (c) => c.s.concern === "raised" && !c.main?.question && reassures(c),
    reply: (c) => {
      c.s.concern = "addressed";
      c.s.expects = null;
      return say(c, "objectionHeard");
    },
  },
  {
    id: "check",
    does: "a read-back is confirmed in plain words; an open buyer adds the problem not yet heard",
    when: (c) => {
      if (CHECK_WORDS.test(c.reading.text)) return true;
      // A read-back a rule names ("sounds like you need to cut 15%, fair?") checks, however its end is read.
      const readBack = c.main?.act === "check" && (!!c.main.question || c.main.decision.by === "rule");
      if (!readBack || c.main!.question === "wh" || !c.s.revealed.length) return false;
      // A read-back of what was told ("sounds like late orders are costing you overtime, fair?") is confirmed.
      const hit = clearHit(c);
      return hit === null || c.s.told.has(hit.fact.id);
    },
    reply: onCheck,
  },
  {
    id: "pitch",
    does: "a pitch before discovery meets pushback; talking past what was just said is noticed",
    when: (c) =>
      PITCH_WORDS.test(c.reading.text) ||
      ((c.main?.act === "pitch" || (!asks(c) && c.reading.units.some((u) => u.act === "pitch"))) &&
        namedPain(c) === null),
    reply: (c) => {
      const { s } = c;
      if (s.expects && !asks(c) && !overlaps(s.expects, c.q.terms)) {
        s.trust = Math.max(-2, s.trust - 1);
        s.expects = null;
        return say(c, "ignored");
      }
      s.trust = Math.max(-2, s.trust - (s.revealed.length ? 0 : 1));
      s.pitched += 1;
      return say(c, s.revealed.length ? "pitchLate" : "pitchEarly");
    },
  },
  {
    id: "small-talk",
    does: "small talk gets small talk, even when it names the company or the restaurants",
    when: (c) =>
      c.q.smallTalk ||
      personalQuestion(c) ||
      (c.s.turn === 1 &&
        !c.reading.units.some(
          (u) => SPIN.has(u.act) || (u.question && u.question !== "tag" && u.act !== "small-talk"),
        ) &&
        clearHit(c) === null) ||
      (c.main?.act === "small-talk" &&
        clearHit(c) === null &&
        namedPain(c) === null &&
        !CONCERN_WORDS.test(c.reading.text) &&
        !GOAL_WORDS.test(c.reading.text)),
    reply: (c) =>
      // A customer who called about a problem has no time for chat: a detail not on the card is not to
      // hand, anything else brings it back to the problem.
      c.s.customer && c.s.turn > 1
        ? say(c, c.main?.question ? "customerNotToHand" : "customerBack")
        : c.q.smallTalk && c.main?.question && c.s.turn > 1 && c.q.topic === "money"
          ? say(c, "evadeMoney")
          : c.s.turn > 1 && personalQuestion(c)
            ? say(c, "evadePersonal")
            : say(
                c,
                asksTime(c) ? "timeAsked" : c.s.turn === 1 ? (asksHow(c) ? "greetingAsked" : "greeting") : "smallTalk",
                {
                  first: c.card.firstName,
                },
              ),
  },
  {
    id: "career",
    does: "'how did you end up running a driving school?' gets the persona's background, whatever else the turn mentions",
    when: (c) => asks(c) && CAREER.test(c.reading.text) && c.card.facts.some((f) => f.kind === "background"),
    reply: (c) =>
      answerFrom(c, (f) => f.kind === "background") ?? nextFacts(c, ["background"]) ?? say(c, "situationDone"),
  },
  {
    id: "aside",
    does: "'random q but do the vets ever go home early lol' gets a light in-character aside unless the card clearly answers it, never a pain",
    when: (c) => asks(c) && ASIDE.test(c.reading.text) && clearHit(c) === null,
    reply: (c) => say(c, "aside"),
  },
  {
    id: "opinion",
    does: "'do you think vegan options will take over?', 'what do you make of the self-driving bus pilots' asks the buyer's view of something the card does not know: a view, never a card fact",
    when: (c) => asks(c) && opinionOffCard(c),
    reply: (c) => say(c, "opinion"),
  },
  {
    id: "off-limits",
    does: "a price or another firm the card says nothing about gets a consistent evasion",
    when: (c) => asks(c) && offLimits(c) && !answeredByStage(c),
    reply: (c) => say(c, c.q.topic === "others" ? "evadeOthers" : "evadeMoney"),
  },
  {
    id: "decision",
    does: "who decides or signs off gets how the persona decides and who it answers to",
    // The ranker's certainty about another fact counts only when the card says how the persona decides.
    when: (c) =>
      asks(c) &&
      asksDecision(c) &&
      (!c.card.facts.some((f) => f.kind === "decision") ||
        !surelyAbout(c, (f) => f.kind !== "decision" && f.kind !== "background")),
    reply: (c) => onDecision(c) ?? say(c, "decisionGeneric"),
  },
  {
    id: "who-else",
    does: "'who else feels this?' gets who the problem reaches: a person the card names, what the pain on the table does, or an in-character line",
    when: (c) => asks(c) && asksWhoElse(c),
    reply: (c) => {
      // "Who feels that most?" on a card that names someone who watches it: that person.
      const named = c.hits.find(
        (h) => h.fact.person && !c.s.told.has(h.fact.id) && specificOverlap(c.card, c.q, h.fact) > 0,
      );
      // (The named fact may already be told: then who the pain reaches, below.)
      const aboutNamed = named ? onClearHit(c, named) : null;
      if (aboutNamed) return aboutNamed;
      // Else a part of the pain on the table that names people ("...found only when customers complain");
      // never a goal or another pain, which answer a different question.
      const people =
        c.s.current !== null
          ? c.card.pains[c.s.current].facts.find((f) => !c.s.told.has(f.id) && PEOPLE.test(f.pieces.join(" ")))
          : undefined;
      if (people) return speakFacts(c, [people]);
      // A pain already told that names who it reaches ("...found only when customers complain"): them.
      const who =
        c.s.current !== null
          ? PEOPLE.exec(c.card.pains[c.s.current].facts.map((f) => f.pieces.join(" ")).join(" "))?.[0]
          : undefined;
      if (who) return say(c, "othersNamed", { who: upperFirst(who.toLowerCase()) });
      const reaches = c.s.current !== null ? whoItReaches(painText(c, c.s.current), c.used) : null;
      return reaches ?? say(c, "othersAffected");
    },
  },
  {
    id: "thin-follow-up",
    does: "'how long does that take?', 'per week or per month?' is about what the buyer just said: its figure, never a new pain",
    when: (c) => asks(c) && thinFollowUp(c),
    reply: onThinFollowUp,
  },
  {
    id: "figure-off-card",
    does: "a figure asked about with a word the card does not know ('how many vehicles exit at night') gets an honest 'I'd have to check', never another of the card's numbers",
    when: (c) => asks(c) && figureOffCard(c),
    reply: (c) => say(c, evasionFor(c)),
  },
  {
    id: "count",
    does: "'how many X' gets the card fact that counts X ('22 gyms', '3 vessels'), not a pain with the same number",
    when: (c) => asks(c) && !asksTeamPart(c) && countingFact(c) !== null,
    reply: (c) => speakFacts(c, [countingFact(c)!]),
  },
  {
    id: "team",
    does: "how many people do one part of the work gets the card's count of them, or an honest 'I'd have to count', never the company's size",
    when: (c) => asks(c) && asksTeamPart(c),
    reply: onTeamPart,
  },
  {
    id: "size",
    does: "how big the business is gets the company's size",
    when: (c) =>
      asks(c) &&
      asksSize(c) &&
      !surelyAbout(c, (f) => f.kind !== "company") &&
      (!clearHit(c) || sizeOverlap(c) >= specificOverlap(c.card, c.q, clearHit(c)!.fact)),
    reply: onSize,
  },
  {
    id: "off-card-focus",
    does: "a question about a thing the card never mentions ('what car do you drive', 'what's the pass rate') gets an in-character non-answer, whatever other words it shares with the card",
    when: (c) =>
      asks(c) &&
      !c.s.customer &&
      !asksDecision(c) &&
      focusOffCard(c) &&
      namedPain(c) === null &&
      // "What is the merit for you?", "what proportion are missed?": a problem, cost or value question is
      // answered from the pains and goals whatever its noun (measured: evading them answers nothing). A
      // question read as a problem without a word of trouble ("how fast is the wifi in the main library?")
      // asks about its thing, which the card does not know, unless a fact shares a third of its words ("what
      // requirements would a solution have to meet on privacy?") or points at the pain on the table ("how many
      // time this is happening?").
      (!answeredByStage(c) ||
        (c.main?.act === "problem" &&
          !PROBLEM_WORDS.test(c.reading.text) &&
          (top(c)?.share ?? 0) < 0.34 &&
          !(c.s.current !== null && pointsAtIt(c)))),
    reply: (c) => say(c, EVASION[c.q.topic]),
  },
  {
    id: "tried-before",
    does: "'have you tried any software for this before?' gets what the card says of an earlier attempt, if it says anything",
    when: (c) => asks(c) && TRIED_BEFORE.test(c.reading.text),
    reply: (c) => {
      const earlier = (f: Fact) =>
        ["background", "concern"].includes(f.kind) && EARLIER_ATTEMPT.test(f.pieces.join(" "));
      const first = c.card.facts.find((f) => earlier(f) && !c.s.told.has(f.id));
      return answerFrom(c, earlier) ?? (first ? speakFacts(c, [first]) : null);
    },
  },
  {
    id: "follow-up",
    does: "'what does that cost you?' is about the pain on the table, or the one it names",
    when: (c) =>
      c.s.current !== null &&
      (c.main?.act === "implication" || (asks(c) && (c.q.wants.when || countsThis(c)))) &&
      pointsBack(c) &&
      (clearHit(c) === null || clearHit(c)!.fact.kind === "pain"),
    reply: (c) => {
      // "How much ends up in the bin?" may name a pain only through a related word ("bin" ~ "throws out").
      // "What does that gap come to?": the pain the learner called a gap, before any word-by-word guess.
      const referred = clearHit(c) ? null : referredPain(c);
      if (referred !== null) return onImplication(c, referred);
      const related = relatedHit(c);
      const hit = clearHit(c) ?? (related?.fact.kind === "pain" && related !== null ? related : null);
      // "What happened with that one?" right after a worry is about the worry.
      if (!hit && c.s.topic === "concern") return onConcern(c);
      return hit && !c.s.revealed.includes(hit.fact.index)
        ? onProblem(c, hit.fact.index)
        : onImplication(c, hit?.fact.index);
    },
  },
  {
    id: "cause",
    does: "why a pain happens, once one is on the table",
    when: (c) =>
      c.s.current !== null &&
      CAUSE_QUESTION.test(c.main ? c.main.text : c.reading.text) &&
      (c.q.main.size <= 1 || pointsBack(c)) &&
      (clearHit(c) === null || clearHit(c)!.fact.index === c.s.current),
    // The card's own reason when the pain gives one ("mainly from over-ordering for quiet weekdays").
    reply: (c) => {
      const fact = c.card.pains[c.s.current!].facts.find((f) => CAUSE_CLAUSE.test(f.pieces.join(" ")));
      return fact ? speakFacts(c, [fact]) : say(c, "causeKnown");
    },
  },
  {
    id: "role",
    does: "what the persona's job is gets its role and what it runs",
    // "What's the worst thing about your job?" asks about a problem, not about the job.
    when: (c) => asks(c) && ROLE_WORDS.test(c.reading.text) && !TROUBLE_IN_JOB.test(c.reading.text),
    reply: (c) => answerFrom(c, (f) => f.kind === "role") ?? nextFacts(c, ["role", "situation"]),
  },
  {
    id: "meta",
    does: "'a few more questions, if that's ok?' is about the call, not the business: go ahead",
    when: (c) =>
      META_WORDS.test(c.reading.text) && !c.reading.units.some((u) => SPIN.has(u.act) && u.question === "wh"),
    reply: (c) => say(c, c.s.turn === 1 ? "greeting" : "listening", { first: c.card.firstName }),
  },
  {
    id: "worry",
    does: "a question about worries gets the persona's concerns",
    when: (c) =>
      asks(c) &&
      CONCERN_WORDS.test(c.reading.text) &&
      // "Because of the delivery slipping, what is the risk with that customer?" asks what the pain leads to.
      !(c.main?.act === "implication" && c.s.current !== null) &&
      // "If you didn't have to worry about that anymore, what would that mean for you?" asks its value (a rule
      // says so, not a model's guess).
      !(c.main?.act === "need-payoff" && c.main.decision.by === "rule") &&
      // "What would worry you about changing how routes are planned?" asks for the buyer's own worries, whatever
      // pain its words name.
      (ASKS_WORRY.test(c.reading.text) || !(clearHit(c) && specificOverlap(c.card, c.q, clearHit(c)!.fact) >= 2)),
    reply: onConcern,
  },
  {
    id: "beyond-told",
    does: "a question the card does not answer, whose nearest fact was already told, gets an in-character non-answer, not that fact again",
    when: (c) => asks(c) && !c.repaired && beyondTold(c),
    reply: (c) => say(c, evasionFor(c)),
  },
  {
    id: "tool",
    does: "'which CRM are you on?' when the card names no tool gets an in-character 'nothing fancy', not a pain that mentions a system",
    // "Who decides which tools get cut?" asks for a person, not for the tool's name.
    when: (c) => asks(c) && TOOL_QUESTION.test(c.reading.text) && noToolNamed(c) && !asksWho(c),
    reply: (c) => say(c, "evadeTool"),
  },
  {
    id: "tool-named",
    does: "'which system are you using for X' when the card names one gets the fact that names it",
    when: (c) => asks(c) && TOOL_QUESTION.test(c.reading.text) && !asksWho(c) && toolHit(c) !== null,
    reply: (c) => onClearHit(c, toolHit(c)!),
  },
  {
    id: "clear-fact",
    does: "a question that clearly names a card fact gets that fact (a hidden pain is revealed)",
    when: (c) => asks(c) && clearHit(c) !== null && !(c.q.wants.meaning && clearHit(c)!.fact.kind === "pain"),
    reply: (c) => onClearHit(c, clearHit(c)!),
  },
  {
    id: "off-card",
    does: "a question the card cannot answer gets a consistent evasion that reveals nothing",
    when: (c) => asks(c) && offCard(c) && namedPain(c) === null && !answeredByStage(c),
    reply: (c) => say(c, EVASION[c.q.topic]),
  },
  {
    id: "payoff",
    does: "what solving it would mean, or what the persona aims for",
    when: (c) => asks(c) && asksPayoff(c),
    reply: (c) => onPayoff(c, GOAL_WORDS.test(c.reading.text) || top(c)?.fact.kind === "goal"),
  },
  {
    id: "problem",
    does: "a question about problems reveals the next hidden one at the difficulty's pace",
    when: (c) =>
      PROBLEM_WORDS.test(c.reading.text) ||
      (c.main?.act === "problem" && !unsureWho(c) && (relatedHit(c) === null || relatedHit(c)!.fact.kind === "pain")),
    reply: (c) => onProblem(c, null),
  },
  {
    id: "hidden-pain",
    does: "a question near a hidden pain is about that pain",
    when: (c) => asks(c) && namedPain(c) !== null,
    reply: (c) => onProblem(c, namedPain(c)),
  },
  {
    id: "revealed-pain",
    does: "a question about a pain already on the table gets its cost and details",
    when: (c) => asks(c) && top(c)?.fact.kind === "pain" && c.s.revealed.includes(top(c).fact.index),
    reply: (c) => onImplication(c, top(c).fact.index),
  },
  {
    id: "concern",
    does: "a question about worries gets the persona's concerns",
    when: (c) => asks(c) && (CONCERN_WORDS.test(c.reading.text) || top(c)?.fact.kind === "concern"),
    reply: onConcern,
  },
  {
    id: "implication",
    does: "the cost of the pain under discussion",
    when: (c) => c.s.revealed.length > 0 && (c.main?.act === "implication" || (asks(c) && c.q.wants.when)),
    reply: (c) => onImplication(c),
  },
  {
    id: "fact",
    does: "a question the card answers gets the matching facts, re-voiced",
    when: (c) => asks(c) && (c.hits.find((h) => answersFact(c, h.fact))?.share ?? 0) >= 0.34,
    reply: (c) => answerFrom(c, (f) => answersFact(c, f)),
  },
  {
    id: "background",
    does: "a question about the persona's career gets its background, not today's situation",
    when: (c) =>
      asks(c) &&
      BACKGROUND_WORDS.test(c.reading.text) &&
      c.card.facts.some((f) => f.kind === "background") &&
      !surelyAbout(c, (f) => f.kind !== "background"),
    reply: (c) =>
      answerFrom(c, (f) => f.kind === "background") ?? nextFacts(c, ["background"]) ?? say(c, "situationDone"),
  },
  {
    id: "company",
    does: "'what's the company like?' gets the company: what it does, its size, its revenue",
    when: (c) =>
      asks(c) &&
      c.main?.act === "situation" &&
      COMPANY_WORDS.test(c.reading.text) &&
      !surelyAbout(c, (f) => f.kind !== "company"),
    reply: (c) => nextFacts(c, ["company"]) ?? nextFacts(c, ["situation"]) ?? say(c, "situationDone"),
  },
  {
    id: "situation",
    does: "a general question about how things are gets the next situation facts",
    when: (c) => asks(c) && c.q.unknown.length === 0 && c.main?.act === "situation",
    reply: (c) => nextFacts(c, ["situation", "company", "background"]) ?? say(c, "situationDone"),
  },
  {
    id: "related",
    does: "a question only related words connect to a fact still gets that fact: evasions are for nothing relevant",
    when: (c) => asks(c) && relatedHit(c) !== null,
    reply: (c) => onClearHit(c, relatedHit(c)!),
  },
  { id: "off-card-statement", does: "anything else asked gets an evasion", when: asks, reply: (c) => say(c, "evade") },
  {
    id: "statement",
    does: "a remark gets a short acknowledgement",
    when: () => true,
    reply: (c) =>
      overlaps(c.s.expects, c.q.terms)
        ? say(c, "ack")
        : // After pushing back on a pitch, more claims are not waved on with "go on".
          c.s.pitched > 0 && !c.s.revealed.length && c.main?.act !== "small-talk"
          ? say(c, "pitchAgain")
          : say(c, "listening"),
  },
];

/** A question about the buyer's own worries about a change: "what would worry you about...", "any concerns?". */
const ASKS_WORRY =
  /\b(?:(?:worr(?:y|ies)|concerns?|bothers?|puts?) (?:you|u)\b|would (?:you|u) (?:be )?worr|your (?:main |biggest |big |first )?(?:worr|concern|hesitat|reservation|doubt)|(?:concerns?|reservations?|doubts?|hesitations?) (?:do|would|might) (?:you|u)|what (?:would|might|could) (?:worry|concern|bother|put (?:you|u) off|stop (?:you|u)|hold (?:you|u) back)|any (?:concerns?|worries|reservations?|doubts?)\b)/i;

/** Asking about an earlier attempt: "have you tried any software before", "did you try before some software". */
const TRIED_BEFORE =
  /\b(?:(?:have|has|did|had) (?:you|u|they|anyone|anybody|the \w+) (?:ever )?(?:tried|try|used|use|looked at|had)\b.{0,60}\b(?:before|previously|in the past)|(?:tried|try) before|(?:been|was|were) tried\b|tried (?:anything|something|any \w+|software|a system|an app|other)|(?:any|an) (?:earlier|previous|past) (?:attempts?|projects?|systems?|tools?|software))/i;
/** A card's earlier attempt: "tried a free booking app in 2022", "a telematics rollout in 2021 ... dropped". */
const EARLIER_ATTEMPT =
  /\b(?:tried|trial(?:led)?|rollout|rolled out|project|abandoned|dropped|failed|scrapped|gave up|previous (?:system|vendor|supplier|tool)|last time|in (?:19|20)\d\d)\b/i;

/** Words for people a problem can reach. */
const PEOPLE =
  /\b(customers?|clients?|staff|team|drivers?|managers?|patients?|students?|parents?|crews?|nurses?|engineers?|agents?|colleagues|people|everyone|board|finance)\b/i;

const AGAIN_LEADS = ["Sure.", "No problem.", "Sorry, sure."];
const SAID_AGAIN = /^(?:(?:Sure|No problem|Sorry, sure)\.\s*)+/;
/** The buyer's own lead-ins, said once: "Well, since you ask.", "The big one:", "As I said,". */
const LEAD_IN =
  /^(?:(?:well|right|sure|okay|ok|look|honestly|again|so|as i said|like i said|as i mentioned|like i mentioned|the big one|the other one|since you ask(?:ed)?)[.,:!?]\s*)+/i;
/** The last reply said again after a short lead ("Sure. ..."), without its own lead-in. */
function sayAgain(before: string, seed: string): string {
  const rest = before.replace(SAID_AGAIN, "").replace(LEAD_IN, "");
  const lead = AGAIN_LEADS[hash(`${seed}${before}`) % AGAIN_LEADS.length];
  return `${lead} ${upperFirst(rest || before)}`;
}

/**
 * "and who types them up" after the buyer's answer: a who-question the model only guesses is about problems
 * (under 60% sure, no word of trouble) asks about the work, and is no cue to reveal the next pain.
 */
function unsureWho(c: Ctx): boolean {
  const d = c.main?.decision;
  return !!d && d.by === "model" && d.p < 0.6 && asksWho(c);
}

/** A turn that asks how the persona is ("how's your week going", "how are you doing"). */
function asksHow(c: Ctx): boolean {
  return c.reading.units.some((u) => u.act === "small-talk" && u.question !== null && u.question !== "tag");
}

/** The question's first wh-word is "who": it asks for a person. */
const asksWho = (c: Ctx) => (c.main?.tokens.slice(c.main.start).find((t) => WH.has(t.lower))?.lower ?? "") === "who";

/** "Have you got five minutes?", "is now a good time?": the learner asks for the buyer's time, not how they are. */
const asksTime = (c: Ctx) =>
  c.reading.units.some(
    (u) =>
      u.decision.by === "rule" &&
      (u.decision.rule === "time-check" || (u.decision.rule === "how-are-you" && /\btime\b/.test(u.text))),
  );

/**
 * Every buyer can say what goes wrong, what it costs and what fixing it would mean: a problem,
 * implication or need-payoff question is answered from the pains and goals even when its words are
 * not the card's ("what bugs you most", "where does it fall apart"). Only a question about another
 * firm stays an evasion.
 */
function answeredByStage(c: Ctx): boolean {
  const stage = c.main?.act;
  if (stage !== "problem" && stage !== "implication" && stage !== "need-payoff") return false;
  if (c.q.topic === "others") return false;
  // "How much diesel do your boats burn a day?" counts a thing the card never mentions: off the card, not a pain.
  const known = [...c.q.main].some((s) => c.card.idf.has(s) && !isGeneric(c.card, s));
  if (stage === "problem" && !known && c.q.unknown.length >= 2) return false;
  return stage !== "implication" || c.s.revealed.length > 0 || hiddenPains(c) > 0;
}

const THANKS_FIRST = /^\W*(?:ok(?:ay)?,?\s+|great,?\s+|perfect,?\s+)?(?:thanks|thank you|cheers|many thanks)\b/i;
/** "...and we fix a time for next week": a promise that still proposes something. */
const STILL_ASKS =
  /\b(?:we can|we could|let's|lets|shall we|we fix|we set|we lock|we book|lock in|set up|book a|fix a|and we)\b/i;
/** "Thank you, and sorry again about being late.": thanks and an apology close the call. */
const SORRY_AGAIN = /\b(?:sorry|apologies) (?:again )?(?:about|for)\b/i;
const PROMISED =
  /\b(?:i'll|i will|ill|we'll|we will|i'm going to)\s+(?:send|email|e-mail|share|forward|follow up|get|put|drop)\b/i;

/** A deadline the seller sets to force a decision. */
const PRESSURE =
  /\b(?:only (?:valid|good|available|on offer)(?: (?:un)?til| till| until)?|(?:offer|deal|price|discount|promo\w*) (?:ends|expires|runs out|goes up|is only)|(?:ends|expires) (?:on )?(?:friday|monday|tuesday|wednesday|thursday|saturday|sunday|today|tonight|tomorrow|this week|end of (?:the )?(?:week|month))|(?:decide|sign|commit) (?:now|today|tonight|by (?:friday|monday|tomorrow|the end of))|last chance|limited[- ]time)\b/i;
/** A seller who turns dismissive. */
const BRUSH_OFF = /\b(?:your loss|suit yourself|you'?ll regret (?:it|this)|fine,? forget it|whatever then)\b/i;
/** A question about how the persona got here: "how did you end up running...", "what was it like being a captain". */
const CAREER =
  /\b(?:how did (?:you|u) (?:end up|get into|come to|get to|start out|become|land)|how (?:you|u) (?:went|got|ended up) from|what was it like (?:being|as|working)|what did (?:you|u) do before)\b/i;
/** A learner marking a question as off the topic: "random q but...", "totally random", "side note". */
const ASIDE =
  /^(?:\W*(?:ok|so|and|haha|lol|btw)\W+)*(?:random (?:q|question)|totally random|side note|off[- ]topic|unrelated)\b/i;
/**
 * Asked for a view ("do you think...", "what do you make of...", "what's your take on...", "thoughts on..."): the
 * buyer's opinion of the world, not a fact of its work. Only a view of something the card does not know is
 * "opinion"; "do you think that's costing you customers?" names the card and is answered from it.
 */
const OPINION =
  /\b(?:(?:do|did|would) (?:you|u|ya) (?:honestly |really |personally )?(?:think|reckon|believe|expect|see)\b|what (?:do|did) (?:you|u|ya) (?:think|make|reckon|feel) (?:of|about)|how (?:do|did) (?:you|u) feel about|(?:what's|what is|whats) your (?:take|view|opinion|feeling|gut feeling|verdict)|(?:your |any )?thoughts on|(?:are|r) (?:you|u) (?:a fan of|for or against))/i;
function opinionOffCard(c: Ctx): boolean {
  const text = c.reading.text.toLowerCase();
  const cue = OPINION.exec(text);
  if (!cue) return false;
  // What the view is about: the words after the cue, less the card's own words.
  const after = stemsOf(text.slice(cue.index + cue[0].length)).stems;
  const unknown = [...after.keys()].filter((s) => c.q.unknown.includes(s));
  return (
    unknown.length > 0 &&
    clearHit(c) === null &&
    namedPain(c) === null &&
    !CONCERN_WORDS.test(c.reading.text) &&
    !PROBLEM_WORDS.test(c.reading.text)
  );
}

/** A question about the persona's career: "what's your background?", "how did you end up in this job?". */
const BACKGROUND_WORDS =
  /\b(background|career|your experience|experience in|how did you (get|end up|come|start)|before (this|that) (role|job|position)|before you joined|how long have you (been|worked))\b/;

/**
 * "What car do you drive?", "where's the best fish and chips?": a question for a fact about the persona's
 * life, not "how's your week?". It gets a friendly non-answer, not "can't complain".
 */
function personalQuestion(c: Ctx): boolean {
  if (!c.main?.question) return false;
  const core = c.main.tokens.slice(c.main.start);
  const wh = core.find((t) => WH.has(t.lower));
  if (!wh || wh.lower === "how") return false;
  // "What's your favourite hall?", "what car do you drive?": a favourite, or a thing of life asked for by the question
  // word itself, is about the person whatever the card shares a word with ("book" and "booking", "drive" and "driving").
  if (/\b(?:your|ur) (?:fav(?:ou?rite|e)|favorite)\b/i.test(c.reading.text)) return true;
  const head = core[core.indexOf(wh) + 1];
  if (head && ["what", "which"].includes(wh.lower) && head.pos === "NOUN" && LIFE.has(stem(head.lemma))) return true;
  const life = [...c.q.main].filter((s) => LIFE.has(s) && !c.card.idf.has(s));
  const business = [...c.q.main].filter((s) => c.card.idf.has(s) && !isGeneric(c.card, s));
  return life.length > business.length;
}

/** The question's own "this", "that" or "it" (a pronoun, not "that report"). */
const pointsAtIt = (c: Ctx) =>
  !!c.main?.tokens.slice(c.main.start).some((t) => ANAPHORS.has(t.lower) && t.pos === "PRON");
/** "How many time this is happening?": a number asked about "this" or "that", the pain on the table. */
const countsThis = (c: Ctx) => c.q.wants.number && pointsAtIt(c);

/**
 * A follow-up is about what is on the table: it points back ("what does that cost", "how's that
 * hitting the team"), names nothing new, or takes up the buyer's own words. "What about the phones,
 * are they ringing off the hook?" opens a new topic: its "they" points at the phones.
 */
function pointsBack(c: Ctx): boolean {
  const core = c.main ? c.main.tokens.slice(c.main.start) : [];
  const firstNoun = core.findIndex((t) => t.pos === "NOUN" || t.pos === "PROPN");
  if (firstNoun < 0) return true;
  if (core.slice(0, firstNoun).some((t) => ANAPHORS.has(t.lower) && t.pos !== "DET")) return true;
  const current = c.s.current === null ? null : c.card.pains[c.s.current];
  const nouns = core.filter((t) => t.pos === "NOUN" || t.pos === "PROPN").map((t) => stem(t.lemma));
  const before = new Set(
    (c.buyerBefore ?? "")
      .toLowerCase()
      .match(/[a-z]+/g)
      ?.map(stem) ?? [],
  );
  return nouns.some((n) => before.has(n) || !!current?.facts.some((f) => f.stems.has(n)) || GENERIC.has(n));
}

const answersFact = (c: Ctx, f: Fact) =>
  FACT_KINDS.has(f.kind) && (f.kind !== "company" || COMPANY_WORDS.test(c.reading.text));

const hiddenPains = (c: Ctx) => c.card.pains.filter((_, i) => !c.s.revealed.includes(i)).length;

/**
 * The word-overlap hits put in the order the learned ranker gives (ranker.ts). A fact the turn shares
 * no word with ("how much is that?" and the pain on the table) joins them when the ranker is sure of
 * it. Scores keep BM25's scale, so the routes' thresholds read the same.
 */
function reranked(c: Ctx): Hit[] {
  const { facts, none } = rankFacts(c);
  const top = c.hits[0]?.score ?? 1;
  const best = facts[0]?.p ?? 1;
  // "No fact" wins only over a turn that names nothing on the card, or over the opening greeting:
  // "how's the overtime budget looking" names the overtime, whatever else the model thinks.
  const named = !!c.hits[0] && specificOverlap(c.card, c.q, c.hits[0].fact) > 0;
  if (none >= best && none >= NONE_SURE && (!named || c.s.turn === 1)) return [];
  return facts
    .filter((r) => r.hit || r.p >= RANKER_SURE)
    .map((r) => ({ fact: r.fact, share: r.hit?.share ?? 0, score: (top * r.p) / best, p: r.p }));
}
/**
 * "Do you send reminders or not really?", "does each salon book its own scaffolding?": whether the buyer does
 * something is about how things are, whatever the model makes of a step word in it ("send", "book"). "Do you want
 * to book a demo?" still proposes.
 */
function asksPractice(u: { tokens: { lower: string }[]; start: number; question: string | null }): boolean {
  const w = u.tokens.slice(u.start).map((t) => t.lower);
  const at = w.findIndex((x) => ["do", "does", "did"].includes(x));
  if (u.question !== "yes-no" || at < 0 || at > 2) return false;
  const subject = w.slice(at + 1, at + 4);
  return (
    ["you", "u", "they", "your", "each", "every", "the"].includes(subject[0] ?? "") &&
    !subject.some((x) => ["want", "wanna", "fancy", "like", "mind", "think", "reckon", "have"].includes(x))
  );
}

/**
 * A word of a next step, unless it names an activity of the buyer's own work: on a salon's card "online booking" is the
 * business ("something make you worry about online booking?" is not a proposal), while the step the card's close
 * names ("a demo", "a trial") still is.
 */
const stepWord = (c: Ctx, t: { lemma: string; lower: string; pos: string }) => {
  const s = stem(t.lemma);
  if (!STEP.has(s)) return false;
  // "I could send some information", "can we book a call" propose whatever the card does with sending or calls;
  // an activity of the buyer's work ("booking", "planning") does not.
  const activity = t.pos === "NOUN" && /ing$/.test(t.lower) && t.lower !== "meeting";
  return !activity || !c.card.idf.has(s) || (c.card.close ?? "").toLowerCase().includes(s);
};
/** Step words that only say when ("tomorrow"): a step in a question, not in a statement. */
const WHEN_WORDS = new Set("monday tuesday wednesday thursday friday tomorrow week".split(" "));
const NONE_SURE = 0.5;
const RANKER_SURE = 0.3;

/** The ranker is sure the turn is about a fact of this sort ("how many machines, how many shifts": the plant, not headcount). */
const surelyAbout = (c: Ctx, keep: (f: Fact) => boolean) =>
  !!c.hits[0] && keep(c.hits[0].fact) && (c.hits[0].p ?? 0) >= SURE;
const SURE = 0.7;

/** Reads one learner turn against the card and the state so far (the turn counter moves on). */
/** "What's the worst thing about your job?", "the hardest part of your role": a problem, asked about the job. */
const TROUBLE_IN_JOB =
  /\b(?:worst|hardest|toughest|most (?:annoying|frustrating|difficult|stressful)|biggest (?:problem|headache|challenge|pain|worry)|what (?:bugs|annoys|frustrates|keeps you up))\b/;

export function readTurn(
  card: Card,
  s: State,
  raw: string,
  seed: string,
  used: Set<string>,
  buyerBefore: string | null,
): Ctx {
  s.turn += 1;
  let text = raw;
  let repaired = false;
  // "sorry, what was that?" asks to hear the reply again; it corrects nothing.
  const repair = asksToHearAgain(raw) ? null : readRepair(raw);
  if (repair && s.lastQuestion) [text, repaired] = [repairOf(s.lastQuestion, repair), true];
  else if (SORRY_MEANT.test(raw)) [text, repaired] = [withoutContrast(raw.replace(SORRY_MEANT, "")), true];
  const reading = understand(text, { buyerBefore, vocabulary: card.vocabulary, marked: true });
  const main = mainUnit(reading);
  const q = queryOf(reading, main, card, buyerBefore);
  if (reading.units.some((u) => u.question)) s.lastQuestion = text;
  for (const k of stemsOf(text).stems.keys()) s.heard.add(k);
  if (main?.act === "implication" && main.question) s.costAsked += 1;
  // "If the loss was halved, how much would it help?": the value of a solved problem, asked. Not "what would you
  // need to see first", which asks about the sale.
  if (reading.units.some((u) => u.stage === "need-payoff" && u.tokens.some((t) => SOLVED_IF.has(t.lower))))
    s.payoffAsked += 1;
  const c: Ctx = { card, s, reading, main, q, hits: retrieve(card, q), seed, used, repaired, buyerBefore };
  return { ...c, hits: reranked(c) };
}

const SOLVED_IF = new Set(["if", "imagine", "suppose", "supposing", "assuming", "once"]);

/** Words of asking about consequences or value: "that cost" points at no pain in particular. */
const ASKING_WORDS = new Set([...GENERIC_QUESTION, ...[...CLASSES.consequence, ...CLASSES.value].map(stem)]);

/** Why a trouble happens: "why does that happen", "how come", "what's causing it", "how does that happen usually". */
const CAUSE_QUESTION =
  /^(?:(?:and|so|but|ok|okay|oh|sorry|wow|right|um)\s+)*(?:why\b(?! not\b)|how come\b|what(?:'s| is)? (?:causing|behind|driving) (?:that|this|it|them)\b|what (?:causes|caused|drives) (?:that|this|it|them)\b|how (?:does|did|do|can) (?:that|this|it|they) (?:\w+ )?(?:happen|come about)\b)/;
/** A card's reason for a pain: "because", "mainly from", "due to". */
const CAUSE_CLAUSE = /\b(?:because|mainly from|mostly from|largely from|due to|caused by|driven by|since)\b/i;

/** Routes whose reply is about the pain on the table. */
const PAIN_ROUTES = new Set(["revealed-pain", "follow-up", "implication"]);

/**
 * "And over a full year, what does that gap come to?" after the talk moved on to waste: the pain the learner
 * earlier called a gap, when their words point back at it more than at the pain on the table.
 */
function referredPain(c: Ctx): number | null {
  const { s } = c;
  // The noun the learner points with: "that gap", "those late ones" ("what did that cost" points with a verb).
  const core = c.main ? c.main.tokens.slice(c.main.start) : [];
  const named = core.flatMap((t, k) => {
    if (!["that", "this", "those", "these"].includes(t.lower)) return [];
    const next = core.slice(k + 1, k + 3).find((x) => x.pos !== "ADJ");
    // "that cost", "that time" ask about a consequence, whatever the tagger calls them: only a thing named.
    return next && next.pos === "NOUN" && !ASKING_WORDS.has(stem(next.lemma)) ? [stem(next.lemma)] : [];
  });
  if (!named.length) return null;
  const overlap = (k: number) => named.filter((w) => s.painWords.get(k)?.has(w)).length;
  const here = s.current === null ? 0 : overlap(s.current);
  const best = s.revealed
    .filter((k) => k !== s.current)
    .map((k) => ({ k, n: overlap(k) }))
    .sort((a, b) => b.n - a.n)[0];
  return best && best.n > here ? best.k : null;
}

/** Answers a read turn by the first route that claims it, and updates the state. */
export function answer(c: Ctx): { reply: string; route: string } {
  const { s } = c;
  const wasExpecting = s.expects;
  const currentBefore = s.current;
  let reply: string | null = null;
  let route = "statement";
  for (const r of ROUTES) {
    if (!r.when(c)) continue;
    reply = r.reply(c);
    route = r.id;
    if (reply) break;
  }
  if (asks(c) && route !== "pitch" && route !== "off-card") s.trust = Math.min(4, s.trust + 1);
  // The learner's words for the pain the reply was about, so a later "that gap" finds it again.
  if (s.current !== null && (s.current !== currentBefore || PAIN_ROUTES.has(route))) {
    const words = s.painWords.get(s.current) ?? new Set<string>();
    for (const w of c.q.main) if (!/\d/.test(w)) words.add(w);
    s.painWords.set(s.current, words);
  }
  if (s.expects === wasExpecting && route !== "statement") s.expects = null;
  return { reply: reply ?? say(c, "listening"), route };
}

/** Answers one learner turn and updates the state. */
export function step(...turn: Parameters<typeof readTurn>): { reply: string; route: string } {
  return answer(readTurn(...turn));
}
