import { type Case, devOnly, everyone } from "./expect";

/** Access cases for this feature's routes (see routes.ts for the core ones and expect.ts for the helpers). */
export const cases: Case[] = [
  // The tool's public keys: every platform fetches them, signed in or not.
  { route: "GET /api/lti/jwks", expect: everyone(200) },
  // The keys are the tool's, not one organisation's: only a developer lists or rotates them.
  { route: "GET /api/dev/lti/keys", expect: devOnly(200) },
  { route: "POST /api/dev/lti/keys/rotate", expect: devOnly(200) },
];
