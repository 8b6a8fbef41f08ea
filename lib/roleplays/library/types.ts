import type { PersonaInput } from "@/lib/validations/persona";
import type { Criterion, Scenario, Scorecard } from "@/lib/validations/scorecard";

/** What a library roleplay rehearses, as an instructor browses for it (finer than the grader's scenario kind). */
export const LIBRARY_CATEGORIES = {
  discovery: "Discovery call",
  "objection-handling": "Objection handling",
  pitch: "Pitch",
  negotiation: "Negotiation",
  "job-interview": "Job interview",
  "customer-service": "Customer service",
} as const;
type LibraryCategory = keyof typeof LIBRARY_CATEGORIES;

/** How hard the roleplay is; the copy's persona is as guarded as this says (persona.difficulty). */
export const LIBRARY_DIFFICULTIES = {
  beginner: { label: "Beginner", persona: "easy" },
  intermediate: { label: "Intermediate", persona: "medium" },
  advanced: { label: "Advanced", persona: "hard" },
} as const;
type LibraryDifficulty = keyof typeof LIBRARY_DIFFICULTIES;

/** One ready roleplay: what the picker shows, and the roleplay an organisation gets a copy of. */
export type LibraryEntry = {
  /** Stable id, stored on every copy as roleplay_schemas.library_key. */
  key: string;
  category: LibraryCategory;
  industry: string;
  difficulty: LibraryDifficulty;
  /** One line for the picker's card. */
  summary: string;
  /** Part of the set a new organisation starts with. */
  recommended: boolean;
  name: string;
  description: string;
  persona: Omit<PersonaInput, "difficulty">;
  scenario: Scenario;
  scorecard: Scorecard;
};

/** A scorecard criterion in one line. */
export const criterion = (
  id: string,
  label: string,
  weight: number,
  measure: Criterion["measure"],
  description: string,
): Criterion => ({ id, label, weight, measure, description });
