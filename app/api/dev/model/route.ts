import { checkModelCapabilities, modelStatus } from "@/lib/ai/capabilities";
import { withUser } from "@/lib/api/handler";

/** Developers: the model configuration (no key) and the last capability check. */
export const GET = withUser(async () => modelStatus(), { role: "developer" });

/** Developers: runs the capability check now (a few tiny requests, each within MODEL_CHECK_TIMEOUT_MS). */
export const POST = withUser(
  async () => {
    await checkModelCapabilities();
    return modelStatus();
  },
  { role: "developer" },
);
