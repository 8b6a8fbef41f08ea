/**
 * The framework-overhead baseline: a bare node:http server that runs the same service
 * functions (so the same SQL, the same token check) as the Next.js route handlers.
 *   DATABASE_URL=... AUTH_SECRET=... node --conditions=react-server --import tsx bench/bare-server.ts <port>
 */
import { createServer } from "node:http";

import { resolveSession } from "@/lib/auth/service";
import { getDashboard } from "@/lib/dashboard/service";
import { listVisibleRoleplays } from "@/lib/roleplays/service";

type Handler = (
  user: NonNullable<Awaited<ReturnType<typeof resolveSession>>>["user"],
  path: string,
) => Promise<unknown>;

const routes: [RegExp, Handler][] = [
  [/^\/api\/protected\/dashboard$/, (user) => getDashboard(user)],
  [/^\/api\/protected\/roleplay\/list$/, (user) => listVisibleRoleplays(user)],
];

/** Routes whose services may not exist yet in this tree: added when they import. */
async function optionalRoutes() {
  try {
    const { getGradeView: getGrade } = (await import("@/lib/grading/" + "service")) as {
      getGradeView: (u: unknown, id: string) => Promise<unknown>;
    };
    if (getGrade)
      routes.push([/^\/api\/protected\/grades\/([^/]+)$/, (user, path) => getGrade(user, path.split("/").pop()!)]);
  } catch {}
}

export async function startBareServer(port: number) {
  await optionalRoutes();
  const server = createServer(async (req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    const route = routes.find(([re]) => re.test(path));
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (!route) return send(404, { detail: "Not found" });
    try {
      const token = req.headers.authorization?.replace(/^Bearer\s+/i, "") ?? "";
      const session = token ? await resolveSession(token) : null;
      if (!session) return send(401, { detail: "Token is invalid, expired or revoked" });
      send(200, await route[1](session.user, path));
    } catch (err) {
      send(500, { detail: String(err) });
    }
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return server;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.argv[2] ?? 3401);
  await startBareServer(port);
  console.log(`bare server on http://127.0.0.1:${port}`);
}
