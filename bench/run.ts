/**
 * `npm run bench`: generate the large pilot (once), build into .next-bench, then measure
 * page weight, each endpoint alone under load, the bare node:http baseline, query plans,
 * a memory soak and a Lighthouse-style audit. Results go into bench/RESULTS.md.
 * Flags: --regenerate --skip-build --only=dashboard,grade --no-soak --no-audit --profile --proposed-indexes --out=file.md
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

import postgres from "postgres";

import {
  ADMIN_EMAIL,
  APP_PORT,
  AUTH_SECRET,
  BARE_PORT,
  BENCH_PASSWORD,
  BENCH_URL,
  CONNECTIONS,
  DIST_DIR,
  DURATION_S,
  MEMBER_EMAIL,
  SOAK_S,
} from "./config";
import { ensureDatabase, generate, pilotCounts, shortError } from "./generate";
import { auditPages } from "./lighthouse";
import { loadEndpoint, type LoadResult, warmUp } from "./load";
import { load, machineInfo } from "./machine";
import { pageWeights } from "./page-weight";
import { explainAll } from "./plans";
import { byPackage, topFunctions } from "./profile";
import { auditTable, type Floor, floorTable, loadTable, plansSection, ratioTable, weightTable } from "./report";
import { endpoints, lookUp, signIn } from "./scenario";
import { type Server, startProcess, treeRssMb } from "./server";

const args = process.argv.slice(2);
const flag = (f: string) => args.includes(f);
const only = args
  .find((a) => a.startsWith("--only="))
  ?.slice(7)
  .split(",");
const OUT = "/tmp/bench";
const PROFILE_DIR = path.join(OUT, "cpu-prof");
const commands: string[] = [];
const sections: string[] = [];
const code = (lang: string, text: string) => "```" + lang + "\n" + text + "\n```";
const log = (s: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${s}`);

const appEnv = {
  DATABASE_URL: BENCH_URL,
  AUTH_SECRET,
  SEED_DEMO_DATA: "false",
  NODE_ENV: "production",
  NEXT_DIST_DIR: DIST_DIR,
  NEXT_TELEMETRY_DISABLED: "1",
  ANTHROPIC_API_KEY: "",
  LIVEKIT_URL: "",
  DATABASE_POOL_SIZE: "10",
  // The load generator plays a proxy that reports a new client address per request (x-forwarded-for).
  TRUSTED_PROXY_HOPS: "1",
};

function build() {
  // next build adds its dist folder to tsconfig.json's include; keep the shared file as it was.
  const tsconfig = readFileSync("tsconfig.json", "utf8");
  try {
    commands.push(`BENCH_FLOOR_ROUTES=1 NEXT_DIST_DIR=${DIST_DIR} npx next build`);
    execFileSync("npx", ["next", "build"], {
      stdio: "inherit",
      env: { ...process.env, BENCH_FLOOR_ROUTES: "1", NEXT_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: "1" },
    });
  } finally {
    writeFileSync("tsconfig.json", tsconfig);
  }
}

async function present(baseUrl: string, method: string, p: string, token?: string) {
  const res = await fetch(baseUrl + p, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), "content-type": "application/json" },
    body: method === "POST" ? "{}" : undefined,
  });
  return !(res.status === 404 && (res.headers.get("content-type") ?? "").includes("text/html"));
}

async function measure(base: string, list: ReturnType<typeof endpoints>) {
  const rows: (LoadResult & { load: string })[] = [];
  for (const e of list) {
    if (only && !only.some((o) => e.name.startsWith(o))) continue;
    if (!(await present(base, e.method, e.path, e.token))) {
      log(`${e.name}: route not in this build, skipped`);
      continue;
    }
    await warmUp(base, e);
    const before = load();
    log(`${e.name}: ${CONNECTIONS} connections for ${DURATION_S} s (load ${before})`);
    const r = await loadEndpoint(base, e, { connections: CONNECTIONS, duration: DURATION_S });
    log(
      `  ${r.rps.toFixed(0)} req/s, p50 ${r.p50} p95 ${r.p95} p99 ${r.p99} ms, errors ${(r.errorRate * 100).toFixed(2)}%`,
    );
    rows.push({ ...r, load: before });
  }
  return rows;
}

const FLOOR_ENDPOINTS = ["dashboard", "roleplay list", "grade"];

/**
 * Issue 26's floors, measured back to back per endpoint so the machine's load is shared alike: Parley's route;
 * the minimal Next.js handler running the same services (app/api/bench-floor, in BENCH_FLOOR_ROUTES builds);
 * the same Next.js handler sending the bytes it computed once; node:http running the services; node:http
 * sending the bytes. A variant the build lacks is skipped.
 */
