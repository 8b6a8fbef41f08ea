import type { APIRequestContext, Locator, Page, Response } from "@playwright/test";

import { expect, signInAs, signUp, test } from "./fixtures";
import { DashboardPage } from "./pages/dashboard-page";
import { OrganizationPage } from "./pages/organization-page";

const SHOTS = "test-results/shots";

/** The view at 1280 and 390 px wide; on the phone it must fit the screen (`wholePage`: the page too). */
async function shoot(page: Page, target: Locator, name: string, wholePage = false) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
    await target.scrollIntoViewIfNeeded();
    if (width === 390) {
      // The view itself fits the phone: no part of it (the screen-reader table aside) reaches past the edge.
      const right = await target.evaluate((el) =>
        Math.max(
          el.getBoundingClientRect().right,
          ...[...el.querySelectorAll("*")]
            .filter((e) => !e.closest("[class*=sr-only]"))
            .map((e) => e.getBoundingClientRect().right),
        ),
      );
      expect(right).toBeLessThanOrEqual(390);
      if (wholePage) {
        await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      }
    }
    // The app bar and the phone's start bar stay put while the page scrolls: in a picture of one part of
    // the page they would cover it, so they are hidden (not moved: the layout stays as it is) for the picture.
    await page.evaluate(() => {
      for (const el of document.querySelectorAll<HTMLElement>("body *")) {
        if (["fixed", "sticky"].includes(getComputedStyle(el).position)) el.style.visibility = "hidden";
      }
    });
    await target.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const STRONG = [
  "Could you walk me through how orders flow through your warehouses today?",
  "What happens when you miss the carrier cut-off in peak weeks?",
  "What does a missed cut-off cost you in refunds and overtime each month?",
  "If you could ship 99% of orders same day, what would that mean for you?",
];
const FAIR = [
  "Hi, thanks for making time today. Tell me a little about your warehouses and how many orders you ship.",
  "What gets in the way when orders pile up late in the day before the carrier arrives?",
  "Okay. Our platform routes orders and prints labels automatically, and most customers like it a lot.",
];

/** One practice call through the API, ended and graded by the offline grader; answers its id. */
async function practise(request: APIRequestContext, token: string, roleplayId: string, lines: string[]) {
  const headers = { authorization: `Bearer ${token}` };
  const room = await request.post("/api/protected/requestroom", { headers, data: { schema_id: roleplayId } });
  expect(room.status(), await room.text()).toBe(200);
  const id = (await room.json()).conversation_id as string;
  for (const text of lines) {
    const res = await request.post(`/api/protected/conversations/${id}/messages`, { headers, data: { text } });
    expect(res.status(), await res.text()).toBe(200);
  }
  expect((await request.post(`/api/protected/conversations/${id}/end`, { headers })).status()).toBe(200);
  await expect
    .poll(async () => (await (await request.get(`/api/protected/grades/${id}`, { headers })).json()).status, {
      timeout: 30_000,
      intervals: [200, 300, 500],
    })
    .toBe("graded");
  return id;
}

async function roleplayIds(request: APIRequestContext, token: string) {
  const res = await request.get("/api/protected/roleplay/list", { headers: { authorization: `Bearer ${token}` } });
  const list = (await res.json()) as { id: string; name: string; is_public: boolean }[];
  return list;
}

