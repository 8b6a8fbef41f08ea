"use client";

import { CircleAlert, FileText, Loader2, Upload } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";

import { selectClass } from "@/components/roleplay-form/criterion-fields";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { api, ApiError, apiErrorOf, redirectIfAuthError } from "@/lib/client/api";
import { getToken } from "@/lib/client/storage";

type Speaker = { label: string; turns: number; words: number; sample: string };
type Preview = { format: string; turns: number; duration_seconds: number | null; speakers: Speaker[] };
type Choices = {
  roleplays: { id: string; name: string }[];
  learners: { id: string; name: string; email: string }[] | null;
  audio: boolean;
};

const TRANSCRIPT_TYPES = ".txt,.vtt,.srt,.json,text/plain,text/vtt,application/json";
const FORMAT_NAME: Record<string, string> = { text: "Labelled text", vtt: "WebVTT", srt: "SRT", json: "JSON" };
const isAudio = (f: File) => f.type.startsWith("audio/") || /\.(wav|wave)$/i.test(f.name);
const minutes = (s: number | null) => (s === null ? "no timings" : `${Math.max(1, Math.round(s / 60))} min`);

/** A recording goes to the speech endpoint first; the answer is a transcript like any other. */
async function transcribe(file: File): Promise<{ content: string; filename: string }> {
  const form = new FormData();
  form.append("audio", file);
  const token = getToken();
  const res = await fetch("/api/protected/real-calls/transcribe", {
    method: "POST",
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  }).catch(() => {
    throw new ApiError(0, "Network error");
  });
  const data = await res.json().catch(() => null);
  if (!res.ok) throw apiErrorOf(res, data);
  return data;
}

