export type CsvRow = { group: string; role: string; email: string; password: string; name: string };

/** The seeding CSV (group,role,email,password,name); the generated values never contain commas. */
export function parseCsv(text: string): { header: string[]; rows: CsvRow[] } {
  const [header, ...lines] = text
    .trim()
    .split(/\r?\n/)
    .map((l) => l.split(","));
  return {
    header,
    rows: lines.map(([group, role, email, password, name]) => ({ group, role, email, password, name })),
  };
}
