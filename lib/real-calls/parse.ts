/**
 * Reads a transcript of a real call into speaker turns: plain text with speaker labels ("Name: text",
 * optional timestamps), WebVTT (voice tags `<v Name>` or "Name:" in cues), SRT with "Name:" in cues,
 * or the grading CLI's JSON. Pure: no I/O, so every format's examples are unit tests. A transcript
 * that cannot be read says why, with a code the API maps to a 4xx.
 */
export const TRANSCRIPT_LIMITS = {
  /** Bytes of an uploaded transcript file. */
  maxBytes: 512 * 1024,
  /** Turns after consecutive lines of one speaker are merged. */
  maxTurns: 2000,
  /** Seconds between the first and the last timestamp. */
  maxDurationSeconds: 3 * 60 * 60,
  maxSpeakerLength: 60,
} as const;

type TranscriptFormat = "text" | "vtt" | "srt" | "json";
type ParsedTurn = { speaker: string; text: string; start: number | null; end: number | null };
type SpeakerSummary = { label: string; turns: number; words: number; sample: string };
export type ParsedTranscript = {
  format: TranscriptFormat;
  turns: ParsedTurn[];
  speakers: SpeakerSummary[];
  /** Seconds from the first to the last timestamp; null for a transcript without timings. */
  duration_seconds: number | null;
  /** Labels that appear in the file but never with any words (so they have no turns). */
  silent: string[];
};

export type ParseErrorCode = "empty" | "too_large" | "binary" | "unknown_format" | "no_turns" | "too_long";
export class TranscriptParseError extends Error {
  constructor(
    readonly code: ParseErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "TranscriptParseError";
  }
}
const fail = (code: ParseErrorCode, message: string): never => {
  throw new TranscriptParseError(code, message);
};

const TIME = String.raw`(?:\d{1,2}:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?`;
const CUE_TIMING = new RegExp(String.raw`^\s*(${TIME})\s*-->\s*(${TIME})`);
const LABEL = String.raw`[\p{L}][\p{L}\p{M}\d .'’_-]{0,59}?`;
// "[00:01:02] Alice: hi", "00:01 Alice: hi", "Alice (00:01:02): hi", "Alice [1:02]: hi", "Alice: hi"
const LABELLED_LINE = new RegExp(
  String.raw`^\s*(?:[\[(]?(${TIME})[\])]?\s*[-–]?\s*)?(${LABEL})\s*(?:[\[(](${TIME})[\])])?\s*:(?!//)(?!\d{2}(?:[.,]\d+)?\s*$)\s*(.*)$`,
  "u",
);
// A speaker line of its own, as Otter and Zoom export: "Alice Smith  0:03" or "Alice Smith:" then the text below.
const SPEAKER_HEADER = new RegExp(String.raw`^\s*(${LABEL})\s*(?::\s*$|\s{1,}[\[(]?(${TIME})[\])]?\s*$)`, "u");
const TIMESTAMP_ONLY = new RegExp(String.raw`^\s*[\[(]?(${TIME})[\])]?\s*$`);
const NOT_A_SPEAKER = /^(?:https?|ftp|mailto|note|notes|re|subject|date|time|fwd|ps|p\.s|e\.g|i\.e)$/i;

/** Seconds of "1:02:03.5", "02:03,500" or "2:03". */
export function secondsOf(value: string): number {
  const parts = value.replace(",", ".").split(":").map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
}

const words = (s: string) => s.split(/\s+/).filter(Boolean).length;
const clean = (s: string) =>
  s
    .replace(/<[^>]*>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, " ")
    .replace(/\s+/g, " ")
    .trim();

function plausibleSpeaker(label: string): boolean {
  const l = label.trim();
  if (!l || l.length > TRANSCRIPT_LIMITS.maxSpeakerLength || NOT_A_SPEAKER.test(l)) return false;
  // A name has at most five words and no sentence inside it.
  return l.split(/\s+/).length <= 5 && !/[.!?]\s/.test(l);
}

/** True for bytes that are not text: NULs, or many control and replacement characters. */
function looksBinary(content: string): boolean {
  if (content.includes("\u0000")) return true;
  const sample = content.slice(0, 4096);
  const odd = sample.match(/[\u0001-\u0008\u000e-\u001f\ufffd]/g)?.length ?? 0;
  return odd > Math.max(2, sample.length * 0.01);
}

type Line = { speaker: string | null; text: string; start: number | null; end: number | null };

