import { describe, expect, it } from "vitest";

import { speechProblem } from "@/components/call/speech-errors";

// Every code the Web Speech API defines for SpeechRecognitionErrorEvent.error, plus our "unsupported".
const CODES = [
  "unsupported",
  "no-speech",
  "aborted",
  "audio-capture",
  "network",
  "not-allowed",
  "service-not-allowed",
  "language-not-supported",
  "bad-grammar",
];

describe("speech problems", () => {
  it.each(CODES.filter((c) => c !== "aborted"))("%s tells the learner how to go on by typing", (code) => {
    const problem = speechProblem(code)!;
    expect(problem.code).toBe(code);
    expect(problem.message).toMatch(/type your reply/i);
  });

  it("says nothing when the learner stopped listening (aborted)", () => {
    expect(speechProblem("aborted")).toBeNull();
  });

  it.each([
    ["not-allowed", true],
    ["audio-capture", true],
    ["unsupported", false],
    ["language-not-supported", false],
  ])("%s: pressing Speak again can help = %s", (code, retry) => {
    expect(speechProblem(code as string)!.retry).toBe(retry);
  });

  it("names a blocked microphone and where to allow it", () => {
    expect(speechProblem("not-allowed")!.message).toBe(
      "Microphone access was blocked. Allow it in the browser's address bar, or type your reply.",
    );
  });
});
