/**
 * Benchmark builds only (BENCH_FLOOR_ROUTES=1 adds the "floor.ts" page extension in next.config.ts; other
 * builds never see this file): the minimal Next.js route handler that issue 26 measures Parley's routes
 * against. /api/bench-floor/<path> runs the services of <path> with no wrapper; /api/bench-floor/static/<path>
 * sends the same bytes as they were computed the first time.
 */
import { floorOf } from "@/bench/floor-routes";

export async function GET(req: Request) {
  const floor = floorOf(new URL(req.url).pathname.slice("/api/bench-floor".length));
  const { status, json } = await floor.answer(floor.path, req.headers.get("authorization"));
  return new Response(json, { status, headers: { "content-type": "application/json" } });
}
