import { withDev } from "@/lib/api/handler";
import { listOrganizationUsers } from "@/lib/dev/organizations";
import { idOrNotFound } from "@/lib/validations/id";

export const GET = withDev<{ id: string }>(async ({ params }) => listOrganizationUsers(idOrNotFound(params.id, "Organization")));
