import { expect, type Browser, type Page } from "@playwright/test";
import { demo, signInAs, test } from "./fixtures";
import { seedThroughForm, unique } from "./pilot";

const persona = {
  name: "Riley Chen", role: "Procurement lead", situation: "Reviewing vendors for next quarter",
  background: "Ten years in purchasing", pain_points: ["Slow approvals"], goals: ["Cut costs"],
};

async function newPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

test.describe("organisation management", () => {
  test("a seeded admin sees both groups, a user's stats and edits a schema; the developer then deletes the pilot", async ({ browser, baseURL }) => {
    const devPage = await newPage(browser, baseURL);
    await signInAs(devPage, demo.dev);
    const orgName = unique("Pilot Org");
    const { rows } = await seedThroughForm(devPage, orgName, [
      { name: "Tuesday Cohort", users: 2, admins: 1 },
      { name: "Friday Cohort", users: 1, admins: 0 },
    ]);
    const adminRow = rows.find((r) => r.role === "admin")!;

    // The pilot admin signs in on /auth with a row of the CSV.
    const page = await newPage(browser, baseURL);
    await page.goto("/auth");
    await page.getByLabel("Email").fill(adminRow.email);
    await page.getByLabel("Password").fill(adminRow.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto("/organization");
    await expect(page.getByRole("heading", { name: `${orgName} - Management` })).toBeVisible();
    const tuesday = page.getByRole("table", { name: "Tuesday Cohort" });
    const friday = page.getByRole("table", { name: "Friday Cohort" });
    await expect(tuesday.getByRole("row")).toHaveCount(4);
    await expect(friday.getByRole("row")).toHaveCount(2);
    await expect(friday.getByRole("cell", { name: "Inactive" })).toBeVisible();
    await expect(page.getByText("No conversations yet. Create your first conversation schema!")).toBeVisible();
    await expect(page.getByRole("button", { name: "Edit Selected" })).toBeDisabled();

    await friday.getByRole("button", { name: /View Stats/ }).click();
    await expect(page.getByRole("heading", { name: "Friday Cohort Student 1 - Stats Over Time" })).toBeVisible();
    await expect(page.getByText("No graded conversations yet.")).toBeVisible();
    await page.getByRole("button", { name: "Back to Overview" }).click();
    await expect(page.getByRole("heading", { name: `${orgName} - Management` })).toBeVisible();

    // A schema for the Friday cohort, made through the roleplay API as this admin.
    const token = await page.evaluate(() => localStorage.getItem("token"));
    const groupsRes = await page.request.get("/api/protected/roleplay/groups", { headers: { authorization: `Bearer ${token}` } });
    const groups = (await groupsRes.json()) as { id: string; name: string }[];
    const friDay = groups.find((g) => g.name === "Friday Cohort")!;
    const created = await page.request.post("/api/protected/roleplay/create", {
      headers: { authorization: `Bearer ${token}` },
      data: { name: "Vendor review call", description: "Practice", is_public: false, assigned_groups: [friDay.id], schema_data: { persona } },
    });
    expect(created.status(), await created.text()).toBe(201);

    await page.reload();
    const schemaRow = page.getByRole("row", { name: /Vendor review call/ });
    await expect(schemaRow).toContainText("Friday Cohort");
    await expect(schemaRow).toContainText("Active");
    await expect(page.getByRole("radio", { name: "Vendor review call" })).toBeChecked();
    await page.screenshot({ path: "/tmp/shots/e/organization-pilot-1280.png", fullPage: true });
    await page.getByRole("link", { name: "Edit Selected" }).click();
    await expect(page).toHaveURL(/\/workspace\/edit\/[0-9a-f-]{36}$/);

    // The developer deletes the pilot with Confirm; its accounts can no longer sign in.
    await devPage.goto("/development");
    await devPage.getByRole("button", { name: new RegExp(orgName) }).click();
    await devPage.getByRole("button", { name: "Delete" }).click();
    await devPage.getByRole("button", { name: "Confirm" }).click();
    await expect(devPage.getByRole("button", { name: new RegExp(orgName) })).toHaveCount(0);
    const signin = await devPage.request.post("/api/auth/signin", { data: { email: adminRow.email, password: adminRow.password } });
    expect(signin.status()).toBe(401);
  });

  test("the demo admin sees scores over time for a member with a graded conversation", async ({ page }) => {
    await signInAs(page, demo.admin);
    await page.goto("/organization");
    await expect(page.getByRole("heading", { name: "Riverside University Sales Lab - Management" })).toBeVisible();
    const cohortA = page.getByRole("table", { name: "Cohort A" });
    await cohortA.getByRole("row", { name: /Maya Member/ }).click();
    await expect(page.getByRole("heading", { name: "Maya Member - Stats Over Time" })).toBeVisible();
    await expect(page.getByText(/graded conversation.*Latest score \d+/)).toBeVisible();
    await expect(page.getByTestId("score-chart").locator("canvas")).toBeVisible();
    await page.screenshot({ path: "/tmp/shots/e/organization-detail-1280.png", fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: "/tmp/shots/e/organization-detail-390.png", fullPage: true });
    await page.getByRole("button", { name: "Back to Overview" }).click();
    await page.screenshot({ path: "/tmp/shots/e/organization-390.png", fullPage: true });
  });

  test("a member gets a not-allowed screen with a way back", async ({ page }) => {
    await signInAs(page, demo.memberA);
    await page.goto("/organization");
    await expect(page.getByText(/Only organization admins can open this page/)).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: "/tmp/shots/e/organization-not-allowed-390.png" });
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
