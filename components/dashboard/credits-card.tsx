import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import type { Dashboard } from "@/lib/dashboard/service";
import { cn } from "@/lib/utils";

type Subscription = Dashboard["subscription"];

/** Width current/total clamped to 0..100%; full and grey when there is no total. */
export function creditsBar({ credits_current, credits_total }: Subscription) {
  if (credits_total <= 0) return { percent: 100, grey: true };
  return { percent: Math.min(100, Math.max(0, (credits_current / credits_total) * 100)), grey: false };
}

export function CreditsCard({ subscription }: { subscription: Subscription }) {
  const { percent, grey } = creditsBar(subscription);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Credits</h2>
        </CardTitle>
        <CardDescription>One credit starts one roleplay.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-3xl font-semibold">
          {subscription.credits_current}
          <span className="text-base font-normal text-muted-foreground"> / {subscription.credits_total}</span>
        </p>
        <Progress
          value={percent}
          aria-label="Credits remaining"
          aria-valuetext={`${subscription.credits_current} of ${subscription.credits_total} credits remaining`}
          data-empty={grey || undefined}
          className={cn(grey && "bg-muted")}
          indicatorClassName={cn(grey && "bg-muted-foreground/40")}
        />
        <p className="text-sm text-muted-foreground">{subscription.credits_used} used</p>
      </CardContent>
    </Card>
  );
}
