import type { Locator, Page } from "@playwright/test";

import { expect, signInAs, test } from "./fixtures";
import { DashboardPage } from "./pages/dashboard-page";

const SHOTS = "/tmp/shots/i14";

/** Tabs until `target` has keyboard focus (so :focus-visible applies as for a real keyboard user). */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error("never reached the element by keyboard");
}
const ring = (el: Locator) => el.evaluate((e) => getComputedStyle(e).boxShadow);

test("an unknown page shows the branded 404 with links to Home and Dashboard", async ({ page }) => {
  const res = await page.goto("/no-such-page");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("href", "/");
  await expect(page.getByRole("link", { name: "Dashboard", exact: true })).toHaveAttribute("href", "/dashboard");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page.screenshot({ path: `${SHOTS}/not-found-${width}.png` });
  }
  await page.getByRole("link", { name: "Home", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("text links and the 'Create an account' link show the buttons' focus ring", async ({ page }) => {
  await page.goto("/auth");
  const create = page.getByRole("button", { name: "Create an account" });
  const terms = page.getByRole("link", { name: "Terms of Service" });
  expect(await ring(terms)).toBe("none");
  await tabTo(page, terms);
  expect(await ring(terms)).toMatch(/0px 0px 0px 3px/);
  await tabTo(page, create);
  expect(await ring(create)).toMatch(/0px 0px 0px 3px/);
  await page.screenshot({ path: `${SHOTS}/focus-create-account-1280.png` });
});

test("on a 390 px phone every button is at least 44 px tall; the desktop keeps its density", async ({ page, team }) => {
  await signInAs(page, team.memberA);
  await page.setViewportSize({ width: 390, height: 844 });
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await expect(dashboard.startButton).toBeVisible();
  const small = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("button, a[data-slot=button]")]
      .filter((el) => el.offsetParent !== null && el.getClientRects().length > 0)
      .map((el) => ({
        name: (el.getAttribute("aria-label") ?? el.textContent ?? "").trim(),
        h: el.getBoundingClientRect().height,
      }))
      .filter((b) => b.h < 44),
  );
  expect(small).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/dashboard-touch-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  const desktop = await dashboard.startButton.boundingBox();
  expect(desktop!.height).toBeLessThan(44);
});

test("Total Time says 'minute' for one and 'minutes' otherwise, and says it is rounded", async ({ page, team }) => {
  await signInAs(page, team.memberA);
  await new DashboardPage(page).goto();
  const card = page.getByRole("heading", { name: "Total Time" }).locator("xpath=ancestor::*[@data-slot='card'][1]");
  const text = (await card.innerText()).replace(/\s+/g, " ");
  const [, n, unit] = text.match(/(\d+) (minutes?)/)!;
  expect(unit).toBe(Number(n) === 1 ? "minute" : "minutes");
  await expect(card.getByText("rounded to the nearest minute")).toBeVisible();
});
