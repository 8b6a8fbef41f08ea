/**
 * Trains the act models of the language layer on the DEV splits of every labelled corpus and writes
 * lib/language/act-model.json. Settings are chosen by 5-fold cross-validation on dev; holdout items
 * are never read here. Run: node --import tsx scripts/train-language-model.ts [--cv]
 */
import { writeFileSync } from "node:fs";

import { type Act, setActiveModels, SPIN_STAGES, type SpinStage } from "@/lib/language/acts";
import { buyerTokens } from "@/lib/language/acts";
import { unitFeatures } from "@/lib/language/features";
import { type LinearModel, train, withoutLabels } from "@/lib/language/model";
import { analyseTurn } from "@/lib/language/units";
import { loadAll, type Utterance } from "@/tests/fixtures/language/corpus";

const ACTS: Act[] = [
  "situation",
  "problem",
  "implication",
  "need-payoff",
  "pitch",
  "proposal",
  "check",
  "small-talk",
  "objection",
  "other",
];
const SPIN: (SpinStage | "none")[] = [...SPIN_STAGES, "none"];

export function featuresOf(u: Pick<Utterance, "text" | "buyer_before">): string[] {
  const a = analyseTurn(u.text);
  const questions = a.units.filter((x) => x.question !== null);
  const main = questions.at(-1) ?? a.units.at(-1);
  if (!main) return ["empty"];
  const index = a.units.indexOf(main);
  return unitFeatures(main, { buyer: buyerTokens(u.buyer_before), before: a.units.slice(0, index) });
}

type Settings = { l2: number; epochs: number; minCount: number };

export function trainModels(rows: (Utterance & { features: string[] })[], s: Settings) {
  const spin = train(
    rows.map((r) => ({ features: r.features, label: r.spin })),
    SPIN,
    s,
  ) as LinearModel<SpinStage | "none">;
  const actRows = rows.filter((r) => r.act !== null).map((r) => ({ features: r.features, label: r.act! }));
  // Trained with the discovery questions too, so that it learns what is not one, and stored without
  // their columns: a question's stage comes from the spin model, never from this one.
  const act = withoutLabels(train(actRows, ACTS, s) as LinearModel<Act>, SPIN_STAGES);
  return { spin, act };
}

async function main() {
  const dev = loadAll()
    .filter((u) => u.split === "dev")
    .map((u) => ({ ...u, features: featuresOf(u) }));
  const grid: Settings[] = [];
  for (const l2 of [0.003, 0.01, 0.03])
    for (const epochs of [30, 60]) for (const minCount of [1, 2]) grid.push({ l2, epochs, minCount });
  let best = { s: grid[0], acc: -1 };
  if (process.argv.includes("--cv")) {
    const { classifyUnit } = await import("@/lib/language/acts");
    const only = process.env.CV_SETTINGS ? [JSON.parse(process.env.CV_SETTINGS) as Settings] : grid;
    for (const s of only) {
      let right = 0;
      const byCorpus: Record<string, [number, number]> = {};
      // --group: each fold is one writer's corpus, so the score is for words the model never saw a writer of.
      const groups = [...new Set(dev.map((u) => u.corpus))];
      const grouped = process.argv.includes("--group");
      const folds = grouped ? groups.length : 5;
      const inFold = (u: (typeof dev)[number], i: number, fold: number) =>
        grouped ? u.corpus === groups[fold] : i % 5 === fold;
      for (let fold = 0; fold < folds; fold++) {
        const trainRows = dev.filter((u, i) => !inFold(u, i, fold));
        const test = dev.filter((u, i) => inFold(u, i, fold));
        setActiveModels(trainModels(trainRows, s));
        for (const u of test) {
          const a = analyseTurn(u.text);
          const main = a.units.filter((x) => x.question !== null).at(-1) ?? a.units.at(-1);
          if (!main) continue;
          const c = classifyUnit(main, {
            buyer: buyerTokens(u.buyer_before),
            before: a.units.slice(0, a.units.indexOf(main)),
          });
          const ok = (c.stage ?? "none") === u.spin;
          if (ok) right++;
          const t = (byCorpus[u.corpus] ??= [0, 0]);
          t[0]++;
          if (ok) t[1]++;
        }
      }
      const acc = right / dev.length;
      console.log(
        JSON.stringify(s),
        acc.toFixed(3),
        Object.entries(byCorpus)
          .map(([k, [n, ok]]) => `${k} ${(ok / n).toFixed(3)}`)
          .join(", "),
      );
      if (acc > best.acc) best = { s, acc };
    }
    setActiveModels(null);
    if (process.env.CV_SETTINGS) best.s = JSON.parse(process.env.CV_SETTINGS) as Settings;
  } else best = { s: { l2: 0.01, epochs: 30, minCount: 2 }, acc: NaN };
  const models = trainModels(dev, best.s);
  writeFileSync(
    "lib/language/act-model.json",
    JSON.stringify({ settings: { ...best.s, cv_spin_accuracy: best.acc, trained_on: dev.length }, ...models }) + "\n",
  );
  console.log(
    `trained on ${dev.length} dev items with ${JSON.stringify(best.s)} (CV SPIN accuracy ${best.acc.toFixed(3)})`,
  );
}

if (process.argv[1]?.endsWith("train-language-model.ts")) void main();
