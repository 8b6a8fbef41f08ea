import { withUser } from "@/lib/api/handler";
import { getOwnProgress } from "@/lib/progress/service";

/** The caller's own progress by skill: first, best, latest and proficiency per roleplay, criterion and SPIN stage. */
export const GET = withUser(async ({ caller }) => getOwnProgress(caller.user), { role: "user" });
