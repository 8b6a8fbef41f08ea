import type { Page } from "@playwright/test";

import { expect, signInAs, test } from "./fixtures";
import { CallPage } from "./pages/call-page";
import { DashboardPage } from "./pages/dashboard-page";

const PERSONA = "Dana Whitfield";
const ROLEPLAY = /Discovery call: logistics operations lead/;

/** Optional screenshots for reviewing the screen: SHOTS_DIR=/tmp/shots/c npx playwright test call. */
async function shot(page: Page, name: string) {
  if (!process.env.SHOTS_DIR) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 844 });
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a member practises with the offline persona and finds the call on the dashboard", async ({ page, team }) => {
  await signInAs(page, team.memberA);
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await dashboard.roleplay(ROLEPLAY).check();
  await dashboard.startButton.click();

  await expect(page).toHaveURL(/\/call(\?conversation=[0-9a-f-]{36})?$/);
  const call = new CallPage(page);
  const conversationId = await call.conversationId();
  expect(conversationId).toMatch(/^[0-9a-f-]{36}$/);

  const tile = page.getByRole("region", { name: `${PERSONA}, the persona` });
  await expect(tile).toBeVisible();
  await expect(tile.getByText("Offline persona")).toBeVisible();
  const chat = call.messages;
  await expect(chat).toBeVisible();
  await shot(page, "call-empty");

  // Blank text is never sent.
  await call.messageBox.fill("   ");
  await expect(call.sendButton).toBeDisabled();

  await call.send("Hi Dana, thanks for taking my call.");
  await expect(chat.getByText(/Dana/).last()).toBeVisible();
  await call.send("How do orders flow through your warehouses?");
  await expect(chat.getByText(/I run two regional warehouses/)).toBeVisible();
  await call.send("What are the biggest challenges in your warehouses right now?");
  // Said in Dana's own words (issue 22: never the card verbatim).
  await expect(chat.getByText(/miss (?:the|our) carrier cut-off/)).toBeVisible();
  await expect(call.messageBox).toBeEnabled();
  await shot(page, "call-chat");

  // The third reply arrives while the chat is closed: the toggle shows one unread message.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/messages", async (route) => {
    await held;
    await route.continue();
  });
  await call.send("What would success look like for you by next peak season?");
  await chat.getByRole("button", { name: "Close chat" }).click();
  await expect(chat).toBeHidden();
  release();
  const toggle = page.getByRole("button", { name: /Chat/ });
  await expect(toggle.getByTestId("unread-count")).toHaveText("1");
  await shot(page, "call-unread");
  await toggle.click();
  await expect(toggle.getByTestId("unread-count")).toHaveCount(0);
  await expect(call.messages.getByText(/ship 99% of orders same day/i)).toBeVisible();
  await page.unroute("**/messages");

  await call.end();
  await expect(page).toHaveURL(/\/dashboard$/);
  const recent = page.getByRole("region", { name: "Recent conversations" }).or(dashboard.recent);
  await expect(recent.locator(`a[href="/grade/${conversationId}"]`)).toBeVisible();
});

test("opening /call without a started call goes to the dashboard", async ({ page, team }) => {
  await signInAs(page, team.memberA);
  await page.goto("/call");
  await expect(page).toHaveURL(/\/dashboard$/);
});
