"use client";

import { useEffect, useMemo, useSyncExternalStore } from "react";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { takeCallState, type CallState } from "@/lib/client/storage";
import type { Me } from "./use-local-call";
import { LocalCall } from "./local-call";

const LiveKitCall = dynamic(() => import("./livekit-call"), { ssr: false, loading: () => <Connecting /> });

const noChanges = () => () => {};

function Connecting() {
  return (
    <main className="grid h-dvh place-items-center" aria-busy="true">
      <p role="status" className="text-sm text-muted-foreground">Connecting...</p>
    </main>
  );
}

/** /call: the room answer arrives as navigation state; without it (a reload in a new tab) go back to the dashboard. */
export function CallScreen({ me }: { me: Me }) {
  const router = useRouter();
  // Serialised so the snapshot is stable between reads; undefined while rendering on the server.
  const raw = useSyncExternalStore(noChanges, () => JSON.stringify(takeCallState()), () => undefined);
  const call = useMemo<CallState | null>(() => (raw ? JSON.parse(raw) : null), [raw]);

  useEffect(() => {
    if (raw === "null") router.replace("/dashboard");
  }, [raw, router]);

  if (!call) return <Connecting />;
  if (call.mode === "livekit") return <LiveKitCall call={call} me={me} />;
  return <LocalCall conversationId={call.conversation_id} me={me} />;
}
