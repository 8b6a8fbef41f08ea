import { execSync } from "node:child_process";
import { cpus, loadavg, totalmem } from "node:os";

import postgres from "postgres";

/** What the numbers were measured on; the CPU is shared, so the load goes next to every run. */
export async function machineInfo(url: string) {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  const [{ version }] = await client`select version()`;
  await client.end();
  return {
    date: new Date().toISOString(),
    nproc: execSync("nproc").toString().trim(),
    cpu: cpus()[0]?.model ?? "unknown",
    memoryGb: (totalmem() / 1024 ** 3).toFixed(1),
    node: process.version,
    postgres: String(version).split(" on ")[0],
    os: execSync("uname -sr").toString().trim(),
  };
}

export function load(): string {
  return loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
}
