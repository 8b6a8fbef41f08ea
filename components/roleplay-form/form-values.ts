import { DEFAULT_SCORECARDS } from "@/lib/grading/default-scorecards";
import type { RoleplayItem } from "@/lib/roleplays/present";
import type { RoleplayFormInput } from "@/lib/validations/roleplay";
import type { Criterion, ScenarioKind } from "@/lib/validations/scorecard";

export const COMPANY_FIELDS = [
  ["name", "Company name"],
  ["size", "Size"],
  ["revenue", "Revenue"],
  ["industry", "Industry"],
  ["challenges", "Challenges"],
  ["goals", "Company goals"],
] as const;

export const PERSONALITY_FIELDS = [
  ["communication_style", "Communication style"],
  ["decision_making", "Decision making"],
  ["concerns", "Concerns"],
  ["motivations", "Motivations"],
] as const;

type CompanyKey = (typeof COMPANY_FIELDS)[number][0];
type PersonalityKey = (typeof PERSONALITY_FIELDS)[number][0];

type Entry = { value: string };
type Persona = {
  name: string;
  role: string;
  situation: string;
  background: string;
  close: string;
  difficulty: "easy" | "medium" | "hard";
  /** Objects, not strings: useFieldArray keys its rows by them. */
  pain_points: Entry[];
  goals: Entry[];
  company: Record<CompanyKey, string>;
  personality: Record<PersonalityKey, string>;
};
export type CriterionValues = { id: string; label: string; description: string; weight: string; measure: string };

/** The payload's shape, as the inputs hold it: text, lists of entries, numbers still as typed. */
export type FormValues = {
  name: string;
  description: string;
  is_public: boolean;
  is_active: boolean;
  live_hints: boolean;
  assigned_groups: string[];
  schema_data: {
    persona: Persona;
    scenario: { kind: ScenarioKind; objective: string };
    /** The shared schema coerces the numbers; measure "" = judged from the transcript. */
    scorecard: { pass_mark: string; criteria: CriterionValues[] };
  };
};

export const criterionValues = (criteria: Criterion[]): CriterionValues[] =>
  criteria.map((c) => ({
    id: c.id,
    label: c.label,
    description: c.description,
    weight: String(c.weight),
    measure: c.measure ?? "",
  }));

const blankRecord = <K extends string>(fields: readonly (readonly [K, string])[], from?: Partial<Record<K, string>>) =>
  Object.fromEntries(fields.map(([key]) => [key, from?.[key] ?? ""])) as Record<K, string>;

const entries = (list: string[] | undefined): Entry[] => (list?.length ? list : [""]).map((value) => ({ value }));

export function initialValues(roleplay?: RoleplayItem): FormValues {
  const data = roleplay?.schema_data;
  const p = data?.persona;
  const kind = data?.scenario?.kind ?? "sales-discovery";
  return {
    name: roleplay?.name ?? "",
    description: roleplay?.description ?? "",
    is_public: roleplay?.is_public ?? true,
    is_active: roleplay?.is_active ?? true,
    live_hints: roleplay?.live_hints ?? false,
    assigned_groups: roleplay?.assigned_groups ?? [],
    schema_data: {
      persona: {
        name: p?.name ?? "",
        role: p?.role ?? "",
        situation: p?.situation ?? "",
        background: p?.background ?? "",
        close: p?.close ?? "",
        difficulty: p?.difficulty ?? "medium",
        pain_points: entries(p?.pain_points),
        goals: entries(p?.goals),
        company: blankRecord(COMPANY_FIELDS, p?.company),
        personality: blankRecord(PERSONALITY_FIELDS, p?.personality),
      },
      scenario: { kind, objective: data?.scenario?.objective ?? "" },
      scorecard: {
        pass_mark: String(data?.scorecard?.pass_mark ?? 70),
        criteria: criterionValues(data?.scorecard?.criteria ?? DEFAULT_SCORECARDS[kind].criteria),
      },
    },
  };
}

/**
 * Only the shape changes here; the rules (blank entries dropped, text trimmed, numbers coerced)
 * belong to the shared schema, so a field's index is the same in the form and in any error.
 */
export function toPayload(values: FormValues): RoleplayFormInput {
  const { persona, scenario, scorecard } = values.schema_data;
  return {
    ...values,
    schema_data: {
      persona: {
        ...persona,
        pain_points: persona.pain_points.map((e) => e.value),
        goals: persona.goals.map((e) => e.value),
      },
      scenario,
      scorecard: {
        pass_mark: scorecard.pass_mark,
        criteria: scorecard.criteria.map(({ measure, ...c }) => ({
          ...c,
          ...(measure ? { measure: measure as Criterion["measure"] } : {}),
        })),
      },
    },
  };
}
