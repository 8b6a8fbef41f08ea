"use client";

import { useCallback, useEffect, useRef, useState } from "react";

import { type SpeechProblem, speechProblem } from "./speech-errors";

type Recognition = {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  onresult:
    | ((e: {
        results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }>;
        resultIndex: number;
      }) => void)
    | null;
  onstart: (() => void) | null;
  onend: (() => void) | null;
  onerror: ((e: { error: string }) => void) | null;
  start: () => void;
  stop: () => void;
  abort: () => void;
};

function recognitionClass(): (new () => Recognition) | null {
  if (typeof window === "undefined") return null;
  const w = window as unknown as {
    SpeechRecognition?: new () => Recognition;
    webkitSpeechRecognition?: new () => Recognition;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

/** Reads persona replies aloud with the browser's speech synthesis, when it has one. */
export function speak(text: string, onDone: () => void): boolean {
  if (typeof window === "undefined" || !("speechSynthesis" in window)) return false;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.onend = onDone;
  utterance.onerror = onDone;
  window.speechSynthesis.cancel();
  window.speechSynthesis.speak(utterance);
  return true;
}

export function stopSpeaking() {
  if (typeof window !== "undefined" && "speechSynthesis" in window) window.speechSynthesis.cancel();
}

type SpeechPhase = "idle" | "starting" | "listening";

/**
 * Browser speech recognition for the microphone button. `phase` is "listening" only once the
 * browser says it listens (its start event), never on the press alone; an error the browser
 * reports (microphone blocked or missing, or no recognition at all) becomes `problem`.
 */
export function useSpeechRecognition(onFinal: (text: string) => void, onProblem?: (problem: SpeechProblem) => void) {
  const [phase, setPhase] = useState<SpeechPhase>("idle");
  const [problem, setProblem] = useState<SpeechProblem | null>(null);
  const recognition = useRef<Recognition | null>(null);
  const callback = useRef(onFinal);
  const problemCallback = useRef(onProblem);
  useEffect(() => {
    callback.current = onFinal;
    problemCallback.current = onProblem;
  }, [onFinal, onProblem]);
  useEffect(() => () => recognition.current?.abort(), []);

  const report = useCallback((found: SpeechProblem) => {
    setProblem(found);
    problemCallback.current?.(found);
  }, []);

  const toggle = useCallback(() => {
    if (recognition.current) {
      recognition.current.stop();
      return;
    }
    const Ctor = recognitionClass();
    if (!Ctor) {
      report(speechProblem("unsupported")!);
      return;
    }
    const r = new Ctor();
    r.lang = navigator.language || "en-US";
    r.interimResults = false;
    r.continuous = true;
    r.onstart = () => setPhase("listening");
    r.onresult = (e) => {
      for (let i = e.resultIndex; i < e.results.length; i++) {
        const result = e.results[i];
        if (result.isFinal && result[0]?.transcript.trim()) callback.current(result[0].transcript.trim());
      }
    };
    r.onerror = (e) => {
      const found = speechProblem(e.error);
      if (found) report(found);
    };
    r.onend = () => {
      if (recognition.current === r) recognition.current = null;
      setPhase("idle");
    };
    recognition.current = r;
    setProblem(null);
    setPhase("starting");
    try {
      r.start();
    } catch {
      recognition.current = null;
      setPhase("idle");
      report(speechProblem("start-failed")!);
    }
  }, [report]);

  const dismiss = useCallback(() => setProblem(null), []);

  return { phase, listening: phase === "listening", problem, toggle, dismiss };
}