/** One turn per run of a speaker; a line without a speaker continues the turn before it. */
function toTurns(lines: Line[]): ParsedTurn[] {
  const turns: ParsedTurn[] = [];
  const spelling = new Map<string, string>();
  for (const line of lines) {
    const text = clean(line.text);
    const key = line.speaker?.toLowerCase();
    if (key && !spelling.has(key)) spelling.set(key, line.speaker!.replace(/\s+/g, " ").trim());
    const speaker = key ? spelling.get(key)! : (turns.at(-1)?.speaker ?? null);
    if (!speaker) continue;
    const last = turns.at(-1);
    if (last && last.speaker === speaker) {
      if (text) last.text = last.text ? `${last.text} ${text}` : text;
      if (line.end !== null) last.end = line.end;
      else if (line.start !== null && last.start === null) last.start = line.start;
      continue;
    }
    turns.push({ speaker, text, start: line.start, end: line.end });
  }
  return turns.filter((t) => t.text.length > 0);
}

function parseCues(content: string, format: "vtt" | "srt"): Line[] {
  const lines: Line[] = [];
  for (const block of content.split(/\r?\n\s*\r?\n/)) {
    const rows = block.split(/\r?\n/);
    const at = rows.findIndex((r) => CUE_TIMING.test(r));
    if (at < 0) continue; // header, NOTE, STYLE or a stray index
    const [, from, to] = rows[at].match(CUE_TIMING)!;
    const start = secondsOf(from);
    const end = secondsOf(to);
    for (const row of rows.slice(at + 1)) {
      if (!row.trim()) continue;
      const voice = format === "vtt" ? row.match(/<v(?:\.[^\s>]*)?\s+([^>]+)>/) : null;
      if (voice) {
        lines.push({ speaker: voice[1].trim(), text: row.replace(/<\/?v[^>]*>/g, ""), start, end });
        continue;
      }
      const labelled = clean(row).match(new RegExp(String.raw`^(?:-\s*)?(${LABEL})\s*:(?!//)\s*(.*)$`, "u"));
      if (labelled && plausibleSpeaker(labelled[1])) {
        lines.push({ speaker: labelled[1], text: labelled[2], start, end });
        continue;
      }
      const bracketed = clean(row).match(/^\[([^\]]{1,60})\]\s*(.*)$/);
      if (bracketed && plausibleSpeaker(bracketed[1]) && !TIMESTAMP_ONLY.test(`[${bracketed[1]}]`)) {
        lines.push({ speaker: bracketed[1], text: bracketed[2], start, end });
        continue;
      }
      lines.push({ speaker: null, text: row, start, end });
    }
  }
  return lines;
}

function parsePlain(content: string): Line[] {
  const lines: Line[] = [];
  let pendingTime: number | null = null;
  for (const row of content.split(/\r?\n/)) {
    if (!row.trim()) continue;
    const stamp = row.match(TIMESTAMP_ONLY);
    if (stamp) {
      pendingTime = secondsOf(stamp[1]);
      continue;
    }
    const labelled = row.match(LABELLED_LINE);
    if (labelled && plausibleSpeaker(labelled[2]) && labelled[4].trim()) {
      const time = labelled[1] ?? labelled[3];
      lines.push({ speaker: labelled[2], text: labelled[4], start: time ? secondsOf(time) : pendingTime, end: null });
      pendingTime = null;
      continue;
    }
    const header = row.match(SPEAKER_HEADER);
    if (header && plausibleSpeaker(header[1])) {
      lines.push({ speaker: header[1], text: "", start: header[2] ? secondsOf(header[2]) : pendingTime, end: null });
      pendingTime = null;
      continue;
    }
    lines.push({ speaker: null, text: row, start: null, end: null });
  }
  return lines;
}

type JsonTurn = { speaker?: unknown; text?: unknown; started_at?: unknown; ended_at?: unknown };

function parseJson(content: string): Line[] {
  let data: unknown;
  try {
    data = JSON.parse(content);
  } catch {
    return fail("unknown_format", "The file looks like JSON but is not valid JSON.");
  }
  const turns = (data as { turns?: unknown } | null)?.turns;
  if (!Array.isArray(turns)) {
    return fail("unknown_format", 'JSON transcripts need a "turns" list, as the grading CLI reads them.');
  }
  const epoch = (v: unknown) =>
    typeof v === "number" ? (v > 1e11 ? v / 1000 : v) : typeof v === "string" ? Date.parse(v) / 1000 : null;
  const lines: Line[] = [];
  for (const [i, turn] of (turns as JsonTurn[]).entries()) {
    if (!turn || typeof turn.speaker !== "string" || typeof turn.text !== "string") {
      return fail("unknown_format", `Turn ${i + 1} needs a "speaker" and a "text".`);
    }
    const start = epoch(turn.started_at);
    const end = epoch(turn.ended_at);
    lines.push({
      speaker: turn.speaker,
      text: turn.text,
      start: Number.isFinite(start) ? start : null,
      end: Number.isFinite(end) ? end : null,
    });
  }
  return lines;
}

