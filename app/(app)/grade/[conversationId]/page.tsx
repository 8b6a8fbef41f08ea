import type { Metadata } from "next";

import { GradeHeader } from "@/components/grade/grade-header";
import { GradeMessage } from "@/components/grade/grade-message";
import { GradePending } from "@/components/grade/grade-pending";
import { GradeReport } from "@/components/grade/grade-report";
import { InstructorReview } from "@/components/grade/instructor-review";
import { PersonaFromCall } from "@/components/grade/persona-from-call";
import { PractiseAgain } from "@/components/grade/practise-again";
import { RetryGrading } from "@/components/grade/retry-grading";
import { requirePageUser } from "@/lib/auth/page";
import { hasRole } from "@/lib/auth/roles";
import { coachingView } from "@/lib/coaching/view";
import { AppError } from "@/lib/errors";
import type { GradeResponse } from "@/lib/grading/response";
import { getGradeView, type GradeView } from "@/lib/grading/service";
import { reviewOf } from "@/lib/organizations/reviews";
import { personaFromCallAvailable } from "@/lib/real-calls/persona";

export const metadata: Metadata = { title: "Conversation Grade" };

/** Too little to grade has no automatic score: its conversation_score is only the capped explanation. */
const automaticScore = (grade: GradeResponse) =>
  grade.grade_state === "too_little_to_grade" ? null : grade.conversation_score;

async function loadView(conversationId: string) {
  const user = await requirePageUser();
  try {
    const view: GradeView = await getGradeView(user, conversationId);
    if (view.state !== "graded") return { view, viewerId: user.id, review: null, reviewer: false, coaching: null };
    // Opening the grade as its learner marks the instructors' comments read (coachingView).
    const [review, reviewer, coaching] = await Promise.all([
      reviewOf(conversationId, automaticScore(view.grade)),
      hasRole(user, "reviewer", view.conversation.organization_id),
      coachingView(user, view.conversation, view.grade),
    ]);
    return { view, viewerId: user.id, review, reviewer, coaching };
  } catch (err) {
    if (err instanceof AppError && err.status === 404) return null; // not found and not yours look the same
    throw err;
  }
}

export default async function GradePage({ params }: { params: Promise<{ conversationId: string }> }) {
  const { conversationId } = await params;
  const loaded = await loadView(conversationId);
  const view = loaded?.view;
  const conversation = view?.conversation;
  const subtitle = conversation ? `${conversation.schema_name} · with ${conversation.persona.name}` : undefined;
  const grade = view?.state === "graded" ? view.grade : null;
  // Only the learner who held the call practises it again, and only while its roleplay still exists.
  const again =
    conversation &&
    conversation.user_id === loaded?.viewerId &&
    conversation.schema_id &&
    conversation.status !== "active"
      ? { roleplayId: conversation.schema_id, name: conversation.schema_name }
      : null;

  return (
    <main className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-8 sm:px-6">
      <GradeHeader
        subtitle={subtitle}
        grader={grade?.grader}
        model={grade?.model}
        offlineReason={grade?.graded_offline_reason}
        realCall={conversation?.source === "real_call" ? { learnerLabel: conversation.learner_label } : null}
      />
      {view?.state === "graded" && conversation?.source === "real_call" && loaded?.reviewer && (
        <PersonaFromCall conversationId={conversationId} {...personaFromCallAvailable()} />
      )}
      {again && (
        <div className="flex justify-end">
          <PractiseAgain roleplayId={again.roleplayId} name={again.name} />
        </div>
      )}
      {view?.state === "missing" && conversation?.status === "abandoned" ? (
        <GradeMessage kind="empty" title="No Grade Data">
          <span>No grade data found for this conversation.</span>
          <span>The call ended before anything was said, so its credit was refunded.</span>
        </GradeMessage>
      ) : !view || view.state === "missing" ? (
        <GradeMessage kind="empty" title="No Grade Data">
          No grade data found for this conversation.
        </GradeMessage>
      ) : view.state === "in_progress" ? (
        <GradePending conversationId={conversationId} phase="in_progress" />
      ) : view.state === "pending" ? (
        <GradePending conversationId={conversationId} />
      ) : view.state === "failed" ? (
        <GradeMessage
          kind="error"
          title="Error Loading Grade"
          actions={<RetryGrading conversationId={conversationId} />}
        >
          <span>Failed to load conversation grade</span>
          <span>
            Grading did not finish after {view.attempts} {view.attempts === 1 ? "attempt" : "attempts"}: {view.error}
          </span>
        </GradeMessage>
      ) : (
        <>
          <InstructorReview
            conversationId={conversationId}
            automaticScore={automaticScore(view.grade)}
            review={loaded?.review ?? null}
            canReview={loaded?.reviewer ?? false}
          />
          <GradeReport
            grade={view.grade}
            coaching={loaded?.coaching ? { ...loaded.coaching, canReview: loaded.reviewer } : undefined}
          />
        </>
      )}
    </main>
  );
}