/** Two steps: read the file and show its speakers; then say who the learner is and which scorecard applies. */
export function UploadForm({ choices, maxKb }: { choices: Choices; maxKb: number }) {
  const router = useRouter();
  const id = useId();
  const [content, setContent] = useState("");
  const [filename, setFilename] = useState<string | undefined>();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [learnerLabel, setLearnerLabel] = useState("");
  const [roleplayId, setRoleplayId] = useState(choices.roleplays[0]?.id ?? "");
  const [learnerId, setLearnerId] = useState("");
  const [busy, setBusy] = useState<"reading" | "grading" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pasted, setPasted] = useState("");

  const fail = (err: unknown) => {
    if (redirectIfAuthError(err)) return;
    setError(err instanceof Error ? err.message : "Failed to upload the call");
  };

  async function read(text: string, name?: string) {
    setError(null);
    setBusy("reading");
    try {
      const found = await api<Preview>("/api/protected/real-calls/preview", {
        method: "POST",
        body: { content: text, filename: name },
      });
      setContent(text);
      setFilename(name);
      setPreview(found);
      setLearnerLabel(found.speakers[0]?.label ?? "");
    } catch (err) {
      setPreview(null);
      fail(err);
    } finally {
      setBusy(null);
    }
  }

  async function onFile(file: File | undefined) {
    if (!file) return;
    if (isAudio(file)) {
      if (!choices.audio) {
        setError("Audio upload is not set up on this server (STT_BASE_URL): upload a transcript instead.");
        return;
      }
      setBusy("reading");
      setError(null);
      try {
        const transcript = await transcribe(file);
        await read(transcript.content, transcript.filename);
      } catch (err) {
        setBusy(null);
        fail(err);
      }
      return;
    }
    if (file.size > maxKb * 1024) {
      setError(`The transcript is larger than ${maxKb} KB.`);
      return;
    }
    await read(await file.text(), file.name);
  }

  async function grade() {
    setError(null);
    setBusy("grading");
    try {
      const created = await api<{ conversation_id: string }>("/api/protected/real-calls", {
        method: "POST",
        body: {
          content,
          filename,
          learner_label: learnerLabel,
          roleplay_id: roleplayId,
          ...(learnerId ? { learner_id: learnerId } : {}),
        },
      });
      router.push(`/grade/${created.conversation_id}`);
    } catch (err) {
      setBusy(null);
      fail(err);
    }
  }

  return (
    <div className="grid gap-6">
      {error && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden />
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>1. The call</h2>
          </CardTitle>
          <CardDescription>
            A transcript with speaker labels: plain text (&quot;Name: what they said&quot;, timestamps optional), WebVTT
            or SRT with speakers, or the grading CLI&apos;s JSON.
            {choices.audio
              ? " Or a stereo WAV recording with one speaker per channel."
              : " Audio upload is off on this server (no speech endpoint)."}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-file`}>Transcript{choices.audio ? " or recording" : ""} file</Label>
            <input
              id={`${id}-file`}
              type="file"
              accept={choices.audio ? `${TRANSCRIPT_TYPES},.wav,audio/wav` : TRANSCRIPT_TYPES}
              disabled={busy !== null}
              onChange={(e) => onFile(e.target.files?.[0])}
              className="block w-full text-sm file:mr-3 file:h-11 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:text-sm file:font-medium sm:file:h-9"
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-paste`}>Or paste the transcript</Label>
            <Textarea
              id={`${id}-paste`}
              rows={5}
              value={pasted}
              onChange={(e) => setPasted(e.target.value)}
              placeholder={"Alex: Thanks for taking the call.\nDana: Sure, what is it about?"}
            />
            <div>
              <Button
                type="button"
                variant="outline"
                disabled={busy !== null || !pasted.trim()}
                onClick={() => read(pasted)}
              >
                <FileText aria-hidden /> Read transcript
              </Button>
            </div>
          </div>
          {busy === "reading" && (
            <p role="status" className="inline-flex items-center gap-2 text-sm text-muted-foreground">
              <Loader2 aria-hidden className="size-4 animate-spin" /> Reading the call...
            </p>
          )}
        </CardContent>
      </Card>

      {preview && (
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>2. Who is the learner?</h2>
            </CardTitle>
            <CardDescription>
              {FORMAT_NAME[preview.format] ?? preview.format} · {preview.turns} {preview.turns === 1 ? "turn" : "turns"}{" "}
              · {minutes(preview.duration_seconds)}. Every other speaker is the buyer&apos;s side.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5">
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">Speakers found</legend>
              {preview.speakers.map((s) => (
                <label
                  key={s.label}
                  className="flex cursor-pointer items-start gap-3 rounded-md border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5"
                >
                  <input
                    type="radio"
                    name={`${id}-speaker`}
                    value={s.label}
                    checked={learnerLabel === s.label}
                    onChange={() => setLearnerLabel(s.label)}
                    className="mt-1 size-4 accent-primary"
                  />
                  <span className="grid min-w-0 gap-0.5">
                    <span className="font-medium">
                      {s.label}{" "}
                      <span className="font-normal text-muted-foreground">
                        · {s.turns} {s.turns === 1 ? "turn" : "turns"}, {s.words} words
                      </span>
                    </span>
                    <span className="text-sm break-words text-muted-foreground">&ldquo;{s.sample}&rdquo;</span>
                  </span>
                </label>
              ))}
            </fieldset>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-roleplay`}>Scorecard of roleplay</Label>
              {choices.roleplays.length === 0 ? (
                <p className="text-sm text-muted-foreground">
                  No roleplay to grade against: ask an instructor for access to one.
                </p>
              ) : (
                <select
                  id={`${id}-roleplay`}
                  className={selectClass}
                  value={roleplayId}
                  onChange={(e) => setRoleplayId(e.target.value)}
                >
                  {choices.roleplays.map((r) => (
                    <option key={r.id} value={r.id}>
                      {r.name}
                    </option>
                  ))}
                </select>
              )}
            </div>
            {choices.learners && (
              <div className="grid gap-2">
                <Label htmlFor={`${id}-learner`}>Whose call is it?</Label>
                <select
                  id={`${id}-learner`}
                  className={selectClass}
                  value={learnerId}
                  onChange={(e) => setLearnerId(e.target.value)}
                >
                  <option value="">My own call</option>
                  {choices.learners.map((l) => (
                    <option key={l.id} value={l.id}>
                      {l.name} ({l.email})
                    </option>
                  ))}
                </select>
              </div>
            )}
            <div>
              <Button
                type="button"
                onClick={grade}
                disabled={busy !== null || !learnerLabel || !roleplayId}
                className="w-full sm:w-auto"
              >
                {busy === "grading" ? <Loader2 aria-hidden className="animate-spin" /> : <Upload aria-hidden />}
                {busy === "grading" ? "Uploading..." : "Grade this call"}
              </Button>
            </div>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
