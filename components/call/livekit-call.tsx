"use client";

import "@livekit/components-styles";

import {
  BarVisualizer,
  MediaDeviceMenu,
  RoomAudioRenderer,
  SessionProvider,
  StartAudio,
  TrackToggle,
  useAgent,
  useLocalParticipantPermissions,
  useSession,
  useSessionContext,
  useSessionMessages,
} from "@livekit/components-react";
import { DisconnectReason, RoomEvent, TokenSource, Track } from "livekit-client";
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useRef, useState } from "react";
import { toast } from "sonner";

import { buttonVariants } from "@/components/ui/button";
import { api } from "@/lib/client/api";
import { type CallState, clearCallState } from "@/lib/client/storage";
import type { getOwnedConversation } from "@/lib/conversations/service";
import { cn } from "@/lib/utils";

import type { VisualizerState } from "./bar-visualizer";
import { CallLayout } from "./call-layout";
import { ChatPanel } from "./chat-panel";
import { ControlBar } from "./control-bar";
import { LiveHint, useVoiceHint } from "./live-hint";
import { MessageAnnouncer } from "./message-announcer";
import { ParticipantTile } from "./participant-tile";
import { toChatEntries } from "./session-entries";
import type { Me } from "./use-local-call";
import { useUnread } from "./use-unread";

// TrackSource.MICROPHONE in LiveKit's protocol enum (the permission list carries protocol values).
const PROTO_MICROPHONE = 2;
/** How long the learner waits for the persona to join before the screen says it could not. */
const AGENT_JOIN_TIMEOUT_MS = 20_000;

const BAR_STYLE = {
  "--lk-fg": "var(--primary)",
  "--lk-va-bar-bg": "color-mix(in oklab, var(--primary) 18%, transparent)",
  "--lk-va-bar-width": "14px",
  "--lk-va-bar-gap": "10px",
} as React.CSSProperties;

const visualState = (state: string): VisualizerState => {
  if (state === "listening" || state === "thinking" || state === "speaking" || state === "initializing") return state;
  if (state === "idle") return "listening";
  if (state === "pre-connect-buffering") return "initializing";
  return "connecting";
};

type CallView = Pick<Awaited<ReturnType<typeof getOwnedConversation>>, "schema_name" | "persona">;
type CallPersona = CallView["persona"];

type StageProps = { conversationId: string; title: string; persona?: CallPersona; me: Me; onLeave: () => void };

/**
 * The call inside a LiveKit session (from SessionProvider): the persona's tile, the two-sided live
 * transcript (the learner's speech and the persona's replies on lk.transcription, typed chat on
 * lk.chat, all through useSessionMessages) and the controls.
 */
export function LiveKitStage({ conversationId, title, persona, me, onLeave }: StageProps) {
  const session = useSessionContext();
  const agent = useAgent();
  const { messages, send, isSending } = useSessionMessages(session);
  const permissions = useLocalParticipantPermissions();
  const [chatOpen, setChatOpen] = useState(false);
  const name = persona?.name || agent.name || "Persona";

  const entries = useMemo(
    () => toChatEntries(messages, { learner: { name: me.name, identity: me.id }, persona: { name } }),
    [messages, me.name, me.id, name],
  );
  const { unread, markAllRead } = useUnread(entries, chatOpen);
  const voiceHint = useVoiceHint(conversationId, entries.filter((e) => e.from.isLocal).length);
  const toggleChat = () => {
    markAllRead();
    setChatOpen((o) => !o);
  };

  const canPublish = (source: number) =>
    !!permissions?.canPublish &&
    (permissions.canPublishSources.length === 0 || permissions.canPublishSources.includes(source));
  const failed = agent.state === "failed";

  return (
    <CallLayout
      title={title}
      stage={
        <>
          <ParticipantTile name={name} role={persona?.role} state={visualState(agent.state)} className="flex-1">
            {failed ? (
              <p role="alert" className="max-w-xs text-center text-sm text-destructive">
                {name} could not join the call. Leave and start it again in a minute.
              </p>
            ) : (
              <BarVisualizer
                state={agent.state}
                track={agent.microphoneTrack}
                barCount={7}
                options={{ minHeight: 8, maxHeight: 100 }}
                className="h-full w-full"
                style={BAR_STYLE}
              />
            )}
          </ParticipantTile>
          <LiveHint
            state={voiceHint?.state}
            hint={voiceHint?.hint ?? null}
            className="hidden shrink-0 lg:mt-3 lg:flex"
          />
          <MessageAnnouncer entries={entries} />
        </>
      }
      chat={
        chatOpen ? (
          <ChatPanel
            entries={entries}
            onSend={async (text) => {
              try {
                await send(text);
                return true;
              } catch (err) {
                console.warn("Chat message not sent", err);
                toast.error("Could not send the message");
                return false;
              }
            }}
            sending={isSending}
            onClose={toggleChat}
            emptyHint={`What you and ${name} say appears here as you speak. You can also type.`}
            className="flex-1"
          />
        ) : undefined
      }
      controls={
        <>
          <LiveHint state={voiceHint?.state} hint={voiceHint?.hint ?? null} className="lg:hidden" />
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
                          className={cn(
                            buttonVariants({ variant: "outline", size: "icon" }),
                            "-ml-px rounded-l-none text-foreground",
                          )}
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
        </>
      }
    />
  );
}

/** LiveKit mode: audio only, the persona agent in the room; the session API of components-react (as agent-starter-react). */
export default function LiveKitCall({ call, me }: { call: CallState; me: Me }) {
  const router = useRouter();
  const tokenSource = useMemo(
    () => TokenSource.literal({ serverUrl: call.server_url ?? "", participantToken: call.token }),
    [call.server_url, call.token],
  );
  const session = useSession(tokenSource, { agentConnectTimeoutMilliseconds: AGENT_JOIN_TIMEOUT_MS });
  const [view, setView] = useState<CallView | null>(null);
  const left = useRef(false);

  useEffect(() => {
    api<CallView>(`/api/protected/conversations/${call.conversation_id}`).then(setView, () => undefined);
  }, [call.conversation_id]);

  const { room, start, end } = session;
  // Connect once per room (useSession keeps one Room for the component's life); start/end are read
  // when the effect runs, so a new callback identity never reconnects the call.
  useEffect(() => {
    const onDisconnected = (reason?: DisconnectReason) => {
      // The persona ends the call by closing the room: say so, then go where a disconnect always goes.
      if (!left.current && reason === DisconnectReason.ROOM_DELETED) toast.info("The call has ended");
      clearCallState();
      router.push("/dashboard");
    };
    room.on(RoomEvent.Disconnected, onDisconnected);
    start({ tracks: { microphone: { enabled: true } } }).catch((err) => {
      console.error("Call connection failed", err);
      toast.error("Could not connect to the call");
      clearCallState();
      router.push("/dashboard");
    });
    return () => {
      room.off(RoomEvent.Disconnected, onDisconnected);
      void end();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [room]);

  return (
    <SessionProvider session={session}>
      <LiveKitStage
        conversationId={call.conversation_id}
        title={view?.schema_name ?? "Practice call"}
        persona={view?.persona}
        me={me}
        onLeave={() => {
          left.current = true;
          void end();
        }}
      />
      <RoomAudioRenderer />
      <StartAudio label="Click to enable audio" />
    </SessionProvider>
  );
}
