import { body, withUser } from "@/lib/api/handler";
import { previewRealCall } from "@/lib/real-calls/service";
import { MAX_REQUEST_BYTES, realCallPreviewSchema } from "@/lib/validations/real-calls";

/** Reads a transcript and lists its speakers with a sample line each; stores nothing. */
export const POST = withUser(
  async ({ req }) => previewRealCall(await body(req, realCallPreviewSchema, MAX_REQUEST_BYTES)),
  { role: "user" },
);
