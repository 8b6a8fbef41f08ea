import { type Case, everyone } from "./expect";

/** Access cases for this feature's routes (see routes.ts for the core ones and expect.ts for the helpers). */
export const cases: Case[] = [
  // The LMS's browser calls these with no Parley session: what they check is the platform's signed token
  // (launch), the state the tool issued (login), a one-time code (hand-off). Without them: 400 for everyone.
  { route: "GET /api/lti/login", expect: everyone(400) },
  { route: "POST /api/lti/login", expect: everyone(400) },
  { route: "POST /api/lti/launch", expect: everyone(400) },
  { route: "POST /api/lti/handoff", expect: everyone(400) },
];
