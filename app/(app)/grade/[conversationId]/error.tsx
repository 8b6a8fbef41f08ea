"use client";

import { RotateCw } from "lucide-react";
import { useEffect } from "react";

import { GradeHeader } from "@/components/grade/grade-header";
import { GradeMessage } from "@/components/grade/grade-message";
import { Button } from "@/components/ui/button";
import { redirectIfAuthError } from "@/lib/client/api";

export default function GradeError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    console.error(error);
    redirectIfAuthError(error);
  }, [error]);
  return (
    <main className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-8 sm:px-6">
      <GradeHeader />
      <GradeMessage
        kind="error"
        title="Error Loading Grade"
        actions={
          <Button onClick={reset}>
            <RotateCw aria-hidden /> Try Again
          </Button>
        }
      >
        Failed to load conversation grade
      </GradeMessage>
    </main>
  );
}
