"use client";

import { Trash2 } from "lucide-react";
import Link from "next/link";

import { Button } from "@/components/ui/button";

export type Busy = "submit" | "delete" | "generate" | null;

type Props = { mode: "create" | "edit"; busy: Busy; locked: boolean; onDelete: () => void };

/** Cancel, submit and (in edit mode) delete; every one is disabled while any action runs. */
export function FormActions({ mode, busy, locked, onDelete }: Props) {
  const submitLabel = mode === "edit" ? "Update Schema" : "Create Schema";
  const busyLabel = mode === "edit" ? "Updating..." : "Creating...";
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center">
      {mode === "edit" ? (
        <Button type="button" variant="destructive" disabled={locked} onClick={onDelete} className="sm:mr-auto">
          <Trash2 aria-hidden /> {busy === "delete" ? "Deleting..." : "Delete Schema"}
        </Button>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:ml-auto sm:flex-row">
        {locked ? (
          <Button type="button" variant="outline" disabled>
            Cancel
          </Button>
        ) : (
          <Button type="button" variant="outline" asChild>
            <Link href="/dashboard">Cancel</Link>
          </Button>
        )}
        <Button type="submit" disabled={locked}>
          {busy === "submit" ? busyLabel : submitLabel}
        </Button>
      </div>
    </div>
  );
}
