/**
 * The labelled turns the persona's fact ranker (lib/conversations/persona/ranker.ts) learns from and is
 * scored on: every style-script turn replayed through the offline persona, with the features of every
 * card fact (and of "no fact") and which of them the script's `about` names. Used by
 * scripts/train-persona-ranker.ts and by the ranker's floor test.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

import { type Card, cardOf } from "@/lib/conversations/persona/facts";
import { answer, readTurn } from "@/lib/conversations/persona/planner";
import { featuresOf, noneFeatures, turnOf } from "@/lib/conversations/persona/ranker";
import { retrieve } from "@/lib/conversations/persona/retrieval";
import { initialState } from "@/lib/conversations/persona/state";
import { type Persona, personaSchema } from "@/lib/validations/persona";

type Turn = { text: string; asks: string; about: string[] };
type Script = { id: string; persona: string; split?: string; turns: Turn[] };
/** One labelled turn: the features of every fact of the card, and which facts answer it. */
export type Item = { script: string; x: Map<string, number>[]; gold: boolean[] };

const DIR = path.join(process.cwd(), "tests/fixtures/language/persona");

export function load(file: string, keep: (s: Script) => boolean) {
  const raw = JSON.parse(readFileSync(path.join(DIR, `${file}-personas.json`), "utf8")) as Record<string, unknown>;
  const personas = Object.fromEntries(Object.entries(raw).map(([id, p]) => [id, personaSchema.parse(p)])) as Record<
    string,
    Persona
  >;
  const scripts = readFileSync(path.join(DIR, `${file}-scripts.jsonl`), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Script)
    .filter(keep);
  return scripts.map((s) => ({ script: s, card: cardOf(personas[s.persona]) }));
}

export function itemsOf({ script, card }: { script: Script; card: Card }): Item[] {
  const s = initialState(card);
  const said: string[] = [];
  let before: string | null = null;
  const out: Item[] = [];
  for (const turn of script.turns) {
    const c = readTurn(card, s, turn.text, script.id, new Set(said), before);
    {
      // The ranker reads word overlap before its own reordering; the last row is "no fact".
      const raw = { ...c, hits: retrieve(card, c.q) };
      const byId = new Map(raw.hits.map((h) => [h.fact.id, h]));
      const best = raw.hits[0]?.score ?? 0;
      const view = turnOf(raw);
      const gold = [...card.facts.map((f) => turn.about.includes(f.field)), turn.about.length === 0];
      if (gold.some(Boolean))
        out.push({
          script: script.id,
          x: [...card.facts.map((f) => featuresOf(raw, f, byId.get(f.id), best, view)), noneFeatures(raw)],
          gold,
        });
    }
    const { reply } = answer(c);
    said.push(reply);
    before = reply;
  }
  return out;
}

/** Softmax over an item's facts; the loss is -log of the probability mass on its gold facts. */
export function probabilities(item: Item, w: Map<string, number>): number[] {
  const z = item.x.map((f) => [...f].reduce((n, [k, v]) => n + (w.get(k) ?? 0) * v, 0));
  const max = Math.max(...z);
  const e = z.map((v) => Math.exp(v - max));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / sum);
}

/** Share of items whose most probable fact is a gold one. */
export function top1(items: Item[], w: Map<string, number>): number {
  const right = items.filter((item) => {
    const p = probabilities(item, w);
    return item.gold[p.indexOf(Math.max(...p))];
  }).length;
  return items.length ? right / items.length : 0;
}
