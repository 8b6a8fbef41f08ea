import { describe, expect, it } from "vitest";

import { findPostgresBinaries, type Machine } from "../helpers/postgres-binaries";

/** A machine whose files are `dirs` (each holding initdb, pg_ctl and postgres) plus `partial` ones (initdb only). */
function machine(opts: {
  env?: Record<string, string>;
  dirs?: string[];
  partial?: string[];
  pgConfig?: string | null;
}): Machine {
  const files = new Set<string>();
  for (const dir of opts.dirs ?? []) for (const tool of ["initdb", "pg_ctl", "postgres"]) files.add(`${dir}/${tool}`);
  for (const dir of opts.partial ?? []) files.add(`${dir}/initdb`);
  const versions = [...(opts.dirs ?? []), ...(opts.partial ?? [])]
    .map((d) => d.match(/^\/usr\/lib\/postgresql\/([^/]+)\/bin$/)?.[1])
    .filter((v): v is string => !!v);
  return {
    env: opts.env ?? {},
    exists: (file) => files.has(file) || (file === "/usr/lib/postgresql" && versions.length > 0),
    pgConfigBindir: () => opts.pgConfig ?? null,
    listDir: () => [...versions, "README"],
  };
}

describe("findPostgresBinaries", () => {
  const cases: { name: string; m: Machine; dir: string | null; source?: string }[] = [
    {
      name: "PG_BIN wins over everything else",
      m: machine({ env: { PG_BIN: "/opt/pg/bin" }, dirs: ["/opt/pg/bin", "/usr/lib/postgresql/16/bin"] }),
      dir: "/opt/pg/bin",
      source: "PG_BIN",
    },
    {
      name: "the older PG_BIN_DIR still works",
      m: machine({ env: { PG_BIN_DIR: "/opt/pg/bin" }, dirs: ["/opt/pg/bin"] }),
      dir: "/opt/pg/bin",
      source: "PG_BIN",
    },
    {
      name: "a PG_BIN without the tools is reported, not replaced",
      m: machine({ env: { PG_BIN: "/nowhere" }, dirs: ["/usr/lib/postgresql/16/bin"] }),
      dir: null,
    },
    {
      name: "pg_config --bindir comes next",
      m: machine({
        pgConfig: "/usr/lib/postgresql/15/bin",
        dirs: ["/usr/lib/postgresql/15/bin", "/usr/lib/postgresql/17/bin"],
      }),
      dir: "/usr/lib/postgresql/15/bin",
      source: "pg_config --bindir",
    },
    {
      name: "a pg_config from the client package alone (no server there) is passed over",
      m: machine({ pgConfig: "/usr/bin", dirs: ["/usr/lib/postgresql/16/bin"] }),
      dir: "/usr/lib/postgresql/16/bin",
      source: "/usr/lib/postgresql",
    },
    {
      name: "the newest Debian version by number, not by text",
      m: machine({ dirs: ["/usr/lib/postgresql/9.6/bin", "/usr/lib/postgresql/15/bin", "/usr/lib/postgresql/17/bin"] }),
      dir: "/usr/lib/postgresql/17/bin",
      source: "/usr/lib/postgresql",
    },
    {
      name: "a newer version with only the client tools is skipped",
      m: machine({ dirs: ["/usr/lib/postgresql/15/bin"], partial: ["/usr/lib/postgresql/17/bin"] }),
      dir: "/usr/lib/postgresql/15/bin",
    },
    {
      name: "PATH last, in its order",
      m: machine({
        env: { PATH: "/usr/bin:/usr/local/pgsql/bin:/opt/other/bin" },
        dirs: ["/usr/local/pgsql/bin", "/opt/other/bin"],
      }),
      dir: "/usr/local/pgsql/bin",
      source: "PATH",
    },
    { name: "nothing anywhere", m: machine({ env: { PATH: "/usr/bin" } }), dir: null },
  ];

  it.each(cases)("$name", ({ m, dir, source }) => {
    const found = findPostgresBinaries(m);
    expect(found.dir).toBe(dir);
    if (found.dir !== null) expect(found.source).toBe(source ?? found.source);
    else expect(found.reason).toMatch(/initdb, pg_ctl, postgres/);
  });
});
