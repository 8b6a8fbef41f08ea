import { Badge } from "@/components/ui/badge";
import type { CoachingView } from "@/lib/coaching/view";
import type { GradeResponse } from "@/lib/grading/response";

import { LocalDate } from "./local-date";
import { MetricsPanel } from "./metrics-panel";
import { durationMinutes, exactDuration } from "./score-band";
import { ScoreBar, ScoreTile, TooLittleTile } from "./score-tile";
import { ScorecardPanel } from "./scorecard-panel";
import { GradeSection, PointList } from "./section";
import { TranscriptDeleted } from "./transcript-deleted";
import { TranscriptPanel } from "./transcript-panel";

const STAGES = ["situation", "problem", "implication", "need-payoff"] as const;

/** The grade's sections in their fixed order, then the metrics and the transcript. */
/** Instructors' comments and criterion reviews on this grade; `canReview` for an admin of its organisation. */
type GradeCoaching = CoachingView & { canReview: boolean };

export function GradeReport({ grade, coaching }: { grade: GradeResponse; coaching?: GradeCoaching }) {
  const f = grade.feedback;
  const minutes = durationMinutes(grade.started_at, grade.ended_at);
  const exact = exactDuration(grade.started_at, grade.ended_at);
  const tooLittle = grade.grade_state === "too_little_to_grade";
  const automatic = tooLittle ? null : grade.conversation_score;
  // A review that changed the score: the reviewed score counts, the automatic one is shown beside it.
  const changed = grade.reviewed_score !== null && grade.reviewed_score !== automatic;
  const unscored = grade.final_score === null;
  return (
    <div className="grid gap-4">
      <GradeSection
        title="Overall Performance"
        aside={
          unscored ? (
            <TooLittleTile />
          ) : (
            <div className="grid justify-items-center gap-1">
              <ScoreTile score={grade.final_score} label={changed ? "Reviewed score" : "Overall score"} size="lg" />
              {changed ? (
                <p className="text-center text-xs text-muted-foreground" data-testid="automatic-score">
                  {automatic === null ? "Automatic: too little to grade" : `Automatic score ${automatic}`}
                </p>
              ) : null}
            </div>
          )
        }
      >
        <p className="text-sm leading-relaxed">{f.overall_feedback}</p>
        {unscored ? (
          <p className="mt-2 text-sm text-muted-foreground" data-testid="too-little-note">
            Not scored: too little was said for a real grade, so this call counts in no average, trend or pass. The
            scorecard below explains the cap.
          </p>
        ) : null}
      </GradeSection>

      {grade.scorecard ? (
        <ScorecardPanel
          scorecard={grade.scorecard}
          scenario={grade.scenario}
          finalScore={grade.final_score}
          automaticScore={changed ? automatic : undefined}
          reviews={
            coaching
              ? { conversationId: grade.conversation_id, criteria: coaching.criteria, canReview: coaching.canReview }
              : undefined
          }
        />
      ) : null}

      <GradeSection title="SPIN Methodology" aside={<ScoreTile score={f.spin_score} label="SPIN score" />}>
        <p className="mb-4 text-sm leading-relaxed">{f.spin_feedback}</p>
        <div className="grid gap-2">
          {STAGES.map((stage) => (
            <ScoreBar key={stage} label={stage} score={f.stage_scores[stage]} />
          ))}
        </div>
      </GradeSection>

      <GradeSection
        title="Human Connection"
        aside={<ScoreTile score={f.communication_score} label="Human connection score" />}
      >
        <p className="text-sm leading-relaxed">{f.communication_feedback}</p>
      </GradeSection>

      <GradeSection title="Conversation Details">
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          <Detail term="Started">
            <LocalDate iso={grade.started_at} />
          </Detail>
          <Detail term="Ended">{grade.ended_at ? <LocalDate iso={grade.ended_at} /> : "—"}</Detail>
          <Detail term="Duration">
            {minutes === null ? "—" : `${minutes} ${minutes === 1 ? "minute" : "minutes"}`}
            {exact ? (
              <span className="block text-xs text-muted-foreground">{exact}, rounded to the nearest minute</span>
            ) : null}
          </Detail>
          <Detail term="Words per minute">
            {grade.wpm === null ? (
              <span className="text-muted-foreground">typed conversation: words per minute not measured</span>
            ) : (
              Math.round(grade.wpm)
            )}
          </Detail>
        </dl>
      </GradeSection>

      <GradeSection title="Stages Covered">
        {grade.stages_covered.length === 0 ? (
          <p className="text-sm text-muted-foreground">No stages covered</p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label="Stages covered">
            {grade.stages_covered.map((s) => (
              <li key={s}>
                <Badge variant="secondary" className="capitalize">
                  {s}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </GradeSection>

      <GradeSection title="Topics Covered">
        <PointList items={grade.topics_covered} empty="No specific topics covered" />
      </GradeSection>
      <GradeSection title="Strengths">
        <PointList items={f.strengths} empty="No specific strengths identified" />
      </GradeSection>
      <GradeSection title="Areas for Improvement">
        <PointList items={f.areas_for_improvement} empty="No specific areas for improvement identified" />
      </GradeSection>
      <GradeSection title="Recommendations">
        <PointList items={f.recommendations} empty="No specific recommendations" />
      </GradeSection>

      {grade.metrics && <MetricsPanel metrics={grade.metrics} />}
      {grade.transcript_deleted_at ? (
        <TranscriptDeleted endedAt={grade.ended_at} deletedAt={grade.transcript_deleted_at} />
      ) : (
        <TranscriptPanel
          transcript={grade.transcript}
          personaName={grade.persona_name}
          coaching={
            coaching
              ? {
                  conversationId: grade.conversation_id,
                  callStartedAt: grade.started_at,
                  comments: coaching.comments,
                  canComment: coaching.canReview,
                  learnerName: coaching.learner,
                }
              : undefined
          }
        />
      )}
    </div>
  );
}

function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}
