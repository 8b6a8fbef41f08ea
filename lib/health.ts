import "server-only";

import { getDb } from "@/db";
import { pingDatabase } from "@/db/queries/health";

/** Liveness for load balancers: the database answers, or this throws (the handler turns that into 503). */
export async function checkHealth(): Promise<{ status: "ok" }> {
  await pingDatabase(await getDb());
  return { status: "ok" };
}
