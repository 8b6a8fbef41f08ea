/**
 * Two learners for measuring the offline persona through any transport (the engine directly, or
 * the real API): one does discovery the way the rubric asks, the other pitches before asking anything.
 * The checks read only the persona's replies and the persona's fields, never the engine's internals.
 */
import type { Persona } from "@/lib/validations/persona";

export type Send = (text: string) => Promise<string>;
export type Line = { speaker: "learner" | "persona"; text: string };
export type Outcome = { transcript: Line[]; uncovered: number[]; agreed: boolean; pushback: boolean };

const words = (text: string) =>
  new Set(
    (text.toLowerCase().match(/[a-z0-9%$][a-z0-9%'-]{2,}/g) ?? []).filter(
      (w) => !/^(the|and|are|was|her|his|she|with|for|that|this|only|when|than|too|our)$/.test(w),
    ),
  );

/** A pain counts as uncovered when a reply carries most of its content words. */
export function uncoveredPains(persona: Persona, replies: string[]): number[] {
  return persona.pain_points.flatMap((pain, i) => {
    const wanted = [...words(pain)];
    const hit = replies.some((r) => {
      const got = words(r);
      return wanted.filter((w) => got.has(w)).length >= Math.ceil(wanted.length * 0.7);
    });
    return hit ? [i] : [];
  });
}

export const AGREED =
  /\b(let's do|works for me|send (me )?(an invite|over some times)|put something in my calendar|already said yes|we've agreed)\b/i;
export const PUSHBACK =
  /(not sure what problem|before you know what we need|don't know much about how we work|why would that matter|not sure we're there|slow down|haven't asked me|what would we even)/i;
const OBJECTION =
  /(hesitation|last thing i need|what's different|how would this be any different|convince me|still haven't answered|doesn't really address)/i;

const SITUATION = [
  "Could you walk me through how things work on your side at the moment",
  "I'm curious how your team is set up and what your role covers.",
];
const PROBLEMS = [
  "What would you say is the hardest part of that right now?",
  "I ask because teams like yours often hit snags. What's been getting in the way lately?",
  "Beyond that, what else gets in the way?",
  "Is there anything else that's been difficult?",
  "Any other challenges I should know about?",
  "What else keeps you up at night",
  "Where else do things tend to break down?",
];
const IMPLICATIONS = [
  "What does that cost you when it happens?",
  "And what does that mean for the rest of the business",
  "How does that affect you personally?",
  "What happens downstream when that goes wrong",
  "Who feels the impact of that the most?",
  "What's the knock-on effect of that?",
];
const PAYOFFS = [
  "If you could solve those, what would that mean for you?",
  "And what are your main goals for this year?",
];

/** A learner who asks about the situation, digs into every problem and its cost, the value, then closes. */
export async function holdDiscovery(persona: Persona, send: Send): Promise<Outcome> {
  const transcript: Line[] = [];
  const ask = async (text: string) => {
    const reply = await send(text);
    transcript.push({ speaker: "learner", text }, { speaker: "persona", text: reply });
    return reply;
  };
  const replies = () => transcript.filter((l) => l.speaker === "persona").map((l) => l.text);
  const first = persona.name.split(/\s+/)[0];
  await ask(`Hi ${first}, thanks for making the time today.`);
  for (const q of SITUATION) await ask(q);
  let p = 0;
  let imp = 0;
  while (uncoveredPains(persona, replies()).length < persona.pain_points.length && p < PROBLEMS.length) {
    const before = uncoveredPains(persona, replies()).length;
    await ask(PROBLEMS[p++]);
    if (uncoveredPains(persona, replies()).length > before) {
      await ask(IMPLICATIONS[imp++ % IMPLICATIONS.length]);
      await ask(IMPLICATIONS[imp++ % IMPLICATIONS.length]);
    }
  }
  for (const q of PAYOFFS) await ask(q);
  const close = persona.close
    ? persona.close
        .replace(/^(she|he)?\s*(would|will)\s+(agree to|accept|invite a strong candidate to)\s+/i, "")
        .replace(/\s+if\b.*$/i, "")
        .replace(/[.]$/, "")
        .replace(/\bher\b|\bhis\b/g, "your")
    : "a short follow-up next week";
  let reply = await ask(`Would you be open to ${close}?`);
  for (let attempt = 0; attempt < 3 && !AGREED.test(reply); attempt++) {
    if (OBJECTION.test(reply)) {
      const concern = persona.personality?.concerns?.toLowerCase() ?? "that";
      await ask(
        `That's fair, I understand the worry about ${concern.replace(/[.]$/, "")}. We'd start small, over a few weeks, and you decide whether it's worth going further.`,
      );
    } else {
      await ask(IMPLICATIONS[imp++ % IMPLICATIONS.length]);
    }
    reply = await ask(`So shall we set up ${close}?`);
  }
  return {
    transcript,
    uncovered: uncoveredPains(persona, replies()),
    agreed: AGREED.test(reply),
    pushback: replies().some((r) => PUSHBACK.test(r)),
  };
}

export const PITCH = [
  "Hi, thanks for taking my call.",
  "Let me tell you about our platform. It has powerful features that save teams hours every week.",
  "We offer a full suite with great pricing, and our customers love it.",
  "We can help you cut costs by a third, guaranteed.",
  "So can we book a demo next week?",
];

/** A learner who pitches and asks for a meeting without a single discovery question. */
export async function holdPitch(persona: Persona, send: Send): Promise<Outcome> {
  const transcript: Line[] = [];
  for (const text of PITCH)
    transcript.push({ speaker: "learner", text }, { speaker: "persona", text: await send(text) });
  const replies = transcript.filter((l) => l.speaker === "persona").map((l) => l.text);
  return {
    transcript,
    uncovered: uncoveredPains(persona, replies),
    agreed: replies.some((r) => AGREED.test(r)),
    pushback: replies.some((r) => PUSHBACK.test(r)),
  };
}
