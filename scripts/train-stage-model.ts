/**
 * Trains lib/grading/stage-model.json from the DEV split of tests/fixtures/grading/utterances.jsonl
 * (the holdout split is never read). Run: node --import tsx scripts/train-stage-model.ts
 */
import { readFileSync, writeFileSync } from "node:fs";
import { findQuestions, normaliseText } from "@/lib/grading/questions";
import { buyerNamedProblem } from "@/lib/grading/spin";
import { stageFeatures, trainStageModel, type ModelLabel } from "@/lib/grading/stage-model";

const rows = readFileSync("tests/fixtures/grading/utterances.jsonl", "utf8")
  .split("\n")
  .filter(Boolean)
  .map((l) => JSON.parse(l) as { text: string; buyer_before: string | null; label: ModelLabel; split: string })
  .filter((r) => r.split === "dev");
const data = rows.map((r) => {
  const q = findQuestions(r.text)[0];
  const text = q?.text ?? normaliseText(r.text);
  return { features: stageFeatures(text, buyerNamedProblem(r.buyer_before), r.buyer_before !== null), label: r.label };
});
const model = trainStageModel(data);
writeFileSync("lib/grading/stage-model.json", `${JSON.stringify(model)}\n`);
console.log(`trained on ${data.length} dev utterances, ${Object.keys(model.vocab).length} features`);
