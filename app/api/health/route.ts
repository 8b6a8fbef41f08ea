import { withPublic } from "@/lib/api/handler";
import { checkHealth } from "@/lib/health";

export const dynamic = "force-dynamic";

/** Liveness and database reachability, for load balancers and the test server. */
export const GET = withPublic(() => checkHealth());
