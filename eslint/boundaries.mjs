import boundaries from "eslint-plugin-boundaries";

// The layers of the house, enforced on every import, export and dynamic import. A request flows one
// way: page or route handler (app) -> service (lib) -> query (db) -> database; each layer imports
// only itself and what is below it. `import type` may look upwards where noted: types vanish at build.
// A refused import reads "There is no policy allowing dependencies from elements of type X to ... Y":
// find the policy for X below and move the code to the layer it belongs in rather than widening it.
const elements = [
  { type: "ui", pattern: "components/ui", partialMatch: false },
  { type: "components", pattern: "components", partialMatch: false },
  { type: "app", pattern: "app", partialMatch: false },
  { type: "lib", pattern: "lib", partialMatch: false },
  { type: "db", pattern: "db", partialMatch: false },
  { type: "agent", pattern: "agent", partialMatch: false },
  { type: "tooling", pattern: "{tests,bench,scripts}", partialMatch: false },
];

// Next.js's entry files at the root run in the server like app/ does; test files sit in tests/ or beside
// their code (agent/*.test.ts).
const files = [
  { category: "server-entry", pattern: "{instrumentation,proxy}.ts" },
  { category: "test", pattern: "**/*.test.ts" },
  // Routes that only benchmark builds contain (BENCH_FLOOR_ROUTES=1, next.config.ts): issue 26's floors.
  { category: "bench-route", pattern: "app/**/*.floor.ts" },
];

const types = { kind: ["type", "typeof"] };
const values = { kind: "value" };
const layer = (type) => ({ element: { type } });

const policies = [
  // Packages (npm and node:) are fine everywhere; the last policy takes drizzle-orm back.
  { allow: { to: { module: { origin: ["external", "core"] } } } },
  // Tests, benchmarks and scripts drive the whole app from outside: they may import anything.
  { from: layer("tooling"), allow: { to: { element: { type: "*" } } } },
  { from: { file: { categories: "test" } }, allow: { to: { element: { type: "*" } } } },
  // Pages and route handlers call services in lib/ and render components; they reach the database
  // only through a lib/ service, never db/ at run time.
  {
    from: layer("app"),
    allow: [
      { to: layer("components") },
      { to: layer("ui") },
      { to: layer("lib") },
      { to: layer("db"), dependency: types },
    ],
  },
  // A benchmark-only route serves bench/'s code; no other build has it.
  { from: { file: { categories: "bench-route" } }, allow: { to: layer("tooling") } },
  // instrumentation.ts and proxy.ts: the same, with nothing to render.
  {
    from: { file: { categories: "server-entry" } },
    allow: [{ to: layer("lib") }, { to: layer("db"), dependency: types }],
  },
  // Feature components never import app/ (a server action lives in lib/<area>/actions.ts).
  {
    from: layer("components"),
    allow: [{ to: layer("ui") }, { to: layer("lib") }, { to: layer("db"), dependency: types }],
  },
  // components/ui are shadcn-style primitives: no business logic, so nothing but lib/ (cn) below them.
  { from: layer("ui"), allow: { to: layer("lib") } },
  // Services: the rules of each area, over db/queries. They never import pages or components.
  { from: layer("lib"), allow: { to: layer("db") } },
  // Queries and schema know nothing above them; `import type` of lib/validations types is fine.
  { from: layer("db"), allow: { to: layer("lib"), dependency: types } },
  // The voice agent is its own process talking to the app over HTTP: only pure lib/ modules.
  { from: layer("agent"), allow: { to: layer("lib") } },
  // SQL stays in db/: outside it (tests, benchmarks and scripts aside) drizzle-orm is for `import type` only.
  {
    from: { element: { type: "!{db,tooling}" } },
    disallow: { to: { module: { source: "drizzle-orm" } }, dependency: values },
    message: "SQL stays in db/: put the query in db/queries and call it (import type from drizzle-orm is fine).",
  },
];

export const boundariesConfig = [
  {
    files: ["**/*.{ts,tsx,mjs}"],
    plugins: { boundaries },
    settings: {
      "boundaries/elements": elements,
      "boundaries/files": files,
      "boundaries/dependency-nodes": ["import", "export", "dynamic-import"],
    },
    rules: { "boundaries/dependencies": ["error", { default: "disallow", checkAllOrigins: true, policies }] },
  },
];
