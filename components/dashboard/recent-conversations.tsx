import Link from "next/link";
import { scoreBand, type ScoreBand } from "@/components/grade/score-band";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ScrollArea } from "@/components/ui/scroll-area";
import type { Dashboard } from "@/lib/dashboard/service";
import { cn } from "@/lib/utils";

const when = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });

/** Spec section 4 grade bands (one rule, shared with the grade page); the number is always shown. */
const BAND_TEXT: Record<ScoreBand, string> = {
  green: "text-success",
  yellow: "text-warning",
  red: "text-destructive",
  grey: "text-muted-foreground",
};
const band = (score: number) => BAND_TEXT[scoreBand(score)];

export function RecentConversations({ conversations }: { conversations: Dashboard["conversations"] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Recent Conversations</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {conversations.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No activities yet</p>
        ) : (
          <ScrollArea className="max-h-96" aria-label="Recent conversations">
            <ul className="grid gap-2 pr-1">
              {conversations.map((c) => (
                <li key={c.id} className="flex items-center justify-between gap-3 rounded-md border p-3">
                  <div className="grid min-w-0 gap-0.5">
                    <p className="truncate font-medium">{c.name}</p>
                    <p className="text-xs text-muted-foreground">
                      <time dateTime={c.started_at} suppressHydrationWarning>{when(c.started_at)}</time>
                      {" · "}
                      {c.score === null ? (
                        <span>No score yet</span>
                      ) : (
                        <span className={cn("font-medium", band(c.score))}>Score: {c.score}</span>
                      )}
                    </p>
                  </div>
                  <Button size="sm" variant="outline" asChild>
                    <Link href={`/grade/${c.id}`} aria-label={`View Grade for ${c.name}`}>View Grade</Link>
                  </Button>
                </li>
              ))}
            </ul>
          </ScrollArea>
        )}
      </CardContent>
    </Card>
  );
}
