import { type Case, devOnly } from "./expect";

/** Access cases for this feature's routes (see routes.ts for the core ones and expect.ts for the helpers). */
export const cases: Case[] = [
  { route: "GET /api/dev/model", expect: devOnly(200) },
  // No model in the matrix's world: the check answers at once that none is configured.
  { route: "POST /api/dev/model", expect: devOnly(200) },
];
