import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * What the stand-in answers to one Messages API request. `stopReason` overrides the stop reason
 * ("max_tokens": a truncated answer); `delayMs` waits before answering (and between streamed pieces).
 */
export type StubReply =
  | { tool: { name: string; input: unknown }; stopReason?: string; delayMs?: number }
  | { text: string; stopReason?: string; delayMs?: number }
  | { status: number; body: unknown }
  | { raw: string }
  | { hang: true };

/** Engines this stand-in can play, for tests of self-hosted endpoints (see `engine` below). */
export const stubEngines = {
  /** A 400 as Ollama answers for a model without tools; text requests are answered with `text`. */
  rejectsTools:
    (text = "ok") =>
    (req: MessagesRequest): StubReply =>
      req.tools?.length
        ? {
            status: 400,
            body: {
              type: "error",
              error: {
                type: "invalid_request_error",
                message: `registry.ollama.ai/library/${req.model} does not support tools`,
              },
            },
          }
        : { text },
  /** Ignores tools and tool_choice and answers in text, as engines without tool_choice do. */
  ignoresTools: (text: string) => (): StubReply => ({ text }),
  /** Calls every tool it is given with `input`, else answers `text`. */
  callsTools:
    (input: unknown, text = "ok") =>
    (req: MessagesRequest): StubReply =>
      req.tools?.length ? { tool: { name: req.tools[0].name, input } } : { text },
};

export type MessagesRequest = {
  model: string;
  system?: unknown;
  messages: { role: string; content: unknown }[];
  tools?: { name: string }[];
  stream?: boolean;
  [key: string]: unknown;
};

/**
 * A local HTTP server speaking the Anthropic Messages API (JSON and SSE streaming),
 * so the real @anthropic-ai/sdk code path runs in tests. Point ANTHROPIC_BASE_URL at `url`.
 */
export async function startAnthropicStub(respond: (req: MessagesRequest) => StubReply | Promise<StubReply>) {
  const requests: MessagesRequest[] = [];
  /** Each request's headers, in the same order (how the client authenticated). */
  const headers: IncomingHttpHeaders[] = [];
  const server: Server = createServer(async (req, res) => {
    if (req.method !== "POST" || !req.url?.startsWith("/v1/messages")) {
      res
        .writeHead(404, { "content-type": "application/json" })
        .end(JSON.stringify({ type: "error", error: { type: "not_found_error", message: "not found" } }));
      return;
    }
    const body = JSON.parse(await readBody(req)) as MessagesRequest;
    requests.push(body);
    headers.push(req.headers);
    const reply = await respond(body);
    if ("hang" in reply) return; // never answers: the client's timeout fires
    const delayMs = "delayMs" in reply ? (reply.delayMs ?? 0) : 0;
    if (delayMs) await sleep(delayMs);
    if ("status" in reply) {
      res.writeHead(reply.status, { "content-type": "application/json" }).end(JSON.stringify(reply.body));
      return;
    }
    if ("raw" in reply) {
      res.writeHead(200, { "content-type": "application/json" }).end(reply.raw);
      return;
    }
    const content =
      "tool" in reply
        ? [{ type: "tool_use", id: "toolu_stub", name: reply.tool.name, input: reply.tool.input }]
        : [{ type: "text", text: reply.text }];
    const message = {
      id: "msg_stub",
      type: "message",
      role: "assistant",
      model: body.model,
      content,
      stop_reason: reply.stopReason ?? ("tool" in reply ? "tool_use" : "end_turn"),
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 10 },
    };
    if (!body.stream) {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(message));
      return;
    }
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    const send = (event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    send("message_start", { type: "message_start", message: { ...message, content: [], stop_reason: null } });
    // A tool call streams as a tool_use block whose input arrives in input_json_delta pieces, as the real API does.
    const text = "text" in reply ? reply.text : JSON.stringify(reply.tool.input);
    send("content_block_start", {
      type: "content_block_start",
      index: 0,
      content_block:
        "text" in reply
          ? { type: "text", text: "" }
          : { type: "tool_use", id: "toolu_stub", name: reply.tool.name, input: {} },
    });
    for (const piece of text.match(/.{1,12}/gs) ?? []) {
      if (delayMs) await sleep(delayMs);
      send("content_block_delta", {
        type: "content_block_delta",
        index: 0,
        delta:
          "text" in reply ? { type: "text_delta", text: piece } : { type: "input_json_delta", partial_json: piece },
      });
    }
    send("content_block_stop", { type: "content_block_stop", index: 0 });
    send("message_delta", {
      type: "message_delta",
      delta: { stop_reason: message.stop_reason, stop_sequence: null },
      usage: { output_tokens: 10 },
    });
    send("message_stop", { type: "message_stop" });
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    headers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}
