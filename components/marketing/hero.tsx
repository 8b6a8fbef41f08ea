import { ArrowRight } from "lucide-react";
import Link from "next/link";

import { Button } from "@/components/ui/button";

import { GlowBackground } from "./glow-background";
import { ProductPreview } from "./product-preview";
import { RotatingWord } from "./rotating-word";

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <GlowBackground size="large" className="-top-20" />
      <div className="mx-auto max-w-6xl px-4 pt-16 pb-20 text-center sm:px-6 sm:pt-24">
        <p className="mx-auto inline-flex items-center gap-2 rounded-full border bg-background/70 px-3 py-1 text-xs font-medium text-muted-foreground shadow-xs">
          <span className="size-1.5 rounded-full bg-success" aria-hidden />
          Voice roleplay practice with AI personas
        </p>
        <h1
          id="hero-title"
          className="mx-auto mt-6 max-w-4xl text-4xl font-semibold tracking-tight text-balance sm:text-6xl"
        >
          Nail your next{" "}
          <span className="block sm:inline">
            <RotatingWord className="bg-gradient-to-r from-primary to-[oklch(0.55_0.2_300)] bg-clip-text text-transparent" />
            .
          </span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-base text-pretty sm:text-lg text-muted-foreground">
          Rehearse it out loud with an AI persona that pushes back like the real person would. Then get an honest,
          specific grade on what you asked, how you listened and what to try next time.
        </p>
        <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Button asChild size="lg" className="w-full sm:w-auto">
            <Link href="/auth">
              Get Started Now
              <ArrowRight aria-hidden />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline" className="w-full bg-background/70 sm:w-auto">
            <Link href="/waitlist">Join the waitlist</Link>
          </Button>
        </div>
        <ProductPreview />
      </div>
    </section>
  );
}
