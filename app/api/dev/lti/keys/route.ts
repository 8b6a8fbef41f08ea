import { withUser } from "@/lib/api/handler";
import { listToolKeys } from "@/lib/lti/keys";

/** The tool keys still published (never a private part), for the developer console. */
export const GET = withUser(async () => listToolKeys(), { role: "developer" });
