import { existsSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { freePort } from "../helpers/free-port";
import { startNextServer } from "../helpers/next-server";

// The fault and two-instance tests start `next start` themselves. When the port they pick is
// already held by another program, they must fail with that reason, not test the stranger.
const distDir = process.env.NEXT_DIST_DIR || ".next";
const built = existsSync(path.join(process.cwd(), distDir, "BUILD_ID"));

describe("the test helper that starts the production server", () => {
  it("hands out a port nothing listens on", async () => {
    const port = await freePort();
    const server = createServer((_, res) => res.end("ok"));
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", resolve);
    });
    expect((server.address() as AddressInfo).port).toBe(port);
    await new Promise((r) => server.close(r));
  });

  it.skipIf(!built)(
    "fails when another program already answers /api/health on its port",
    async () => {
      const stranger = createServer((_, res) => res.writeHead(200, { "content-type": "application/json" }).end("{}"));
      await new Promise<void>((r) => stranger.listen(0, "127.0.0.1", r));
      const port = (stranger.address() as AddressInfo).port;
      try {
        await expect(startNextServer({ port, distDir, env: { SEED_DEMO_DATA: "false" } })).rejects.toThrow(
          `next start on port ${port} exited`,
        );
      } finally {
        await new Promise((r) => stranger.close(r));
      }
    },
    60_000,
  );
});
