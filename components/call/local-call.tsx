"use client";

import { useCallback, useEffect, useRef, useState } from "react";

import { BarVisualizer } from "./bar-visualizer";
import { CallLayout } from "./call-layout";
import { ChatPanel } from "./chat-panel";
import { ControlBar } from "./control-bar";
import { LiveHint } from "./live-hint";
import { MessageAnnouncer } from "./message-announcer";
import { ParticipantTile } from "./participant-tile";
import { SpeechMicButton } from "./speech-mic-button";
import { SpeechNotice } from "./speech-notice";
import { type Me, useLocalCall } from "./use-local-call";
import { useSpeechRecognition } from "./use-speech";

/** Local mode: the same screen as a media call, with the conversation held in text. */
export function LocalCall({ conversationId, me }: { conversationId: string; me: Me }) {
  const call = useLocalCall(conversationId, me);
  const [chatOpen, setChatOpen] = useState(true);
  const [unread, setUnread] = useState(0);
  const seen = useRef(0);
  const [focusRequest, setFocusRequest] = useState(0);
  const { send } = call;
  // When speech input cannot run, typing takes over: the chat opens and its text box takes the focus.
  const typeInstead = useCallback(() => {
    setChatOpen(true);
    setUnread(0);
    setFocusRequest((n) => n + 1);
  }, []);
  const speech = useSpeechRecognition(
    useCallback((text: string) => void send(text), [send]),
    typeInstead,
  );

  useEffect(() => {
    const fresh = call.entries.slice(seen.current).filter((e) => !e.from.isLocal).length;
    seen.current = call.entries.length;
    if (!chatOpen && fresh > 0) setUnread((n) => n + fresh);
  }, [call.entries, chatOpen]);

  const toggleChat = () => {
    setChatOpen((open) => !open);
    setUnread(0);
  };

  const persona = call.info?.persona;
  return (
    <CallLayout
      title={call.info?.schema_name ?? "Connecting..."}
      subtitle={call.info ? (call.info.offline ? "Text practice" : "Text practice with the AI persona") : undefined}
      stage={
        <>
          <ParticipantTile
            name={persona?.name ?? "Persona"}
            role={persona?.role}
            state={call.state}
            stateLabel={call.state === "listening" ? (speech.listening ? "Listening" : "Your turn") : undefined}
            offline={call.info?.offline}
            className="flex-1"
          >
            <BarVisualizer state={call.state} className="h-full w-full" />
          </ParticipantTile>
          <LiveHint state={call.info?.live_hints} hint={call.hint} className="hidden shrink-0 lg:mt-3 lg:flex" />
          <MessageAnnouncer entries={call.entries} />
        </>
      }
      chat={
        chatOpen ? (
          <ChatPanel
            entries={call.entries}
            onSend={call.send}
            sending={call.sending}
            disabled={!call.info || call.leaving}
            onClose={toggleChat}
            emptyHint={persona ? `Say hello to ${persona.name} to start the conversation.` : undefined}
            focusRequest={focusRequest}
            className="flex-1"
          />
        ) : undefined
      }
      controls={
        <>
          <LiveHint state={call.info?.live_hints} hint={call.hint} className="lg:hidden" />
          {speech.problem && <SpeechNotice problem={speech.problem} onDismiss={speech.dismiss} />}
          <ControlBar
            microphone={(compact) => (
              <SpeechMicButton
                compact={compact}
                speech={speech}
                disabled={!call.info || (call.sending && !speech.listening)}
              />
            )}
            chat={{ open: chatOpen, unread, onToggle: toggleChat }}
            onLeave={call.leave}
            leaving={call.leaving}
          />
        </>
      }
    />
  );
}
