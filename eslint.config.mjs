import next from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier/flat";
import simpleImportSort from "eslint-plugin-simple-import-sort";

import { boundariesConfig } from "./eslint/boundaries.mjs";

const config = [
  ...next,
  ...nextTs,
  {
    // Imports sorted the same way everywhere; `eslint --fix` sorts them.
    plugins: { "simple-import-sort": simpleImportSort },
    rules: { "simple-import-sort/imports": "error", "simple-import-sort/exports": "error" },
  },
  ...boundariesConfig,
  // Prettier formats; turn off every stylistic rule that would argue with it.
  prettier,
  { ignores: [".next/**", ".next-*/**", "node_modules/**", "db/migrations/**", "next-env.d.ts", "test-results/**"] },
];

export default config;
