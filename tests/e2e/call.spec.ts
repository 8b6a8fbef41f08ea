import { demo, expect, signInAs, test } from "./fixtures";
import type { Page } from "@playwright/test";

const PERSONA = "Dana Whitfield";
const SCHEMA = /Discovery call: logistics operations lead/;

/** Optional screenshots for reviewing the screen: SHOTS_DIR=/tmp/shots/c npx playwright test call. */
async function shot(page: Page, name: string) {
  if (!process.env.SHOTS_DIR) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 844 });
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function sendMessage(page: Page, text: string) {
  await page.getByPlaceholder("Enter a message...").fill(text);
  await page.getByRole("button", { name: "Send" }).click();
}

test("a member practises with the offline persona and finds the call on the dashboard", async ({ page }) => {
  await signInAs(page, demo.memberA);
  await page.goto("/dashboard");
  await page.getByRole("radio", { name: SCHEMA }).check();
  await page.getByRole("button", { name: "Start Roleplay" }).click();

  await expect(page).toHaveURL(/\/call(\?conversation=[0-9a-f-]{36})?$/);
  const conversationId = await page.evaluate(() => JSON.parse(sessionStorage.getItem("parley.call") ?? "{}").conversation_id as string);
  expect(conversationId).toMatch(/^[0-9a-f-]{36}$/);

  const tile = page.getByRole("region", { name: `${PERSONA}, the persona` });
  await expect(tile).toBeVisible();
  await expect(tile.getByText("Offline persona")).toBeVisible();
  const chat = page.getByRole("complementary", { name: "Messages" });
  await expect(chat).toBeVisible();
  await shot(page, "call-empty");

  // Blank text is never sent.
  await page.getByPlaceholder("Enter a message...").fill("   ");
  await expect(page.getByRole("button", { name: "Send" })).toBeDisabled();

  await sendMessage(page, "Hi Dana, thanks for taking my call.");
  await expect(chat.getByText(/Dana/).last()).toBeVisible();
  await sendMessage(page, "How do orders flow through your warehouses?");
  await expect(chat.getByText(/I run two regional warehouses/)).toBeVisible();
  await sendMessage(page, "What are the biggest challenges in your warehouses right now?");
  await expect(chat.getByText(/miss the carrier cut-off/)).toBeVisible();
  await expect(page.getByPlaceholder("Enter a message...")).toBeEnabled();
  await shot(page, "call-chat");

  // The third reply arrives while the chat is closed: the toggle shows one unread message.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/messages", async (route) => {
    await held;
    await route.continue();
  });
  await sendMessage(page, "What would success look like for you by next peak season?");
  await chat.getByRole("button", { name: "Close chat" }).click();
  await expect(chat).toBeHidden();
  release();
  const toggle = page.getByRole("button", { name: /Chat/ });
  await expect(toggle.getByTestId("unread-count")).toHaveText("1");
  await shot(page, "call-unread");
  await toggle.click();
  await expect(toggle.getByTestId("unread-count")).toHaveCount(0);
  await expect(page.getByRole("complementary", { name: "Messages" }).getByText(/ship 99% of orders same day/i)).toBeVisible();
  await page.unroute("**/messages");

  await page.getByRole("button", { name: "Leave" }).click();
  await page.getByRole("alertdialog", { name: "End this call?" }).getByRole("button", { name: "End call" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const recent = page.getByRole("region", { name: "Recent conversations" }).or(page.getByLabel("Recent conversations"));
  await expect(recent.locator(`a[href="/grade/${conversationId}"]`)).toBeVisible();
});

test("opening /call without a started call goes to the dashboard", async ({ page }) => {
  await signInAs(page, demo.memberA);
  await page.goto("/call");
  await expect(page).toHaveURL(/\/dashboard$/);
});
