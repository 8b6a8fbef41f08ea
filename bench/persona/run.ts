/**
 * npm run bench:persona — the offline persona against a discovery learner and a premature pitch,
 * for every demo persona at every difficulty. Prints the pass table and two full transcripts.
 * Runs the engine exactly as the messages API does (seeded by the conversation id); the same
 * conversations are held through the real API in tests/integration/persona-conversations.test.ts.
 */
import { offlineReply, type TranscriptLine } from "@/lib/conversations/offline-persona";
import { demoRoleplays } from "@/lib/demo/personas";
import type { Persona } from "@/lib/validations/persona";

import { holdDiscovery, holdPitch, type Outcome, type Send } from "./learner";

const difficulties = ["easy", "medium", "hard"] as const;
const THIRD_PERSON = /\b(he|she|his|her|him|himself|herself)\b/i;

function engine(persona: Persona, seed: string): Send {
  const history: TranscriptLine[] = [];
  return async (text) => {
    const reply = offlineReply(persona, history, text, seed);
    history.push({ speaker: "learner", text }, { speaker: "persona", text: reply });
    return reply;
  };
}

const replies = (o: Outcome) => o.transcript.filter((l) => l.speaker === "persona").map((l) => l.text);
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

function check(persona: Persona, discovery: Outcome, pitch: Outcome) {
  const all = [...replies(discovery), ...replies(pitch)];
  return {
    discovery: discovery.uncovered.length === persona.pain_points.length && discovery.agreed,
    pitch: pitch.uncovered.length === 0 && pitch.pushback && !pitch.agreed,
    thirdPerson: all.filter((r) => THIRD_PERSON.test(r)).length,
    repeats:
      replies(discovery).length -
      new Set(replies(discovery)).size +
      replies(pitch).length -
      new Set(replies(pitch)).size,
    meanWords: all.reduce((n, r) => n + words(r), 0) / all.length,
    maxWords: Math.max(...all.map(words)),
    turnsToClose: discovery.transcript.length / 2,
  };
}

function printTranscript(title: string, outcome: Outcome) {
  console.log(`\n#### ${title}\n`);
  for (const line of outcome.transcript)
    console.log(`${line.speaker === "learner" ? "**Learner:**" : "**Persona:**"} ${line.text}  `);
}

async function main() {
  console.log(
    "| Persona | Difficulty | Discovery (all pains + close) | Pitch (no pains, pushback) | Third-person replies | Repeated replies | Mean / max words | Learner turns to close |",
  );
  console.log("|---|---|---|---|---|---|---|---|");
  const shown: Record<string, Outcome> = {};
  for (const demo of demoRoleplays) {
    for (const difficulty of difficulties) {
      const persona: Persona = { ...demo.persona, difficulty };
      const seed = `bench-${demo.persona.name}-${difficulty}`;
      const discovery = await holdDiscovery(persona, engine(persona, `${seed}-d`));
      const pitch = await holdPitch(persona, engine(persona, `${seed}-p`));
      const r = check(persona, discovery, pitch);
      console.log(
        `| ${demo.persona.name} | ${difficulty} | ${r.discovery ? "pass" : "FAIL"} | ${r.pitch ? "pass" : "FAIL"} | ${r.thirdPerson} | ${r.repeats} | ${r.meanWords.toFixed(1)} / ${r.maxWords} | ${r.turnsToClose} |`,
      );
      if (demo === demoRoleplays[0] && difficulty === "medium") shown.discovery = discovery;
      if (demo === demoRoleplays[1] && difficulty === "hard") shown.pitch = pitch;
    }
  }
  printTranscript(`Discovery: ${demoRoleplays[0].persona.name}, medium`, shown.discovery);
  printTranscript(`Premature pitch: ${demoRoleplays[1].persona.name}, hard`, shown.pitch);
}

void main();
