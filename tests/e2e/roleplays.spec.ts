import type { Browser, Page } from "@playwright/test";

import { type Account, expect, signInAs, test } from "./fixtures";
import { DashboardPage } from "./pages/dashboard-page";
import { RoleplayFormPage } from "./pages/roleplay-form-page";

const DELETE_TEXT = "Are you sure you want to delete this schema? This action cannot be undone.";

async function pageFor(browser: Browser, account: Account) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, account);
  return page;
}

const roleplayRadio = (page: Page, name: string) => new DashboardPage(page).roleplay(name);

test("an admin creates a private schema for Cohort A, edits it and deletes it; only Cohort A sees it", async ({
  browser,
  team,
}) => {
  const name = `Helpdesk evaluation ${Date.now()}`;
  const admin = await pageFor(browser, team.admin);
  await new DashboardPage(admin).goto();
  await admin.getByRole("link", { name: "Create" }).click();
  await expect(admin).toHaveURL(/\/workspace\/create$/);
  await expect(admin.getByText("Auto-Generate from text")).toHaveCount(0);

  const form = new RoleplayFormPage(admin);
  await form.name.fill(name);
  await form.description.fill("An IT director compares helpdesk tools.");
  await admin.getByRole("switch", { name: "Public" }).click();
  await expect(admin.getByRole("switch", { name: "Private" })).not.toBeChecked();
  await form.fillPersona();
  await form.groupCheckbox("Cohort A").check();
  // The team's organisation also holds LMS course groups made by the LTI specs: count what is listed.
  const groups = await admin.getByRole("list", { name: "Groups" }).getByRole("checkbox").count();
  await expect(admin.getByText(`1 of ${groups} groups selected`)).toBeVisible();
  await form.createButton.click();
  await expect(admin.getByText("Schema created successfully!")).toBeVisible();
  await expect(form.createButton).toBeDisabled();
  await admin.waitForURL("**/dashboard");
  await expect(roleplayRadio(admin, name)).toBeChecked();

  const memberA = await pageFor(browser, team.memberA);
  await new DashboardPage(memberA).goto();
  await expect(roleplayRadio(memberA, name)).toBeVisible();
  const memberB = await pageFor(browser, team.memberB);
  await new DashboardPage(memberB).goto();
  await expect(memberB.getByRole("radiogroup", { name: "Roleplay schema" })).toBeVisible();
  await expect(roleplayRadio(memberB, name)).toHaveCount(0);

  await admin.getByRole("button", { name: "Edit" }).click();
  await expect(admin).toHaveURL(/\/workspace\/edit\//);
  await expect(form.name).toHaveValue(name);
  await expect(form.textbox("Pain point 2")).toHaveValue("No visibility into SLA breaches");
  await expect(form.groupCheckbox("Cohort A")).toBeChecked();
  await form.name.fill(`${name} v2`);
  await form.updateButton.click();
  await expect(admin.getByText("Schema updated successfully!")).toBeVisible();
  await admin.waitForURL("**/dashboard");
  await expect(roleplayRadio(admin, `${name} v2`)).toBeChecked();

  await admin.getByRole("button", { name: "Edit" }).click();
  let confirmText = "";
  admin.once("dialog", (dialog) => {
    confirmText = dialog.message();
    void dialog.accept();
  });
  await form.deleteButton.click();
  await expect(admin.getByText("Schema deleted successfully!")).toBeVisible();
  expect(confirmText).toBe(DELETE_TEXT);
  await admin.waitForURL("**/dashboard");
  await expect(admin.getByRole("radiogroup", { name: "Roleplay schema" })).toBeVisible();
  await expect(roleplayRadio(admin, name)).toHaveCount(0);
});

test("dismissing the delete confirmation keeps the schema", async ({ page, team }) => {
  await signInAs(page, team.admin);
  await new DashboardPage(page).goto();
  await page.getByRole("button", { name: "Edit" }).click();
  const form = new RoleplayFormPage(page);
  await expect(form.deleteButton).toBeEnabled();
  page.once("dialog", (dialog) => void dialog.dismiss());
  await form.deleteButton.click();
  await expect(form.deleteButton).toBeEnabled();
  await expect(page.getByText("Schema deleted successfully!")).toHaveCount(0);
  await expect(page).toHaveURL(/\/workspace\/edit\//);
});

test("pain points and goals keep their last entry; groups can be selected all at once", async ({ page, team }) => {
  await signInAs(page, team.admin);
  const form = new RoleplayFormPage(page);
  await form.gotoCreate();
  const removeFirst = page.getByRole("button", { name: "Remove pain point 1" });
  await expect(removeFirst).toBeDisabled();
  await page.getByRole("button", { name: "Add pain point" }).click();
  await expect(removeFirst).toBeEnabled();
  await page.getByRole("button", { name: "Remove pain point 2" }).click();
  await expect(form.textbox("Pain point 2")).toHaveCount(0);
  await expect(removeFirst).toBeDisabled();
  await expect(page.getByRole("button", { name: "Remove goal 1" })).toBeDisabled();

  const groups = await page.getByRole("list", { name: "Groups" }).getByRole("checkbox").count();
  expect(groups).toBeGreaterThanOrEqual(2);
  await expect(page.getByText(`0 of ${groups} groups selected`)).toBeVisible();
  await page.getByRole("button", { name: "Select All", exact: true }).click();
  await expect(page.getByText(`${groups} of ${groups} groups selected`)).toBeVisible();
  await page.getByRole("button", { name: "Deselect All" }).click();
  await expect(page.getByText(`0 of ${groups} groups selected`)).toBeVisible();
  await expect(page.getByText("not used yet")).toHaveCount(2);
});

test("developers get the Auto-Generate box, which explains what is missing and needs an API key", async ({
  page,
  team,
}) => {
  await signInAs(page, team.dev);
  const form = new RoleplayFormPage(page);
  await form.gotoCreate();
  const generate = page.getByRole("button", { name: "Auto-Generate Schema" });
  await expect(generate).toBeDisabled();
  await expect(page.getByText("Please enter some text to generate the schema from")).toBeVisible();
  await form.autoGenerateText.fill("A finance director cutting software spend by 15%.");
  await expect(page.getByText("49 / 20,000 characters")).toBeVisible();
  await expect(page.getByText("Please enter a name for the schema")).toBeVisible();
  await form.name.fill(`Generated ${Date.now()}`);
  await expect(page.getByText("Please enter a description for the schema")).toBeVisible();
  await form.description.fill("From notes");
  await expect(generate).toBeEnabled();
  await generate.click();
  // The e2e server runs without ANTHROPIC_API_KEY: the form shows the server's explanation.
  await expect(page.getByText("Auto-generate needs an Anthropic API key (ANTHROPIC_API_KEY)")).toBeVisible();
  await expect(page).toHaveURL(/\/workspace\/create$/);
  await expect(form.createButton).toBeEnabled();
});

test("an admin sets the scenario and scorecard of a roleplay; a developer regenerates its persona in edit mode (issue 17)", async ({
  browser,
  team,
}) => {
  const name = `Interview practice ${Date.now()}`;
  const admin = await pageFor(browser, team.admin);
  const form = new RoleplayFormPage(admin);
  await form.gotoCreate();
  await form.name.fill(name);
  await form.description.fill("A behavioural interview for an analyst role.");
  await form.fillPersona();
  const scorecard = admin.getByRole("heading", { name: "4. Scenario and Scorecard" });
  await expect(scorecard).toBeVisible();
  await expect(admin.getByLabel("Pass mark (0-100)")).toHaveValue("70");
  await expect(admin.getByLabel("Criterion 1", { exact: true })).toHaveValue("SPIN discovery");
  await admin.getByLabel("Scenario kind").selectOption("job-interview");
  // An untouched scorecard follows the kind.
  await expect(admin.getByLabel("Criterion 1", { exact: true })).toHaveValue("Structured, specific answers");
  await admin.getByLabel("Objective").fill("Answer with situation, action and result.");
  await admin.getByLabel("Pass mark (0-100)").fill("75");
  await admin.getByRole("button", { name: "Add criterion" }).click();
  await admin.getByLabel("Criterion 7", { exact: true }).fill("Knows our company");
  await admin.getByRole("button", { name: "Remove criterion 6: Clean delivery" }).click();
  await shot(admin, "roleplay-form-scorecard");
  await form.createButton.click();
  await expect(admin.getByText("Schema created successfully!")).toBeVisible();
  await expect(admin).toHaveURL(/\/dashboard$/, { timeout: 10_000 });

  const id = await roleplayRadio(admin, name).getAttribute("value");
  // Developers may edit any roleplay; they reach it from the development page's list.
  const dev = await pageFor(browser, team.dev);
  const devForm = new RoleplayFormPage(dev);
  await devForm.gotoEdit(id!);
  await expect(dev.getByLabel("Scenario kind")).toHaveValue("job-interview");
  await expect(dev.getByLabel("Pass mark (0-100)")).toHaveValue("75");
  await expect(dev.getByLabel("Criterion 6", { exact: true })).toHaveValue("Knows our company");
  await expect(dev.getByLabel("How it is measured").nth(5)).toHaveValue("");
  // The developer-only box is in edit mode too; it regenerates this schema's persona.
  await expect(dev.getByText("Auto-Generate from text")).toBeVisible();
  const regenerate = dev.getByRole("button", { name: "Regenerate Persona" });
  await expect(regenerate).toBeDisabled();
  await devForm.autoGenerateText.fill("A hiring manager for analysts who values numbers.");
  await expect(regenerate).toBeEnabled();
  await shot(dev, "roleplay-form-edit-autogenerate");
  await regenerate.click();
  await expect(dev.getByText("Auto-generate needs an Anthropic API key (ANTHROPIC_API_KEY)")).toBeVisible();
  await expect(dev).toHaveURL(/\/workspace\/edit\//);
});

async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test("a member opening the edit form is told they cannot edit", async ({ page, team }) => {
  await signInAs(page, team.memberA);
  await new DashboardPage(page).goto();
  const id = await page.getByRole("radio").first().getAttribute("value");
  const form = new RoleplayFormPage(page);
  await form.gotoEdit(id!);
  await expect(page.getByText("Failed to load schema: Only admins can edit schemas")).toBeVisible();
  await expect(form.updateButton).toHaveCount(0);
});
