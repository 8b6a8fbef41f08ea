import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { AppClient } from "@/agent/app-client";

type Seen = { method?: string; url?: string; auth?: string; body: string };
const seen: Seen[] = [];
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      seen.push({ method: req.method, url: req.url, auth: req.headers.authorization, body });
      const status = req.url?.includes("missing") ? 404 : 200;
      res
        .writeHead(status, { "content-type": "application/json" })
        .end(JSON.stringify(status === 200 ? { stored: true } : { detail: "Conversation not found" }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("agent app client", () => {
  it("posts turns and the end with the shared secret", async () => {
    const app = new AppClient(base, "s3cret");
    const turn = {
      speaker: "learner" as const,
      text: "Hi",
      started_at: "2026-01-01T00:00:00Z",
      ended_at: "2026-01-01T00:00:01Z",
      external_id: "item_1",
    };
    expect(await app.postTurn("c1", turn)).toEqual({ stored: true });
    await app.end("c1");
    await app.conversation("c1");
    expect(seen.map((s) => [s.method, s.url, s.auth])).toEqual([
      ["POST", "/api/agent/conversations/c1/turns", "Bearer s3cret"],
      ["POST", "/api/agent/conversations/c1/end", "Bearer s3cret"],
      ["GET", "/api/agent/conversations/c1", "Bearer s3cret"],
    ]);
    expect(JSON.parse(seen[0].body)).toEqual(turn);
  });

  it("throws with the status when the app refuses", async () => {
    await expect(new AppClient(base, "s").conversation("missing")).rejects.toThrow(/404/);
  });
});
