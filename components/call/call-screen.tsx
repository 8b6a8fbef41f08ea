"use client";

import dynamic from "next/dynamic";
import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useMemo, useState, useSyncExternalStore } from "react";

import { api, redirectIfAuthError } from "@/lib/client/api";
import { type CallState, clearCallState, saveCallState, takeCallState } from "@/lib/client/storage";

import { BriefProvider } from "./brief-context";
import { LocalCall } from "./local-call";
import type { Me } from "./use-local-call";

const LiveKitCall = dynamic(() => import("./livekit-call"), { ssr: false, loading: () => <Connecting /> });

const noChanges = () => () => {};

function Connecting() {
  return (
    <main className="grid h-dvh place-items-center" aria-busy="true">
      <p role="status" className="text-sm text-muted-foreground">
        Connecting...
      </p>
    </main>
  );
}

/**
 * /call: the room answer arrives as navigation state (sessionStorage, so a reload keeps it).
 * /call?conversation={id} re-opens an active call from the dashboard or another tab: a fresh
 * answer is asked for without spending a credit. Without either, go back to the dashboard.
 */
export function CallScreen({ me }: { me: Me }) {
  const router = useRouter();
  const wanted = useSearchParams().get("conversation");
  // Serialised so the snapshot is stable between reads; undefined while rendering on the server.
  const raw = useSyncExternalStore(
    noChanges,
    () => JSON.stringify(takeCallState()),
    () => undefined,
  );
  const stored = useMemo<CallState | null>(() => (raw ? JSON.parse(raw) : null), [raw]);
  const [rejoined, setRejoined] = useState<CallState | null>(null);
  const call = stored && (!wanted || stored.conversation_id === wanted) ? stored : rejoined;

  useEffect(() => {
    if (raw === undefined || call) return;
    if (!wanted) {
      router.replace("/dashboard");
      return;
    }
    api<CallState>(`/api/protected/conversations/${wanted}/join`, { method: "POST" })
      .then((answer) => {
        saveCallState(answer);
        setRejoined(answer);
      })
      .catch((err) => {
        if (redirectIfAuthError(err)) return;
        clearCallState();
        router.replace("/dashboard");
      });
  }, [raw, call, wanted, router]);

  // Keep the conversation in the address, so a reload or a copied link finds the call again.
  useEffect(() => {
    if (call && wanted !== call.conversation_id)
      window.history.replaceState(null, "", `/call?conversation=${call.conversation_id}`);
  }, [call, wanted]);

  if (!call) return <Connecting />;
  return (
    <BriefProvider conversationId={call.conversation_id}>
      {call.mode === "livekit" ? (
        <LiveKitCall call={call} me={me} />
      ) : (
        <LocalCall conversationId={call.conversation_id} me={me} />
      )}
    </BriefProvider>
  );
}
