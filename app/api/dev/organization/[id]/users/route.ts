import { withDev } from "@/lib/api/handler";
import { listOrganizationUsers } from "@/lib/dev/organizations";
import { notFound } from "@/lib/errors";
import { isUuid } from "@/lib/validations/organization";

export const GET = withDev<{ id: string }>(async ({ params }) => {
  if (!isUuid(params.id)) throw notFound("Organization not found");
  return listOrganizationUsers(params.id);
});