export function detectFormat(content: string, filename = ""): TranscriptFormat | null {
  const head = content.trimStart();
  const ext = filename.toLowerCase().split(".").pop() ?? "";
  if (head.startsWith("WEBVTT") || ext === "vtt") return "vtt";
  if (head.startsWith("{") || ext === "json") return "json";
  if (/^\d+\s*\r?\n\s*\d{1,2}:\d{2}:\d{2},\d{3}\s*-->/.test(head) || ext === "srt") return "srt";
  const speaks = (row: string) => {
    const m = row.match(LABELLED_LINE) ?? row.match(SPEAKER_HEADER);
    return m !== null && plausibleSpeaker(m.length > 3 ? m[2] : m[1]);
  };
  if (content.split(/\r?\n/).some(speaks)) return "text";
  return null;
}

/** Relative seconds from the first timing; untimed when fewer than half the turns carry one. */
function timings(turns: ParsedTurn[]): { turns: ParsedTurn[]; duration: number | null } {
  const timed = turns.filter((t) => t.start !== null);
  if (timed.length === 0 || timed.length < turns.length / 2) {
    return { turns: turns.map((t) => ({ ...t, start: null, end: null })), duration: null };
  }
  const origin = Math.min(...timed.map((t) => t.start!));
  let clock = 0;
  const out = turns.map((t, i) => {
    const start = t.start !== null ? Math.max(clock, t.start - origin) : clock;
    const nextStart = turns.slice(i + 1).find((n) => n.start !== null)?.start;
    // A turn without an end lasts until the next one starts, or as long as its words take at 150 a minute.
    const spoken = (words(t.text) / 150) * 60;
    const end =
      t.end !== null
        ? Math.max(start, t.end - origin)
        : nextStart != null
          ? Math.max(start, nextStart - origin)
          : start + spoken;
    clock = start;
    return { ...t, start, end };
  });
  const duration = Math.max(...out.map((t) => t.end!));
  return { turns: out, duration: Math.round(duration) };
}

function summarise(turns: ParsedTurn[]): SpeakerSummary[] {
  const by = new Map<string, SpeakerSummary>();
  for (const t of turns) {
    const s = by.get(t.speaker) ?? { label: t.speaker, turns: 0, words: 0, sample: "" };
    s.turns += 1;
    s.words += words(t.text);
    // The sample is the speaker's first line of some substance, cut at 160 characters.
    if (!s.sample || (words(s.sample) < 4 && words(t.text) >= 4)) {
      s.sample = t.text.length > 160 ? `${t.text.slice(0, 157)}...` : t.text;
    }
    by.set(t.speaker, s);
  }
  return [...by.values()];
}

/** Parses a transcript file's text; throws TranscriptParseError with a reason a person can act on. */
export function parseTranscript(content: string, filename?: string): ParsedTranscript {
  if (Buffer.byteLength(content, "utf8") > TRANSCRIPT_LIMITS.maxBytes) {
    fail("too_large", `The transcript is larger than ${TRANSCRIPT_LIMITS.maxBytes / 1024} KB.`);
  }
  if (!content.trim()) fail("empty", "The file is empty.");
  if (looksBinary(content)) {
    fail("binary", "This is not a text transcript. Upload plain text, WebVTT, SRT or JSON (or audio, when enabled).");
  }
  const text = content.replace(/^\uFEFF/, "");
  const format = detectFormat(text, filename);
  if (!format) {
    return fail(
      "unknown_format",
      'No speaker labels found. Each line should start with who spoke, e.g. "Alex: Thanks for your time."',
    );
  }
  const lines = format === "json" ? parseJson(text) : format === "text" ? parsePlain(text) : parseCues(text, format);
  const merged = toTurns(lines);
  if (merged.length === 0) {
    fail(
      "no_turns",
      format === "vtt" || format === "srt"
        ? 'No cue names its speaker: use voice tags (<v Alex>) or "Alex:" at the start of a cue.'
        : "No turns with a speaker and some words were found.",
    );
  }
  if (merged.length > TRANSCRIPT_LIMITS.maxTurns) {
    fail("too_long", `The transcript has ${merged.length} turns; at most ${TRANSCRIPT_LIMITS.maxTurns} are graded.`);
  }
  const { turns, duration } = timings(merged);
  if (duration !== null && duration > TRANSCRIPT_LIMITS.maxDurationSeconds) {
    fail("too_long", `The call lasts over ${TRANSCRIPT_LIMITS.maxDurationSeconds / 3600} hours; upload a shorter one.`);
  }
  const speaking = new Set(turns.map((t) => t.speaker.toLowerCase()));
  const silent = [
    ...new Map(
      lines
        .filter((l) => l.speaker && !speaking.has(l.speaker.toLowerCase()))
        .map((l) => [l.speaker!.toLowerCase(), l.speaker!.trim()]),
    ).values(),
  ];
  return { format, turns, speakers: summarise(turns), duration_seconds: duration, silent };
}
