import { describe, expectTypeOf, it } from "vitest";

import type { GradeToStore } from "@/db/queries/grades";
import type { StoredScorecard } from "@/db/schema";
import type {
  CachedModelGrade,
  GradeState,
  StoredFeedback,
  StoredMetrics,
  StoredSpinStage,
} from "@/db/schema/grade-shape";
import type { ClaudeGrade } from "@/lib/grading/claude-grader";
import type { GradeFeedback, GradeResult, GradeState as GradingState } from "@/lib/grading/grade-schema";
import type { TranscriptMetrics } from "@/lib/grading/metrics";
import type { ScorecardResult } from "@/lib/grading/scorecard";
import type { SpinStage } from "@/lib/language";
import type { Scenario } from "@/lib/validations/scorecard";

// db/schema/grade-shape.ts defines the stored grade without importing lib/ (no import circle);
// these checks (run by `npm run typecheck`) fail when lib/grading's types stop fitting it.
describe("the stored grade shape fits what lib/grading produces", () => {
  it("has the same SPIN stages, states, feedback and cached model answer", () => {
    expectTypeOf<StoredSpinStage>().toEqualTypeOf<SpinStage>();
    expectTypeOf<GradingState>().toEqualTypeOf<GradeState>();
    expectTypeOf<GradeFeedback>().toEqualTypeOf<StoredFeedback>();
    expectTypeOf<ClaudeGrade>().toEqualTypeOf<CachedModelGrade>();
  });

  it("stores every grade result, and reads back what the grade page reads", () => {
    expectTypeOf<GradeResult>().toExtend<GradeToStore>();
    expectTypeOf<TranscriptMetrics>().toExtend<StoredMetrics>();
    expectTypeOf<ScorecardResult & { scenario: Scenario }>().toExtend<StoredScorecard>();
    expectTypeOf<StoredScorecard>().toExtend<ScorecardResult & { scenario: Scenario }>();
  });
});
