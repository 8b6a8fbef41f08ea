import { ArrowLeft } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";

import { UploadForm } from "@/components/real-calls/upload-form";
import { Button } from "@/components/ui/button";
import { requirePageUser } from "@/lib/auth/page";
import { AUDIO_LIMITS } from "@/lib/real-calls/audio";
import { TRANSCRIPT_LIMITS } from "@/lib/real-calls/parse";
import { uploadChoices } from "@/lib/real-calls/service";

export const metadata: Metadata = { title: "Grade a real call" };

export default async function UploadRealCallPage() {
  const user = await requirePageUser();
  const choices = await uploadChoices(user);
  const maxKb = TRANSCRIPT_LIMITS.maxBytes / 1024;
  return (
    <main className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:px-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight">Grade a real call</h1>
          <p className="max-w-prose text-sm text-muted-foreground">
            Upload a call that happened outside Parley. It is graded against a roleplay&apos;s scorecard like a practice
            call and marked &quot;Real call&quot;: it costs no credit and does not count as practice or toward an
            assignment.
          </p>
        </div>
        <Button asChild variant="outline">
          <Link href="/dashboard">
            <ArrowLeft aria-hidden /> Back
          </Link>
        </Button>
      </header>
      <UploadForm choices={choices} maxKb={maxKb} />
      <section aria-labelledby="limits" className="grid gap-1 text-sm text-muted-foreground">
        <h2 id="limits" className="font-medium text-foreground">
          Limits
        </h2>
        <p>
          Transcripts: up to {maxKb} KB, {TRANSCRIPT_LIMITS.maxTurns.toLocaleString("en-US")} turns and{" "}
          {TRANSCRIPT_LIMITS.maxDurationSeconds / 3600} hours between the first and last timestamp.
          {choices.audio &&
            ` Recordings: a 16-bit PCM WAV in stereo (one speaker per channel), up to ${AUDIO_LIMITS.maxBytes / 1024 / 1024} MB and ${AUDIO_LIMITS.maxSeconds / 60} minutes; a mono recording cannot tell speakers apart.`}
        </p>
      </section>
    </main>
  );
}
