import { beta, type JobContext, type llm, voice } from "@livekit/agents";

export const TIME_UP_GOODBYE =
  "I'm sorry, I have to stop here: I've got another call starting. Thanks for your time, goodbye.";

/** How the persona hangs up when the conversation reaches its natural close (the framework's end_call tool). */
export function endCallTools(): llm.ToolContextLike {
  return [
    beta.createEndCallTool({
      // The persona says its goodbye in the same reply; the tool output asks for nothing more.
      endInstructions: null,
      deleteRoom: true,
      ignoreOnEnter: true,
      extraDescription:
        "In this role-play, call it when the conversation has reached its natural close: the learner or you have said goodbye, " +
        "or you would hang up in real life. Say your goodbye in character in the same reply, then call it.",
    }),
  ];
}

/**
 * The call's time limit (CALL_MAX_MINUTES, the room token's lifetime by default): the persona says
 * a short goodbye that cannot be interrupted, then the session shuts down. Its Close event ends the
 * conversation on the app (agent/transcript.ts), so grading starts at once; the room is deleted
 * so the learner's screen leaves the call too. Returns a function that cancels the timer.
 */
export function scheduleTimeLimit(
  session: voice.AgentSession,
  maxMinutes: number,
  onTimeUp: () => Promise<void> | void,
): () => void {
  const timer = setTimeout(async () => {
    try {
      const goodbye = session.say(TIME_UP_GOODBYE, { allowInterruptions: false });
      await goodbye.waitForPlayout();
    } catch {
      // The session may already be closing (the learner left at the same moment): end anyway.
    }
    session.shutdown({ drain: true, reason: "call time limit" });
    await onTimeUp();
  }, maxMinutes * 60_000);
  timer.unref?.();
  session.on(voice.AgentSessionEventTypes.Close, () => clearTimeout(timer));
  return () => clearTimeout(timer);
}

/** Deletes the room once the job shuts down, so the learner is disconnected as well (errors are logged, never thrown). */
export function deleteRoomOnShutdown(ctx: Pick<JobContext, "addShutdownCallback" | "deleteRoom">) {
  ctx.addShutdownCallback(async () => {
    await ctx.deleteRoom().catch((err: unknown) => console.warn("[agent] could not delete the room", err));
  });
}
