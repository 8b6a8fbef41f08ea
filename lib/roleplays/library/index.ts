import { type RoleplayPayload, roleplayPayloadSchema } from "@/lib/validations/roleplay";

import { dealEntries } from "./deals";
import { discoveryEntries } from "./discovery";
import { peopleEntries } from "./people";
import { LIBRARY_CATEGORIES, LIBRARY_DIFFICULTIES, type LibraryEntry } from "./types";

export { LIBRARY_CATEGORIES, LIBRARY_DIFFICULTIES, type LibraryEntry } from "./types";

/** The starter library: ready roleplays an organisation copies and then edits as its own. */
export const LIBRARY: readonly LibraryEntry[] = [...discoveryEntries, ...dealEntries, ...peopleEntries];

/** The set a new organisation starts with: one of each kind a first-week cohort needs. */
export const RECOMMENDED_KEYS: readonly string[] = LIBRARY.filter((e) => e.recommended).map((e) => e.key);

export function findLibraryEntry(key: string): LibraryEntry | undefined {
  return LIBRARY.find((e) => e.key === key);
}

/**
 * The roleplay an entry becomes in an organisation, through the same schema as the roleplay API:
 * public (every group sees it), with the entry's difficulty as the persona's.
 */
export function libraryRoleplay(entry: LibraryEntry, name = entry.name): RoleplayPayload {
  return roleplayPayloadSchema.parse({
    name,
    description: entry.description,
    is_public: true,
    assigned_groups: [],
    schema_data: {
      persona: { ...entry.persona, difficulty: LIBRARY_DIFFICULTIES[entry.difficulty].persona },
      scenario: entry.scenario,
      scorecard: entry.scorecard,
    },
  });
}

/** What the picker shows of an entry. */
export function libraryCard(entry: LibraryEntry) {
  return {
    key: entry.key,
    name: entry.name,
    summary: entry.summary,
    category: entry.category,
    category_label: LIBRARY_CATEGORIES[entry.category],
    industry: entry.industry,
    difficulty: entry.difficulty,
    difficulty_label: LIBRARY_DIFFICULTIES[entry.difficulty].label,
    persona: `${entry.persona.name}, ${entry.persona.role}`,
    recommended: entry.recommended,
  };
}
export type LibraryCard = ReturnType<typeof libraryCard>;
