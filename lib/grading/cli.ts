import "server-only";

import { anthropicClient } from "@/lib/ai/anthropic";
import { env } from "@/lib/env";
import type { Persona } from "@/lib/validations/persona";
import { transcriptInputSchema } from "@/lib/validations/transcript";

import type { GradeCache } from "./claude-grader";
import { gradeTranscript, turnsFromInput } from "./grade-transcript";
import { type GradeDocument, gradeDocument } from "./response";

const describe = (path: PropertyKey[], message: string) => `${path.length ? path.join(".") : "input"}: ${message}`;

/**
 * The service's cache of Claude's answers when DATABASE_URL is set; otherwise none (each run asks once).
 * Loaded on demand so that a run without a database never opens PGlite.
 */
async function cliCache(): Promise<GradeCache | undefined> {
  if (!process.env.DATABASE_URL) return undefined;
  const [{ getDb }, { databaseGradeCache }] = await Promise.all([import("@/db"), import("./grade-conversation")]);
  return databaseGradeCache(await getDb());
}

/** Validates and grades what the CLI read: one transcript, or an array graded in order. */
export async function gradeCliInput(
  data: unknown,
): Promise<{ ok: true; grades: GradeDocument | GradeDocument[] } | { ok: false; error: string }> {
  const many = Array.isArray(data);
  const items = many ? (data as unknown[]) : [data];
  if (many && items.length === 0) return { ok: false, error: "the array holds no transcript" };
  const parsed = [];
  for (const [i, item] of items.entries()) {
    const r = transcriptInputSchema.safeParse(item);
    if (!r.success) {
      const issue = r.error.issues[0];
      return { ok: false, error: `${many ? `transcript ${i}: ` : ""}${describe(issue.path, issue.message)}` };
    }
    parsed.push(r.data);
  }
  const timeoutMs = env().GRADING_TIMEOUT_MS;
  const client = anthropicClient({ timeoutMs, maxRetries: 1 });
  const cache = client ? await cliCache() : undefined;
  const grades: GradeDocument[] = [];
  for (const input of parsed) {
    const turns = turnsFromInput(input);
    const persona = input.persona as unknown as Persona;
    const result = await gradeTranscript(
      { persona, scenario: input.scenario, scorecard: input.scorecard, turns },
      { client, cache, timeoutMs },
    );
    grades.push(gradeDocument(result, turns, { conversation: input.name ?? persona.name, persona: persona.name }));
  }
  return { ok: true, grades: many ? grades : grades[0] };
}
