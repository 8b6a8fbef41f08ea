import { withUser } from "@/lib/api/handler";
import { listOrganizationUsers } from "@/lib/dev/organizations";
import { organizationParams } from "@/lib/validations/organization";

export const GET = withUser(async ({ params }) => listOrganizationUsers(params.id), {
  role: "developer",
  params: organizationParams,
});
