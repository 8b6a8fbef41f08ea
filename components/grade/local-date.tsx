"use client";

import { useSyncExternalStore } from "react";

const format = (iso: string, timeZone?: string) =>
  new Date(iso).toLocaleString("en-US", { dateStyle: "long", timeStyle: "short", timeZone });

const noSubscription = () => () => {};

/** en-US long date with hour and minute: UTC on the server, the reader's time zone in the browser. */
export function LocalDate({ iso }: { iso: string }) {
  const text = useSyncExternalStore(
    noSubscription,
    () => format(iso),
    () => `${format(iso, "UTC")} UTC`,
  );
  return <time dateTime={iso}>{text}</time>;
}
