/**
 * Lists the SPIN classifier's errors on the DEV splits of both utterance corpora (holdout items
 * are filtered out before anything is printed). Run: node --conditions=react-server --import tsx scripts/spin-dev-errors.ts
 */
import { readFileSync } from "node:fs";

import { gradeCliInput } from "@/lib/grading/cli";
import type { GradeDocument } from "@/lib/grading/response";

type Row = { id: string; buyer_before: string | null; text: string; label: string; split: string };
const PERSONA = {
  name: "Alex Morgan",
  role: "Head of Operations",
  situation: "Runs the operation.",
  background: "Ten years in the role.",
  pain_points: ["Work takes too long"],
  goals: ["Save time"],
};
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
      const turns = [
        ...(u.buyer_before ? [{ speaker: "persona", text: u.buyer_before }] : []),
        { speaker: "learner", text: u.text },
      ];
      const r = await gradeCliInput({ persona: PERSONA, turns });
      if (!r.ok) throw new Error(r.error);
      const got = (r.grades as GradeDocument).questions[0]?.stage ?? "none";
      n++;
      if (got === u.label) ok++;
      else console.log(`${u.id} ${u.label} -> ${got} | ${u.buyer_before ?? "-"} | ${u.text}`);
    }
  }
  console.log(`dev accuracy ${(ok / n).toFixed(3)} (${ok}/${n})`);
}
void main();
