import type { Metadata } from "next";

import { GradeHeader } from "@/components/grade/grade-header";
import { GradeMessage } from "@/components/grade/grade-message";

export const metadata: Metadata = { title: "Conversation Grade" };

/** /grade without an id. */
export default function GradeWithoutId() {
  return (
    <main className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-8 sm:px-6">
      <GradeHeader />
      <GradeMessage kind="error" title="Error Loading Grade">
        No conversation ID provided
      </GradeMessage>
    </main>
  );
}
