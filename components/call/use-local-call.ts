"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";

import { api, ApiError, redirectIfAuthError } from "@/lib/client/api";
import type { Jsonified } from "@/lib/client/json";
import { clearCallState } from "@/lib/client/storage";
import type { addLearnerMessage, getOwnedConversation } from "@/lib/conversations/service";

import type { VisualizerState } from "./bar-visualizer";
import type { ChatEntry } from "./chat-grouping";
import { speak, stopSpeaking } from "./use-speech";

type ConversationView = Jsonified<Awaited<ReturnType<typeof getOwnedConversation>>>;
type MessageAnswer = Jsonified<Awaited<ReturnType<typeof addLearnerMessage>>>;
type Turn = Pick<ConversationView["turns"][number], "id" | "speaker" | "text" | "started_at" | "offline">;

export type Me = { id: string; name: string };

/** A text-held practice call (local mode): the transcript, the persona's state, send and leave. */
export function useLocalCall(conversationId: string, me: Me) {
  const router = useRouter();
  const [info, setInfo] = useState<Omit<ConversationView, "turns"> | null>(null);
  const [entries, setEntries] = useState<ChatEntry[]>([]);
  const [state, setState] = useState<VisualizerState>("connecting");
  const [sending, setSending] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [hint, setHint] = useState<ConversationView["hint"]>(null);
  const personaRef = useRef({ name: "Persona", identity: "persona" });

  const toEntry = useCallback(
    (turn: Turn): ChatEntry => ({
      id: turn.id,
      message: turn.text,
      timestamp: Date.parse(turn.started_at),
      from:
        turn.speaker === "learner"
          ? { name: me.name || "You", identity: me.id, isLocal: true }
          : { ...personaRef.current, isLocal: false },
      // The model failed or was too slow for this turn: the offline persona wrote it.
      ...(turn.offline ? { label: "Offline persona" } : {}),
    }),
    [me.id, me.name],
  );

  useEffect(() => {
    let cancelled = false;
    api<ConversationView>(`/api/protected/conversations/${conversationId}`)
      .then(({ turns, ...view }) => {
        if (cancelled) return;
        if (view.status !== "active") {
          clearCallState();
          router.replace("/dashboard");
          return;
        }
        personaRef.current = { name: view.persona.name, identity: "persona" };
        setInfo(view);
        setHint(view.hint);
        setEntries(turns.map(toEntry));
        setState("listening");
      })
      .catch((err) => {
        if (redirectIfAuthError(err)) return;
        clearCallState();
        router.replace("/dashboard");
      });
    return () => {
      cancelled = true;
      stopSpeaking();
    };
  }, [conversationId, router, toEntry]);

  const send = useCallback(
    async (text: string): Promise<boolean> => {
      const pendingId = `pending-${Date.now()}`;
      setSending(true);
      setState("thinking");
      stopSpeaking();
      setEntries((all) => [
        ...all,
        {
          id: pendingId,
          message: text,
          timestamp: Date.now(),
          from: { name: me.name || "You", identity: me.id, isLocal: true },
        },
      ]);
      try {
        const answer = await api<MessageAnswer>(`/api/protected/conversations/${conversationId}/messages`, {
          method: "POST",
          body: { text },
        });
        const reply = answer.persona_turn ?? {
          id: `reply-${Date.now()}`,
          speaker: "persona" as const,
          text: answer.reply,
          started_at: new Date().toISOString(),
          ...(answer.offline_notice ? { offline: true as const } : {}),
        };
        if (answer.offline_notice) toast.info(answer.offline_notice);
        setEntries((all) => [...all.filter((e) => e.id !== pendingId), toEntry(answer.learner_turn), toEntry(reply)]);
        setInfo((i) => (i ? { ...i, offline: answer.offline } : i));
        setHint(answer.hint);
        setState(speak(answer.reply, () => setState("listening")) ? "speaking" : "listening");
        return true;
      } catch (err) {
        setState("listening");
        if (redirectIfAuthError(err)) return false;
        if (err instanceof ApiError && err.code === "ended:conversation") {
          // Ended elsewhere (another tab, or the server after a long silence): its grade is on the dashboard.
          toast.info("This call has ended. You'll find it on your dashboard.");
          clearCallState();
          router.push("/dashboard");
          return false;
        }
        const saved = err instanceof ApiError && err.status === 502;
        if (!saved) setEntries((all) => all.filter((e) => e.id !== pendingId));
        toast.error(err instanceof Error ? err.message : "Could not send the message");
        return saved;
      } finally {
        setSending(false);
      }
    },
    [conversationId, me.id, me.name, toEntry, router],
  );

  const leave = useCallback(async () => {
    setLeaving(true);
    stopSpeaking();
    try {
      await api(`/api/protected/conversations/${conversationId}/end`, { method: "POST" });
    } catch (err) {
      if (redirectIfAuthError(err)) return;
      console.error("Failed to end the conversation", err);
    }
    clearCallState();
    router.push("/dashboard");
  }, [conversationId, router]);

  return { info, entries, state, sending, leaving, send, leave, hint };
}
