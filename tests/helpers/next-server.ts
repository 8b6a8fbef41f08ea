import { type ChildProcess, spawn } from "node:child_process";

/**
 * Starts the production build (`next start`) on the given port and waits until it says it is
 * ready and /api/health answers. If the process exits first (a port already taken, a crash at
 * start), it fails at once with that reason; another program answering on the port is never
 * mistaken for this server, because "Ready" is only printed once Next.js holds the port.
 */
export async function startNextServer(opts: {
  port: number;
  distDir: string;
  env: Record<string, string>;
  name?: string;
  waitMs?: number;
}): Promise<ChildProcess> {
  const { port, distDir, env, name = "next start", waitMs = 40_000 } = opts;
  const child = spawn(
    process.execPath,
    ["node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"],
    {
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NEXT_DIST_DIR: distDir, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let ready = false;
  let exited: string | null = null;
  let lastError = "";
  child.stdout!.on("data", (chunk: Buffer) => (ready ||= /\bReady in\b/.test(String(chunk))));
  child.stderr!.on("data", (chunk: Buffer) => (lastError = String(chunk).trim().split("\n")[0]));
  child.once("exit", (code, signal) => (exited = `exited (${signal ?? `code ${code}`})`));
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${name} on port ${port} ${exited} before it was ready: ${lastError}`);
    try {
      if (ready && (await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill("SIGKILL");
  throw new Error(`${name} on port ${port} did not answer within ${waitMs / 1000} s`);
}
