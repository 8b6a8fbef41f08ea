import Link from "next/link";

import { Button } from "@/components/ui/button";

import { GlowBackground } from "./glow-background";

export function ClosingCta() {
  return (
    <section aria-labelledby="cta-title" className="relative isolate overflow-hidden">
      <GlowBackground size="small" className="top-8" />
      <div className="mx-auto max-w-3xl px-4 py-24 text-center sm:px-6">
        <h2 id="cta-title" className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
          Bring Parley to your cohort or team
        </h2>
        <p className="mt-4 text-muted-foreground">
          We are opening Parley to more organisations, classrooms and coaches. Tell us what you want to practise and we
          will get in touch.
        </p>
        <Button asChild size="lg" className="mt-8">
          <Link href="/waitlist">Request pilot access</Link>
        </Button>
      </div>
    </section>
  );
}
