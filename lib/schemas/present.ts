import type { SchemaRow } from "@/db/queries/schemas";

/** The spec's schema list item / details shape (section 3). */
export function presentSchema(row: SchemaRow, opts: { withOrganization?: boolean } = {}) {
  return {
    id: row.id,
    organization_id: row.organization_id,
    name: row.name,
    description: row.description,
    is_public: row.is_public,
    is_active: row.is_active,
    schema_data: { persona: row.persona },
    assigned_groups: row.assigned_groups,
    ...(opts.withOrganization ? { organization: { name: row.organization_name ?? "" } } : {}),
  };
}

export type SchemaItem = ReturnType<typeof presentSchema>;
