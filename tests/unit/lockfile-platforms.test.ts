import { readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

// One package-lock.json serves every OS: npm records every platform's optional binaries (Next's
// compiler, Tailwind's oxide, the resolver bindings...) and installs only the matching ones. A lock
// written by a tool or npm version that drops the others gives a Mac or Windows user a different
// tree from CI, and their `npm install` rewrites it. (.ci/run also checks that npm resolves the
// committed lock to itself.)

type Entry = { os?: string[]; cpu?: string[]; optionalDependencies?: Record<string, string> };
type Lock = { packages: Record<string, Entry> };

/** The four machines our users run: a family of platform binaries that serves one must serve all. */
const TARGETS = ["darwin-arm64", "darwin-x64", "win32-x64", "linux-x64"];

/** Where Node would find `name` from the package installed at `from` (its own node_modules, then up). */
function resolve(lock: Lock, from: string, name: string): string | null {
  let dir = from;
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ""}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!dir) return null;
    const up = dir.lastIndexOf("/node_modules/");
    dir = up === -1 ? "" : dir.slice(0, up);
  }
}

/** Every way this lock fails a user on another OS, in words; empty when it serves them all. */
function platformGaps(lock: Lock): string[] {
  const gaps: string[] = [];
  for (const [where, entry] of Object.entries(lock.packages)) {
    if (!entry.optionalDependencies || entry.os) continue; // a platform package's own helpers follow it
    const family: Entry[] = [];
    for (const name of Object.keys(entry.optionalDependencies)) {
      const found = resolve(lock, where, name);
      if (!found) gaps.push(`${where || "(root)"}: optional ${name} is not in the lock`);
      else if (lock.packages[found].os || lock.packages[found].cpu) family.push(lock.packages[found]);
    }
    const serves = (target: string) => {
      const [os, cpu] = target.split("-");
      return family.some((e) => (!e.os || e.os.includes(os)) && (!e.cpu || e.cpu.includes(cpu)));
    };
    // Families that bring a Linux x64 binary are cross-platform builds (fsevents, macOS only, is not).
    if (!serves("linux-x64")) continue;
    for (const target of TARGETS.filter((t) => !serves(t))) gaps.push(`${where}: no ${target} binary`);
  }
  return gaps;
}

const lock = JSON.parse(readFileSync(path.join(process.cwd(), "package-lock.json"), "utf8")) as Lock;

describe("package-lock.json serves every OS", () => {
  it("holds darwin-arm64, darwin-x64, win32-x64 and linux-x64 binaries for every platform family", () => {
    expect(platformGaps(lock)).toEqual([]);
  });

  it("has the families the issue named, for every target", () => {
    for (const name of [
      "@next/swc-darwin-arm64",
      "@next/swc-darwin-x64",
      "@next/swc-win32-x64-msvc",
      "@next/swc-linux-x64-gnu",
      "@tailwindcss/oxide-darwin-arm64",
      "@tailwindcss/oxide-win32-x64-msvc",
      "@unrs/resolver-binding-darwin-arm64",
      "@unrs/resolver-binding-win32-x64-msvc",
      "lightningcss-darwin-arm64",
      "lightningcss-win32-x64-msvc",
      "@node-rs/argon2-darwin-arm64",
      "@node-rs/argon2-win32-x64-msvc",
    ]) {
      expect(lock.packages[`node_modules/${name}`], name).toBeDefined();
    }
  });

  it("is what the check catches: a Linux-only lock fails it", () => {
    const linuxOnly: Lock = {
      packages: Object.fromEntries(Object.entries(lock.packages).filter(([, e]) => !e.os || e.os.includes("linux"))),
    };
    const gaps = platformGaps(linuxOnly);
    expect(gaps).toContain("node_modules/next: optional @next/swc-darwin-arm64 is not in the lock");
    expect(gaps).toContain("node_modules/next: no win32-x64 binary");
    expect(gaps).toContain("node_modules/@tailwindcss/oxide: no darwin-x64 binary");
  });
});
