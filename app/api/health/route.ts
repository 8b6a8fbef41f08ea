import { getDb } from "@/db";
import { sql } from "drizzle-orm";
import { withPublic } from "@/lib/api/handler";

export const dynamic = "force-dynamic";

/** Liveness and database reachability, for load balancers and the test server. */
export const GET = withPublic(async () => {
  const db = await getDb();
  await db.execute(sql`select 1`);
  return { status: "ok" };
});
