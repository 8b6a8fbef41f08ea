import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { Progress } from "@/lib/dashboard/progress";

import { ScoreTable } from "./score-table";
import { ScoreText } from "./score-text";
import { ScoreTrend } from "./score-trend";

const day = (iso: string) => new Date(iso).toLocaleDateString("en-US", { month: "short", day: "numeric" });

/** The learner's own progress: score over time and best score per roleplay. */
export function YourProgress({ progress }: { progress: Progress }) {
  const { points, best } = progress;
  return (
    <Card aria-labelledby="your-progress">
      <CardHeader>
        <CardTitle>
          <h2 id="your-progress">Your progress</h2>
        </CardTitle>
        <CardDescription>
          {points.length === 0
            ? "Your scores appear here once a practice conversation is graded."
            : `Score of each graded conversation, oldest first (dashed lines: 60 and 80).`}
        </CardDescription>
      </CardHeader>
      {points.length > 0 ? (
        <CardContent className="grid gap-6 md:grid-cols-[3fr_2fr]">
          <figure className="grid min-w-0 gap-2">
            <ScoreTrend points={points} />
            <figcaption className="text-sm text-muted-foreground">
              {points.length} graded conversation{points.length === 1 ? "" : "s"}, from {day(points[0].started_at)} to{" "}
              {day(points[points.length - 1].started_at)}; latest <ScoreText score={points[points.length - 1].score} />.
            </figcaption>
            <ScoreTable points={points} />
          </figure>
          <div className="min-w-0">
            <h3 className="mb-2 text-sm font-medium">Best score per roleplay</h3>
            <ul className="grid grid-cols-[minmax(0,1fr)] gap-2">
              {best.map((b) => (
                <li
                  key={b.schema_name}
                  className="flex min-w-0 items-center justify-between gap-3 rounded-md border bg-background px-3 py-2 text-sm"
                >
                  <span className="min-w-0 truncate">{b.schema_name}</span>
                  <span className="shrink-0 text-right">
                    <ScoreText score={b.best} className="text-base" />
                    <span className="block text-xs text-muted-foreground">
                      {b.attempts} graded {b.attempts === 1 ? "attempt" : "attempts"}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
        </CardContent>
      ) : null}
    </Card>
  );
}
