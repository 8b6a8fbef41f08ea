import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

export const POSTGRES_TOOLS = ["initdb", "pg_ctl", "postgres"] as const;

export type PostgresBinaries = { dir: string; source: string } | { dir: null; reason: string };

/** What the search reads from the machine; tests pass their own. */
export type Machine = {
  env: Record<string, string | undefined>;
  exists: (file: string) => boolean;
  pgConfigBindir: () => string | null;
  listDir: (dir: string) => string[];
};

const hasTools = (m: Machine, dir: string) => POSTGRES_TOOLS.every((tool) => m.exists(path.join(dir, tool)));

/** "9.6" < "15" < "17": by major, then minor, as numbers. */
function byVersionDescending(a: string, b: string) {
  const [am, an] = a.split(".").map(Number);
  const [bm, bn] = b.split(".").map(Number);
  return bm - am || (bn || 0) - (an || 0);
}

/**
 * Where initdb, pg_ctl and postgres live: PG_BIN (or the older PG_BIN_DIR) when set, then
 * `pg_config --bindir`, then the newest Debian `/usr/lib/postgresql/<version>/bin`, then PATH.
 * An explicit PG_BIN is final: a wrong one is reported rather than quietly replaced.
 */
export function findPostgresBinaries(m: Machine = realMachine): PostgresBinaries {
  const override = m.env.PG_BIN || m.env.PG_BIN_DIR;
  if (override) {
    return hasTools(m, override)
      ? { dir: override, source: "PG_BIN" }
      : { dir: null, reason: `PG_BIN=${override} lacks one of ${POSTGRES_TOOLS.join(", ")}` };
  }
  const bindir = m.pgConfigBindir();
  if (bindir && hasTools(m, bindir)) return { dir: bindir, source: "pg_config --bindir" };

  const debian = "/usr/lib/postgresql";
  const versions = m.exists(debian) ? m.listDir(debian).filter((v) => /^\d+(\.\d+)?$/.test(v)) : [];
  for (const version of versions.sort(byVersionDescending)) {
    const dir = path.join(debian, version, "bin");
    if (hasTools(m, dir)) return { dir, source: debian };
  }

  for (const dir of (m.env.PATH ?? "").split(path.delimiter).filter(Boolean)) {
    if (hasTools(m, dir)) return { dir, source: "PATH" };
  }
  return {
    dir: null,
    reason: `no PostgreSQL server binaries (${POSTGRES_TOOLS.join(", ")}) in PG_BIN, pg_config, ${debian}/*/bin or PATH`,
  };
}

const realMachine: Machine = {
  env: process.env,
  exists: existsSync,
  listDir: (dir) => readdirSync(dir),
  pgConfigBindir: () => {
    try {
      return execFileSync("pg_config", ["--bindir"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    } catch {
      return null;
    }
  },
};
