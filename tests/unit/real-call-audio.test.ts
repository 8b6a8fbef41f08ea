import { describe, expect, it } from "vitest";

import { channelWav, durationOf, readWav } from "@/lib/real-calls/audio";

import { toneTrack, wavOf } from "../helpers/stt-stub";

const status = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return (err as { status?: number }).status;
  }
  return 200;
};

describe("reading a call recording", () => {
  it("reads a stereo 16-bit WAV and splits it into one mono WAV per channel", () => {
    const left = toneTrack(1, 8000, [{ from: 0, to: 0.5, hz: 300 }]);
    const right = toneTrack(1, 8000, [{ from: 0.5, to: 1, hz: 600 }]);
    const wav = readWav(wavOf([left, right], 8000));
    expect(wav).toMatchObject({ channels: 2, sampleRate: 8000, bitsPerSample: 16 });
    expect(durationOf(wav)).toBe(1);
    const l = readWav(channelWav(wav, 0));
    const r = readWav(channelWav(wav, 1));
    expect([l.channels, r.channels]).toEqual([1, 1]);
    // The left channel speaks in the first half only, the right one in the second.
    const loud = (w: typeof l, from: number, to: number) => {
      let peak = 0;
      for (let i = from; i < to; i++) peak = Math.max(peak, Math.abs(w.data.readInt16LE(i * 2)));
      return peak > 1000;
    };
    expect([loud(l, 0, 4000), loud(l, 4000, 8000)]).toEqual([true, false]);
    expect([loud(r, 0, 4000), loud(r, 4000, 8000)]).toEqual([false, true]);
  });

  it("skips chunks it does not need (LIST metadata) before the samples", () => {
    const plain = wavOf([toneTrack(0.1, 8000, []), toneTrack(0.1, 8000, [])], 8000);
    const list = Buffer.concat([Buffer.from("LIST"), Buffer.from([4, 0, 0, 0]), Buffer.from("INFO")]);
    const withList = Buffer.concat([plain.subarray(0, 36), list, plain.subarray(36)]);
    expect(readWav(withList).channels).toBe(2);
  });

  const refused: [string, Buffer][] = [
    ["an MP3", Buffer.from("ID3\u0003\u0000\u0000\u0000\u0000\u0000\u0000 frames follow".padEnd(64, "x"))],
    ["a text file", Buffer.from("Sam: hello\nDana: hi\n".padEnd(64, " "))],
    [
      "float samples (format 3)",
      (() => {
        const b = wavOf([toneTrack(0.1, 8000, [])], 8000);
        b.writeUInt16LE(3, 20);
        return b;
      })(),
    ],
    [
      "8-bit samples",
      (() => {
        const b = wavOf([toneTrack(0.1, 8000, [])], 8000);
        b.writeUInt16LE(8, 34);
        return b;
      })(),
    ],
    ["a header with no samples", wavOf([toneTrack(0.1, 8000, [])], 8000).subarray(0, 36)],
  ];
  for (const [name, bytes] of refused)
    it(`refuses ${name} with 415`, () => expect(status(() => readWav(bytes))).toBe(415));
});
