import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { POST as signin } from "@/app/api/auth/signin/route";
import { POST as signup } from "@/app/api/auth/signup/route";
import { GET as health } from "@/app/api/health/route";
import { closeDb } from "@/db";
import { resetAll } from "@/lib/rate-limit";

import { call } from "../helpers/api";
import { freePort } from "../helpers/free-port";
import { privatePostgresUnavailable, startPrivatePostgres } from "../helpers/private-postgres";

// Runs once (in the PGlite phase), against a PostgreSQL server of its own that it stops and starts.
const skip = process.env.TEST_DATABASE_URL ? "runs in the PGlite phase only" : privatePostgresUnavailable;

describe.skipIf(skip)(`the database goes away and comes back${skip ? ` (skipped: ${skip})` : ""}`, () => {
  let pg: ReturnType<typeof startPrivatePostgres>;
  const creds = { email: "outage@example.com", password: "outage-pass-1", name: "Outage" };

  beforeAll(async () => {
    pg = startPrivatePostgres(await freePort());
    await closeDb();
    process.env.DATABASE_URL = pg.url;
    expect((await call(signup, { body: creds })).status).toBe(201);
  });

  afterAll(async () => {
    await closeDb();
    pg?.destroy();
  });

  it("answers 503 with a detail while the server is down, then recovers by itself", async () => {
    await resetAll();
    expect((await call(signin, { body: creds })).status).toBe(200);

    pg.stop();
    for (const res of [await call(signin, { body: creds }), await call(health)]) {
      expect(res.status).toBe(503);
      expect(res.json.detail).toMatch(/temporarily unavailable/);
      expect(res.headers.get("retry-after")).toBe("5");
    }

    pg.start();
    // No restart of the app: the pool reconnects on the next request.
    let status = 0;
    for (let i = 0; i < 20 && status !== 200; i++) {
      status = (await call(signin, { body: creds })).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe(200);
    expect((await call(health)).json).toEqual({ status: "ok" });
  });
});
