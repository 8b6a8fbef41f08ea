import { withUser } from "@/lib/api/handler";
import { getUserConversations } from "@/lib/organizations/cohort";

export const GET = withUser<{ userId: string }>(async ({ params, caller }) => getUserConversations(caller.user, params.userId));
