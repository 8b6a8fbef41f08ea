import { body, withUser } from "@/lib/api/handler";
import { chooseOrganization } from "@/lib/organizations/membership";
import { activeOrganizationSchema } from "@/lib/validations/assignment";

/** The organisation switcher: remembers which of the caller's organisations they work in. */
export const PUT = withUser(
  async ({ req, caller }) =>
    chooseOrganization(caller.user, (await body(req, activeOrganizationSchema)).organization_id),
  { role: "user" },
);
