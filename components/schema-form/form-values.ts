import { DEFAULT_SCORECARDS } from "@/lib/grading/default-scorecards";
import type { SchemaItem } from "@/lib/schemas/present";
import type { Criterion, ScenarioKind } from "@/lib/validations/scorecard";
import type { SchemaPayloadInput } from "@/lib/validations/schema";

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

/** Everything the form edits, as plain strings and lists. */
export type FormValues = {
  name: string;
  description: string;
  is_public: boolean;
  assigned_groups: string[];
  persona: {
    name: string;
    role: string;
    situation: string;
    background: string;
    close: string;
    difficulty: "easy" | "medium" | "hard";
    pain_points: string[];
    goals: string[];
    company: Record<CompanyKey, string>;
    personality: Record<PersonalityKey, string>;
  };
  scenario: { kind: ScenarioKind; objective: string };
  /** Numbers stay strings while typed; the shared schema coerces them. measure "" = judged from the transcript. */
  scorecard: { pass_mark: string; criteria: { id: string; label: string; description: string; weight: string; measure: string }[] };
};

export const criterionValues = (criteria: Criterion[]): FormValues["scorecard"]["criteria"] =>
  criteria.map((c) => ({ id: c.id, label: c.label, description: c.description, weight: String(c.weight), measure: c.measure ?? "" }));

const blankRecord = <K extends string>(fields: readonly (readonly [K, string])[], from?: Partial<Record<K, string>>) =>
  Object.fromEntries(fields.map(([key]) => [key, from?.[key] ?? ""])) as Record<K, string>;

export function initialValues(schema?: SchemaItem): FormValues {
  const p = schema?.schema_data.persona;
  return {
    name: schema?.name ?? "",
    description: schema?.description ?? "",
    is_public: schema?.is_public ?? true,
    assigned_groups: schema?.assigned_groups ?? [],
    persona: {
      name: p?.name ?? "",
      role: p?.role ?? "",
      situation: p?.situation ?? "",
      background: p?.background ?? "",
      close: p?.close ?? "",
      difficulty: p?.difficulty ?? "medium",
      pain_points: p?.pain_points.length ? [...p.pain_points] : [""],
      goals: p?.goals.length ? [...p.goals] : [""],
      company: blankRecord(COMPANY_FIELDS, p?.company),
      personality: blankRecord(PERSONALITY_FIELDS, p?.personality),
    },
    scenario: { kind: schema?.schema_data.scenario?.kind ?? "sales-discovery", objective: schema?.schema_data.scenario?.objective ?? "" },
    scorecard: {
      pass_mark: String(schema?.schema_data.scorecard?.pass_mark ?? 70),
      criteria: criterionValues(schema?.schema_data.scorecard?.criteria ?? DEFAULT_SCORECARDS[schema?.schema_data.scenario?.kind ?? "sales-discovery"].criteria),
    },
  };
}

/** Spec section 5: blank pain points and goals are dropped and an empty description is omitted. */
export function toPayload(values: FormValues): SchemaPayloadInput {
  const { persona } = values;
  const description = values.description.trim();
  return {
    name: values.name,
    ...(description ? { description } : {}),
    is_public: values.is_public,
    assigned_groups: values.assigned_groups,
    schema_data: {
      persona: {
        ...persona,
        pain_points: persona.pain_points.filter((s) => s.trim()),
        goals: persona.goals.filter((s) => s.trim()),
      },
      scenario: values.scenario,
      scorecard: {
        pass_mark: values.scorecard.pass_mark as unknown as number,
        criteria: values.scorecard.criteria.map((c) => ({
          id: c.id, label: c.label, description: c.description, weight: c.weight as unknown as number,
          ...(c.measure ? { measure: c.measure as Criterion["measure"] } : {}),
        })),
      },
    },
  };
}
