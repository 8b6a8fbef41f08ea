/** One printed sign-in card: the seeded account as the seed's CSV lists it. */
export type SignInCard = { name: string; group: string; role: "admin" | "member"; email: string; password: string };

export type SignInSheet = { organization: string; cards: SignInCard[] };

const COLUMNS = ["group", "role", "email", "password"] as const;

/** RFC 4180 rows: quoted cells may hold commas, quotes ("") and line breaks. */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') cell += text[i++];
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === "," || c === "\n" || c === "\r") {
      row.push(cell);
      cell = "";
      if (c === ",") continue;
      if (c === "\r" && text[i + 1] === "\n") i++;
      rows.push(row);
      row = [];
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows.filter((r) => r.some((v) => v.trim() !== ""));
}

/** The CSV writer puts a ' before a leading formula sign (csvCell); the card shows the name as typed. */
const unguard = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

/** The seed's CSV (group, role, email, password, name) as cards, or the reason it is not one. */
export function parseSeedCsv(text: string): { cards: SignInCard[] } | { error: string } {
  const [header, ...rows] = csvRows(text.replace(/^\uFEFF/, ""));
  const index = Object.fromEntries((header ?? []).map((h, i) => [h.trim().toLowerCase(), i]));
  if (COLUMNS.some((c) => index[c] === undefined)) {
    return { error: "This is not a seeded organisation's CSV: it needs the columns group, role, email and password." };
  }
  const cards: SignInCard[] = [];
  for (const row of rows) {
    const get = (column: string) => unguard(row[index[column]]?.trim() ?? "");
    const role = get("role");
    if ((role !== "admin" && role !== "member") || !get("email") || !get("password")) {
      return {
        error: `Row ${cards.length + 2} of the CSV has no login: each row needs a role, an email and a password.`,
      };
    }
    cards.push({ group: get("group"), role, email: get("email"), password: get("password"), name: get("name") });
  }
  if (!cards.length) return { error: "The CSV lists no accounts." };
  return { cards };
}

/** The organisation's name as the CSV's file name carries it: 'Riverside_College_users.csv' -> 'Riverside College'. */
export function organizationFromFilename(filename: string): string {
  return filename
    .replace(/\.csv$/i, "")
    .replace(/_users$/, "")
    .replace(/_+/g, " ")
    .trim();
}

/** Cards in print order: learners of each group in the CSV's order, instructors only when asked for. */
export function cardsToPrint(cards: SignInCard[], includeInstructors: boolean): SignInCard[] {
  return includeInstructors ? cards : cards.filter((c) => c.role === "member");
}

/** Pages of eight (two columns, four rows), the most an A4 or a Letter page holds at the card's size. */
export function pagesOf<T>(items: T[], perPage = 8): T[][] {
  return Array.from({ length: Math.ceil(items.length / perPage) }, (_, i) =>
    items.slice(i * perPage, (i + 1) * perPage),
  );
}
