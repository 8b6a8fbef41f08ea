#!/usr/bin/env node
// The Debian packages the tests need beyond npm's. `npm run setup` and `.ci/run` install them
// (`node scripts/system-packages.mjs install`); `npm test` only checks, and names what is missing.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/** Each package, the phase of `npm test` that needs it, and how to tell it is there. */
export const SYSTEM_PACKAGES = [
  // tests/agent/pipeline.test.ts speaks real audio into the agent: espeak-ng makes the speech, sox trims it.
  { name: "espeak-ng", phase: "unit", present: () => onPath("espeak-ng") },
  { name: "sox", phase: "unit", present: () => onPath("sox") },
  // Playwright drives Debian's Chromium (playwright.config.ts), not a browser it downloads.
  { name: "chromium", phase: "e2e", present: () => existsSync(process.env.CHROMIUM_PATH || "/usr/bin/chromium") },
];

function onPath(tool) {
  return spawnSync("sh", ["-c", `command -v ${tool}`], { stdio: "ignore" }).status === 0;
}

/** The packages missing for these phases of `npm test` (all phases when none are named). */
export function missingPackages(phases = []) {
  return SYSTEM_PACKAGES.filter((p) => (phases.length === 0 || phases.includes(p.phase)) && !p.present()).map(
    (p) => p.name,
  );
}

const asRoot = () => (process.getuid?.() === 0 ? [] : ["sudo"]);

/** The command that installs `names`, as someone would type it. */
export function installCommand(names) {
  return [...asRoot(), "apt-get", "install", "-y", ...names].join(" ");
}

/** Installs what is missing with apt-get (through sudo when not root); true when everything is there after. */
export function installSystemPackages() {
  const missing = missingPackages();
  if (missing.length === 0) return true;
  if (!onPath("apt-get")) {
    console.log(`The tests use ${missing.join(", ")}: install them with this system's package manager.`);
    return false;
  }
  console.log(`Installing Debian's ${missing.join(", ")} (the tests use them).`);
  const [cmd, ...pre] = [...asRoot(), "apt-get"];
  const apt = (args) => spawnSync(cmd, [...pre, ...args], { stdio: "inherit" }).status === 0;
  if (!apt(["update", "-qq"]) || !apt(["install", "-y", "-qq", ...missing])) {
    console.error(`Could not install ${missing.join(", ")}. Install them with: ${installCommand(missing)}`);
    return false;
  }
  return missingPackages().length === 0;
}

if (process.argv[1]?.endsWith("system-packages.mjs") && process.argv[2] === "install") {
  process.exit(installSystemPackages() ? 0 : 1);
}
