/**
 * First-load JavaScript per page route from a Turbopack build: the root main files plus
 * every chunk the route's client-reference manifest lists for its layouts and page,
 * each gzipped (level 9) and counted once. Polyfills (nomodule) are not loaded by
 * current browsers and are left out.
 *   node --import tsx bench/page-weight.ts [.next-bench]
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { gzipSync } from "node:zlib";

export type RouteWeight = { route: string; files: number; rawKb: number; gzipKb: number };

function manifests(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return manifests(full);
    return name === "page_client-reference-manifest.js" ? [full] : [];
  });
}

/** "/(marketing)/waitlist/page" -> "/waitlist" */
export function routeOf(entry: string): string {
  const parts = entry.split("/").filter((p) => p && p !== "page" && !/^\(.*\)$/.test(p));
  return "/" + parts.join("/");
}

export function pageWeights(distDir: string): RouteWeight[] {
  const root = path.resolve(distDir);
  const build = JSON.parse(readFileSync(path.join(root, "build-manifest.json"), "utf8")) as { rootMainFiles: string[] };
  const gz = new Map<string, [number, number]>();
  const size = (file: string) => {
    if (!gz.has(file)) {
      const bytes = readFileSync(path.join(root, file));
      gz.set(file, [bytes.length, gzipSync(bytes, { level: 9 }).length]);
    }
    return gz.get(file)!;
  };
  const require = createRequire(import.meta.url);
  const g = globalThis as unknown as { __RSC_MANIFEST?: Record<string, { entryJSFiles?: Record<string, string[]> }> };
  const out: RouteWeight[] = [];
  for (const file of manifests(path.join(root, "server", "app"))) {
    g.__RSC_MANIFEST = {};
    require(file);
    for (const [entry, manifest] of Object.entries(g.__RSC_MANIFEST)) {
      if (entry.startsWith("/_")) continue; // not-found and global-error shells
      const files = new Set([...build.rootMainFiles, ...Object.values(manifest.entryJSFiles ?? {}).flat()]);
      let raw = 0;
      let zipped = 0;
      for (const f of files) {
        const [r, z] = size(f);
        raw += r;
        zipped += z;
      }
      out.push({ route: routeOf(entry), files: files.size, rawKb: raw / 1024, gzipKb: zipped / 1024 });
    }
  }
  return out.sort((a, b) => a.route.localeCompare(b.route));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of pageWeights(process.argv[2] ?? ".next-bench")) {
    console.log(
      `${r.route.padEnd(36)} ${String(r.files).padStart(3)} files ${r.rawKb.toFixed(1).padStart(8)} KB raw ${r.gzipKb.toFixed(1).padStart(7)} KB gz`,
    );
  }
}
