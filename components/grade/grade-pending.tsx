"use client";

import { Loader2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect } from "react";

import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { api, ApiError, redirectIfAuthError } from "@/lib/client/api";

const POLL_MS = 2000;

type Phase = "in_progress" | "pending";

const TEXT: Record<Phase, { title: string; body: string }> = {
  in_progress: {
    title: "Waiting for the conversation to end...",
    body: "This conversation is still in progress. It is graded as soon as it ends, and this page updates by itself.",
  },
  pending: {
    title: "Grading your conversation...",
    body: "We are reading the transcript and scoring it. This page updates by itself when the grade is ready.",
  },
};

/**
 * Shown until the grade exists: asks every 2 s and re-renders the page when the answer changes
 * (409 = still in progress, 202 = being graded, anything else = ready or failed).
 */
export function GradePending({ conversationId, phase = "pending" }: { conversationId: string; phase?: Phase }) {
  const router = useRouter();
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      let now: Phase | "done";
      try {
        const answer = await api<{ status?: string }>(`/api/protected/grades/${conversationId}`);
        now = answer?.status === "pending" ? "pending" : "done";
      } catch (err) {
        if (stopped || redirectIfAuthError(err)) return;
        now = err instanceof ApiError && err.status === 409 ? "in_progress" : "done";
      }
      if (stopped) return;
      if (now === phase) timer = setTimeout(poll, POLL_MS);
      else router.refresh();
    };
    timer = setTimeout(poll, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [conversationId, phase, router]);

  return (
    <Card role="status" aria-live="polite" className="gap-4" data-testid="grade-pending" data-phase={phase}>
      <CardHeader>
        <Loader2 className="size-6 animate-spin text-primary motion-reduce:animate-none" aria-hidden />
        <CardTitle>
          <h2 className="text-lg">{TEXT[phase].title}</h2>
        </CardTitle>
        <CardDescription>{TEXT[phase].body}</CardDescription>
      </CardHeader>
      <div className="mx-6 h-2 overflow-hidden rounded-full bg-primary/15" aria-hidden>
        <div className="h-full w-1/3 animate-[grade-progress_1.6s_ease-in-out_infinite] rounded-full bg-primary" />
      </div>
      <style>{`@keyframes grade-progress { 0% { transform: translateX(-100%); } 100% { transform: translateX(300%); } }`}</style>
    </Card>
  );
}
