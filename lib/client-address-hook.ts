import "server-only";

import { randomBytes } from "node:crypto";
import http from "node:http";

const installed = Symbol.for("parley.clientAddressHook");
export const PEER_HEADER = "x-parley-peer";

/** The per-process value that proves a request went through the hook (a client cannot guess it). */
export function hookToken(): string | undefined {
  return (globalThis as { [installed]?: string })[installed];
}

/**
 * Appends each request's socket address to `x-forwarded-for` before Next.js handles it, as a
 * reverse proxy would, and stamps the request with this process's hook token. Next.js 16 only sets
 * `x-forwarded-for` when the client sent none (`req.headers['x-forwarded-for'] ??=
 * socket.remoteAddress` in next/dist/server/base-server.js), so without this a client could choose
 * its own rate-limit key (see `clientAddress` in lib/rate-limit.ts). Installed once per process from
 * instrumentation.ts; it covers the http server `next start` creates.
 */
export function installClientAddressHook() {
  const g = globalThis as { [installed]?: string };
  if (g[installed]) return;
  const token = randomBytes(18).toString("base64url");
  g[installed] = token;
  const proto = http.Server.prototype;
  const emit = proto.emit;
  proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const req = args[0] as http.IncomingMessage;
      const peer = req.socket?.remoteAddress;
      delete req.headers[PEER_HEADER];
      if (peer) {
        const sent = req.headers["x-forwarded-for"];
        const prior = Array.isArray(sent) ? sent.join(", ") : sent;
        req.headers["x-forwarded-for"] = prior ? `${prior}, ${peer}` : peer;
        req.headers[PEER_HEADER] = token;
      }
    }
    return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
  } as typeof proto.emit;
}
