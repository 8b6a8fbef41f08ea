import type { Metadata } from "next";

import { GlowBackground } from "@/components/marketing/glow-background";
import { WaitlistForm } from "@/components/marketing/waitlist-form";

export const metadata: Metadata = { title: "Join the waitlist" };

export default function WaitlistPage() {
  return (
    <section className="relative isolate overflow-hidden px-4 py-12 sm:px-6 sm:py-20">
      <GlowBackground size="medium" className="-top-24" />
      <div className="mx-auto max-w-xl rounded-2xl border bg-card p-6 shadow-lg shadow-primary/5 sm:p-10">
        <WaitlistForm />
      </div>
    </section>
  );
}
