import { ScoreText } from "@/components/dashboard/score-text";
import { Card, CardContent } from "@/components/ui/card";
import type { CohortSummary as Summary } from "@/lib/organizations/cohort";

import { TimeZoneSetting } from "./time-zone-setting";

/** The top of /organization: who is practising, how the cohort scores, and each assignment's pass rate. */
export function CohortSummary({ summary, needHelp }: { summary: Summary; needHelp: number }) {
  const figures: [string, React.ReactNode, string?][] = [
    [
      "Active learners (7 days)",
      <span key="a" className="tabular-nums">
        {summary.active_7d} <span className="text-base font-normal text-muted-foreground">of {summary.learners}</span>
      </span>,
    ],
    ["Median score", <ScoreText key="m" score={summary.median_score} />, "of learners' averages"],
    ["Average score", <ScoreText key="v" score={summary.average_score} />, "of learners' averages"],
    [
      "Need attention",
      <span key="n" className={needHelp ? "text-destructive tabular-nums" : "tabular-nums"}>
        {needHelp}
      </span>,
      "learners with a flag below",
    ],
  ];
  return (
    <section aria-labelledby="cohort-summary" className="grid gap-3">
      <h2 id="cohort-summary" className="sr-only">
        Cohort summary
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {figures.map(([label, value, hint]) => (
          <Card key={label} className="gap-1 py-4">
            <CardContent className="grid gap-1">
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="text-2xl font-semibold">{value}</dd>
              {hint ? <dd className="text-xs text-muted-foreground">{hint}</dd> : null}
            </CardContent>
          </Card>
        ))}
      </dl>
      {summary.pass_rates.length ? (
        <Card className="gap-2 py-4">
          <CardContent>
            <h3 className="mb-2 text-sm font-medium">Pass rate per assignment</h3>
            <ul className="grid gap-2 sm:grid-cols-2">
              {summary.pass_rates.map((p) => (
                <li key={p.assignment_id} className="grid gap-1 text-sm">
                  <div className="flex justify-between gap-2">
                    <span className="truncate">{p.schema_name}</span>
                    <span className="shrink-0 tabular-nums">
                      {p.pass_rate === null ? "—" : `${p.pass_rate}%`}{" "}
                      <span className="text-muted-foreground">
                        ({p.passed}/{p.assigned})
                      </span>
                    </span>
                  </div>
                  <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden>
                    <div className="h-full rounded-full bg-success" style={{ width: `${p.pass_rate ?? 0}%` }} />
                  </div>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}
      <TimeZoneSetting zone={summary.time_zone} />
    </section>
  );
}