test("a learner sees progress by skill, and the instructor sees it for the learner and the cohort", async ({
  page,
  browser,
  baseURL,
  team,
}) => {
  // Before any graded practice: the empty state (a fresh account; the team's learners practise in other specs).
  const fresh = await (await browser.newContext({ baseURL })).newPage();
  await signInAs(fresh, await signUp(fresh, "Nora New"));
  await new DashboardPage(fresh).goto();
  await expect(fresh.getByRole("region", { name: "Your progress" })).toContainText(
    "Your scores appear here once a practice conversation is graded.",
  );
  await fresh.context().close();

  const { token } = await signInAs(page, team.memberB);
  const dashboard = new DashboardPage(page);
  const card = page.getByRole("region", { name: "Your progress" });

  const roleplays = await roleplayIds(page.request, token);
  const discovery = roleplays.find((r) => r.is_public)!;
  for (const lines of [FAIR, STRONG, STRONG]) await practise(page.request, token, discovery.id, lines);
  const other = roleplays.find((r) => r.id !== discovery.id);
  if (other) await practise(page.request, token, other.id, STRONG);

  await dashboard.goto();
  await expect(card.getByTestId("progress-chart")).toBeVisible();
  const skill = card.getByLabel("Skill");
  await expect(skill).toHaveValue("overall:overall");
  // Three discovery calls: a proficiency; a roleplay practised once: how many more sessions it needs.
  const rows = card.getByTestId("skill");
  const discoveryRow = rows.filter({ hasText: discovery.name });
  await expect(discoveryRow.getByTestId("proficiency")).toHaveText(/^\d+(\.\d)?$/, { useInnerText: true });
  if (other) {
    await expect(rows.filter({ hasText: other.name }).getByTestId("proficiency")).toHaveText(
      "Practise 2 more times to see your proficiency",
      { useInnerText: true },
    );
  }
  await expect(card.getByRole("heading", { name: "Scorecard criteria" })).toBeVisible();
  await expect(card.getByRole("heading", { name: "SPIN stages" })).toBeVisible();
  // Picking a criterion redraws the chart and its table for screen readers.
  const firstCriterion = skill.locator('optgroup[label="Scorecard criteria"] option').first();
  const criterionLabel = (await firstCriterion.textContent())!;
  await skill.selectOption({ label: criterionLabel });
  await expect(card.getByRole("table", { name: `${criterionLabel}: scores over time` })).toBeAttached();
  await expect(card.getByRole("img", { name: new RegExp(`^${criterionLabel}: \\d+ sessions from`) })).toBeVisible();
  await skill.selectOption("overall:overall");
  await expect(card.getByRole("img", { name: /^Overall: \d sessions/ })).toBeVisible();
  await shoot(page, card, "progress", true);

  // The instructor: the learner's detail view and the cohort, one group at a time.
  const admin = await (await browser.newContext({ baseURL })).newPage();
  await signInAs(admin, team.admin);
  const organization = new OrganizationPage(admin);
  await organization.goto();
  const cohort = admin.getByRole("region", { name: "Progress by skill" });
  await expect(cohort.getByTestId("progress-chart")).toBeVisible();
  await cohort.getByLabel("Learners").selectOption({ label: "Cohort B" });
  await expect(cohort.getByTestId("skill").filter({ hasText: discovery.name })).toContainText("1 of 1 learner has 3+");
  await shoot(admin, cohort, "progress-cohort");
  await admin
    .getByRole("table", { name: "Cohort B" })
    .getByRole("button", { name: /View Stats for Student 02/ })
    .click();
  const detail = admin.getByRole("region", { name: "Progress by skill" });
  await expect(detail.getByTestId("progress-chart")).toBeVisible();
  await expect(detail.getByTestId("skill").filter({ hasText: discovery.name }).getByTestId("proficiency")).toHaveText(
    /^\d+(\.\d)?$/,
    { useInnerText: true },
  );
  await shoot(admin, detail, "progress-learner-detail");
});

