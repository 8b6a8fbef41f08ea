import { describe, expect, it } from "vitest";

import { detectFormat, parseTranscript, secondsOf, TranscriptParseError } from "@/lib/real-calls/parse";

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof TranscriptParseError) return err.code;
    throw err;
  }
  return "parsed";
};

describe("transcripts that must parse", () => {
  const cases: { name: string; file?: string; content: string; speakers: string[]; turns: number; timed: boolean }[] = [
    {
      name: "plain text with labels",
      content:
        "Sam: Hi Dana, thanks for making time.\nDana: Sure, what is this about?\nSam: How do you handle invoices today?",
      speakers: ["Sam", "Dana"],
      turns: 3,
      timed: false,
    },
    {
      name: "plain text with bracketed timestamps and wrapped lines",
      content:
        "[00:00:03] Sam Lee: Hi Dana,\nthanks for making time.\n[00:00:09] Dana Ortiz: Sure.\n[00:00:12] Sam Lee: What happens when an invoice is late?",
      speakers: ["Sam Lee", "Dana Ortiz"],
      turns: 3,
      timed: true,
    },
    {
      name: "a timestamp after the name",
      content: "Sam (0:03): Hi there.\nDana (0:07): Hello.\nSam (0:10): How is the quarter going?",
      speakers: ["Sam", "Dana"],
      turns: 3,
      timed: true,
    },
    {
      name: "Otter style: a speaker line, then the text",
      content: "Sam Lee  0:03\nHi Dana, thanks for your time.\n\nDana Ortiz  0:09\nNo problem at all.\n",
      speakers: ["Sam Lee", "Dana Ortiz"],
      turns: 2,
      timed: true,
    },
    {
      name: "a non-Latin and accented name",
      content: "José: Buenos días, how are things?\n李明: Busy, the audits are killing us.",
      speakers: ["José", "李明"],
      turns: 2,
      timed: false,
    },
    {
      name: "WebVTT with voice tags, cues of one speaker merged",
      content:
        "WEBVTT\n\n1\n00:00:01.000 --> 00:00:03.500\n<v Sam>Hi Dana.</v>\n\n2\n00:00:03.600 --> 00:00:05.000\n<v Sam>How are things?\n\n00:00:05.500 --> 00:00:08.000\n<v.buyer Dana>Busy, honestly.\n",
      speakers: ["Sam", "Dana"],
      turns: 2,
      timed: true,
    },
    {
      name: "WebVTT with names in the cue text",
      content:
        "WEBVTT\n\nNOTE exported\n\n00:01.000 --> 00:03.000\nSam: Hi.\n\n00:03.000 --> 00:06.000\nDana: Hello there.\n",
      speakers: ["Sam", "Dana"],
      turns: 2,
      timed: true,
    },
    {
      name: "SRT with speakers",
      content:
        "1\n00:00:01,000 --> 00:00:04,000\nSam: Hi Dana, how are you?\n\n2\n00:00:04,500 --> 00:00:07,000\nDana: Fine, thanks.\n\n3\n00:00:07,500 --> 00:00:09,000\n[Sam] What does month end look like?\n",
      speakers: ["Sam", "Dana"],
      turns: 3,
      timed: true,
    },
    {
      name: "the grading CLI's JSON",
      content: JSON.stringify({
        persona: { name: "Dana" },
        turns: [
          { speaker: "learner", text: "How do you close the books?" },
          { speaker: "persona", text: "By hand, mostly." },
        ],
      }),
      speakers: ["learner", "persona"],
      turns: 2,
      timed: false,
    },
    {
      name: "JSON with names and ISO timings",
      content: JSON.stringify({
        turns: [
          { speaker: "Sam", text: "Hello", started_at: "2025-01-01T10:00:00Z", ended_at: "2025-01-01T10:00:02Z" },
          { speaker: "Dana", text: "Hi", started_at: "2025-01-01T10:00:03Z", ended_at: "2025-01-01T10:00:04Z" },
        ],
      }),
      speakers: ["Sam", "Dana"],
      turns: 2,
      timed: true,
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const parsed = parseTranscript(c.content, c.file);
      expect(parsed.speakers.map((s) => s.label)).toEqual(c.speakers);
      expect(parsed.turns).toHaveLength(c.turns);
      expect(parsed.duration_seconds !== null).toBe(c.timed);
      for (const s of parsed.speakers) expect(s.sample.length).toBeGreaterThan(0);
    });
  }

  it("labels match whatever their case, and keep the first spelling", () => {
    const parsed = parseTranscript("SAM: hi\ndana: hello\nSam: how are you?");
    expect(parsed.speakers.map((s) => [s.label, s.turns])).toEqual([
      ["SAM", 2],
      ["dana", 1],
    ]);
  });

  it("timings start at zero and each turn ends when the next begins", () => {
    const parsed = parseTranscript("[10:00] Sam: Hello there Dana.\n[10:05] Dana: Hi.\n[10:20] Sam: So.");
    expect(parsed.turns.map((t) => [t.start, t.end])).toEqual([
      [0, 5],
      [5, 20],
      [20, 20.4],
    ]);
    expect(parsed.duration_seconds).toBe(20);
  });

  it("a sample is a line of some substance", () => {
    const parsed = parseTranscript("Sam: Hi.\nDana: Hello.\nSam: What does your team spend most time on?");
    expect(parsed.speakers[0].sample).toBe("What does your team spend most time on?");
  });

  it("names the labels that never say anything", () => {
    expect(parseTranscript("Sam:\nDana: Hello there.\nDana: Anyone?").silent).toEqual(["Sam"]);
    expect(parseTranscript("Sam: Hi.\nDana: Hello.").silent).toEqual([]);
  });

  it("reads clock times", () => {
    expect(secondsOf("1:02:03.5")).toBe(3723.5);
    expect(secondsOf("02:03,250")).toBe(123.25);
    expect(secondsOf("0:07")).toBe(7);
  });
});

