import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** What the stand-in answers to one Messages API request. */
export type StubReply =
  | { tool: { name: string; input: unknown } }
  | { text: string }
  | { status: number; body: unknown }
  | { raw: string }
  | { hang: true };

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
  const server: Server = createServer(async (req, res) => {
    if (req.method !== "POST" || !req.url?.startsWith("/v1/messages")) {
      res
        .writeHead(404, { "content-type": "application/json" })
        .end(JSON.stringify({ type: "error", error: { type: "not_found_error", message: "not found" } }));
      return;
    }
    const body = JSON.parse(await readBody(req)) as MessagesRequest;
    requests.push(body);
    const reply = await respond(body);
    if ("hang" in reply) return; // never answers: the client's timeout fires
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
      stop_reason: "tool" in reply ? "tool_use" : "end_turn",
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
    const text = "text" in reply ? reply.text : JSON.stringify((reply as { tool: { input: unknown } }).tool.input);
    send("content_block_start", { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } });
    for (const piece of text.match(/.{1,12}/gs) ?? []) {
      send("content_block_delta", {
        type: "content_block_delta",
        index: 0,
        delta: { type: "text_delta", text: piece },
      });
    }
    send("content_block_stop", { type: "content_block_stop", index: 0 });
    send("message_delta", {
      type: "message_delta",
      delta: { stop_reason: "end_turn", stop_sequence: null },
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
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}
