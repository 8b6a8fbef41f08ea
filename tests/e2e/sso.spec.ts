import { type OidcProviderStandIn, startOidcProvider } from "../helpers/oidc-provider";
import { expect, signInAs, test } from "./fixtures";

// The identity provider is a stand-in speaking OIDC on a local port; the app under test is `next start`.
const SHOTS = "test-results/sso";
let idp: OidcProviderStandIn;
const domain = `sso-${Date.now().toString(36)}.example`;

test.describe.configure({ mode: "serial" });
test.beforeAll(async () => {
  idp = await startOidcProvider();
});
test.afterAll(() => idp?.close());

test("issue 24.2: an admin adds an OIDC provider and a learner signs in through it (1280 and 390 px)", async ({
  page,
  browser,
  team,
}) => {
  await signInAs(page, team.admin);
  await page.goto("/organization");
  await page.getByRole("link", { name: "Single sign-on" }).click();
  await expect(page.getByRole("heading", { name: "Single sign-on" })).toBeVisible();
  await page.getByLabel("Identity provider", { exact: true }).selectOption("oidc");
  await page.getByLabel("Issuer URL").fill(idp.issuer);
  await page.getByLabel("Allowed email domain").fill(domain);
  await page.getByLabel("Client ID", { exact: true }).fill(idp.clientId);
  await page.getByLabel("Client secret", { exact: true }).fill(idp.clientSecret);
  await page.getByRole("button", { name: "Add provider" }).click();
  const provider = page.getByRole("list", { name: "Identity providers" }).getByRole("listitem");
  await expect(provider).toContainText(`OpenID Connect · @${domain}`);
  const redirectUri = (await provider.getByTestId("redirect-uri").textContent())!;
  expect(redirectUri).toMatch(/\/api\/sso\/callback\/[0-9a-f-]{36}$/);
  idp.registerRedirectUri(redirectUri);
  // The secret is write-only: nowhere on the page.
  await expect(page.locator("body")).not.toContainText(idp.clientSecret);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/admin-${width}.png`, fullPage: true });
  }

  for (const width of [1280, 390]) {
    const learner = await browser.newContext({ viewport: { width, height: 844 } });
    const p = await learner.newPage();
    const email = `learner-${width}@${domain}`;
    idp.signInAs({ sub: `sub-${width}`, email, email_verified: true, name: `Lee ${width}` });
    await p.goto("/auth");
    await p.getByRole("button", { name: "Use single sign-on" }).click();
    await p.getByLabel("Work email").fill(email);
    await p.screenshot({ path: `${SHOTS}/sign-in-${width}.png`, fullPage: true });
    const started = Date.now();
    await p.getByRole("button", { name: "Continue", exact: true }).click();
    await expect(p).toHaveURL(/\/dashboard$/);
    await expect(p.getByRole("heading", { name: new RegExp(`Lee ${width}`) })).toBeVisible();
    test.info().annotations.push({ type: "sso-sign-in-ms", description: `${width}px: ${Date.now() - started}` });
    expect(await p.evaluate(() => localStorage.getItem("token"))).toBeTruthy();
    const cookies = await learner.cookies();
    expect(cookies.some((c) => c.name === "parley.session-token")).toBe(true);
    expect(cookies.some((c) => c.name.includes("authjs.session-token"))).toBe(false);
    await p.screenshot({ path: `${SHOTS}/dashboard-${width}.png` });
    await learner.close();
  }
});

test("issue 24.2: an unknown domain and a refused sign-in are explained on the sign-in page", async ({ browser }) => {
  for (const width of [1280, 390]) {
    const context = await browser.newContext({ viewport: { width, height: 844 } });
    const p = await context.newPage();
    await p.goto("/auth");
    await p.getByRole("button", { name: "Use single sign-on" }).click();
    await p.getByLabel("Work email").fill("someone@no-sso-here.example");
    await p.getByRole("button", { name: "Continue", exact: true }).click();
    await expect(p.getByText(/No organization has set up single sign-on for no-sso-here\.example/)).toBeVisible();

    idp.signInAs({ sub: `unverified-${width}`, email: `unverified-${width}@${domain}`, email_verified: false });
    await p.getByLabel("Work email").fill(`unverified-${width}@${domain}`);
    await p.getByRole("button", { name: "Continue", exact: true }).click();
    await expect(p).toHaveURL(/\/auth\?sso_error=unverified$/);
    await expect(p.getByText(/did not confirm that this email address is verified/)).toBeVisible();
    await expect(p.locator("body")).not.toContainText(/Error:|at .*\.js/);
    await p.screenshot({ path: `${SHOTS}/refused-${width}.png`, fullPage: true });
    await context.close();
  }
});
