"use client";

import { SessionProvider, useSession } from "@livekit/components-react";
import { ConnectionState, Room, TokenSource } from "livekit-client";
import { useMemo, useState } from "react";

import { LiveKitStage } from "../livekit-call";

/**
 * Test harness (served only when PARLEY_E2E_HARNESS=1): the real call stage and the real
 * components-react hooks over a real livekit-client Room that never connects. Incoming data
 * streams are handed to the Room's own data-stream manager as the wire packets a LiveKit server
 * would deliver, so the hooks parse, merge (lk.segment_id) and order them exactly as in a call.
 * Outgoing chat is captured at localParticipant.sendText, the point where a connected Room
 * would put it on the wire. The Room is marked connected (its state field) without a server.
 */

type Packet = { participantIdentity: string; value: { case: string; value: unknown } };
type StreamManager = {
  setConnected(connected: boolean): void;
  handleDataStreamPacket(packet: Packet, encryption: number): void;
};
type Sent = { text: string; topic?: string };

type HarnessApi = {
  sent: Sent[];
  /** One lk.transcription segment update (a new stream; the hooks merge updates by segment id). */
  transcript(input: { identity: string; segmentId: string; text: string; final: boolean }): void;
  /** A streamed lk.transcription reply, chunk by chunk, as the agent sends its spoken text. */
  streamReply(input: { identity: string; segmentId: string; chunks: string[] }): Promise<void>;
  /** An lk.chat message with files attached (byte streams on the same topic). */
  chat(input: { identity: string; text: string; files?: { name: string; type: string; base64: string }[] }): void;
};

const NONE = 0; // Encryption_Type.NONE and DataStream_CompressionType.NONE
const bytes = (text: string) => new TextEncoder().encode(text);
let counter = 0;
const nextId = (prefix: string) => `${prefix}_${Date.now()}_${counter++}`;

function prime(room: Room, learner: { identity: string; name: string }): HarnessApi {
  const local = room.localParticipant as unknown as Record<string, unknown>;
  local.identity = learner.identity;
  local.name = learner.name;
  local.permissions = {
    canPublish: true,
    canSubscribe: true,
    canPublishData: true,
    canPublishSources: [],
    hidden: false,
    canUpdateMetadata: false,
  };
  const manager = (room as unknown as { incomingDataStreamManager: StreamManager }).incomingDataStreamManager;
  manager.setConnected(true);
  // The hooks only read transcription streams from a connected room.
  (room as unknown as { state: ConnectionState }).state = ConnectionState.Connected;
  const deliver = (identity: string, kind: "streamHeader" | "streamChunk" | "streamTrailer", value: unknown) =>
    manager.handleDataStreamPacket({ participantIdentity: identity, value: { case: kind, value } }, NONE);
  const header = (
    streamId: string,
    topic: string,
    content: { case: "textHeader" | "byteHeader"; value: object },
    extra: object = {},
  ) => ({
    streamId,
    topic,
    timestamp: BigInt(Date.now()),
    mimeType: content.case === "textHeader" ? "text/plain" : "application/octet-stream",
    attributes: {},
    compression: NONE,
    contentHeader: content,
    ...extra,
  });

  const sent: Sent[] = [];
  // Where a connected Room would send: record it and answer like the SDK does.
  local.sendText = async (text: string, options?: { topic?: string }) => {
    sent.push({ text, topic: options?.topic });
    return {
      id: nextId("sent"),
      timestamp: Date.now(),
      topic: options?.topic ?? "",
      mimeType: "text/plain",
      size: text.length,
      attributes: {},
    };
  };
  local.publishData = async () => undefined;

  return {
    sent,
    transcript({ identity, segmentId, text, final }) {
      const attributes = { "lk.segment_id": segmentId, "lk.transcription_final": String(final) };
      deliver(
        identity,
        "streamHeader",
        header(
          nextId("tr"),
          "lk.transcription",
          { case: "textHeader", value: {} },
          { attributes, inlineContent: bytes(text) },
        ),
      );
    },
    async streamReply({ identity, segmentId, chunks }) {
      const streamId = nextId("reply");
      const attributes = { "lk.segment_id": segmentId, "lk.transcription_final": "false" };
      deliver(
        identity,
        "streamHeader",
        header(streamId, "lk.transcription", { case: "textHeader", value: {} }, { attributes }),
      );
      for (const [i, chunk] of chunks.entries()) {
        deliver(identity, "streamChunk", { streamId, chunkIndex: BigInt(i), content: bytes(chunk), version: 0 });
        await new Promise((r) => setTimeout(r, 50));
      }
      deliver(identity, "streamTrailer", { streamId, reason: "", attributes: {} });
    },
    chat({ identity, text, files = [] }) {
      const fileStreams = files.map((f) => ({ ...f, id: nextId("file") }));
      const textHeader = { case: "textHeader" as const, value: { attachedStreamIds: fileStreams.map((f) => f.id) } };
      deliver(identity, "streamHeader", header(nextId("chat"), "lk.chat", textHeader, { inlineContent: bytes(text) }));
      for (const f of fileStreams) {
        const content = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
        deliver(identity, "streamHeader", {
          ...header(f.id, "lk.chat", { case: "byteHeader", value: { name: f.name } }),
          mimeType: f.type,
          inlineContent: content,
          totalLength: BigInt(content.length),
        });
      }
    },
  };
}

declare global {
  interface Window {
    __callHarness?: HarnessApi;
  }
}

export default function SessionHarness() {
  const me = { id: "learner-e2e", name: "Riley Learner" };
  const [room] = useState(() => {
    const r = new Room();
    window.__callHarness = prime(r, { identity: me.id, name: me.name });
    return r;
  });
  const tokenSource = useMemo(
    () => TokenSource.literal({ serverUrl: "ws://127.0.0.1:9", participantToken: "never-used" }),
    [],
  );
  // No agent ever joins this room: keep the "could not join" timeout out of the test's way.
  const session = useSession(tokenSource, { room, agentConnectTimeoutMilliseconds: 60 * 60_000 });
  return (
    <SessionProvider session={session}>
      <LiveKitStage
        conversationId="00000000-0000-4000-8000-000000000000"
        title="Discovery call with Dana"
        persona={{ name: "Dana Whitfield", role: "Head of Operations" }}
        me={me}
        onLeave={() => undefined}
      />
    </SessionProvider>
  );
}
