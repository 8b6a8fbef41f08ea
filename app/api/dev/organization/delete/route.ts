import { body, withUser } from "@/lib/api/handler";
import { deleteOrganization } from "@/lib/dev/organizations";
import { deleteOrganizationSchema } from "@/lib/validations/organization";

export const DELETE = withUser(
  async ({ req }) => {
    const { organization_id } = await body(req, deleteOrganizationSchema);
    return deleteOrganization(organization_id);
  },
  { role: "developer" },
);
