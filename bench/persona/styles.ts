/** Runs the style scripts (tests/fixtures/language/persona) through the offline persona and scores them with the rubric. */
import { readFileSync } from "node:fs";
import path from "node:path";

import { offlineReply, type TranscriptLine } from "@/lib/conversations/offline-persona";
import { fillersIn } from "@/lib/conversations/persona/recitation";
import { type Persona, personaSchema } from "@/lib/validations/persona";

import { decisionOf, type Label, label, painsUncovered, type Script } from "./rubric";

const DIR = path.join(process.cwd(), "tests/fixtures/language/persona");

/**
 * A writer's cards and scripts: `dev` and `holdout` are writers A and B; `writer-d` and `writer-h` carry
 * their own split, which `keep` selects.
 */
export function loadSet(
  set: string,
  keep: (s: Script) => boolean = () => true,
): { personas: Record<string, Persona>; scripts: Script[] } {
  const raw = JSON.parse(readFileSync(path.join(DIR, `${set}-personas.json`), "utf8")) as Record<string, unknown>;
  const personas = Object.fromEntries(Object.entries(raw).map(([id, p]) => [id, personaSchema.parse(p)]));
  const scripts = readFileSync(path.join(DIR, `${set}-scripts.jsonl`), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Script)
    .filter(keep);
  return { personas, scripts };
}

export type ScriptRun = {
  script: Script;
  transcript: TranscriptLine[];
  labels: Label[];
  agreed: boolean;
  closeOk: boolean | null;
  pains: number;
  allPains: number;
  full: boolean;
  ms: number[];
  /** Fillers said more than twice in this call (each extra use counts): a tic. */
  fillerTics: number;
  /** Replies with a spoken filler ("honestly,", "you know,") that the card does not have. */
  fillerReplies: number;
};

/** A script is a full discovery when it asks about every pain and proposes. */
const fullDiscovery = (s: Script, pains: number) =>
  s.turns.some((t) => t.asks === "proposal") &&
  Array.from({ length: pains }, (_, i) => `pain_points[${i}]`).every((f) => s.turns.some((t) => t.about.includes(f)));

export function runScript(persona: Persona, script: Script): ScriptRun {
  const transcript: TranscriptLine[] = [];
  const labels: Label[] = [];
  const ms: number[] = [];
  let agreed = false;
  for (const turn of script.turns) {
    const t0 = performance.now();
    const reply = offlineReply(persona, transcript, turn.text, script.id);
    ms.push(performance.now() - t0);
    transcript.push({ speaker: "learner", text: turn.text }, { speaker: "persona", text: reply });
    labels.push(label(persona, turn, reply));
    if (turn.asks === "proposal" && decisionOf(reply) === "yes") agreed = true;
  }
  const replies = transcript.filter((l) => l.speaker === "persona").map((l) => l.text);
  const proposes = script.turns.some((t) => t.asks === "proposal");
  return {
    script,
    transcript,
    labels,
    agreed,
    closeOk: !proposes || script.expect_close === "either" ? null : agreed === (script.expect_close === "agree"),
    pains: painsUncovered(persona, replies),
    allPains: persona.pain_points.length,
    full: fullDiscovery(script, persona.pain_points.length),
    ms,
    fillerTics: [
      ...replies
        .flatMap(fillersIn)
        .reduce((m, f) => m.set(f, (m.get(f) ?? 0) + 1), new Map<string, number>())
        .values(),
    ].reduce((n, k) => n + Math.max(0, k - 2), 0),
    fillerReplies: replies.filter((r) => fillersIn(r).length > 0).length,
  };
}

export type StyleRow = {
  style: string;
  replies: number;
  nonSequiturs: number;
  evasions: number;
  recitations: number;
  fillerTics: number;
  fillerReplies: number;
  closes: string;
  closeMisses: number;
  fullPains: string;
};

export function summarise(runs: ScriptRun[]): StyleRow[] {
  const styles = [...new Set(runs.map((r) => r.script.style))];
  return styles.map((style) => {
    const mine = runs.filter((r) => r.script.style === style);
    const labels = mine.flatMap((r) => r.labels);
    const judged = mine.filter((r) => r.closeOk !== null);
    const full = mine.filter((r) => r.full);
    return {
      style,
      replies: labels.length,
      nonSequiturs: labels.filter((l) => l === "non-sequitur").length,
      evasions: labels.filter((l) => l === "evades").length,
      recitations: labels.filter((l) => l === "recites").length,
      fillerTics: mine.reduce((n, r) => n + r.fillerTics, 0),
      fillerReplies: mine.reduce((n, r) => n + r.fillerReplies, 0),
      closes: `${judged.filter((r) => r.closeOk).length}/${judged.length}`,
      closeMisses: judged.filter((r) => !r.closeOk).length,
      fullPains: full.length
        ? `${full.reduce((n, r) => n + r.pains, 0)}/${full.reduce((n, r) => n + r.allPains, 0)}`
        : "-",
    };
  });
}

export function runSet(set: string, keep?: (s: Script) => boolean): ScriptRun[] {
  const { personas, scripts } = loadSet(set, keep);
  return scripts.map((s) => runScript(personas[s.persona], s));
}
