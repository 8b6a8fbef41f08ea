import { AppError, badRequest } from "@/lib/errors";

export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/** Reads a JSON body, refusing oversize and malformed ones with a clear 4xx. */
export async function readJson(req: Request, maxBytes = DEFAULT_MAX_BODY_BYTES): Promise<unknown> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new AppError(413, `Request body is larger than ${maxBytes} bytes`);
  const reader = req.body?.getReader();
  if (!reader) throw badRequest("Request body must be JSON");
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new AppError(413, `Request body is larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text.trim()) throw badRequest("Request body must be JSON");
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest("Malformed JSON in request body");
  }
}
