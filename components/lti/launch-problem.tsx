import { ShieldAlert } from "lucide-react";

import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** A refusal shown inside the LMS's frame: no link back into Parley (its pages cannot be framed). */
export function LaunchProblem({ title, message }: { title: string; message: string }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/30 px-4 py-8">
      <Card className="w-full max-w-lg">
        <CardHeader>
          <ShieldAlert className="size-8 text-muted-foreground" aria-hidden />
          <CardTitle>
            <h1 className="text-xl">{title}</h1>
          </CardTitle>
          <CardDescription role="alert">{message}</CardDescription>
        </CardHeader>
      </Card>
    </main>
  );
}
