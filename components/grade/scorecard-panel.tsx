import { Badge } from "@/components/ui/badge";
import type { CriterionReviewView } from "@/lib/coaching/criteria";
import type { ScorecardResult } from "@/lib/grading/scorecard";
import type { Scenario } from "@/lib/validations/scorecard";
import { SCENARIO_KIND_LABELS } from "@/lib/validations/scorecard";

import { CriterionChangeNote, CriterionOverrideForm } from "./criterion-review";
import { ScoreBar } from "./score-tile";
import { GradeSection } from "./section";

/** The roleplay's scorecard: each criterion's score, weight, evidence and a better line, and pass/fail against the pass mark. */
export function ScorecardPanel({
  scorecard,
  scenario,
  finalScore,
  automaticScore,
  reviews,
}: {
  scorecard: ScorecardResult;
  scenario: Scenario | null;
  /** The score that counts (a review's, else the automatic one); null for too little to grade: no pass or fail. */
  finalScore: number | null;
  /** Set when a review changed the score: the automatic one, shown beside the verdict (null: too little). */
  automaticScore?: number | null;
  /** Criteria an instructor reviewed (the automatic values stay), and whether this viewer may override them. */
  reviews?: { conversationId: string; criteria: CriterionReviewView[]; canReview: boolean };
}) {
  const passed = finalScore !== null && finalScore >= scorecard.pass_mark;
  const totalWeight = scorecard.criteria.filter((c) => c.score !== null).reduce((s, c) => s + c.weight, 0);
  return (
    <GradeSection title="Scorecard">
      <div className="mb-4 flex flex-wrap items-center gap-2 text-sm">
        {scenario ? <Badge variant="secondary">{SCENARIO_KIND_LABELS[scenario.kind]}</Badge> : null}
        {finalScore === null ? (
          <Badge variant="secondary" data-testid="scorecard-verdict">
            Too little to grade
          </Badge>
        ) : (
          <Badge variant={passed ? "success" : "destructive"} data-testid="scorecard-verdict">
            {passed ? "Passed" : "Not passed"}: {finalScore} against a pass mark of {scorecard.pass_mark}
          </Badge>
        )}
        {automaticScore !== undefined ? (
          <span className="text-muted-foreground" data-testid="scorecard-automatic">
            Reviewed score;{" "}
            {automaticScore === null ? "automatically too little to grade" : `automatic score ${automaticScore}`}
          </span>
        ) : null}
      </div>
      {scenario?.objective ? (
        <p className="mb-3 text-sm">
          <span className="font-medium">Objective:</span> {scenario.objective}
        </p>
      ) : null}
      {scorecard.cap ? (
        <p className="mb-3 rounded-md border border-yellow-500/50 bg-yellow-50 p-2 text-sm text-yellow-900">
          Capped at {scorecard.cap.limit}: {scorecard.cap.reason}.
        </p>
      ) : automaticScore === undefined && scorecard.mean !== undefined && scorecard.mean > scorecard.score ? (
        <p className="mb-3 text-sm text-muted-foreground" data-testid="scorecard-held-back">
          The criteria average {scorecard.mean}, and the score is {scorecard.score}: above 75, a quarter of each
          measured point is left for a coach&apos;s judgement.
        </p>
      ) : null}
      <ul className="grid gap-3" aria-label="Scorecard criteria">
        {scorecard.criteria.map((c) => (
          <li key={c.id} className="grid gap-2 rounded-lg border p-3 text-sm" data-testid="scorecard-criterion">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-medium">{c.label}</span>
              <span className="text-xs text-muted-foreground">
                weight {c.weight}
                {totalWeight && c.score !== null
                  ? ` (${Math.round((100 * c.weight) / totalWeight)}% of the score)`
                  : ""}
                {verdict(c, reviews?.criteria, scorecard.pass_mark)}
              </span>
            </div>
            {c.status === "needs_ai" ? (
              <p className="text-muted-foreground">
                Needs AI grading: judged from the transcript when an Anthropic API key is configured; left out of the
                score.
              </p>
            ) : c.status === "not_measured" ? (
              <p className="text-muted-foreground">Not measured: {c.detail}.</p>
            ) : (
              <>
                <ScoreBar
                  label={
                    reviews?.criteria.some((r) => r.criterion_id === c.id && r.overridden)
                      ? "Automatic"
                      : c.passed === null
                        ? "Score"
                        : c.passed
                          ? "Pass"
                          : "Below"
                  }
                  score={c.score}
                />
                <p className="leading-relaxed">
                  {c.detail}.
                  {c.counted !== null && c.score !== null && c.counted < c.score ? (
                    <span className="text-muted-foreground">
                      {" "}
                      Counted as {c.counted} in the total: delivery counts as far as the substance does.
                    </span>
                  ) : null}
                </p>
              </>
            )}
            {c.evidence ? (
              <blockquote className="border-l-2 pl-3 italic text-muted-foreground">
                &ldquo;{c.evidence}&rdquo;
              </blockquote>
            ) : null}
            {c.better_line ? (
              <p>
                <span className="font-medium">Better line:</span> &ldquo;{c.better_line}&rdquo;
              </p>
            ) : null}
            {reviews ? <CriterionReviewBlock criterion={c} reviews={reviews} /> : null}
          </li>
        ))}
      </ul>
    </GradeSection>
  );
}

/** An instructor's score in force beside the automatic one, what changed and why, and for admins the override form. */
function CriterionReviewBlock({
  criterion,
  reviews,
}: {
  criterion: ScorecardResult["criteria"][number];
  reviews: NonNullable<Parameters<typeof ScorecardPanel>[0]["reviews"]>;
}) {
  const review = reviews.criteria.find((r) => r.criterion_id === criterion.id);
  return (
    <>
      {review?.overridden ? <ScoreBar label="Reviewed" score={review.score} /> : null}
      {review ? <CriterionChangeNote review={review} /> : null}
      {reviews.canReview ? (
        <CriterionOverrideForm
          // A fresh form after each saved change: the note above shows what was saved.
          key={review?.history.length ?? 0}
          conversationId={reviews.conversationId}
          criterionId={criterion.id}
          label={criterion.label}
          automaticScore={criterion.score}
          review={review}
        />
      ) : null}
    </>
  );
}

/** Pass or below against the pass mark: an instructor's score in force decides once a criterion is overridden. */
function verdict(
  c: ScorecardResult["criteria"][number],
  reviewed: CriterionReviewView[] | undefined,
  passMark: number,
) {
  const review = reviewed?.find((r) => r.criterion_id === c.id && r.overridden);
  if (review && review.score !== null)
    return review.score >= passMark ? " · pass (reviewed)" : " · below the pass mark (reviewed)";
  return c.passed === null ? null : c.passed ? " · pass" : " · below the pass mark";
}
