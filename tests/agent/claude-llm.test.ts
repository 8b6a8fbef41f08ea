import { APITimeoutError, initializeLogger, llm } from "@livekit/agents";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { endCallTools } from "@/agent/call-ending";
import { ClaudeLLM } from "@/agent/claude-llm";

import { type MessagesRequest, startAnthropicStub, stubEngines, type StubReply } from "../helpers/anthropic-stub";

/** The agent's LLM path against self-hosted engines: a streaming stand-in at a base URL. */
let respond: (req: MessagesRequest) => StubReply = () => ({ text: "unset" });
let stub: Awaited<ReturnType<typeof startAnthropicStub>>;

beforeAll(async () => {
  initializeLogger({ pretty: false, level: "warn" });
  stub = await startAnthropicStub((req) => respond(req));
});
afterAll(() => stub.close());

const model = (opts: Partial<ConstructorParameters<typeof ClaudeLLM>[0]> = {}) =>
  new ClaudeLLM({ model: "qwen3:8b", apiKey: "none", baseURL: stub.url, ...opts });

function context(text: string) {
  const ctx = llm.ChatContext.empty();
  ctx.addMessage({ role: "system", content: "You are Dana." });
  ctx.addMessage({ role: "user", content: text });
  return ctx;
}

/** Everything one chat() streams: the text, the function calls. */
async function drain(stream: llm.LLMStream) {
  let text = "";
  const calls: llm.FunctionCall[] = [];
  for await (const chunk of stream) {
    text += chunk.delta?.content ?? "";
    calls.push(...(chunk.delta?.toolCalls ?? []));
  }
  return { text, calls };
}

describe("ClaudeLLM against a self-hosted Messages API endpoint", () => {
  it("streams a reply piece by piece from the persona's own model", async () => {
    respond = () => ({ text: "Dana speaking. Who is this, please?", delayMs: 5 });
    const out = await drain(model().chat({ chatCtx: context("Hi, is this Dana?") }));
    expect(out.text).toBe("Dana speaking. Who is this, please?");
    const sent = stub.requests.at(-1)!;
    expect(sent).toMatchObject({ model: "qwen3:8b", stream: true, system: "You are Dana." });
  });

  it("turns a streamed tool_use block into the framework's function call (end_call)", async () => {
    respond = (req) => (req.tools?.length ? { tool: { name: "end_call", input: {} } } : { text: "?" });
    const out = await drain(model().chat({ chatCtx: context("Bye!"), toolCtx: endCallTools() }));
    expect(stub.requests.at(-1)!.tools?.map((t) => t.name)).toEqual(["end_call"]);
    expect(out.calls.map((c) => [c.name, c.args])).toEqual([["end_call", "{}"]]);
  });

  it("plays on without tools when the endpoint refuses them, and stops offering them", async () => {
    respond = stubEngines.rejectsTools("Sorry, who is this?");
    const claude = model();
    const before = stub.requests.length;
    const out = await drain(claude.chat({ chatCtx: context("Hello?"), toolCtx: endCallTools() }));
    expect(out.text).toBe("Sorry, who is this?");
    const [refused, retried] = stub.requests.slice(before);
    expect(refused.tools?.length).toBe(1);
    expect(retried.tools).toBeUndefined();
    expect(claude.toolsRefused).toBe(true);
    await drain(claude.chat({ chatCtx: context("Still there?"), toolCtx: endCallTools() }));
    expect(stub.requests.slice(before)).toHaveLength(3);
    expect(stub.requests.at(-1)!.tools).toBeUndefined();
  });

  it("gives up on a model that never answers within the connection's time limit, as a timeout", async () => {
    respond = () => ({ hang: true });
    const claude = model();
    const errors: unknown[] = [];
    claude.on("error", (e: { error: unknown }) => errors.push(e.error));
    const started = Date.now();
    await drain(
      claude.chat({ chatCtx: context("Hello?"), connOptions: { maxRetry: 0, retryIntervalMs: 0, timeoutMs: 300 } }),
    ).catch(() => undefined);
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(APITimeoutError);
  });
});
