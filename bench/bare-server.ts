/**
 * The framework-overhead baseline: a bare node:http server that runs the same service
 * functions (so the same SQL, the same token check) as the Next.js route handlers, and under
 * /static/<path> sends the same bytes without recomputing them (bench/floor-routes.ts).
 *   DATABASE_URL=... AUTH_SECRET=... node --conditions=react-server --import tsx bench/bare-server.ts <port>
 */
import { createServer } from "node:http";

import { floorOf } from "./floor-routes";

export async function startBareServer(port: number) {
  const server = createServer(async (req, res) => {
    const send = (status: number, json: string) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(json);
    };
    try {
      const floor = floorOf((req.url ?? "/").split("?")[0]);
      const { status, json } = await floor.answer(floor.path, req.headers.authorization);
      send(status, json);
    } catch (err) {
      send(500, JSON.stringify({ detail: String(err) }));
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
