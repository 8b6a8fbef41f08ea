export type CsvRow = { group: string; role: string; email: string; password: string };

/** The seeding CSV (group,role,email,password); the generated values never contain commas. */
export function parseCsv(text: string): { header: string[]; rows: CsvRow[] } {
  const [header, ...lines] = text
    .trim()
    .split(/\r?\n/)
    .map((l) => l.split(","));
  return { header, rows: lines.map(([group, role, email, password]) => ({ group, role, email, password })) };
}
