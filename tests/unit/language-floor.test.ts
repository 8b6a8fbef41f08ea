import { beforeAll, describe, expect, it, vi } from "vitest";

import { gradeCliInput } from "@/lib/grading/cli";
import type { GradeDocument } from "@/lib/grading/response";

import { CORPORA, type CorpusName, loadCorpus, type Utterance } from "../fixtures/language/corpus";
import floor from "./language-floor.json";

/**
 * The labelled utterances as a floor under `npm test`: each one is graded as bench/grading.ts grades
 * it (a one- or two-turn transcript through `npm run grade`'s entry point; the first learner
 * question's stage), so a change that costs SPIN accuracy fails here, not only in the benchmark.
 */
const PERSONA = {
  name: "Alex Morgan",
  role: "Head of Operations",
  situation: "Runs the operation.",
  background: "Ten years in the role.",
  pain_points: ["Work takes too long"],
  goals: ["Save time"],
};

async function stageOf(u: Utterance): Promise<string> {
  const turns = [
    ...(u.buyer_before ? [{ speaker: "persona", text: u.buyer_before }] : []),
    { speaker: "learner", text: u.text },
  ];
  const r = await gradeCliInput({ persona: PERSONA, turns });
  if (!r.ok) throw new Error(`${u.corpus} ${u.id}: ${r.error}`);
  return (r.grades as GradeDocument).questions[0]?.stage ?? "none";
}

const utterances = (Object.keys(CORPORA) as CorpusName[]).flatMap(loadCorpus);
const accuracy: Record<"dev" | "holdout", { right: number; n: number }> = {
  dev: { right: 0, n: 0 },
  holdout: { right: 0, n: 0 },
};

describe("SPIN accuracy floor on the labelled utterances", () => {
  beforeAll(async () => {
    // The offline grader is what ships without a key; a developer's key must not turn this into a Claude run.
    // About 9 s of CPU for the 1,800 utterances; the timeout allows for a machine shared by other runs.
    vi.stubEnv("ANTHROPIC_API_KEY", "");
    for (const u of utterances) {
      const t = accuracy[u.split];
      t.n++;
      if ((await stageOf(u)) === u.spin) t.right++;
    }
    vi.unstubAllEnvs();
  }, 180_000);

  it.each(["holdout", "dev"] as const)("%s stays within the tolerance of the recorded accuracy", (split) => {
    const { right, n } = accuracy[split];
    const least = floor.accuracy[split] - floor.tolerance;
    console.log(`SPIN accuracy, ${split}: ${(right / n).toFixed(3)} (${right}/${n}); floor ${least.toFixed(3)}`);
    expect(n).toBeGreaterThan(100);
    expect(right / n).toBeGreaterThanOrEqual(least);
  });
});