test("tiers and a maximum of attempts: set in the form, shown to the learner, past the maximum not counted", async ({
  page,
  browser,
  baseURL,
  team,
}) => {
  const { token } = await signInAs(page, team.memberA);
  const discovery = (await roleplayIds(page.request, token)).find((r) => r.is_public)!;
  const discoveryName = discovery.name;
  const admin = await (await browser.newContext({ baseURL })).newPage();
  await signInAs(admin, team.admin);
  await new OrganizationPage(admin).goto();
  await admin.getByRole("button", { name: "New assignment" }).click();
  const form = admin.getByRole("form", { name: "New assignment" });
  await form.getByLabel("Roleplay").selectOption({ label: discoveryName });
  await form.getByLabel("Pass mark (optional)").fill("60");
  await form.getByLabel("Maximum attempts (optional)").fill("2");
  await form.getByLabel("Bronze").fill("50");
  await form.getByLabel("Silver").fill("45");
  await form.getByLabel("Gold").fill("90");
  await form.getByRole("button", { name: "Assign" }).click();
  await expect(form.getByText("Tiers must go up: Bronze below Silver below Gold")).toBeVisible();
  // The form kept every value after the error.
  await expect(form.getByLabel("Maximum attempts (optional)")).toHaveValue("2");
  await expect(form.getByLabel("Bronze")).toHaveValue("50");
  await expect(form.getByLabel("Gold")).toHaveValue("90");
  await form.getByLabel("Silver").fill("75");
  await form.getByLabel("Minimum attempts").fill("3");
  await form.getByRole("button", { name: "Assign" }).click();
  await expect(form.getByText("Maximum attempts (2) must be at least the minimum attempts (3)")).toBeVisible();
  await form.getByLabel("Minimum attempts").fill("1");
  await form.getByRole("button", { name: "Assign" }).click();
  await expect(form).toHaveCount(0);
  const row = admin.getByTestId("assignment-row").filter({ hasText: "Bronze 50 · Silver 75 · Gold 90" });
  await expect(row.getByTestId("assignment-limits")).toHaveText(
    "At most 2 attempts count · Best score counts · Bronze 50 · Silver 75 · Gold 90",
  );

  // The learner practises three times; only the first two count.
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  const card = page.getByTestId("assignment").filter({ hasText: discoveryName });
  await expect(card.getByTestId("attempts-left")).toHaveText("2 of 2");
  await expect(card.getByTestId("tier")).toContainText("None yet");
  await practise(page.request, token, discovery.id, FAIR);
  await practise(page.request, token, discovery.id, STRONG);
  await dashboard.goto();
  await expect(card.getByTestId("attempts-left")).toHaveText("0 of 2");
  await expect(card.getByTestId("no-attempts-left")).toHaveText(
    "No attempts left: you can still practise, but new attempts will not count toward this assignment.",
  );
  const tierBefore = await card.getByTestId("tier").textContent();
  const scoreBefore = await card.locator("dd").nth(2).textContent();
  // Starting is not blocked: the button says the attempt will not count.
  await expect(card.getByRole("button", { name: `Practise ${discoveryName} (will not count)` })).toBeEnabled();
  await practise(page.request, token, discovery.id, STRONG);
  await dashboard.goto();
  await expect(card.getByTestId("attempts-left")).toHaveText("0 of 2");
  await expect(card.getByTestId("tier")).toHaveText(tierBefore!);
  await expect(card.locator("dd").nth(2)).toHaveText(scoreBefore!);
  await shoot(page, card, "assignment-tiers-card", true);

  // The instructor switches to the latest attempt; the edit form shows what was saved.
  await admin.reload();
  await row.getByRole("button", { name: /Edit assignment/ }).click();
  const edit = admin.getByRole("form", { name: "Edit assignment" });
  await expect(edit.getByLabel("Maximum attempts (optional)")).toHaveValue("2");
  await expect(edit.getByLabel("Silver")).toHaveValue("75");
  await expect(edit.getByRole("radio", { name: "Best score" })).toBeChecked();
  await edit.getByRole("radio", { name: "Latest score" }).check();
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toHaveCount(0);
  await expect(row.getByTestId("assignment-limits")).toContainText("Latest score counts");
  await shoot(admin, row, "assignment-tiers-admin");
  await dashboard.goto();
  await expect(card.getByText("Latest score counts; only your first 2 attempts count.")).toBeVisible();
});

test("the dashboard and the organisation page stay under 250 KB of first-load JavaScript", async ({
  browser,
  baseURL,
  team,
}) => {
  for (const path of ["/dashboard", "/organization"]) {
    // A fresh browser context per page: nothing comes from the cache of the page before.
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await signInAs(page, team.admin);
    const scripts: Promise<number>[] = [];
    const onResponse = (res: Response) => {
      if (res.request().resourceType() !== "script") return;
      const size = res
        .request()
        .sizes()
        .then((s) => s.responseBodySize);
      // A script that arrives after the count (a prefetch) is rejected when the context closes;
      // it was never counted, so its rejection must not fail the test.
      size.catch(() => {});
      scripts.push(size);
    };
    page.on("response", onResponse);
    await page.goto(path, { waitUntil: "load" });
    await page.waitForLoadState("networkidle");
    page.off("response", onResponse);
    const bytes = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
    console.log(`${path}: ${(bytes / 1024).toFixed(1)} KB of JavaScript as sent (compressed), ${scripts.length} files`);
    expect(bytes).toBeLessThan(250 * 1024);
    await context.close();
  }
});
