/** Next.js server start: open (and migrate) the database, then start the grading sweep. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { installClientAddressHook } = await import("@/lib/client-address-hook");
  installClientAddressHook();
  const { getDb } = await import("@/db");
  const { startGradingSweep } = await import("@/lib/grading/worker");
  const { startIdleSweep } = await import("@/lib/conversations/idle");
  try {
    await getDb();
  } catch (err) {
    // The server still starts: requests report the database problem and the next use retries.
    console.error("[startup] database unavailable:", err instanceof Error ? err.message : err);
  }
  startGradingSweep();
  startIdleSweep();
}
