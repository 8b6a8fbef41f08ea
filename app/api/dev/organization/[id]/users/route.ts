import { withDev } from "@/lib/api/handler";
import { listOrganizationUsers } from "@/lib/dev/organizations";
import { organizationParams } from "@/lib/validations/organization";

export const GET = withDev(async ({ params }) => listOrganizationUsers(params.id), { params: organizationParams });
