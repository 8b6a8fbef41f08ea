/**
 * What the learner reads when speech input cannot run, by the Web Speech API's error code
 * (plus "unsupported" when the browser has no recognition at all). `retry` says whether pressing
 * Speak again can help; where it cannot, the button stays off and typing is the way on.
 */
export type SpeechProblem = { code: string; message: string; retry: boolean };

const PROBLEMS: Record<string, Omit<SpeechProblem, "code">> = {
  unsupported: {
    message: "This browser can't turn speech into text. Type your reply instead.",
    retry: false,
  },
  "not-allowed": {
    message: "Microphone access was blocked. Allow it in the browser's address bar, or type your reply.",
    retry: true,
  },
  "service-not-allowed": {
    message: "This browser doesn't allow speech input here. Type your reply instead.",
    retry: false,
  },
  "audio-capture": {
    message: "No microphone was found. Connect one and press Speak again, or type your reply.",
    retry: true,
  },
  network: {
    message: "Speech input needs a network connection and couldn't reach it. Type your reply, or try again.",
    retry: true,
  },
  "no-speech": {
    message: "Nothing was heard. Press Speak and try again, or type your reply.",
    retry: true,
  },
  "language-not-supported": {
    message: "Speech input doesn't support this browser's language. Type your reply instead.",
    retry: false,
  },
};

const UNKNOWN = { message: "Speech input stopped. Press Speak to try again, or type your reply.", retry: true };

/** The problem to show for an error code; null for "aborted", which is the learner stopping it. */
export function speechProblem(code: string): SpeechProblem | null {
  if (code === "aborted") return null;
  return { code, ...(PROBLEMS[code] ?? UNKNOWN) };
}
