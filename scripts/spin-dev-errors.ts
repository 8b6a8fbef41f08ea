/**
 * Lists the SPIN classifier's errors on the DEV splits of both utterance corpora (holdout items
 * are filtered out before anything is printed). Run: node --conditions=react-server --import tsx scripts/spin-dev-errors.ts
 */
import { readFileSync } from "node:fs";

import { gradedStage } from "@/tests/fixtures/spin-stage";

type Row = { id: string; buyer_before: string | null; text: string; label: string; split: string };
const read = (f: string): Row[] =>
  readFileSync(`tests/fixtures/grading/${f}`, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Row)
    .filter((r) => r.split === "dev");

async function main() {
  let ok = 0,
    n = 0;
  for (const file of ["utterances.jsonl", "utterances-2.jsonl"]) {
    for (const u of read(file)) {
      const got = await gradedStage(u);
      n++;
      if (got === u.label) ok++;
      else console.log(`${u.id} ${u.label} -> ${got} | ${u.buyer_before ?? "-"} | ${u.text}`);
    }
  }
  console.log(`dev accuracy ${(ok / n).toFixed(3)} (${ok}/${n})`);
}
void main();
