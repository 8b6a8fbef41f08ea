import { type Browser, expect } from "@playwright/test";

import type { LtiPlatformStandIn } from "../helpers/lti-platform";
import { signInAs } from "./fixtures";
import type { Account } from "./team";

/** A browser of its own: an LMS user has no Parley cookie until a launch gives one. */
export async function newPage(browser: Browser, baseURL: string | undefined) {
  return (await browser.newContext({ baseURL })).newPage();
}

/** The team's admin registers the stand-in LMS with their organisation (201), in a browser of its own. */
export async function registerPlatform(
  browser: Browser,
  baseURL: string | undefined,
  admin: Account,
  platform: LtiPlatformStandIn,
  fields: { name: string; instructors_become_admins?: boolean },
) {
  const page = await newPage(browser, baseURL);
  const { token } = await signInAs(page, admin);
  const res = await page.request.post("/api/organization/lti/platforms", {
    headers: { authorization: `Bearer ${token}` },
    data: {
      issuer: platform.issuer,
      client_id: platform.state.clientId,
      auth_login_url: platform.authUrl(),
      auth_token_url: platform.tokenUrl(),
      jwks_url: platform.jwksUrl(),
      deployment_ids: [platform.state.deploymentId],
      ...fields,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { page, token };
}
