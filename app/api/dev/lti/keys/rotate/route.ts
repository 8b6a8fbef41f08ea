import { withUser } from "@/lib/api/handler";
import { rotateToolKey } from "@/lib/lti/keys";

/** A new tool signing key; the old one stays published for the grace period. The keys are the tool's: developers only. */
export const POST = withUser(async ({ caller }) => rotateToolKey(caller.user.id), { role: "developer" });
