"use client";

import { Globe } from "lucide-react";
import { startTransition, useActionState, useId, useMemo, useState } from "react";

import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { FieldMessage } from "@/components/ui/field-message";
import { setTimeZoneAction } from "@/lib/organizations/settings-actions";
import { timeZones } from "@/lib/organizations/time-zone";

const selectClass =
  "h-11 w-full rounded-md border bg-background px-2 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:h-9 sm:w-72";

/** The organisation's time zone: CSV exports show local dates and times in it, and name it. */
export function TimeZoneSetting({ zone }: { zone: string }) {
  const id = useId();
  const [state, dispatch, busy] = useActionState(setTimeZoneAction, {});
  // Controlled, so a refused save keeps the choice on screen.
  const [value, setValue] = useState(zone);
  const zones = useMemo(() => {
    const list = timeZones();
    return list.includes(zone) ? list : [zone, ...list];
  }, [zone]);
  const error = state.fieldErrors?.time_zone?.[0] ?? state.error;

  return (
    <Card className="py-4">
      <CardContent>
        <form
          // Dispatched by hand: a form action would reset the select to its first rendered zone after saving.
          onSubmit={(e) => {
            e.preventDefault();
            const data = new FormData(e.currentTarget);
            startTransition(() => dispatch(data));
          }}
          aria-label="Time zone for exports"
          className="flex flex-wrap items-end gap-x-4 gap-y-2"
          noValidate
        >
          <div className="grid min-w-0 flex-1 gap-1 sm:flex-none">
            <label htmlFor={`${id}-zone`} className="flex items-center gap-1.5 text-sm font-medium">
              <Globe className="size-4 text-muted-foreground" aria-hidden />
              Time zone for exports
            </label>
            <select
              id={`${id}-zone`}
              name="time_zone"
              className={selectClass}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              aria-describedby={`${id}-hint ${id}-error`}
              aria-invalid={error ? true : undefined}
            >
              {zones.map((z) => (
                <option key={z} value={z}>
                  {z.replace(/_/g, " ")}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="outline" disabled={busy || value === zone} className="max-sm:w-full">
            {busy ? "Saving..." : "Save time zone"}
          </Button>
          <p id={`${id}-hint`} className="basis-full text-xs text-muted-foreground">
            Grade exports show dates and times in this zone (for example 2026-11-25 14:03) and name it in a column.
          </p>
          <FieldMessage id={`${id}-error`} message={error} />
          {state.success && !error ? (
            <p role="status" className="basis-full text-sm text-success">
              {state.success}
            </p>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}
