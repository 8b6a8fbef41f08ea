import { withDev } from "@/lib/api/handler";
import { listOrganizations } from "@/lib/dev/organizations";

export const GET = withDev(async () => listOrganizations());
