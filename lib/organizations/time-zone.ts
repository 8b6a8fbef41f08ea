/** Every zone a setting may name: the runtime's IANA list, plus UTC (the default, which the list leaves out). */
export function timeZones(): string[] {
  const zones = Intl.supportedValuesOf("timeZone");
  return zones.includes("UTC") ? zones : ["UTC", ...zones];
}

export const isTimeZone = (zone: string) => timeZones().includes(zone);

/** "2026-11-25 14:03" in the zone: what a spreadsheet reads as a date and time, without seconds. */
export function localDateTime(value: Date | string | null, timeZone: string): string {
  if (value === null) return "";
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(value));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")} ${part("hour")}:${part("minute")}`;
}
