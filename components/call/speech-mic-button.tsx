"use client";

import { Mic, MicOff } from "lucide-react";

import { Button } from "@/components/ui/button";

import { useSpeechRecognition } from "./use-speech";

/** Local mode's microphone: the browser's speech recognition turns speech into chat messages. Hidden where there is none. */
export function SpeechMicButton({
  compact,
  onSpeech,
  disabled,
}: {
  compact: boolean;
  onSpeech: (text: string) => void;
  disabled?: boolean;
}) {
  const { supported, listening, toggle } = useSpeechRecognition(onSpeech);
  if (!supported) return null;
  const label = listening ? "Stop speaking" : "Speak";
  return (
    <Button
      variant={listening ? "default" : "outline"}
      aria-pressed={listening}
      aria-label={compact ? label : undefined}
      onClick={toggle}
      disabled={disabled}
    >
      {listening ? <Mic aria-hidden /> : <MicOff aria-hidden />}
      {!compact && label}
    </Button>
  );
}
