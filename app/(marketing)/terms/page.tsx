import type { Metadata } from "next";
import { connection } from "next/server";

import { BackButton } from "@/components/marketing/back-button";
import { termsSections } from "@/components/marketing/terms-sections";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "Terms of Service" };

export default async function TermsPage() {
  await connection();
  const sections = termsSections(env().SUPPORT_EMAIL);
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <BackButton />
      <header className="mt-6 border-b pb-6">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Terms of Service</h1>
        <p className="mt-2 text-sm text-muted-foreground">Last updated: September 9, 2025</p>
      </header>
      <ol className="mt-8 space-y-10">
        {sections.map((section, i) => (
          <li key={section.title}>
            <section aria-labelledby={`terms-${i + 1}`}>
              <h2 id={`terms-${i + 1}`} className="text-xl font-semibold tracking-tight">
                {i + 1}. {section.title}
              </h2>
              <div className="mt-3 space-y-3 leading-relaxed text-muted-foreground [&_li]:pl-1 [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-5">
                {section.body}
              </div>
            </section>
          </li>
        ))}
      </ol>
    </article>
  );
}
