import type { ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startAnthropicStub } from "../helpers/anthropic-stub";
import { freePort } from "../helpers/free-port";
import { startNextServer } from "../helpers/next-server";
import { privatePostgresUnavailable, startPrivatePostgres } from "../helpers/private-postgres";

// A real `next start` process is killed (SIGKILL) while it grades; a fresh one must finish the
// grade by itself. Needs the production build (npm test builds before running this file).
const distDir = process.env.NEXT_DIST_DIR || ".next";
const built = existsSync(path.join(process.cwd(), distDir, "BUILD_ID"));
const skip = !built
  ? `no production build in ${distDir}`
  : process.env.TEST_DATABASE_URL
    ? "runs in the PGlite phase only"
    : privatePostgresUnavailable;

let base = "";

async function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  base = `http://127.0.0.1:${port}`;
  return startNextServer({ port, distDir, env, waitMs: 30_000 });
}

async function api(pathname: string, token: string | null, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(base + pathname, {
    method: init.method ?? (init.body ? "POST" : "GET"),
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return { status: res.status, json: await res.json().catch(() => null) };
}

describe.skipIf(skip)(`the server is killed in the middle of grading${skip ? ` (skipped: ${skip})` : ""}`, () => {
  let pg: ReturnType<typeof startPrivatePostgres>;
  let stub: Awaited<ReturnType<typeof startAnthropicStub>>;
  let server: ChildProcess | undefined;
  let gradingAsked: () => void;
  const gradingRequested = new Promise<void>((resolve) => (gradingAsked = resolve));

  beforeAll(async () => {
    pg = startPrivatePostgres(await freePort());
    stub = await startAnthropicStub((req) => {
      if (req.tools?.length) {
        gradingAsked();
        return { hang: true }; // the grader is mid-call when the server dies
      }
      return { text: "We ship about four thousand orders a day." };
    });
  });

  afterAll(async () => {
    server?.kill("SIGKILL");
    await stub?.close();
    pg?.destroy();
  });

  it("picks the pending grade up after a restart and finishes it", async () => {
    const common = {
      DATABASE_URL: pg.url,
      AUTH_SECRET: "restart-secret-restart-secret-0123",
      SEED_DEMO_DATA: "true",
      GRADING_SWEEP_MS: "500",
      GRADING_RETRY_DELAY_MS: "200",
      LIVEKIT_URL: "",
    };
    const port = await freePort();
    server = await startServer(port, {
      ...common,
      ANTHROPIC_API_KEY: "sk-stub",
      ANTHROPIC_BASE_URL: stub.url,
      GRADING_TIMEOUT_MS: "2000",
    });

    const signin = await api("/api/auth/signin", null, {
      body: { email: "member.a@parley.local", password: "practice-parley" },
    });
    expect(signin.status).toBe(200);
    const token = signin.json.token as string;
    const list = await api("/api/protected/roleplay/list", token);
    const room = await api("/api/protected/requestroom", token, { body: { schema_id: list.json[0].id } });
    expect(room.status).toBe(200);
    const id = room.json.conversation_id as string;
    expect(
      (
        await api(`/api/protected/conversations/${id}/messages`, token, {
          body: { text: "How many orders do you ship each day?" },
        })
      ).status,
    ).toBe(200);
    expect((await api(`/api/protected/conversations/${id}/end`, token, { method: "POST" })).status).toBe(200);

    await gradingRequested;
    server.kill("SIGKILL");
    await new Promise((r) => server!.once("exit", r));

    // The new process has no model: the rubric grader finishes the job once the dead lease expires.
    server = await startServer(port, { ...common, ANTHROPIC_API_KEY: "" });
    const relogin = await api("/api/auth/signin", null, {
      body: { email: "member.a@parley.local", password: "practice-parley" },
    });
    let grade = await api(`/api/protected/grades/${id}`, relogin.json.token);
    for (let i = 0; i < 120 && grade.status === 202; i++) {
      await new Promise((r) => setTimeout(r, 500));
      grade = await api(`/api/protected/grades/${id}`, relogin.json.token);
    }
    expect(grade.status).toBe(200);
    expect(grade.json.status).toBe("graded");
    expect(grade.json.grader).toBe("rubric");
    expect(typeof grade.json.conversation_score).toBe("number");
  }, 150_000);
});