describe("files that must not parse", () => {
  const cases: { name: string; content: string; code: string }[] = [
    { name: "an empty file", content: "", code: "empty" },
    { name: "only whitespace", content: "  \n\n\t ", code: "empty" },
    {
      name: "prose without speakers",
      content: "We met on Tuesday and talked about the budget.\nIt went well.",
      code: "unknown_format",
    },
    { name: "a list of links", content: "https://example.com/a\nhttps://example.com/b", code: "unknown_format" },
    { name: "binary junk", content: "\u0000\u0001PK\u0003\u0004\u0000\u0000binary", code: "binary" },
    { name: "mostly control characters", content: "\u0001\u0002\u0003\u0004\u0005\u0006 Sam: hi", code: "binary" },
    {
      name: "WebVTT without speakers",
      content: "WEBVTT\n\n00:01.000 --> 00:03.000\nhello there\n\n00:03.000 --> 00:05.000\nhi\n",
      code: "no_turns",
    },
    { name: "SRT without speakers", content: "1\n00:00:01,000 --> 00:00:02,000\nhello\n", code: "no_turns" },
    { name: "JSON that is not a transcript", content: '{"hello": "world"}', code: "unknown_format" },
    { name: "broken JSON", content: '{"turns": [', code: "unknown_format" },
    { name: "JSON turns without text", content: '{"turns": [{"speaker": "Sam"}]}', code: "unknown_format" },
    { name: "labels with nothing said", content: "Sam:\nDana:\n", code: "no_turns" },
    { name: "over the size limit", content: `Sam: ${"word ".repeat(120_000)}`, code: "too_large" },
    {
      name: "a call longer than three hours",
      content: "[00:00:00] Sam: Hi.\n[03:30:00] Dana: Bye.",
      code: "too_long",
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(code(() => parseTranscript(c.content))).toBe(c.code);
    });
  }

  it("a sentence with a colon is not a speaker", () => {
    expect(detectFormat("The plan is simple. Here it is: we call them back.")).toBeNull();
  });
});
