import type { Case } from "./expect";

/** Access cases for this feature's routes (see routes.ts for the core ones and expect.ts for the helpers). */
export const cases: Case[] = [];
