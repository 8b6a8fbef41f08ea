import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

export type Server = { proc: ChildProcess; url: string; stop: () => Promise<void> };

/** Starts a child process and waits until `healthPath` answers. */
export async function startProcess(
  cmd: string,
  args: string[],
  opts: { port: number; env: Record<string, string>; healthPath: string; log: string },
): Promise<Server> {
  const { createWriteStream } = await import("node:fs");
  const out = createWriteStream(opts.log);
  const proc = spawn(cmd, args, { env: { ...process.env, ...opts.env }, stdio: ["ignore", "pipe", "pipe"] });
  proc.stdout!.pipe(out);
  proc.stderr!.pipe(out);
  const url = `http://127.0.0.1:${opts.port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${cmd} exited with ${proc.exitCode}; see ${opts.log}`);
    try {
      const res = await fetch(url + opts.healthPath);
      if (res.status < 500) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`${cmd} did not answer on ${url}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const stop = async () => {
    if (proc.exitCode !== null) return;
    const exited = new Promise((r) => proc.once("exit", r));
    proc.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (proc.exitCode === null) proc.kill("SIGKILL");
  };
  return { proc, url, stop };
}

/** Resident memory (MB) of a process and all its descendants, from /proc. */
export function treeRssMb(pid: number): number {
  const children = new Map<number, number[]>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {}
  }
  let kb = 0;
  const visit = (p: number) => {
    try {
      const m = readFileSync(`/proc/${p}/status`, "utf8").match(/VmRSS:\s+(\d+)/);
      if (m) kb += Number(m[1]);
    } catch {}
    for (const c of children.get(p) ?? []) visit(c);
  };
  visit(pid);
  return kb / 1024;
}
