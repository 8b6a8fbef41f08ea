import type { RoleplayRow } from "@/db/queries/roleplays";
import { scenarioOrDefault, scorecardOrDefault } from "@/lib/grading/default-scorecards";

/** A roleplay as the list and details APIs answer it. */
export function presentRoleplay(row: RoleplayRow, opts: { withOrganization?: boolean } = {}) {
  return {
    id: row.id,
    organization_id: row.organization_id,
    name: row.name,
    description: row.description,
    is_public: row.is_public,
    is_active: row.is_active,
    live_hints: row.live_hints,
    schema_data: { persona: row.persona, ...roleplayGrading(row) },
    assigned_groups: row.assigned_groups,
    ...(opts.withOrganization ? { organization: { name: row.organization_name ?? "" } } : {}),
  };
}

export type RoleplayItem = ReturnType<typeof presentRoleplay>;
/** A roleplay as the organisation page lists it. */
export type RoleplaySummary = Pick<RoleplayItem, "id" | "name" | "assigned_groups" | "is_active">;

/** A roleplay's scenario and scorecard; a roleplay saved before they existed reads as sales discovery with its default scorecard. */
export function roleplayGrading(row: Pick<RoleplayRow, "scenario" | "scorecard">) {
  const scenario = scenarioOrDefault(row.scenario);
  return { scenario, scorecard: scorecardOrDefault(row.scorecard, scenario.kind) };
}