async function measureFloors(appUrl: string, bareUrl: string, list: ReturnType<typeof endpoints>) {
  const results: Floor[] = [];
  for (const e of list) {
    if (only && !only.some((o) => e.name.startsWith(o))) continue;
    const variant = async (base: string, p: string, label: string) =>
      (await measure(base, [{ ...e, path: p, name: `${e.name} (${label})` }]))[0];
    results.push({
      name: e.name,
      parley: await variant(appUrl, e.path, "Parley"),
      nextMin: await variant(appUrl, `/api/bench-floor${e.path}`, "minimal Next.js handler"),
      nextStatic: await variant(appUrl, `/api/bench-floor/static${e.path}`, "Next.js, same bytes"),
      bare: await variant(bareUrl, e.path, "node:http"),
      bareStatic: await variant(bareUrl, `/static${e.path}`, "node:http, same bytes"),
    });
  }
  return results;
}

async function sequential(base: string, p: string, token: string, n = 20) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await fetch(base + p, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(n / 2)], max: times[n - 1] };
}

const STATS_WRITE_MS = Number(process.env.BENCH_STATS_WRITE_MS ?? 250);

/** Runs `run` while a grade of the largest organisation (the bench member's) flips by one point every STATS_WRITE_MS; puts it back after. */
async function withGradeWrites<T>(conversationId: string, run: () => Promise<T>) {
  const sql = postgres(BENCH_URL, { max: 1, onnotice: () => {} });
  const [{ score }] = await sql<
    { score: number }[]
  >`select score from grades where conversation_id = ${conversationId}`;
  const other = score >= 100 ? score - 1 : score + 1;
  let writes = 0;
  let stop = false;
  const writer = (async () => {
    while (!stop) {
      await sql`update grades set score = ${writes % 2 ? score : other} where conversation_id = ${conversationId}`;
      writes++;
      await new Promise((r) => setTimeout(r, STATS_WRITE_MS));
    }
  })();
  try {
    return { result: await run(), writes };
  } finally {
    stop = true;
    await writer;
    await sql`update grades set score = ${score} where conversation_id = ${conversationId}`;
    await sql.end();
  }
}

async function soak(server: Server, base: string, list: ReturnType<typeof endpoints>) {
  const samples: { t: number; rss: number }[] = [];
  const t0 = Date.now();
  const sample = () => samples.push({ t: Math.round((Date.now() - t0) / 1000), rss: treeRssMb(server.proc.pid!) });
  sample();
  const timer = setInterval(sample, 10_000);
  const gets = list.filter((e) => e.method === "GET");
  // One autocannon run per endpoint, back to back, repeated until the soak time is used.
  const rows: LoadResult[] = [];
  while (Date.now() - t0 < SOAK_S * 1000) {
    for (const e of gets) rows.push(await loadEndpoint(base, e, { connections: CONNECTIONS, duration: 15 }));
  }
  clearInterval(timer);
  sample();
  const errors = rows.reduce((a, r) => a + r.errors + r.non2xx, 0);
  const total = rows.reduce((a, r) => a + r.requests, 0);
  return { samples, errors, total };
}

async function cleanUp(started: Date) {
  const sql = postgres(BENCH_URL, { max: 1, onnotice: () => {} });
  await sql`delete from conversations where user_id = (select id from users where email = ${MEMBER_EMAIL}) and started_at >= ${started}`;
  await sql`update credit_accounts set credits_used = 0 where user_id = (select id from users where email = ${MEMBER_EMAIL})`;
  await sql`delete from waitlist_entries where email like 'bench-%@waitlist.example'`;
  await sql`delete from sessions`;
  await sql.end();
}

/** Creates (or drops again) the indexes of bench/proposed-indexes.sql in the bench database. */
async function proposedIndexes(action: "create" | "drop") {
  const text = readFileSync(path.join("bench", "proposed-indexes.sql"), "utf8").replace(/--.*$/gm, "");
  const statements = text
    .split(";")
    .map((s) => s.trim())
    .filter(Boolean);
  const sql = postgres(BENCH_URL, { max: 1, onnotice: () => {} });
  for (const st of statements) {
    const name = st.match(/create index if not exists (\w+)/i)?.[1];
    if (action === "create") await sql.unsafe(st);
    else if (name) await sql.unsafe(`drop index if exists ${name}`);
  }
  await sql.end();
  sections.push(
    action === "create"
      ? `Measured WITH the proposed indexes of bench/proposed-indexes.sql (created before the run, dropped after).`
      : "",
  );
  log(`proposed indexes: ${action}`);
}

