import { sql } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { POST as previewRoute } from "@/app/api/protected/real-calls/preview/route";
import { POST as createRoute } from "@/app/api/protected/real-calls/route";
import { POST as transcribeRoute } from "@/app/api/protected/real-calls/transcribe/route";
import { getDb } from "@/db";
import { conversations } from "@/db/schema";
import { drainGrades } from "@/lib/grading/worker";
import { AUDIO_LIMITS, transcribeCall } from "@/lib/real-calls/audio";

import { call } from "../helpers/api";
import { addMember, createOrg, createUser } from "../helpers/factories";
import { startSttStub, toneTrack, wavOf } from "../helpers/stt-stub";
import { makeRoleplay } from "./matrix/world";

const RATE = 16_000;
const PHRASES = {
  300: "Hi Dana, how does your team close the books at month end today?",
  400: "Mostly by hand in spreadsheets, it takes about eight days.",
  500: "What happens when the close runs late, and who feels it first?",
  600: "The CFO does, and the board asks why the reports are late.",
};
// The learner on the left channel, the buyer on the right, taking turns.
const stereo = wavOf(
  [
    toneTrack(8, RATE, [
      { from: 0.5, to: 2, hz: 300 },
      { from: 4, to: 5.5, hz: 500 },
    ]),
    toneTrack(8, RATE, [
      { from: 2.3, to: 3.7, hz: 400 },
      { from: 6, to: 7.5, hz: 600 },
    ]),
  ],
  RATE,
);

let stt: Awaited<ReturnType<typeof startSttStub>>;
let learner: Awaited<ReturnType<typeof createUser>>;
let roleplayId: string;

async function upload(token: string, audio: Buffer, name = "call.wav") {
  const form = new FormData();
  form.append("audio", new Blob([new Uint8Array(audio)], { type: "audio/wav" }), name);
  const req = new NextRequest("http://localhost:3000/api/protected/real-calls/transcribe", {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const res = await transcribeRoute(req, { params: Promise.resolve({}) });
  return { status: res.status, json: await res.json() };
}
const conversationCount = async () =>
  Number((await (await getDb()).select({ n: sql<number>`count(*)::int` }).from(conversations))[0].n);

beforeAll(async () => {
  stt = await startSttStub(PHRASES);
  const org = await createOrg();
  learner = await createUser({ name: "Sam" });
  await addMember({ userId: learner.id, orgId: org.id });
  roleplayId = (await makeRoleplay(org.id)).id;
});
afterAll(() => stt.close());
afterEach(() => {
  delete process.env.STT_BASE_URL;
  delete process.env.STT_API_KEY;
});

describe("audio of a real call", () => {
  it("a stereo recording: each channel transcribed with timestamps, merged in time order, then graded", async () => {
    process.env.STT_BASE_URL = stt.url;
    process.env.STT_API_KEY = "local-stt-key";
    const before = await conversationCount();
    const res = await upload(learner.token, stereo);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ filename: "call.json", duration_seconds: 8 });
    expect(await conversationCount()).toBe(before); // transcribing stores nothing

    const sent = stt.requests.slice(-2);
    expect(sent.map((r) => r.filename).sort()).toEqual(["call-channel-1.wav", "call-channel-2.wav"]);
    for (const r of sent)
      expect(r).toMatchObject({
        model: "whisper-1",
        format: "verbose_json",
        granularities: ["segment"],
        language: "en",
        auth: "Bearer local-stt-key",
      });

    const preview = await call(previewRoute, {
      method: "POST",
      token: learner.token,
      body: { content: res.json.content },
    });
    expect(preview.status).toBe(200);
    expect(preview.json.format).toBe("json");
    expect(preview.json.turns).toBe(4);
    expect(preview.json.speakers).toEqual([
      expect.objectContaining({ label: "Left channel", turns: 2, sample: PHRASES[300] }),
      expect.objectContaining({ label: "Right channel", turns: 2, sample: PHRASES[400] }),
    ]);

    const created = await call(createRoute, {
      method: "POST",
      token: learner.token,
      body: { content: res.json.content, learner_label: "Left channel", roleplay_id: roleplayId },
    });
    expect(created.status).toBe(201);
    await drainGrades();
    const [row] = await (
      await getDb()
    )
      .select({ status: sql<string>`g.status`, wpm: sql<number | null>`g.wpm` })
      .from(sql`grades g`)
      .where(sql`g.conversation_id = ${created.json.conversation_id}`);
    expect(row.status).toBe("graded");
    expect(row.wpm).not.toBeNull(); // spoken turns with real timings
  });

  it("a mono recording is refused: speech to text cannot say who spoke", async () => {
    process.env.STT_BASE_URL = stt.url;
    const mono = wavOf([toneTrack(2, RATE, [{ from: 0.2, to: 1, hz: 300 }])], RATE);
    const res = await upload(learner.token, mono);
    expect(res.status).toBe(422);
    expect(res.json.detail).toMatch(/mono recording cannot tell the speakers apart/);
  });

  it("audio that is not a PCM WAV is a 415", async () => {
    process.env.STT_BASE_URL = stt.url;
    const res = await upload(learner.token, Buffer.from("ID3\u0003\u0000\u0000\u0000 not really an mp3"), "call.mp3");
    expect(res.status).toBe(415);
    expect(res.json.detail).toMatch(/WAV file/);
  });

  it("without a speech endpoint, audio is a 503 that says what to set", async () => {
    const res = await upload(learner.token, stereo);
    expect(res.status).toBe(503);
    expect(res.json.detail).toMatch(/STT_BASE_URL/);
  });

  it("a recording over the size limit is a 413 before anything is sent", async () => {
    process.env.STT_BASE_URL = stt.url;
    const sentBefore = stt.requests.length;
    await expect(transcribeCall(Buffer.alloc(AUDIO_LIMITS.maxBytes + 1), "big.wav")).rejects.toMatchObject({
      status: 413,
    });
    expect(stt.requests.length).toBe(sentBefore);
  });

  it("a speech server that fails is a 502, and nothing is stored", async () => {
    const failing = await startSttStub(PHRASES, { status: 500 });
    process.env.STT_BASE_URL = failing.url;
    const before = await conversationCount();
    const res = await upload(learner.token, stereo);
    await failing.close();
    expect(res.status).toBe(502);
    expect(res.json.detail).toMatch(/speech service answered 500/);
    expect(await conversationCount()).toBe(before);
  });
});
