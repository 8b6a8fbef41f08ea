/**
 * npm run grade -- FILE|- [--explain]   Grades one transcript or a JSON array of them and prints the
 * grade JSON (the grade API's document) on standard output. Rubric offline; Claude when
 * ANTHROPIC_API_KEY is set (answers cached in the database when DATABASE_URL is set). `--explain`
 * also lists, on standard error, the rule or model behind each question's label. Malformed input: a
 * message on stderr, exit 2.
 */
import { readFileSync } from "node:fs";

import { gradeCliInput } from "@/lib/grading/cli";
import type { GradeDocument } from "@/lib/grading/response";

const USAGE = "usage: npm run grade -- FILE [--explain]   (FILE may be - for standard input)";

/** Exits only once the stream has handed everything to the OS: a pipe to a slow reader gets it all. */
function finish(stream: NodeJS.WriteStream, text: string, code: number): void {
  stream.write(text, () => process.exit(code));
}

function explain(grades: GradeDocument[]): string {
  return grades
    .map((g, i) => {
      const head = grades.length > 1 ? `# transcript ${i}\n` : "";
      const rows = g.questions.map(
        (q) =>
          `turn ${q.turn}  ${(q.stage ?? q.act ?? "not discovery").padEnd(12)} ${q.counted ? "counted " : "listed  "} "${q.text}"\n    <- ${q.why ?? "no explanation stored"}`,
      );
      return `${head}${rows.join("\n") || "no questions"}\n`;
    })
    .join("");
}

async function main() {
  const args = process.argv.slice(2);
  const wantExplain = args.includes("--explain");
  const files = args.filter((a) => a !== "--explain");
  if (files.length !== 1) return finish(process.stderr, `grade: ${USAGE}\n`, 2);
  const file = files[0];
  let text: string;
  try {
    text = readFileSync(file === "-" ? 0 : file, "utf8");
  } catch (err) {
    return finish(
      process.stderr,
      `grade: cannot read ${file}: ${err instanceof Error ? err.message : String(err)}\n`,
      2,
    );
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    const where = file === "-" ? "standard input" : file;
    return finish(
      process.stderr,
      `grade: ${where} is not valid JSON: ${err instanceof Error ? err.message : String(err)}\n`,
      2,
    );
  }
  const outcome = await gradeCliInput(data);
  if (!outcome.ok) return finish(process.stderr, `grade: ${outcome.error}\n`, 2);
  if (wantExplain) process.stderr.write(explain(Array.isArray(outcome.grades) ? outcome.grades : [outcome.grades]));
  finish(process.stdout, `${JSON.stringify(outcome.grades, null, 2)}\n`, 0);
}

main().catch((err) => finish(process.stderr, `grade: ${err instanceof Error ? err.message : String(err)}\n`, 1));