function writeResults(body: string) {
  const file = args.find((a) => a.startsWith("--out="))?.slice(6) ?? path.join("bench", "RESULTS.md");
  const start = "<!-- generated:start -->";
  const end = "<!-- generated:end -->";
  let existing = "";
  try {
    existing = readFileSync(file, "utf8");
  } catch {}
  const block = `${start}\n${body}\n${end}`;
  const next = existing.includes(start)
    ? existing.replace(new RegExp(`${start}[\\s\\S]*${end}`), block)
    : `# Benchmark results\n\n${block}\n`;
  writeFileSync(file, next);
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const started = new Date();
  commands.push(`npm run bench -- ${args.join(" ")}`.trim());
  await ensureDatabase(flag("--regenerate"));
  const machine = await machineInfo(BENCH_URL);
  let counts = await pilotCounts();
  if (counts.users === 0 || flag("--regenerate")) {
    log("generating the large pilot");
    const { seconds } = await generate();
    counts = await pilotCounts();
    sections.push(`Generated the pilot in ${seconds.toFixed(0)} s.`);
  }
  if (!flag("--skip-build")) build();

  const weights = pageWeights(DIST_DIR);
  if (flag("--proposed-indexes")) await proposedIndexes("create");
  const ids = await lookUp(BENCH_URL);
  const nodeArgs = flag("--profile") ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`] : [];
  if (flag("--profile")) rmSync(PROFILE_DIR, { recursive: true, force: true });
  commands.push(
    `${Object.entries(appEnv)
      .map(([k, v]) => `${k}=${v}`)
      .join(" ")} node ${nodeArgs.join(" ")} node_modules/next/dist/bin/next start -p ${APP_PORT} -H 127.0.0.1`,
  );
  const app = await startProcess(
    "node",
    [...nodeArgs, "node_modules/next/dist/bin/next", "start", "-p", String(APP_PORT), "-H", "127.0.0.1"],
    { port: APP_PORT, env: appEnv, healthPath: "/api/health", log: path.join(OUT, "next-start.log") },
  );
  log(`next start on ${app.url} (pid ${app.proc.pid}), RSS ${treeRssMb(app.proc.pid!).toFixed(0)} MB`);
  let bare: Server | undefined;
  try {
    const tokens = {
      member: await signIn(app.url, MEMBER_EMAIL, "10.254.0.1"),
      admin: await signIn(app.url, ADMIN_EMAIL, "10.254.0.2"),
    };
    const list = endpoints(ids, tokens, String(started.getTime()));
    const readOnly = list.filter((e) => e.method === "GET" || e.name === "sign-in");
    const writes = list.filter((e) => !readOnly.includes(e));
    const rows = await measure(app.url, readOnly);

    const statsSeq = (await present(app.url, "GET", "/api/organization/stats-dashboard", tokens.admin))
      ? await sequential(app.url, "/api/organization/stats-dashboard", tokens.admin)
      : null;
    // The cached answer under writes: one of the organisation's grades changes every STATS_WRITE_MS,
    // so every few requests find a new version and assemble the answer again.
    const statsEndpoint = list.find((e) => e.name === "organisation stats")!;
    if (rows.some((r) => r.name === statsEndpoint.name)) {
      const { result, writes } = await withGradeWrites(ids.gradedId, () =>
        measure(app.url, [
          { ...statsEndpoint, name: `organisation stats, a grade there changed every ${STATS_WRITE_MS} ms` },
        ]),
      );
      rows.push(...result);
      log(`  (${writes} grade writes during that run)`);
    }

    commands.push(
      `${Object.entries(appEnv)
        .map(([k, v]) => `${k}=${v}`)
        .join(" ")} node --conditions=react-server --import tsx bench/bare-server.ts ${BARE_PORT}`,
    );
    bare = await startProcess(
      "node",
      ["--conditions=react-server", "--import", "tsx", "bench/bare-server.ts", String(BARE_PORT)],
      {
        port: BARE_PORT,
        env: appEnv,
        healthPath: "/health",
        log: path.join(OUT, "bare.log"),
      },
    );
    const floors = await measureFloors(
      app.url,
      bare.url,
      readOnly.filter((e) => FLOOR_ENDPOINTS.includes(e.name)),
    );
    await bare.stop();
    const pairs = floors
      .filter((f) => f.parley && f.bare)
      .map((f) => ({ name: f.name, app: f.parley!, bare: f.bare! }));

    const soakResult = flag("--no-soak") ? null : (log(`soak: ${SOAK_S} s`), await soak(app, app.url, readOnly));
    rows.push(...(await measure(app.url, writes)));

    const audits = flag("--no-audit")
      ? []
      : await auditPages(app.url, [
          { name: "landing /", path: "/" },
          {
            name: "dashboard (bench member)",
            path: "/dashboard",
            signIn: { email: MEMBER_EMAIL, password: BENCH_PASSWORD },
          },
        ]);
    await app.stop();
    const plans = await explainAll(BENCH_URL, ids);

    sections.push(
      "## Machine",
      code("json", JSON.stringify(machine, null, 2)),
      `Pilot in the database: ${JSON.stringify(counts)}; the bench member has ${ids.counts.member_conversations} conversations, the largest organisation ${ids.counts.org_members} members.`,
      "## Commands",
      code("sh", commands.join("\n")),
      `## Load: each endpoint alone, ${CONNECTIONS} connections, ${DURATION_S} s (after a 2 s warm-up)`,
      "Latency percentiles are exact (every response's time), not autocannon's histogram buckets. Load generator and server share the 2 cores.",
      loadTable(rows),
      statsSeq
        ? `Organisation stats one request at a time (20 requests, ${ids.counts.org_members} members): median ${statsSeq.median.toFixed(1)} ms, max ${statsSeq.max.toFixed(1)} ms (target < 300 ms).`
        : "Organisation stats: route not in this build.",
      "## Framework overhead: the same service functions behind a bare node:http server",
      ratioTable(pairs),
      "## Framework floor: Parley's route against a minimal Next.js handler and node:http (issue 26)",
      "Each endpoint's five variants back to back. CPU ms/request is 1000 / req/s at saturation (server and load generator share the 2 cores). Parley's extra over node:http is compared with Next.js's own extra for the same bytes.",
      floorTable(floors),
      ...(soakResult
        ? [
            "## Memory soak",
            `${SOAK_S} s of GET endpoints back to back at ${CONNECTIONS} connections; ${soakResult.total} requests, ${soakResult.errors} errors. Server RSS (process tree) every 10 s:`,
            code("", soakResult.samples.map((s) => `${String(s.t).padStart(4)} s ${s.rss.toFixed(0)} MB`).join("\n")),
          ]
        : []),
      "## Page weight (first-load JS, gzip -9)",
      weightTable(weights),
      ...(audits.length
        ? ["## Lighthouse-style audit (Chromium, desktop throttling, median of 3)", auditTable(audits)]
        : []),
      ...(flag("--profile")
        ? [
            "## CPU profile of the server",
            "Busy time by package (idle left out):",
            code(
              "",
              byPackage(PROFILE_DIR)
                .map((r) => `${(r.share * 100).toFixed(1).padStart(5)}% ${r.ms.toFixed(0).padStart(7)} ms  ${r.pkg}`)
                .join("\n"),
            ),
            "Hottest functions (self time, idle included):",
            code(
              "",
              topFunctions(PROFILE_DIR)
                .rows.map(
                  (r) => `${(r.share * 100).toFixed(1).padStart(5)}% ${r.ms.toFixed(0).padStart(7)} ms  ${r.fn}`,
                )
                .join("\n"),
            ),
          ]
        : []),
      "## Query plans (EXPLAIN ANALYZE, bench database)",
      ...plans.map((p) => plansSection(p.title, p.wallMs, p.plans)),
    );
    writeResults([`Run ${machine.date}, load before the run ${load()}.`, ...sections].join("\n\n"));
    log(`wrote ${args.find((a) => a.startsWith("--out="))?.slice(6) ?? "bench/RESULTS.md"}`);
  } finally {
    await bare?.stop();
    await app.stop();
    await cleanUp(started);
    if (flag("--proposed-indexes")) await proposedIndexes("drop");
  }
}

main().catch((err) => {
  console.error(shortError(err));
  process.exit(1);
});
