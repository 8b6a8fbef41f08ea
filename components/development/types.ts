export type DevOrganization = { id: string; name: string; description: string; created_at: string };
export type OrganizationUser = { user_id: string; name: string; email: string; role: string };
export type RoleplayItem = { id: string; name: string; organization?: { name: string } };
