"use client";

import { Search, Trash2, UserX } from "lucide-react";
import { useActionState, useId, useMemo, useState } from "react";
import { toast } from "sonner";

import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import type { ActionState } from "@/lib/actions";
import { actionProblem } from "@/lib/client/action-state";
import { deleteLearnerAction } from "@/lib/data/actions";
import type { DataMember } from "@/lib/data/settings";

const SHOWN = 50;

/** Find a person of the organisation and delete them, after a confirmation that says what goes and what stays. */
export function DeleteLearners({ members, organizationName }: { members: DataMember[]; organizationName: string }) {
  const id = useId();
  const [query, setQuery] = useState("");
  const found = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? members.filter((m) => `${m.name} ${m.email}`.toLowerCase().includes(q)) : members;
  }, [members, query]);

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2 text-lg">
            <UserX className="size-5 text-muted-foreground" aria-hidden />
            Delete a learner&apos;s data
          </h2>
        </CardTitle>
        <CardDescription>
          Deletes their calls in {organizationName} (transcripts, grades, reviews, comments) and their membership. If
          they belong to no other organization, their account goes too. Only a developer can delete an admin.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="relative max-w-sm">
          <Search className="absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <label htmlFor={`${id}-q`} className="sr-only">
            Find a person by name or email
          </label>
          <Input
            id={`${id}-q`}
            type="search"
            placeholder="Find by name or email"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            className="h-11 pl-8 sm:h-9"
          />
        </div>
        {members.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nobody belongs to this organization yet.</p>
        ) : found.length === 0 ? (
          <p className="text-sm text-muted-foreground" role="status">
            Nobody matches &ldquo;{query}&rdquo;.
          </p>
        ) : (
          <>
            <ul className="divide-y rounded-md border" aria-label="People in the organization">
              {found.slice(0, SHOWN).map((m) => (
                <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                  <div className="min-w-0">
                    <p className="truncate font-medium">
                      {m.name || m.email}{" "}
                      {m.role === "admin" ? (
                        <Badge variant="outline" className="ml-1">
                          admin
                        </Badge>
                      ) : null}
                    </p>
                    <p className="truncate text-xs text-muted-foreground">{m.email}</p>
                  </div>
                  {m.deletable ? (
                    <DeleteButton member={m} organizationName={organizationName} />
                  ) : (
                    <span className="text-xs text-muted-foreground">
                      {m.role === "admin" ? "A developer deletes admins" : ""}
                    </span>
                  )}
                </li>
              ))}
            </ul>
            {found.length > SHOWN ? (
              <p className="text-xs text-muted-foreground">
                Showing {SHOWN} of {found.length}; type a name to narrow the list.
              </p>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function DeleteButton({ member, organizationName }: { member: DataMember; organizationName: string }) {
  const who = member.name || member.email;
  const [open, setOpen] = useState(false);
  const [, action, busy] = useActionState(async (previous: ActionState, form: FormData) => {
    const state = await deleteLearnerAction(previous, form);
    const problem = actionProblem(state);
    if (problem) toast.error(problem);
    else if (state.success) toast.success(`${who}: ${state.success}`);
    setOpen(false);
    return state;
  }, {});

  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button size="sm" variant="outline" className="text-destructive max-sm:w-full" aria-label={`Delete ${who}`}>
          <Trash2 aria-hidden /> Delete
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <form action={action} className="grid gap-4">
          <input type="hidden" name="user_id" value={member.id} />
          <AlertDialogHeader>
            <AlertDialogTitle>Delete {who}?</AlertDialogTitle>
            <AlertDialogDescription asChild>
              <div className="grid gap-2 text-sm">
                <p>
                  Their calls in {organizationName} are deleted for good: transcripts, grades, reviews and comments.
                  They leave the organization and its groups. This cannot be undone.
                </p>
                <p>
                  If they also belong to another organization, only {organizationName}&apos;s data goes: their account
                  and the other organization&apos;s data stay. Otherwise their account is deleted too, with everything
                  Parley holds about them.
                </p>
                <p>The audit log records that a learner was deleted, and by you, but not who.</p>
              </div>
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel type="button" disabled={busy}>
              Cancel
            </AlertDialogCancel>
            {/* A plain submit: the dialog stays open (and says so) until the server has answered. */}
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy ? "Deleting..." : `Delete ${who}`}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
