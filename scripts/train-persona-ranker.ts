/**
 * Trains the persona's fact ranker (lib/conversations/persona/ranker.ts) on the dev style scripts:
 * writer A's dev set and writer D's and writer H's scripts marked "dev". Each labelled turn (`about` not empty) is
 * replayed through the offline persona so the features see the state a real call would have; the
 * target is every fact of the fields in `about`. L2 strength is chosen by 5-fold cross-validation
 * over scripts; holdout scripts (writer B, writer D's and H's "holdout") are only scored, never trained on.
 *
 *   node --import tsx scripts/train-persona-ranker.ts [--dry]
 */
import { writeFileSync } from "node:fs";
import path from "node:path";

import { type Item, itemsOf, load, probabilities, top1 } from "@/bench/persona/ranker-data";

function train(items: Item[], l2: number, epochs = 300): Map<string, number> {
  const w = new Map<string, number>();
  const m = new Map<string, number>();
  const v = new Map<string, number>();
  const rate = 0.05;
  for (let epoch = 1; epoch <= epochs; epoch++) {
    const grad = new Map<string, number>();
    for (const item of items) {
      const p = probabilities(item, w);
      const mass = p.reduce((n, pi, i) => n + (item.gold[i] ? pi : 0), 0);
      item.x.forEach((f, i) => {
        const target = item.gold[i] ? p[i] / mass : 0;
        for (const [k, x] of f) grad.set(k, (grad.get(k) ?? 0) + (p[i] - target) * x);
      });
    }
    for (const [k, g0] of grad) {
      const g = g0 / items.length + l2 * (w.get(k) ?? 0);
      m.set(k, 0.9 * (m.get(k) ?? 0) + 0.1 * g);
      v.set(k, 0.999 * (v.get(k) ?? 0) + 0.001 * g * g);
      const mh = m.get(k)! / (1 - 0.9 ** epoch);
      const vh = v.get(k)! / (1 - 0.999 ** epoch);
      w.set(k, (w.get(k) ?? 0) - (rate * mh) / (Math.sqrt(vh) + 1e-8));
    }
  }
  return w;
}

function main() {
  const dev = [
    ...load("dev", () => true),
    ...load("writer-d", (s) => s.split === "dev"),
    ...load("writer-h", (s) => s.split === "dev"),
  ].flatMap(itemsOf);
  const holdout = {
    "writer B": load("holdout", () => true).flatMap(itemsOf),
    "writer D holdout": load("writer-d", (s) => s.split === "holdout").flatMap(itemsOf),
    "writer H holdout": load("writer-h", (s) => s.split === "holdout").flatMap(itemsOf),
  };
  const baseline = new Map([
    ["bm25:top", 5],
    ["none*bm25:nohit", 10],
  ]);
  const scripts = [...new Set(dev.map((i) => i.script))];
  const fold = (id: string) => scripts.indexOf(id) % 5;
  let chosen = { l2: 0, cv: -1 };
  for (const l2 of [0.0003, 0.001, 0.003, 0.01, 0.03]) {
    const cv =
      [0, 1, 2, 3, 4]
        .map((k) =>
          top1(
            dev.filter((i) => fold(i.script) === k),
            train(
              dev.filter((i) => fold(i.script) !== k),
              l2,
            ),
          ),
        )
        .reduce((a, b) => a + b, 0) / 5;
    console.log(`l2 ${l2}: 5-fold CV top-1 ${cv.toFixed(3)}`);
    if (cv > chosen.cv) chosen = { l2, cv };
  }
  const w = train(dev, chosen.l2);
  console.log(`\nchosen l2 ${chosen.l2} (CV ${chosen.cv.toFixed(3)}); ${dev.length} dev turns`);
  console.log(`top-1, BM25's first hit | ranker: dev ${top1(dev, baseline).toFixed(3)} | ${top1(dev, w).toFixed(3)}`);
  for (const [name, items] of Object.entries(holdout))
    console.log(`  ${name} (${items.length}): ${top1(items, baseline).toFixed(3)} | ${top1(items, w).toFixed(3)}`);
  if (process.argv.includes("--dry")) return;
  const weights = Object.fromEntries(
    [...w]
      .filter(([, x]) => Math.abs(x) >= 1e-4)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, x]) => [k, Number(x.toFixed(4))]),
  );
  writeFileSync(
    path.join(process.cwd(), "lib/conversations/persona/ranker-model.json"),
    `${JSON.stringify({ trained: { l2: chosen.l2, cv_top1: Number(chosen.cv.toFixed(3)), dev_turns: dev.length }, weights }, null, 1)}\n`,
  );
}

main();
