import { withPublic } from "@/lib/api/handler";
import { handleLivekitWebhook } from "@/lib/rooms/webhook";

// The signature covers the exact bytes, so the body is read as text, never re-serialised.
export const POST = withPublic(async ({ req }) => handleLivekitWebhook(await req.text(), req.headers.get("authorization")));
