/**
 * The organisation page of the largest bench organisation (1,300 members), issue 14:
 * the server-first /organization document against the old browser path (stats, then the schema
 * list, then one request per schema), plus the new APIs. Sequential requests, one at a time.
 *   BENCH_DB=parley_bench_i14 node --import tsx bench/org-page.ts [--dist=.next] [--runs=20]
 * Adds three assignments and 300 reviews to the organisation first (idempotent).
 */
import postgres from "postgres";

import { ADMIN_EMAIL, AUTH_SECRET, BENCH_PASSWORD, BENCH_URL } from "./config";
import { startProcess } from "./server";

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const DIST = arg("dist", ".next");
const RUNS = Number(arg("runs", "20"));
const PORT = Number(process.env.BENCH_ORG_PORT ?? 3252);

async function prepare() {
  const db = postgres(BENCH_URL, { max: 1, onnotice: () => {} });
  try {
    const [admin] =
      await db`select u.id, m.organization_id from users u join memberships m on m.user_id = u.id where u.email = ${ADMIN_EMAIL}`;
    const org = admin.organization_id as string;
    await db`delete from assignments where organization_id = ${org}`;
    const roleplays =
      await db`select id from roleplay_schemas where organization_id = ${org} and deleted_at is null and is_active order by created_at, id limit 3`;
    const groups = await db`select id from groups where organization_id = ${org} order by created_at, id limit 4`;
    const due = [-7, 7, 30].map((d) => new Date(Date.now() + d * 86_400_000));
    for (const [i, s] of roleplays.entries()) {
      // Made 60 days ago so most of the organisation's recent practice counts toward them.
      const [a] =
        await db`insert into assignments (organization_id, schema_id, due_at, pass_mark, min_attempts, created_by, created_at)
        values (${org}, ${s.id}, ${due[i]}, ${70}, ${i + 1}, ${admin.id}, now() - interval '60 days') returning id`;
      if (i > 0)
        for (const g of groups.slice(0, i * 2))
          await db`insert into assignment_groups (assignment_id, group_id) values (${a.id}, ${g.id})`;
    }
    await db`insert into grade_reviews (conversation_id, reviewer_id, score, comment)
      select g.conversation_id, ${admin.id}, least(100, g.score + 5), 'Bench review'
      from grades g join conversations c on c.id = g.conversation_id
      where c.organization_id = ${org} and g.status = 'graded' order by c.started_at desc limit 300
      on conflict (conversation_id) do nothing`;
    const [counts] = await db`select (select count(*) from memberships where organization_id = ${org})::int as members,
      (select count(*) from conversations where organization_id = ${org})::int as conversations,
      (select count(*) from roleplay_schemas where organization_id = ${org} and deleted_at is null)::int as schemas,
      (select count(*) from groups where organization_id = ${org})::int as groups`;
    return counts as unknown as { members: number; conversations: number; roleplays: number; groups: number };
  } finally {
    await db.end();
  }
}

function summarise(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { median: q(0.5), p95: q(0.95), max: s[s.length - 1] };
}

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const out = await fn();
  return [performance.now() - t, out];
}

async function main() {
  const counts = await prepare();
  console.log("organisation:", counts);
  const server = await startProcess(
    "node",
    ["node_modules/next/dist/bin/next", "start", "-p", String(PORT), "-H", "127.0.0.1"],
    {
      port: PORT,
      healthPath: "/api/health",
      log: "/tmp/bench-org-page-server.log",
      env: {
        DATABASE_URL: BENCH_URL,
        AUTH_SECRET,
        AUTH_TRUST_HOST: "true",
        SEED_DEMO_DATA: "false",
        NEXT_TELEMETRY_DISABLED: "1",
        NEXT_DIST_DIR: DIST,
      },
    },
  );
  try {
    const signin = await fetch(`${server.url}/api/auth/signin`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: BENCH_PASSWORD }),
    });
    if (!signin.ok) throw new Error(`sign-in failed: ${signin.status} ${await signin.text()}`);
    const { token } = await signin.json();
    const cookie = signin.headers.get("set-cookie")!.split(";")[0];
    const get = (path: string, auth: "cookie" | "bearer" = "bearer") =>
      fetch(server.url + path, { headers: auth === "cookie" ? { cookie } : { authorization: `Bearer ${token}` } }).then(
        async (r) => {
          const body = await r.text();
          if (!r.ok) throw new Error(`${path}: ${r.status} ${body.slice(0, 200)}`);
          return body;
        },
      );

    const pageRun = () => get("/organization", "cookie");
    const oldRun = async () => {
      await get("/api/organization/stats-dashboard?include_empty_groups=true");
      const list = JSON.parse(await get("/api/protected/roleplay/list")) as { id: string }[];
      await Promise.all(list.map((s) => get(`/api/protected/roleplay/select/${s.id}`)));
      return list.length;
    };
    const rows: [string, string, number[], string][] = [];
    const measure = async (label: string, requests: string, fn: () => Promise<unknown>, note = "") => {
      for (let i = 0; i < 3; i++) await fn(); // warm-up
      const ms: number[] = [];
      for (let i = 0; i < RUNS; i++) ms.push((await timed(fn))[0]);
      rows.push([label, requests, ms, note]);
    };
    const html = await pageRun();
    const flight = [...html.matchAll(/<script>self\.__next_f\.push\(([\s\S]*?)\)<\/script>/g)].reduce(
      (n, m) => n + m[1].length,
      0,
    );
    const gz = (await import("node:zlib")).gzipSync(html).length;
    await measure(
      "GET /organization (server-first document, all data inside)",
      "1",
      pageRun,
      `${(html.length / 1024).toFixed(0)} KB HTML (${(gz / 1024).toFixed(0)} KB gzip), of which ${(flight / 1024).toFixed(0)} KB React payload`,
    );
    const n = await oldRun();
    await measure("old browser path: stats, then list, then one select per schema", String(2 + n), oldRun);
    await measure("GET /api/organization/stats-dashboard (reviewed-score aware)", "1", () =>
      get("/api/organization/stats-dashboard?include_empty_groups=true"),
    );
    await measure("GET /api/organization/assignments (3 assignments, per-student)", "1", () =>
      get("/api/organization/assignments"),
    );
    const csv = await get("/api/organization/export/grades.csv");
    await measure(
      "GET /api/organization/export/grades.csv (whole organisation)",
      "1",
      () => get("/api/organization/export/grades.csv"),
      `${csv.split("\r\n").length - 2} rows, ${(csv.length / 1024 / 1024).toFixed(1)} MB`,
    );

    console.log(`\n| what | requests | median ms | p95 ms | max ms | note |\n|---|---|---|---|---|---|`);
    for (const [label, requests, ms, note] of rows) {
      const s = summarise(ms);
      console.log(
        `| ${label} | ${requests} | ${s.median.toFixed(1)} | ${s.p95.toFixed(1)} | ${s.max.toFixed(1)} | ${note} |`,
      );
    }
    console.log(
      `\n${RUNS} sequential runs each after 3 warm-ups; load average ${(await import("node:os"))
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
    );
  } finally {
    await server.stop();
  }
}

await main();
