/**
 * npm run grade -- FILE|-   Grades one transcript or a JSON array of them and prints the grade JSON
 * (the grade API's document) on standard output. Rubric offline; Claude when ANTHROPIC_API_KEY is set
 * (answers cached in the database when DATABASE_URL is set). Malformed input: a message on stderr, exit 2.
 */
import { readFileSync } from "node:fs";

import { gradeCliInput } from "@/lib/grading/cli";

function fail(message: string): never {
  process.stderr.write(`grade: ${message}\n`);
  process.exit(2);
}

async function main() {
  const file = process.argv[2];
  if (!file || process.argv.length > 3) fail("usage: npm run grade -- FILE   (FILE may be - for standard input)");
  let text: string;
  try {
    text = readFileSync(file === "-" ? 0 : file, "utf8");
  } catch (err) {
    fail(`cannot read ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    fail(
      `${file === "-" ? "standard input" : file} is not valid JSON: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  const outcome = await gradeCliInput(data);
  if (!outcome.ok) fail(outcome.error);
  process.stdout.write(`${JSON.stringify(outcome.grades, null, 2)}\n`);
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`grade: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
