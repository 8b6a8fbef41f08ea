import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";

import { GET as modelStatus, POST as checkModel } from "@/app/api/dev/model/route";
import { anthropicClient, modelEndpoint } from "@/lib/ai/anthropic";
import {
  checkModelCapabilities,
  resetModelCapabilities,
  shouldCheckAtStart,
  startModelCheck,
  toolSupport,
} from "@/lib/ai/capabilities";
import { callTool } from "@/lib/ai/structured";

import { type MessagesRequest, startAnthropicStub, stubEngines, type StubReply } from "../helpers/anthropic-stub";
import { call } from "../helpers/api";
import { createUser } from "../helpers/factories";

let respond: (req: MessagesRequest) => StubReply = () => ({ text: "ok" });
let stub: Awaited<ReturnType<typeof startAnthropicStub>>;

beforeAll(async () => {
  stub = await startAnthropicStub((req) => respond(req));
});
afterEach(() => {
  for (const k of [
    "ANTHROPIC_API_KEY",
    "ANTHROPIC_BASE_URL",
    "ANTHROPIC_MODEL",
    "ANTHROPIC_MODEL_GRADER",
    "MODEL_CHECK_AT_START",
    "MODEL_CHECK_TIMEOUT_MS",
  ])
    delete process.env[k];
  resetModelCapabilities();
  vi.restoreAllMocks();
});
afterAll(() => stub.close());

const SECRET = "sk-ant-do-not-log-0123456789";
function configure(extra: Record<string, string> = {}) {
  Object.assign(process.env, {
    ANTHROPIC_API_KEY: SECRET,
    ANTHROPIC_BASE_URL: stub.url,
    ANTHROPIC_MODEL: "qwen3:8b",
    ...extra,
  });
}

describe("the model capability check", () => {
  it("finds text, streaming and forced tool use on a full endpoint, in three tiny requests", async () => {
    configure();
    respond = stubEngines.callsTools({ ready: true }, "ok");
    const before = stub.requests.length;
    const report = await checkModelCapabilities(2_000);
    const sent = stub.requests.slice(before);
    expect(sent).toHaveLength(3);
    expect(sent.map((r) => r.max_tokens as number).every((n) => n <= 128)).toBe(true);
    expect(report.models).toEqual([
      {
        model: "qwen3:8b",
        tasks: ["persona", "grader", "author"],
        text: { ok: true, detail: "" },
        streaming: { ok: true, detail: "" },
        tools: { ok: true, detail: "" },
      },
    ]);
    expect(report.lines[0]).toMatch(
      /^\[model\] http:\/\/127\.0\.0\.1:\d+ · qwen3:8b \(persona, grader, author\): text yes, streaming yes, tool use yes -> grading and auto-generate use tool use$/,
    );
    expect(toolSupport("qwen3:8b")).toBe(true);
  });

  it("says tool use: no on an engine that refuses tools, and the grader then asks for JSON", async () => {
    configure();
    respond = stubEngines.rejectsTools("ok");
    const report = await checkModelCapabilities(2_000);
    expect(report.models[0].tools).toEqual({ ok: false, detail: "refused tools" });
    expect(report.lines[0]).toMatch(
      /streaming yes, tool use no \(refused tools\) -> grading and auto-generate use JSON output$/,
    );
    expect(toolSupport("qwen3:8b")).toBe(false);
    // The grader's next structured request goes straight to JSON: one request, no tools.
    respond = () => ({ text: '{"ok": true}' });
    const before = stub.requests.length;
    const answer = await callTool(anthropicClient()!, {
      task: "grader",
      system: "Grade.",
      prompt: "Is it ok?",
      tool: { name: "verdict", description: "The verdict", schema: z.object({ ok: z.boolean() }) },
    });
    expect(answer).toEqual({ ok: true });
    expect(stub.requests.slice(before).map((r) => r.tools)).toEqual([undefined]);
  });

  it("says tool use: no on an engine that ignores the forced tool choice", async () => {
    configure();
    respond = stubEngines.ignoresTools("I am ready.");
    const report = await checkModelCapabilities(2_000);
    expect(report.models[0].tools).toEqual({ ok: false, detail: "ignored the forced tool choice" });
  });

  it("says streaming: no when streamed requests are refused", async () => {
    configure();
    respond = (req) =>
      req.stream
        ? {
            status: 400,
            body: { type: "error", error: { type: "invalid_request_error", message: "stream unsupported" } },
          }
        : { text: "ok" };
    const report = await checkModelCapabilities(2_000);
    expect(report.models[0].streaming).toEqual({ ok: false, detail: "HTTP 400" });
    expect(report.lines[0]).toContain("the voice agent needs streaming");
  });

  it("gives up on a model that never answers within the check's time limit, and reports it unknown", async () => {
    configure();
    respond = () => ({ hang: true });
    const started = Date.now();
    const report = await checkModelCapabilities(300);
    expect(Date.now() - started).toBeLessThan(5_000);
    for (const probe of [report.models[0].text, report.models[0].streaming, report.models[0].tools])
      expect(probe).toEqual({ ok: null, detail: "no answer in time" });
    expect(report.lines[0]).toContain("the model did not answer: check ANTHROPIC_BASE_URL");
    expect(toolSupport("qwen3:8b")).toBeUndefined(); // the grader still tries tools first
  });

  it("checks each task's own model, and never logs the key or a password in the base URL", async () => {
    configure({ ANTHROPIC_MODEL_GRADER: "qwen3:32b" });
    respond = (req) => (req.model === "qwen3:32b" ? stubEngines.callsTools({ ready: true })(req) : { text: "ok" });
    const report = await checkModelCapabilities(2_000);
    expect(report.models.map((m) => [m.model, m.tasks, m.tools.ok])).toEqual([
      ["qwen3:8b", ["persona", "author"], false],
      ["qwen3:32b", ["grader"], true],
    ]);
    expect(report.endpoint).toBe(stub.url);
    expect(JSON.stringify(report)).not.toContain(SECRET);
    // Where the model is, as logged: never a user, password or query string.
    process.env.ANTHROPIC_BASE_URL = "https://parley:pw-secret@llm.example.edu:4000/anthropic?token=abc";
    expect(modelEndpoint()).toBe("https://llm.example.edu:4000/anthropic");
  });

  it("explains a base URL without a key: a keyless local endpoint takes a placeholder", async () => {
    process.env.ANTHROPIC_BASE_URL = stub.url;
    const before = stub.requests.length;
    const report = await checkModelCapabilities(2_000);
    expect(report.configured).toBe(false);
    expect(report.lines[0]).toContain("set ANTHROPIC_API_KEY to any placeholder");
    expect(stub.requests.length).toBe(before);
  });
});

