import { checkModelCapabilities, modelStatus } from "@/lib/ai/capabilities";
import { withDev } from "@/lib/api/handler";

/** Developers: the model configuration (no key) and the last capability check. */
export const GET = withDev(async () => modelStatus());

/** Developers: runs the capability check now (a few tiny requests, each within MODEL_CHECK_TIMEOUT_MS). */
export const POST = withDev(async () => {
  await checkModelCapabilities();
  return modelStatus();
});
