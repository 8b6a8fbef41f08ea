/**
 * The floors that Parley's three measured GET routes are compared with (issue 26): the same service calls
 * (the same SQL, the same token check) without Parley's route wrapper, served
 *   - by a bare node:http server (bench/bare-server.ts), and
 *   - by a minimal Next.js route handler (app/api/bench-floor, built only when BENCH_FLOOR_ROUTES=1),
 * each also as "static": the same bytes, computed by the first request and then sent as they are, which is
 * what the server itself costs for an answer of that size.
 */
import { resolveSession } from "@/lib/auth/service";
import { getDashboard } from "@/lib/dashboard/service";
import { getGradeView } from "@/lib/grading/service";
import { listVisibleRoleplays } from "@/lib/roleplays/service";

type User = NonNullable<Awaited<ReturnType<typeof resolveSession>>>["user"];

const services: [RegExp, (user: User, path: string) => Promise<unknown>][] = [
  [/^\/api\/protected\/dashboard$/, (user) => getDashboard(user)],
  [/^\/api\/protected\/roleplay\/list$/, (user) => listVisibleRoleplays(user)],
  [
    /^\/api\/protected\/grades\/([^/]+)$/,
    async (user, path) => {
      const view = await getGradeView(user, path.split("/").pop()!);
      return view.state === "graded" ? view.grade : { status: view.state };
    },
  ],
];

export type FloorAnswer = { status: number; json: string };

const json = (status: number, body: unknown): FloorAnswer => ({ status, json: JSON.stringify(body) });

/** Parley's answer to GET `path` for this Authorization header, computed by the services alone. */
export async function floorAnswer(path: string, authorization: string | null | undefined): Promise<FloorAnswer> {
  const service = services.find(([re]) => re.test(path));
  if (!service) return json(404, { detail: "Not found" });
  const token = authorization?.replace(/^Bearer\s+/i, "") ?? "";
  const session = token ? await resolveSession(token) : null;
  if (!session) return json(401, { detail: "Token is invalid, expired or revoked" });
  return json(200, await service[1](session.user, path));
}

const computed = new Map<string, Promise<FloorAnswer>>();

/** The same bytes as `floorAnswer`, computed once per path and header and then reused. */
export function staticFloorAnswer(path: string, authorization: string | null | undefined): Promise<FloorAnswer> {
  const key = `${path}\n${authorization ?? ""}`;
  let answer = computed.get(key);
  if (!answer) computed.set(key, (answer = floorAnswer(path, authorization)));
  return answer;
}

/** "/static/api/protected/dashboard" -> the static floor of "/api/protected/dashboard". */
export function floorOf(path: string): { path: string; answer: typeof floorAnswer } {
  const isStatic = path.startsWith("/static/");
  return { path: isStatic ? path.slice(7) : path, answer: isStatic ? staticFloorAnswer : floorAnswer };
}
