import "server-only";

/** A cell quoted when it holds a comma, quote or line break; a leading formula sign is neutralised. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(header: string[], rows: string[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/** The organisation name with non-alphanumerics replaced by '_', plus '_users.csv'. */
export function csvFilename(orgName: string): string {
  return `${orgName.replace(/[^a-zA-Z0-9]/g, "_")}_users.csv`;
}
