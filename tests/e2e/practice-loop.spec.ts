import type { Page } from "@playwright/test";

import { expect, signInAs, test } from "./fixtures";
import { CallPage } from "./pages/call-page";
import { DashboardPage } from "./pages/dashboard-page";
import { GradePage } from "./pages/grade-page";

const ROLEPLAY = /Discovery call: logistics operations lead/;

/** Screenshots for review: SHOTS_DIR=/tmp/shots npx playwright test practice-loop. */
async function shot(page: Page, name: string) {
  if (!process.env.SHOTS_DIR) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 844 });
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const startRoleplay = (page: Page) => new DashboardPage(page).startRoleplay(ROLEPLAY);
const say = (page: Page, text: string) => new CallPage(page).send(text, { waitForReply: true });

const creditsUsed = async (page: Page, token: string) =>
  (await (await page.request.get("/api/protected/dashboard", { headers: { authorization: `Bearer ${token}` } })).json())
    .subscription.credits_used as number;

test("the call screen shows the brief, never the hidden pains; Leave asks first; the grade arrives on the dashboard", async ({
  page,
  team,
}) => {
  await signInAs(page, team.memberA);
  const id = await startRoleplay(page);

  const brief = new CallPage(page).brief;
  await expect(brief.getByText("Objective")).toBeVisible();
  await expect(
    brief.getByRole("definition").getByText(/uncover their problems and what those cost them/),
  ).toBeVisible();
  await expect(brief.getByText("Dana Whitfield, Head of Operations")).toBeVisible();
  await expect(brief.getByText(/Harbor & Pine Outfitters/)).toBeVisible();
  await expect(brief.getByText(/Runs two regional warehouses/)).toBeVisible();
  await expect(page.getByText(/Overtime costs|Pick-list errors|6% of orders|99% of orders/)).toHaveCount(0);

  await say(page, "Hi Dana, thanks for taking my call.");
  await say(page, "Walk me through how orders flow through your warehouses");
  await shot(page, "call-brief");

  // Leave asks first; staying keeps the call.
  await page.getByRole("button", { name: "Leave" }).click();
  const confirm = page.getByRole("alertdialog", { name: "End this call?" });
  await expect(confirm).toBeVisible();
  await shot(page, "call-leave-confirm");
  await confirm.getByRole("button", { name: "Stay on the call" }).click();
  await expect(confirm).toBeHidden();
  await expect(page).toHaveURL(/\/call/);
  await expect(page.getByRole("button", { name: "Leave" })).toBeFocused();

  await page.getByRole("button", { name: "Leave" }).click();
  await confirm.getByRole("button", { name: "End call" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const top = page.getByLabel("Recent conversations").getByRole("listitem").first();
  await expect(top.getByRole("link", { name: /View Grade/ })).toHaveAttribute("href", `/grade/${id}`);
  // Two short lines are too little to grade: the row settles on that state, never on a number.
  await expect(top.getByText("Too little to grade", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(top.getByText(/^Score: \d+$/)).toHaveCount(0);
});

test("an in-progress call is listed, can be re-joined, and its grade appears on the dashboard without a reload", async ({
  page,
  context,
  team,
}) => {
  const { token } = await signInAs(page, team.memberB);
  const id = await startRoleplay(page);
  await say(page, "Hi Dana, how are things at the warehouses?");

  // A reload keeps the call.
  await page.reload();
  await expect(
    page.getByRole("complementary", { name: "Messages" }).getByText("Hi Dana, how are things at the warehouses?"),
  ).toBeVisible();

  const dashboard = await context.newPage();
  await dashboard.goto("/dashboard");
  const row = dashboard.getByLabel("Recent conversations").getByRole("listitem").first();
  await expect(row.getByText("In progress")).toBeVisible();
  await shot(dashboard, "dashboard-in-progress");

  // Re-join from the dashboard in another tab: the same conversation, no credit spent.
  const before = await creditsUsed(dashboard, token);
  await row.getByRole("link", { name: /Rejoin/ }).click();
  await expect(dashboard).toHaveURL(new RegExp(`/call\\?conversation=${id}$`));
  await expect(
    dashboard.getByRole("complementary", { name: "Messages" }).getByText("Hi Dana, how are things at the warehouses?"),
  ).toBeVisible();
  expect(await creditsUsed(dashboard, token)).toBe(before);

  // Back on the dashboard; the call ends elsewhere and the row turns into a grade by itself.
  await dashboard.goto("/dashboard");
  // A full reload would wipe this marker; the row must change under it.
  await dashboard.evaluate(() => ((window as unknown as { parleyMarker: number }).parleyMarker = 42));
  await expect(row.getByText("In progress")).toBeVisible();
  const ended = await page.request.post(`/api/protected/conversations/${id}/end`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(ended.status()).toBe(200);
  // One short line is too little to grade: the row settles on that state, never on a number.
  await expect(row.getByText("Too little to grade", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(row.getByText(/^Score: \d+$/)).toHaveCount(0);
  await expect(row.getByText("In progress")).toHaveCount(0);
  expect(await dashboard.evaluate(() => (window as unknown as { parleyMarker?: number }).parleyMarker)).toBe(42);
  await expect(dashboard).toHaveURL(/\/dashboard$/);
  await shot(dashboard, "dashboard-graded");
});

test("Practise again on the grade page starts the same roleplay and spends a credit", async ({ page, team }) => {
  const { token } = await signInAs(page, team.memberA);
  const id = await startRoleplay(page);
  await say(page, "Hi Dana");
  const ended = await page.request.post(`/api/protected/conversations/${id}/end`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(ended.status()).toBe(200);

  await new GradePage(page).goto(id);
  const before = await creditsUsed(page, token);
  await page.getByRole("button", { name: /Practise again/ }).click();
  await expect(page).toHaveURL(/\/call\?conversation=[0-9a-f-]{36}$/);
  const next = new URL(page.url()).searchParams.get("conversation");
  expect(next).not.toBe(id);
  await expect(
    page.getByRole("group", { name: "Scenario brief" }).getByText("Dana Whitfield, Head of Operations"),
  ).toBeVisible();
  expect(await creditsUsed(page, token)).toBe(before + 1);
});

test("on a phone the brief folds to one line and opens on demand", async ({ page, team }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, team.memberB);
  await startRoleplay(page);
  const brief = new CallPage(page).brief;
  await expect(brief.getByText("Your brief")).toBeVisible();
  await expect(brief.getByRole("definition").first()).toBeHidden();
  await expect(page.getByPlaceholder("Enter a message...")).toBeVisible();
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/call-phone-folded-390.png` });
  await brief.getByText("Your brief").click();
  await expect(brief.getByRole("definition").getByText(/uncover their problems/)).toBeVisible();
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/call-phone-open-390.png` });
  // The open brief scrolls in its own box; it never squeezes the message box into the call controls.
  const send = (await page.getByRole("button", { name: "Send" }).boundingBox())!;
  const leave = (await page.getByRole("button", { name: "Leave" }).boundingBox())!;
  expect(send.y + send.height).toBeLessThanOrEqual(leave.y);
  const leaveButton = page.getByRole("button", { name: "Leave" });
  await leaveButton.scrollIntoViewIfNeeded();
  await expect(leaveButton).toBeInViewport({ ratio: 1 });
});
