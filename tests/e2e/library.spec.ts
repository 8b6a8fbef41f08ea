import type { APIRequestContext, Browser, Page } from "@playwright/test";

import { findLibraryEntry, RECOMMENDED_KEYS } from "@/lib/roleplays/library";

import { parseCsv } from "./csv";
import { E2E_DEVELOPER } from "./developer";
import { expect, signInAs, test } from "./fixtures";
import { unique } from "./pilot";

const SHOTS = "test-results/shots-c";
const EMPTY = "No conversations yet. Create your first conversation schema!";

/** A pilot organisation seeded by the e2e developer through the API, with its CSV rows. */
async function seedPilot(request: APIRequestContext, body: Record<string, unknown>) {
  const signin = await request.post("/api/auth/signin", { data: E2E_DEVELOPER });
  const { token } = (await signin.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const res = await request.post("/api/dev/seed/organization", {
    headers,
    data: {
      org_name: unique("Library Pilot"),
      description: "Starter library e2e",
      num_users: 1,
      num_admins: 1,
      ...body,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const seeded = (await res.json()) as { organization: { id: string }; csv_data: string };
  const rows = parseCsv(seeded.csv_data).rows;
  return {
    admin: rows.find((r) => r.role === "admin")!,
    member: rows.find((r) => r.role === "member")!,
    remove: async () => {
      const del = await request.delete("/api/dev/organization/delete", {
        headers,
        data: { organization_id: seeded.organization.id },
      });
      expect(del.status()).toBe(200);
    },
  };
}

async function newPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  return (await browser.newContext({ baseURL })).newPage();
}

const card = (page: Page, name: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });

test("an admin of an empty organisation adds a roleplay from the library, and the learner sees it", async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const pilot = await seedPilot(request, { library_keys: [] });
  const entry = findLibraryEntry("discovery-boutique-hotels")!;
  await signInAs(page, pilot.admin);

  // Every empty state keeps the spec's text and points to the library.
  await page.goto("/dashboard");
  await expect(page.getByText(EMPTY)).toBeVisible();
  await expect(page.getByRole("link", { name: "Add from library" })).toHaveAttribute("href", "/organization/library");
  await page.goto("/organization");
  const management = page.locator("#conversation-management-card");
  await expect(management.getByText(EMPTY)).toBeVisible();
  await management.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/organization-empty-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await management.getByText(EMPTY).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/organization-empty-390.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await management.getByRole("link", { name: "Add from library" }).last().click();

  await expect(page).toHaveURL(/\/organization\/library$/);
  await expect(page.getByRole("heading", { name: "Roleplay library" })).toBeVisible();
  const hotels = card(page, entry.name);
  await expect(hotels).toContainText("Discovery call");
  await expect(hotels).toContainText("Hospitality");
  await expect(hotels).toContainText("Advanced");
  await expect(hotels).toContainText(entry.summary);
  await expect(page.getByText("Added", { exact: true })).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/library-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/library-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await hotels.getByRole("button", { name: `Add ${entry.name}` }).click();
  await expect(hotels.getByText("Added", { exact: true })).toBeVisible();
  await expect(hotels.getByRole("button", { name: `Add another copy of ${entry.name}` })).toBeEnabled();
  await expect(page.getByText("1 added")).toBeVisible();
  await hotels.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/library-added-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await hotels.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/library-added-390.png` });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The copy is the organisation's own, open in the schema form.
  await hotels.getByRole("link", { name: `Edit ${entry.name}` }).click();
  await expect(page).toHaveURL(/\/workspace\/edit\/[0-9a-f-]{36}$/);
  await expect(page.locator("#roleplay-name")).toHaveValue(entry.name);

  await page.goto("/organization");
  await expect(page.getByRole("row", { name: new RegExp(entry.name) })).toContainText("All Groups");

  const learner = await newPage(browser, baseURL);
  await signInAs(learner, pilot.member);
  await learner.goto("/dashboard");
  await expect(learner.getByRole("radio", { name: entry.name })).toBeChecked();
  await expect(learner.getByRole("button", { name: "Start Roleplay" }).first()).toBeEnabled();
  await learner.context().close();
  await pilot.remove();
});

test("a learner of a freshly seeded pilot has the starter roleplays to practise", async ({ page, request }) => {
  const pilot = await seedPilot(request, {});
  await signInAs(page, pilot.member);
  await page.goto("/dashboard");
  const list = page.getByRole("radiogroup", { name: "Roleplay schema" });
  await expect(list.getByRole("radio")).toHaveCount(RECOMMENDED_KEYS.length);
  for (const key of RECOMMENDED_KEYS) await expect(list.getByText(findLibraryEntry(key)!.name)).toBeVisible();
  await expect(page.getByRole("button", { name: "Start Roleplay" }).first()).toBeEnabled();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/dashboard-starter-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/dashboard-starter-1280.png`, fullPage: true });
  await pilot.remove();
});

test("a learner with nothing shared yet is told so; a member cannot open the library", async ({ page, request }) => {
  const pilot = await seedPilot(request, { library_keys: [] });
  await signInAs(page, pilot.member);
  await page.goto("/dashboard");
  await expect(page.getByText(EMPTY)).toBeVisible();
  await expect(page.getByText(/Your instructor hasn't shared a roleplay with you yet/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Add from library" })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/dashboard-empty-learner-390.png`, fullPage: true });
  await page.goto("/organization/library");
  await expect(page.getByRole("heading", { name: "You can't open this page" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/library-member-390.png` });
  await pilot.remove();
});

test("the developer console says a seeded pilot starts with the starter set", async ({ page }) => {
  await signInAs(page, E2E_DEVELOPER);
  await page.goto("/development");
  const seedCard = page
    .locator("[data-slot='card']")
    .filter({ has: page.getByRole("heading", { name: "Seed Organization" }) });
  await expect(seedCard).toContainText(`starter library's ${RECOMMENDED_KEYS.length} recommended roleplays`);
  await page.screenshot({ path: `${SHOTS}/development-seed-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await seedCard.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/development-seed-390.png` });
});
