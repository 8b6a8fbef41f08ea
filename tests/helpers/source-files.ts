import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export const root = process.cwd();

/** The application's layers: what the import graph and the source checks cover (not tests, scripts or bench). */
export const LAYERS = ["app", "lib", "db", "components", "agent"];

/** Every .ts/.tsx file of the layers, relative to the project root with "/" separators. */
export function sourceFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules") walk(rel);
      } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(rel);
    }
  };
  for (const layer of LAYERS) walk(layer);
  return out.sort();
}

export const readSource = (file: string) => readFileSync(path.join(root, file), "utf8");

/** Each line of the layers matching `pattern`, as "file:line: text", minus the files in `allowed`. */
export function linesMatching(pattern: RegExp, allowed: Record<string, string> = {}): string[] {
  const hits: string[] = [];
  for (const file of sourceFiles()) {
    if (file in allowed) continue;
    readSource(file)
      .split("\n")
      .forEach((line, i) => {
        if (pattern.test(line)) hits.push(`${file}:${i + 1}: ${line.trim()}`);
      });
  }
  return hits;
}
