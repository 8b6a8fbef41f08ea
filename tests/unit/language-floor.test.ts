import { beforeAll, describe, expect, it, vi } from "vitest";

import { CORPORA, type CorpusName, loadCorpus } from "../fixtures/language/corpus";
import { gradedStage } from "../fixtures/spin-stage";
import floor from "./language-floor.json";

/**
 * The labelled utterances as a floor under `npm test`: each one is graded as bench/grading.ts grades
 * it (a one- or two-turn transcript through `npm run grade`'s entry point; the first learner
 * question's stage), so a change that costs SPIN accuracy fails here, not only in the benchmark.
 */
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
      if ((await gradedStage(u)) === u.spin) t.right++;
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
