import { withUser } from "@/lib/api/handler";
import { getDashboard } from "@/lib/dashboard/service";

export const GET = withUser(async ({ caller }) => getDashboard(caller.user), { role: "user" });
