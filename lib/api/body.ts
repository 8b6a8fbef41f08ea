import { AppError, badRequest } from "@/lib/errors";

const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/** Reads a body as text, refusing one larger than `maxBytes` with a 413 (whatever it declares). */
export async function readText(req: Request, maxBytes = DEFAULT_MAX_BODY_BYTES): Promise<string> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new AppError("too_large:body", `Request body is larger than ${maxBytes} bytes`);
  const reader = req.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new AppError("too_large:body", `Request body is larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Reads a JSON body, refusing oversize and malformed ones with a clear 4xx. */
export async function readJson(req: Request, maxBytes = DEFAULT_MAX_BODY_BYTES): Promise<unknown> {
  const text = await readText(req, maxBytes);
  if (!text.trim()) throw badRequest("Request body must be JSON");
  assertJsonContentType(req);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest("Malformed JSON in request body");
  }
  assertSaneJson(value);
  return value;
}

/**
 * JSON APIs take only `application/json` (a charset parameter is fine). A `text/plain` or form body
 * is what another site can send without a CORS preflight, so it is refused with 415.
 */
function assertJsonContentType(req: Request) {
  const type = req.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") {
    throw new AppError("unsupported_media:body", "Content-Type must be application/json");
  }
}

const MAX_DEPTH = 32;

/**
 * Refuses what no field of ours can hold: nesting deeper than any payload needs, NUL characters
 * (PostgreSQL text cannot store them) and malformed UTF-16 (lone surrogates). Iterative, so a
 * hostile body cannot exhaust the stack.
 */
export function assertSaneJson(root: unknown) {
  const stack: [unknown, number][] = [[root, 0]];
  while (stack.length) {
    const [value, depth] = stack.pop()!;
    if (typeof value === "string") {
      if (value.includes("\u0000")) throw badRequest("Text must not contain NUL characters");
      if (!value.isWellFormed()) throw badRequest("Text must be valid Unicode");
    } else if (value && typeof value === "object") {
      if (depth >= MAX_DEPTH) throw badRequest("JSON is nested too deeply");
      for (const [key, child] of Object.entries(value)) {
        stack.push([key, depth + 1], [child, depth + 1]);
      }
    }
  }
}
