import type { SchemaRow } from "@/db/queries/schemas";
import { scenarioOrDefault, scorecardOrDefault } from "@/lib/grading/default-scorecards";

/** The spec's schema list item / details shape (section 3). */
export function presentSchema(row: SchemaRow, opts: { withOrganization?: boolean } = {}) {
  return {
    id: row.id,
    organization_id: row.organization_id,
    name: row.name,
    description: row.description,
    is_public: row.is_public,
    is_active: row.is_active,
    schema_data: { persona: row.persona, ...schemaGrading(row) },
    assigned_groups: row.assigned_groups,
    ...(opts.withOrganization ? { organization: { name: row.organization_name ?? "" } } : {}),
  };
}

export type SchemaItem = ReturnType<typeof presentSchema>;

/** A schema's scenario and scorecard; a schema saved before they existed reads as sales discovery with its default scorecard. */
export function schemaGrading(row: Pick<SchemaRow, "scenario" | "scorecard">) {
  const scenario = scenarioOrDefault(row.scenario);
  return { scenario, scorecard: scorecardOrDefault(row.scorecard, scenario.kind) };
}
