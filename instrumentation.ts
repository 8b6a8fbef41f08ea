/**
 * Next.js server start: check the configuration (production stops here, listing every problem),
 * prepare the database (migrate, demo seed, bootstrap developer), then start the sweeps.
 */
export async function register() {
  // Set by Next.js per runtime, and read before lib/env.ts is loaded (the edge runtime cannot load it).
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { refuseToStartIfMisconfigured } = await import("@/lib/env");
  refuseToStartIfMisconfigured();
  const { installClientAddressHook } = await import("@/lib/client-address-hook");
  installClientAddressHook();
  const { prepareDatabase } = await import("@/lib/startup");
  const { startGradingSweep } = await import("@/lib/grading/worker");
  const { startIdleSweep } = await import("@/lib/conversations/idle");
  const { startLtiOutbox } = await import("@/lib/lti/outbox");
  const prepare = async () => {
    try {
      await prepareDatabase();
    } catch (err) {
      // The server still starts: requests report the database problem and retry it themselves;
      // the demo seed and the bootstrap developer follow once the database answers.
      console.error("[startup] database unavailable:", err instanceof Error ? err.message : err);
      setTimeout(prepare, 5000).unref();
    }
  };
  await prepare();
  startGradingSweep();
  startIdleSweep();
  startLtiOutbox();
  // Transcripts past their organisation's retention, hourly; safe with several instances (lib/data/retention.ts).
  const { startRetentionSweep } = await import("@/lib/data/retention");
  startRetentionSweep();
  // In the background: what the model endpoint can do (streaming, tool use), logged once it is known.
  const { startModelCheck } = await import("@/lib/ai/capabilities");
  startModelCheck();
}
