import { Badge } from "@/components/ui/badge";

import { GlowBackground } from "./glow-background";

const SAMPLE_STATS = [
  { value: "+15 pts", label: "average score gain after ten roleplays" },
  { value: "12 min", label: "typical length of one practice call" },
  { value: "4×", label: "more practice reps than live role-play sessions" },
  { value: "24/7", label: "personas ready whenever you are" },
];

/** Illustrative numbers only: the page says so, in words, next to them. */
export function SampleStats() {
  return (
    <section aria-labelledby="stats-title" className="relative isolate overflow-hidden border-y bg-muted/30">
      <GlowBackground size="medium" className="top-1/2 -translate-y-1/2" />
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <Badge variant="outline" className="bg-background">
            Sample figures
          </Badge>
          <h2 id="stats-title" className="mt-4 text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
            What a steady practice habit can look like
          </h2>
          <p className="mt-3 text-sm text-muted-foreground">
            Illustrative numbers that show what Parley tracks for you. They are examples, not measured results.
          </p>
        </div>
        <dl className="mt-12 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {SAMPLE_STATS.map((s) => (
            <div
              key={s.label}
              className="flex flex-col-reverse justify-end rounded-xl border bg-card/80 p-4 text-center shadow-xs backdrop-blur sm:p-6"
            >
              <dt className="mt-2 text-sm text-muted-foreground">{s.label}</dt>
              <dd className="text-2xl font-semibold tracking-tight whitespace-nowrap text-primary tabular-nums sm:text-4xl">
                {s.value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
