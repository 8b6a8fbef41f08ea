import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number };
type Profile = { nodes: Node[]; startTime: number; endTime: number; samples: number[] };

/** Self time per function (top N) over every .cpuprofile in a folder: where the server's CPU went. */
export function topFunctions(dir: string, top = 15) {
  const self = new Map<string, number>();
  let totalMs = 0;
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"))) {
    const p = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Profile;
    const interval = (p.endTime - p.startTime) / 1000 / Math.max(1, p.samples.length);
    for (const n of p.nodes) {
      const hits = n.hitCount ?? 0;
      if (!hits) continue;
      const where =
        n.callFrame.url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*?\/work\/main\//, "") || "(native)";
      const key = `${n.callFrame.functionName || "(anonymous)"} ${where}:${n.callFrame.lineNumber + 1}`;
      self.set(key, (self.get(key) ?? 0) + hits * interval);
      totalMs += hits * interval;
    }
  }
  const rows = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
  return { totalMs, rows: rows.map(([fn, t]) => ({ fn, ms: t, share: t / totalMs })) };
}

/** Busy time per package (or Node internals), so the framework's share shows; idle is left out. */
export function byPackage(dir: string) {
  const busy = new Map<string, number>();
  let total = 0;
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"))) {
    const p = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Profile;
    const interval = (p.endTime - p.startTime) / 1000 / Math.max(1, p.samples.length);
    for (const n of p.nodes) {
      const hits = n.hitCount ?? 0;
      if (!hits || n.callFrame.functionName === "(idle)") continue;
      const url = n.callFrame.url;
      const pkg =
        url.match(/node_modules[_/](@[^_/]+[_/][^_/]+|[^_/]+)/)?.[1]?.replace("_", "/") ??
        (url.startsWith("node:")
          ? "node internals"
          : url.includes("/server/chunks/")
            ? "app code (bundled)"
            : url
              ? "other"
              : `native: ${n.callFrame.functionName}`);
      busy.set(pkg, (busy.get(pkg) ?? 0) + hits * interval);
      total += hits * interval;
    }
  }
  return [...busy.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)
    .map(([pkg, ms]) => ({ pkg, ms, share: ms / total }));
}
