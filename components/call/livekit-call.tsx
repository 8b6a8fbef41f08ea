"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import {
  BarVisualizer, LiveKitRoom, MediaDeviceMenu, RoomAudioRenderer, StartAudio, TrackToggle, useChat,
  useLocalParticipantPermissions, useVoiceAssistant,
} from "@livekit/components-react";
import { Track } from "livekit-client";
import "@livekit/components-styles";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { toast } from "sonner";
import { api } from "@/lib/client/api";
import { clearCallState, type CallState } from "@/lib/client/storage";
import type { VisualizerState } from "./bar-visualizer";
import { CallLayout } from "./call-layout";
import { ChatPanel } from "./chat-panel";
import type { ChatEntry } from "./chat-grouping";
import { ControlBar } from "./control-bar";
import { ParticipantTile } from "./participant-tile";

// TrackSource.MICROPHONE in LiveKit's protocol enum (the permission list carries protocol values).
const PROTO_MICROPHONE = 2;

const BAR_STYLE = {
  "--lk-fg": "var(--primary)",
  "--lk-va-bar-bg": "color-mix(in oklab, var(--primary) 18%, transparent)",
  "--lk-va-bar-width": "14px",
  "--lk-va-bar-gap": "10px",
} as React.CSSProperties;

const visualState = (state: string): VisualizerState =>
  state === "listening" || state === "thinking" || state === "speaking" || state === "initializing" ? state : "connecting";

type Persona = { name: string; role: string };

function Stage({ conversationId, title, persona, onLeave }: { conversationId: string; title: string; persona?: Persona; onLeave: () => void }) {
  const assistant = useVoiceAssistant();
  const permissions = useLocalParticipantPermissions();
  const { chatMessages, send, isSending } = useChat();
  const [chatOpen, setChatOpen] = useState(false);
  const [unread, setUnread] = useState(0);
  const seen = useRef(0);

  const entries: ChatEntry[] = useMemo(
    () =>
      chatMessages.map((m) => ({
        id: m.id,
        message: m.message,
        timestamp: m.timestamp,
        from: { name: m.from?.name || m.from?.identity || "Persona", identity: m.from?.identity ?? "unknown", isLocal: !!m.from?.isLocal },
      })),
    [chatMessages],
  );

  useEffect(() => {
    const fresh = entries.slice(seen.current).filter((e) => !e.from.isLocal).length;
    seen.current = entries.length;
    if (!chatOpen && fresh > 0) setUnread((n) => n + fresh);
  }, [entries, chatOpen]);

  const canPublish = (source: number) =>
    !!permissions?.canPublish && (permissions.canPublishSources.length === 0 || permissions.canPublishSources.includes(source));
  const toggleChat = () => {
    setChatOpen((o) => !o);
    setUnread(0);
  };
  const name = persona?.name || assistant.agent?.name || "Persona";

  return (
    <CallLayout
      title={title}
      stage={
        <ParticipantTile name={name} role={persona?.role} state={visualState(assistant.state)} className="flex-1">
          <BarVisualizer
            state={assistant.state}
            track={assistant.audioTrack}
            barCount={7}
            options={{ minHeight: 8, maxHeight: 100 }}
            className="h-full w-full"
            style={BAR_STYLE}
          />
        </ParticipantTile>
      }
      chat={
        chatOpen ? (
          <ChatPanel
            entries={entries}
            onSend={async (text) => (await send(text), true)}
            sending={isSending}
            onClose={toggleChat}
            className="flex-1"
          />
        ) : undefined
      }
      controls={
        <ControlBar
          microphone={
            canPublish(PROTO_MICROPHONE)
              ? (compact) => (
                  // The device list is LiveKit's own popover: it keeps LiveKit's theme; the buttons wear ours.
                  <div data-lk-theme="default" className="contents">
                    <div className="flex items-center">
                      <TrackToggle
                        source={Track.Source.Microphone}
                        showIcon
                        aria-label={compact ? "Microphone" : undefined}
                        className={cn(buttonVariants({ variant: "outline" }), "rounded-r-none text-foreground")}
                      >
                        {!compact && "Microphone"}
                      </TrackToggle>
                      <MediaDeviceMenu
                        kind="audioinput"
                        aria-label="Choose microphone"
                        className={cn(buttonVariants({ variant: "outline", size: "icon" }), "-ml-px rounded-l-none text-foreground")}
                      />
                    </div>
                  </div>
                )
              : undefined
          }
          chat={permissions?.canPublishData ? { open: chatOpen, unread, onToggle: toggleChat } : undefined}
          onLeave={() => {
            void api(`/api/protected/conversations/${conversationId}/end`, { method: "POST" }).catch(() => undefined);
            onLeave();
          }}
        />
      }
    />
  );
}

/** LiveKit mode: audio only, the persona agent in the room, chat over the data channel. */
export default function LiveKitCall({ call }: { call: CallState }) {
  const router = useRouter();
  const [connect, setConnect] = useState(true);
  const [view, setView] = useState<{ schema_name: string; persona: Persona } | null>(null);
  useEffect(() => {
    api<{ schema_name: string; persona: Persona }>(`/api/protected/conversations/${call.conversation_id}`).then(setView, () => undefined);
  }, [call.conversation_id]);
  return (
    <LiveKitRoom
      serverUrl={call.server_url ?? undefined}
      token={call.token}
      connect={connect}
      audio
      video={false}
      className="bg-transparent"
      onDisconnected={() => {
        clearCallState();
        router.push("/dashboard");
      }}
      onMediaDeviceFailure={(failure) => console.warn("Media device failure", failure)}
      onError={(err) => {
        console.error("Call connection failed", err);
        toast.error("Could not connect to the call");
        clearCallState();
        router.push("/dashboard");
      }}
    >
      <Stage conversationId={call.conversation_id} title={view?.schema_name ?? "Practice call"} persona={view?.persona} onLeave={() => setConnect(false)} />
      <RoomAudioRenderer />
      <StartAudio label="Click to enable audio" />
    </LiveKitRoom>
  );
}
