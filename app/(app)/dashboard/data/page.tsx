import { Download, FileJson, FileSpreadsheet } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";

import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { requirePageUser } from "@/lib/auth/page";

export const metadata: Metadata = { title: "Your data" };

const EXPORT = "/api/protected/account/export";

/** Every signed-in person downloads what Parley holds about them (GET /api/protected/account/export). */
export default async function YourDataPage() {
  const user = await requirePageUser();
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <header className="space-y-1">
        <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
          <Download className="size-6 text-primary" aria-hidden />
          Your data
        </h1>
        <p className="text-sm text-muted-foreground">
          Download everything Parley holds about {user.name || user.email}.
        </p>
      </header>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 className="text-lg">What the download holds</h2>
          </CardTitle>
          <CardDescription>
            Your account (name, email, when you joined), your organizations, groups and roles, your sign-in links
            (single sign-on, LMS), when your sessions started and ended, your credits, and every call you made: its
            transcript, grade, scorecard, and what instructors wrote about it (reviews, comments on your lines,
            criterion reviews, shown with the instructor&apos;s name). It holds no password, key or token, and nothing
            about other learners. Transcripts your organization deleted under its retention policy are listed as
            deleted.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-3">
          <Button asChild className="max-sm:w-full">
            <a href={`${EXPORT}?format=json`} download>
              <FileJson aria-hidden /> Download JSON
            </a>
          </Button>
          <Button asChild variant="outline" className="max-sm:w-full">
            <a href={`${EXPORT}?format=csv`} download>
              <FileSpreadsheet aria-hidden /> Download CSV
            </a>
          </Button>
        </CardContent>
      </Card>
      <p className="text-sm text-muted-foreground">
        To have your account deleted, ask an admin of your organization; they can delete it from the organization&apos;s
        Data and privacy page. Each download is recorded in your organization&apos;s audit log.{" "}
        <Link href="/dashboard" className="text-primary underline-offset-4 hover:underline">
          Back to Dashboard
        </Link>
      </p>
    </main>
  );
}