describe("the check at server start", () => {
  it("is on by default, off under the test runner unless asked, and off when MODEL_CHECK_AT_START=false", () => {
    expect(shouldCheckAtStart({})).toBe(true);
    expect(shouldCheckAtStart({ VITEST: "true" })).toBe(false);
    expect(shouldCheckAtStart({ VITEST: "true", MODEL_CHECK_AT_START: "true" })).toBe(true);
    expect(shouldCheckAtStart({ MODEL_CHECK_AT_START: "false" })).toBe(false);
  });

  it("does not run in tests unless asked; asked, it logs one line per model in the background without waiting", async () => {
    configure();
    respond = stubEngines.rejectsTools("ok");
    const before = stub.requests.length;
    startModelCheck();
    await new Promise((r) => setTimeout(r, 200));
    expect(stub.requests.length).toBe(before);

    process.env.MODEL_CHECK_AT_START = "true";
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const started = Date.now();
    startModelCheck();
    expect(Date.now() - started).toBeLessThan(50); // returns at once: the check runs on a later tick
    await vi.waitFor(() => expect(info).toHaveBeenCalled(), { timeout: 3_000 });
    const logged = info.mock.calls.map((c) => String(c[0])).join("\n");
    expect(logged).toContain("tool use no (refused tools) -> grading and auto-generate use JSON output");
    expect(logged).not.toContain(SECRET);
  });
});

describe("/api/dev/model", () => {
  it("shows developers the configuration and runs the check on demand, without the key", async () => {
    configure({ ANTHROPIC_MODEL_GRADER: "qwen3:32b" });
    respond = stubEngines.callsTools({ ready: true });
    const dev = await createUser({ isDev: true });
    const status = await call(modelStatus, { token: dev.token });
    expect(status.status).toBe(200);
    expect(status.json).toMatchObject({
      configured: true,
      endpoint: stub.url,
      models: { persona: "qwen3:8b", grader: "qwen3:32b", author: "qwen3:8b" },
      limits_ms: { persona_reply: 15_000, grading: 90_000, autogenerate: 60_000 },
      last_check: null,
    });
    const checked = await call(checkModel, { token: dev.token, method: "POST" });
    expect(checked.status).toBe(200);
    expect(checked.json.last_check.models.map((m: { tools: { ok: boolean } }) => m.tools.ok)).toEqual([true, true]);
    expect(JSON.stringify([status.json, checked.json])).not.toContain(SECRET);
  }, 90_000);
});
