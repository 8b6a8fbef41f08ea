import { readText } from "@/lib/api/body";
import { withPublic } from "@/lib/api/handler";
import { handleLivekitWebhook } from "@/lib/rooms/webhook";

// The signature covers the exact bytes, so the body is read as text (bounded), never re-serialised.
export const POST = withPublic(async ({ req }) =>
  handleLivekitWebhook(await readText(req, 64 * 1024), req.headers.get("authorization")),
);
