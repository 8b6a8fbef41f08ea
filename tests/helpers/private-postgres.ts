import { execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { findPostgresBinaries } from "./postgres-binaries";

const binaries = findPostgresBinaries();

/** Why this machine cannot run a throwaway PostgreSQL server of the test's own, or null when it can. */
export const privatePostgresUnavailable: string | null = binaries.dir === null ? binaries.reason : null;

/**
 * A PostgreSQL server in a temporary folder on its own port, so a test can stop and start it
 * (the database "going away") without touching the machine's shared server.
 */
export function startPrivatePostgres(port: number) {
  const dir = mkdtempSync(path.join(tmpdir(), "parley-pg-"));
  chmodSync(dir, 0o777);
  const data = path.join(dir, "data");
  const asPostgres = (cmd: string, args: string[]) => {
    const full = [path.join(binaries.dir!, cmd), ...args];
    // PostgreSQL refuses to run as root: run as the postgres user when we are root.
    if (process.getuid?.() === 0) execFileSync("runuser", ["-u", "postgres", "--", ...full], { stdio: "pipe" });
    else execFileSync(full[0], full.slice(1), { stdio: "pipe" });
  };
  asPostgres("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8"]);
  const ctl = (action: "start" | "stop") =>
    asPostgres("pg_ctl", [
      "-D",
      data,
      "-w",
      "-t",
      "30",
      action,
      ...(action === "start"
        ? ["-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, "-l", path.join(dir, "log")]
        : ["-m", "fast"]),
    ]);
  ctl("start");
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => ctl("start"),
    stop: () => ctl("stop"),
    destroy: () => {
      try {
        ctl("stop");
      } catch {
        /* already stopped */
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
