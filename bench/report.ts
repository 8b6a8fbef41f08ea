import type { Plan } from "./explain";
import type { PageAudit } from "./lighthouse";
import type { LoadResult } from "./load";
import type { RouteWeight } from "./page-weight";

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "–");
const pct = (n: number) => `${(n * 100).toFixed(2)}%`;

export function loadTable(rows: (LoadResult & { load: string })[]) {
  return [
    "| Endpoint | Requests | Req/s | p50 ms | p95 ms | p99 ms | max ms | Errors | Statuses | Load (1/5/15) |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---|---|",
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.requests} | ${r.rps.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.max)} | ${pct(r.errorRate)} | ${Object.entries(
          r.statuses,
        )
          .map(([s, n]) => `${s}×${n}`)
          .join(" ")} | ${r.load} |`,
    ),
  ].join("\n");
}

export function ratioTable(pairs: { name: string; app: LoadResult; bare: LoadResult }[]) {
  return [
    "| Endpoint | Next.js req/s | bare req/s | throughput ratio (bare/Next) | Next p95 ms | bare p95 ms | p95 ratio |",
    "|---|---:|---:|---:|---:|---:|---:|",
    ...pairs.map(
      ({ name, app, bare }) =>
        `| ${name} | ${app.rps.toFixed(0)} | ${bare.rps.toFixed(0)} | ${(bare.rps / app.rps).toFixed(2)}× | ${ms(app.p95)} | ${ms(bare.p95)} | ${(app.p95 / bare.p95).toFixed(2)}× |`,
    ),
  ].join("\n");
}

export type Floor = {
  name: string;
  parley?: LoadResult;
  nextMin?: LoadResult;
  nextStatic?: LoadResult;
  bare?: LoadResult;
  bareStatic?: LoadResult;
};

/** req/s of each variant, then what Next.js costs per request beyond node:http, with and without the work. */
export function floorTable(rows: Floor[]) {
  const rps = (r?: LoadResult) => (r ? r.rps.toFixed(0) : "–");
  const perRequest = (slow?: LoadResult, fast?: LoadResult) =>
    slow && fast ? `${(1000 / slow.rps - 1000 / fast.rps).toFixed(2)} ms` : "–";
  const ratio = (a?: LoadResult, b?: LoadResult) => (a && b ? `${(a.rps / b.rps).toFixed(2)}×` : "–");
  return [
    "| Endpoint | Parley req/s | minimal Next.js | Next.js, same bytes | node:http | node:http, same bytes | node:http / Parley | Parley / minimal Next.js | Parley's extra over node:http | Next.js's own extra, same bytes |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map(
      (f) =>
        `| ${f.name} | ${rps(f.parley)} | ${rps(f.nextMin)} | ${rps(f.nextStatic)} | ${rps(f.bare)} | ${rps(f.bareStatic)} | ${ratio(f.bare, f.parley)} | ${ratio(f.parley, f.nextMin)} | ${perRequest(f.parley, f.bare)} | ${perRequest(f.nextStatic, f.bareStatic)} |`,
    ),
  ].join("\n");
}

export function weightTable(rows: RouteWeight[]) {
  return [
    "| Route | Files | Raw KB | Gzipped KB | Target |",
    "|---|---:|---:|---:|---|",
    ...rows.map((r) => {
      const limit = r.route === "/" ? 120 : 250;
      return `| ${r.route} | ${r.files} | ${r.rawKb.toFixed(1)} | ${r.gzipKb.toFixed(1)} | ${r.gzipKb <= limit ? "met" : "MISSED"} (< ${limit}) |`;
    }),
  ].join("\n");
}

export function auditTable(rows: PageAudit[]) {
  return [
    "| Page | Performance | Accessibility | FCP ms | LCP ms | TBT ms | CLS | Script bytes (wire) | axe violations |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---|",
    ...rows.map(
      (a) =>
        `| ${a.name} | ${a.performance} | ${a.accessibility} | ${ms(a.metrics.fcp)} | ${ms(a.metrics.lcp)} | ${ms(a.metrics.tbt)} | ${a.metrics.cls.toFixed(3)} | ${(a.scriptBytes / 1024).toFixed(1)} KB | ${a.violations.map((v) => `${v.id} (${v.impact}, ${v.nodes})`).join("; ") || "none"} |`,
    ),
    "",
    ...rows.flatMap((a) =>
      a.violations.map((v) => `- ${a.name}: ${v.id} at ${v.targets.map((t) => "`" + t + "`").join(", ")}`),
    ),
  ].join("\n");
}

export function plansSection(title: string, wallMs: number, plans: Plan[]) {
  return [
    `#### ${title}: ${plans.length} queries, ${ms(wallMs)} ms for the whole service call (sequentially, no load)`,
    ...plans.map((p, i) =>
      [`Query ${i + 1}: execution ${ms(p.executionMs)} ms`, "```sql", p.sql, "```", "```", p.plan, "```"].join("\n"),
    ),
  ].join("\n\n");
}
