import { AlertTriangle, FileQuestion } from "lucide-react";

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

const ICONS = { error: AlertTriangle, empty: FileQuestion };

/** A titled message in place of the grade (errors, no data, not finished yet). */
export function GradeMessage({
  kind,
  title,
  children,
  actions,
}: {
  kind: keyof typeof ICONS;
  title: string;
  children: React.ReactNode;
  actions?: React.ReactNode;
}) {
  const Icon = ICONS[kind];
  return (
    <Card role={kind === "error" ? "alert" : "status"} className="gap-4">
      <CardHeader>
        <Icon className={kind === "error" ? "size-6 text-destructive" : "size-6 text-muted-foreground"} aria-hidden />
        <CardTitle>
          <h2 className="text-lg">{title}</h2>
        </CardTitle>
        <CardDescription className="grid gap-1">{children}</CardDescription>
      </CardHeader>
      {actions && <CardContent className="flex flex-wrap gap-2">{actions}</CardContent>}
    </Card>
  );
}
