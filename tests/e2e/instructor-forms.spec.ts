import { type Browser, type Locator, type Page } from "@playwright/test";

import { type Account, expect, signInAs, test } from "./fixtures";
import { OrganizationPage } from "./pages/organization-page";
import { RoleplayFormPage } from "./pages/roleplay-form-page";

const SHOTS = process.env.SHOTS_DIR || `test-results/shots-${process.env.PW_PORT || 3200}`;

/** The screen at 1280 and 390 px wide, looking at `target`. */
async function shoot(page: Page, target: Locator, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
    await target.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A signed-in page in a browser set to Chicago time, so the due date must travel with its zone. */
async function signedIn(browser: Browser, baseURL: string | undefined, who: Account) {
  const page = await (await browser.newContext({ baseURL, timezoneId: "America/Chicago" })).newPage();
  const { token } = await signInAs(page, who);
  return { page, headers: { authorization: `Bearer ${token}` } };
}

type Assignment = {
  id: string;
  schema_id: string;
  group_ids: string[];
  due_at: string;
  pass_mark: number;
  min_attempts: number;
};

test("the assignment forms keep every choice after an error, speak the picker's language and assign what was shown (issue 23)", async ({
  browser,
  baseURL,
  team,
}) => {
  const { page, headers } = await signedIn(browser, baseURL, team.admin);
  const assignments = async () =>
    (
      (await (await page.request.get("/api/organization/assignments", { headers })).json()) as {
        assignments: Assignment[];
      }
    ).assignments;
  const groups = (await (await page.request.get("/api/protected/roleplay/groups", { headers })).json()) as {
    id: string;
    name: string;
  }[];
  const cohort = (name: string) => groups.find((g) => g.name === name)!.id;
  const before = new Set((await assignments()).map((a) => a.id));

  await new OrganizationPage(page).goto();
  const form = page.getByRole("form", { name: "New assignment" });
  // A click before the page has hydrated is lost (the full run saw the form never open): click until it is.
  await expect(async () => {
    if (!(await form.isVisible())) await page.getByRole("button", { name: "New assignment" }).click();
    await expect(form).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  const roleplay = form.getByLabel("Roleplay");
  // Not the first option: a form that falls back to its default would show a different roleplay.
  const options = await roleplay
    .locator("option")
    .evaluateAll((os) => os.map((o) => ({ value: (o as HTMLOptionElement).value, label: o.textContent ?? "" })));
  expect(options.length).toBeGreaterThan(1);
  const chosen = options.at(-1)!;
  await roleplay.selectOption(chosen.value);
  await form.getByLabel("Cohort B").check();
  await form.getByLabel("Pass mark (optional)").fill("55");
  await form.getByLabel("Minimum attempts").fill("2");
  await form.getByLabel("Due").fill("");
  await form.getByRole("button", { name: "Assign" }).click();

  // Refused: the field says what to do in the picker's words, and every choice is still there.
  const due = form.getByLabel("Due");
  await expect(form.getByText("Choose a due date and time")).toBeVisible();
  await expect(form.getByText(/ISO 8601/)).toHaveCount(0);
  await expect(due).toHaveAttribute("aria-invalid", "true");
  await expect(due).toBeFocused();
  await expect(roleplay).toHaveValue(chosen.value);
  await expect(form.getByLabel("Cohort B")).toBeChecked();
  await expect(form.getByLabel("Cohort A")).not.toBeChecked();
  await expect(form.getByLabel("Pass mark (optional)")).toHaveValue("55");
  await expect(form.getByLabel("Minimum attempts")).toHaveValue("2");
  await shoot(page, form, "assignment-form-error");
  expect((await assignments()).filter((a) => !before.has(a.id))).toEqual([]);

  await due.fill("2031-03-14T17:00");
  await form.getByRole("button", { name: "Assign" }).click();
  await expect(form).toHaveCount(0);
  const [made] = (await assignments()).filter((a) => !before.has(a.id));
  // 17:00 in Chicago (daylight time in March 2031) is 22:00 UTC.
  expect(made).toMatchObject({
    schema_id: chosen.value,
    group_ids: [cohort("Cohort B")],
    due_at: "2031-03-14T22:00:00.000Z",
    pass_mark: 55,
    min_attempts: 2,
  });
  const row = page.getByTestId("assignment-row").filter({ hasText: "pass mark 55" });
  await expect(row).toContainText(chosen.label);
  await expect(row).toContainText(/Mar 14, 2031, 5:00\sPM/);
  await expect(row).toContainText("Cohort B");

  try {
    // The edit form: another roleplay, the other group, and a pass mark out of range.
    await row.getByRole("button", { name: /^Edit assignment/ }).click();
    const edit = page.getByRole("form", { name: "Edit assignment" });
    const other = options[0];
    await edit.getByLabel("Roleplay").selectOption(other.value);
    await edit.getByLabel("Cohort B").uncheck();
    await edit.getByLabel("Cohort A").check();
    await edit.getByLabel("Due").fill("2031-04-01T09:30");
    await edit.getByLabel("Pass mark (optional)").fill("150");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(edit.getByText("Pass mark must be a whole number from 0 to 100")).toBeVisible();
    await expect(edit.getByLabel("Pass mark (optional)")).toBeFocused();
    await expect(edit.getByLabel("Roleplay")).toHaveValue(other.value);
    await expect(edit.getByLabel("Cohort A")).toBeChecked();
    await expect(edit.getByLabel("Cohort B")).not.toBeChecked();
    await expect(edit.getByLabel("Due")).toHaveValue("2031-04-01T09:30");
    await expect(edit.getByLabel("Minimum attempts")).toHaveValue("2");
    await shoot(page, edit, "assignment-edit-error");
    expect((await assignments()).find((a) => a.id === made.id)).toMatchObject({
      schema_id: chosen.value,
      pass_mark: 55,
    });

    await edit.getByLabel("Pass mark (optional)").fill("60");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(edit).toHaveCount(0);
    expect((await assignments()).find((a) => a.id === made.id)).toMatchObject({
      schema_id: other.value,
      group_ids: [cohort("Cohort A")],
      due_at: "2031-04-01T14:30:00.000Z",
      pass_mark: 60,
      min_attempts: 2,
    });
  } finally {
    // The worker's team is shared with other specs: leave its assignments as they were.
    await page.request.delete(`/api/organization/assignments/${made.id}`, { headers });
  }
});

test("the scorecard editor shows the running total, refuses weights that do not total 100, and warns that AI criteria are not scored offline (issue 23)", async ({
  browser,
  baseURL,
  team,
}) => {
  const { page, headers } = await signedIn(browser, baseURL, team.admin);
  const name = `Weighted discovery ${Date.now()}`;
  const form = new RoleplayFormPage(page);
  await form.gotoCreate();
  await form.name.fill(name);
  await form.description.fill("Discovery with a rapport criterion.");
  await form.fillPersona();

  const total = page.getByTestId("weight-total");
  const weight = (n: number) => page.getByLabel("Weight", { exact: true }).nth(n - 1);
  await expect(total).toHaveText("Total weight 100 of 100");
  // The default criteria all have a built-in measure: nothing to warn about.
  await expect(page.getByText("No AI model is configured")).toHaveCount(0);

  await weight(1).fill("40");
  await expect(total).toHaveText("Total weight 105 of 100: 5 too many");
  await form.createButton.click();
  const criteriaError = page.locator("#criteria-error");
  await expect(criteriaError).toHaveText("Weights add up to 105; they must total 100");
  await expect(page.getByText("Please fix the highlighted fields.")).toBeVisible();
  await expect(page.getByText("Schema created successfully!")).toHaveCount(0);

  // A new criterion is judged from the transcript: the editor says what that means without a model.
  await page.getByRole("button", { name: "Add criterion" }).click();
  const added = page.getByRole("listitem").filter({ has: page.getByLabel("Criterion 9", { exact: true }) });
  await added.getByLabel("Criterion 9", { exact: true }).fill("Builds rapport");
  await expect(added.getByLabel("How it is measured")).toHaveValue("");
  const warning = added.getByRole("note");
  await expect(warning).toContainText("No AI model is configured on this server");
  await expect(warning).toContainText("not scored");
  await expect(total).toHaveText("Total weight 115 of 100: 15 too many");
  await expect(criteriaError).toHaveText("Weights add up to 115; they must total 100");
  await shoot(page, page.getByRole("button", { name: "Add criterion" }), "scorecard-weights-error");

  await weight(1).fill("25");
  await expect(total).toHaveText("Total weight 100 of 100");
  await expect(criteriaError).toBeEmpty();
  await shoot(page, total, "scorecard-weights-100");
  // Choosing a built-in measure makes the criterion count, and the warning goes.
  await added.getByLabel("How it is measured").selectOption("courtesy");
  await expect(warning).toHaveCount(0);
  await added.getByLabel("How it is measured").selectOption("");
  await form.createButton.click();
  await expect(page.getByText("Schema created successfully!")).toBeVisible();

  const list = (await (await page.request.get("/api/protected/roleplay/list", { headers })).json()) as {
    name: string;
    schema_data: { scorecard: { criteria: { label: string; weight: number; measure?: string }[] } };
  }[];
  const saved = list.find((r) => r.name === name)!.schema_data.scorecard.criteria;
  expect(saved.reduce((s, c) => s + c.weight, 0)).toBe(100);
  expect(saved.at(-1)).toMatchObject({ label: "Builds rapport", weight: 10 });
  expect(saved.at(-1)!.measure).toBeUndefined();
});

test("a scorecard with no built-in measure says every call would score 0 without a model (issue 23)", async ({
  browser,
  baseURL,
  team,
}) => {
  const { page } = await signedIn(browser, baseURL, team.admin);
  await new RoleplayFormPage(page).gotoCreate();
  const summary = page.getByRole("note").filter({ hasText: "every call would score 0" });
  for (let n = 8; n > 1; n--) await page.getByRole("button", { name: new RegExp(`^Remove criterion ${n}:`) }).click();
  await page.getByLabel("Weight", { exact: true }).fill("100");
  await expect(summary).toHaveCount(0);
  await page.getByLabel("How it is measured").selectOption("");
  await expect(summary).toBeVisible();
  await shoot(page, summary, "scorecard-nothing-scored");
  await page.getByLabel("How it is measured").selectOption("spin");
  await expect(summary).toHaveCount(0);
});
