import type { Page } from "@playwright/test";

import { expect, test } from "./fixtures";

const uniqueEmail = (tag: string) => `${tag}.${Date.now()}${Math.floor(Math.random() * 1e4)}@e2e.parley`;

/** Delays (or breaks) the server action POST so in-between states can be seen. */
async function interceptSubmit(page: Page, how: "delay" | "abort") {
  await page.route("**/waitlist", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    if (how === "abort") return route.abort("failed");
    await new Promise((r) => setTimeout(r, 800));
    return route.continue();
  });
}

test.describe("waitlist", () => {
  test("joins without 'other' and shows the busy label and the success view", async ({ page }) => {
    await page.goto("/waitlist");
    await expect(page.getByRole("heading", { name: "Thank you for your interest!" })).toBeVisible();
    await expect(page.getByRole("checkbox")).toHaveCount(8);
    await expect(page.getByLabel("Tell us more")).toHaveCount(0);

    await page.getByLabel("Email").fill(uniqueEmail("plain"));
    await page.getByLabel("Name").fill("  Grace Hopper ");
    await page.getByLabel("Sales training").check();
    await page.getByLabel("Interview practice").check();
    await interceptSubmit(page, "delay");
    await page.getByRole("button", { name: "Join Waitlist" }).click();
    await expect(page.getByRole("button", { name: "Joining waitlist..." })).toBeDisabled();

    await expect(page.getByRole("heading", { name: "You're on the list!" })).toBeVisible();
    await page.getByRole("link", { name: "Back to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the 'other' field appears, disappears and is cleared when unticked", async ({ page }) => {
    await page.goto("/waitlist");
    const other = page.getByRole("checkbox", { name: "Other" });
    const details = page.getByLabel("Tell us more");

    await other.check();
    await expect(details).toBeVisible();
    await details.fill("Practising for moot court");
    await other.uncheck();
    await expect(details).toHaveCount(0);
    await other.check();
    await expect(details).toHaveValue("");

    await details.fill("Practising for moot court");
    await page.getByLabel("Email").fill(uniqueEmail("other"));
    await page.getByRole("button", { name: "Join Waitlist" }).click();
    await expect(page.getByRole("heading", { name: "You're on the list!" })).toBeVisible();
  });

  test("a blank email shows 'Email is required' under the field and keeps the form", async ({ page }) => {
    await page.goto("/waitlist");
    const email = page.getByLabel("Email");
    await email.fill("   ");
    await page.getByLabel("Name").fill("Ada");
    await page.getByRole("button", { name: "Join Waitlist" }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription("Email is required");
    await expect(page.getByLabel("Name")).toHaveValue("Ada");

    await email.fill("not-an-email");
    await page.getByRole("button", { name: "Join Waitlist" }).click();
    await expect(page.getByText("Enter a valid email address")).toBeVisible();
    await expect(page.getByText("Email is required")).toHaveCount(0);
  });

  test("a failed submission shows the error in an alert and keeps what was typed", async ({ page }) => {
    await page.goto("/waitlist");
    const address = uniqueEmail("offline");
    await page.getByLabel("Email").fill(address);
    await page.getByLabel("Team training").check();
    await interceptSubmit(page, "abort");
    await page.getByRole("button", { name: "Join Waitlist" }).click();
    await expect(page.locator("form").getByRole("alert")).toContainText("Network error");
    await expect(page.getByRole("heading", { name: "Thank you for your interest!" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(address);
    await expect(page.getByLabel("Team training")).toBeChecked();
    await expect(page.getByRole("button", { name: "Join Waitlist" })).toBeEnabled();
  });
});
