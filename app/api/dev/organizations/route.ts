import { withUser } from "@/lib/api/handler";
import { listOrganizations } from "@/lib/dev/organizations";

export const GET = withUser(async () => listOrganizations(), { role: "developer" });
