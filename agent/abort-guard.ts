/**
 * The OpenAI plugin (1.9.0) starts each TTS request when the sentence is queued; when the learner
 * interrupts before the audio is read, the request is aborted and its promise rejects with nobody
 * awaiting it. On Node that unhandled rejection kills the job process mid-call. Such aborts are the
 * framework cancelling work on purpose: swallow exactly those, and keep Node's behaviour for anything else.
 */
export function isAbortedRequest(reason: unknown): boolean {
  if (!(reason instanceof Error)) return false;
  return [reason.name, reason.constructor.name].some((name) => name === "APIUserAbortError" || name === "AbortError");
}

let installed = false;

export function ignoreAbortedRequests() {
  if (installed) return;
  installed = true;
  process.on("unhandledRejection", (reason) => {
    if (isAbortedRequest(reason)) return;
    // What Node does by default (--unhandled-rejections=throw).
    throw reason;
  });
}
