"use client";

import { Loader2 } from "lucide-react";
import { useActionState, useEffect, useRef, useSyncExternalStore } from "react";

import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FieldMessage } from "@/components/ui/field-message";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { type DeepLinkState, submitDeepLink } from "@/lib/lti/actions";

type Props = { context: string; course: string; roleplays: { id: string; name: string }[] };

/** Two weeks from now at 17:00, as a datetime-local value in the instructor's own time. */
function defaultDue(): string {
  const d = new Date(Date.now() + 14 * 86_400_000);
  d.setHours(17, 0, 0, 0);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
const noSubscription = () => () => {};
const toIso = (local: string) => (local && !Number.isNaN(Date.parse(local)) ? new Date(local).toISOString() : "");

/**
 * The deep-linking picker. Its answer is the signed LtiDeepLinkingResponse, which this page posts back to the
 * LMS's return URL (the auto-submitting form the specification describes).
 */
export function DeepLinkPicker({ context, course, roleplays }: Props) {
  const [state, action, pending] = useActionState<DeepLinkState, FormData>(submitDeepLink, {});
  // The default due date is in the instructor's own time zone, so it is worked out in the browser.
  const due = useSyncExternalStore(noSubscription, defaultDue, () => "");
  const back = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (state.response) back.current?.submit();
  }, [state.response]);
  const err = (k: string) => state.fieldErrors?.[k]?.[0];

  if (roleplays.length === 0)
    return (
      <main className="flex min-h-dvh items-center justify-center bg-muted/30 px-4 py-8">
        <Card className="w-full max-w-lg">
          <CardHeader>
            <CardTitle>
              <h1 className="text-xl">No roleplays to add yet</h1>
            </CardTitle>
            <CardDescription>
              Your Parley organization has no roleplays. Create one in Parley (or add one from its library), then add
              the activity here again.
            </CardDescription>
          </CardHeader>
        </Card>
      </main>
    );

  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/30 px-4 py-8">
      <Card className="w-full max-w-lg">
        <CardHeader>
          <CardTitle>
            <h1 className="text-xl">Add a Parley practice{course ? ` to ${course}` : ""}</h1>
          </CardTitle>
          <CardDescription>
            Learners of this course practise the roleplay you pick. Their score goes to the course gradebook.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {state.response ? (
            <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
              <Loader2 className="size-4 animate-spin" aria-hidden /> Adding it to your course...
            </p>
          ) : (
            <form
              action={(fd) => {
                fd.set("due_at", toIso(String(fd.get("due_local") ?? "")));
                fd.delete("due_local");
                return action(fd);
              }}
              className="grid min-w-0 grid-cols-1 gap-5"
              noValidate
            >
              <input type="hidden" name="context" value={context} />
              <div className="grid min-w-0 gap-2">
                <Label htmlFor="schema_id">Roleplay</Label>
                <select
                  id="schema_id"
                  name="schema_id"
                  defaultValue=""
                  aria-describedby="schema_id-error"
                  className="h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  <option value="" disabled>
                    Choose a roleplay
                  </option>
                  {roleplays.map((r) => (
                    <option key={r.id} value={r.id}>
                      {r.name}
                    </option>
                  ))}
                </select>
                <FieldMessage id="schema_id-error" message={err("schema_id")} />
              </div>
              <div className="grid min-w-0 gap-2">
                <Label htmlFor="due_local">Due date</Label>
                <Input
                  key={due}
                  id="due_local"
                  name="due_local"
                  type="datetime-local"
                  className="w-full min-w-0"
                  defaultValue={due}
                  aria-describedby="due_at-error"
                />
                <FieldMessage id="due_at-error" message={err("due_at")} />
              </div>
              <div className="grid min-w-0 gap-2">
                <Label htmlFor="pass_mark">Pass mark (0-100)</Label>
                <Input
                  id="pass_mark"
                  name="pass_mark"
                  type="number"
                  inputMode="numeric"
                  className="w-full min-w-0"
                  min={0}
                  max={100}
                  placeholder="The roleplay's own pass mark"
                  aria-describedby="pass_mark-error"
                />
                <FieldMessage id="pass_mark-error" message={err("pass_mark")} />
              </div>
              {state.error || err("context") ? (
                <p role="alert" className="text-sm text-destructive">
                  {state.error ?? err("context")}
                </p>
              ) : null}
              <Button type="submit" size="lg" disabled={pending} className="w-full sm:w-auto">
                {pending ? "Adding..." : "Add to course"}
              </Button>
            </form>
          )}
          {state.response ? (
            <form ref={back} method="post" action={state.response.returnUrl} className="hidden">
              <input type="hidden" name="JWT" value={state.response.jwt} />
            </form>
          ) : null}
        </CardContent>
      </Card>
    </main>
  );
}
