"use client";

import { Loader2, Mic, MicOff } from "lucide-react";

import { Button } from "@/components/ui/button";

import type { useSpeechRecognition } from "./use-speech";

type Speech = ReturnType<typeof useSpeechRecognition>;

/**
 * Local mode's microphone: the browser's speech recognition turns speech into chat messages.
 * It reads "Stop speaking" only while the browser listens; after a problem that pressing again
 * cannot fix (no recognition in this browser), it stays off and points at the notice.
 */
export function SpeechMicButton({
  compact,
  speech,
  disabled,
}: {
  compact: boolean;
  speech: Speech;
  disabled?: boolean;
}) {
  const { phase, problem, toggle } = speech;
  const unavailable = problem !== null && !problem.retry;
  const label = phase === "listening" ? "Stop speaking" : phase === "starting" ? "Starting..." : "Speak";
  return (
    <Button
      variant={phase === "listening" ? "default" : "outline"}
      aria-pressed={phase === "listening"}
      aria-busy={phase === "starting" || undefined}
      aria-label={compact ? label : undefined}
      aria-describedby={problem ? "speech-problem" : undefined}
      onClick={toggle}
      disabled={disabled || unavailable}
    >
      {phase === "starting" ? (
        <Loader2 aria-hidden className="animate-spin" />
      ) : phase === "listening" ? (
        <Mic aria-hidden />
      ) : (
        <MicOff aria-hidden />
      )}
      {!compact && label}
    </Button>
  );
}
