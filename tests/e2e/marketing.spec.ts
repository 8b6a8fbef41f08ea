import { expect, test } from "./fixtures";

const WORDS = ["interview", "sale", "meeting", "session", "job", "talk", "pitch", "chat", "deal", "review"];
const TERMS_SECTIONS = [
  "1. Introduction",
  "2. Account Access",
  "3. Use of Service",
  "4. Data and Privacy",
  "5. Intellectual Property",
  "6. Limitation of Liability",
  "7. Termination",
  "8. Changes to Terms",
  "9. Contact Us",
];

test.describe("landing page", () => {
  test("top bar, calls to action, features, sample figures and footer", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header.getByText("Parley")).toBeVisible();
    await expect(header.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/auth");
    await expect(page.getByRole("link", { name: "Get Started Now" })).toHaveAttribute("href", "/auth");
    await expect(page.getByRole("heading", { name: "AI personas with a point of view" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Honest, automatic grading" })).toBeVisible();
    await expect(page.getByText("Sample figures")).toBeVisible();

    const footer = page.getByRole("contentinfo");
    await expect(footer.getByText("Parley", { exact: true })).toBeVisible();
    await expect(footer.getByRole("link", { name: "support@parley.example" })).toHaveAttribute(
      "href",
      "mailto:support@parley.example",
    );
    await expect(footer.getByText("© 2025 Parley. All rights reserved.")).toBeVisible();
    await expect(footer.getByRole("link", { name: "Terms" })).toHaveAttribute("href", "/terms");
  });

  test("Get Started Now and Sign in both go to /auth", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Get Started Now" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto("/");
    await page.getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("the headline word rotates through the list in order", async ({ page }) => {
    await page.goto("/");
    const word = page.getByTestId("rotating-word");
    await expect(word).toHaveAttribute("aria-live", "polite");
    const first = (await word.textContent())!;
    expect(WORDS).toContain(first);
    await expect.poll(() => word.textContent(), { timeout: 4_000 }).not.toBe(first);
    const second = (await word.textContent())!;
    expect(second).toBe(WORDS[(WORDS.indexOf(first) + 1) % WORDS.length]);
  });
});

test("get-started links back home", async ({ page }) => {
  await page.goto("/get-started");
  await page.getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test.describe("terms", () => {
  test("shows the date and the nine numbered sections with the contact address", async ({ page }) => {
    await page.goto("/terms");
    await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
    await expect(page.getByText("Last updated: September 9, 2025")).toBeVisible();
    await expect(page.getByRole("heading", { level: 2 })).toHaveText(TERMS_SECTIONS);
    const contact = page.getByRole("region", { name: "9. Contact Us" });
    await expect(contact.getByRole("link", { name: "support@parley.example" })).toBeVisible();
    await expect(page.getByRole("region", { name: "2. Account Access" })).toContainText("confidential");
  });

  test("Back goes one step back in history", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms" }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("Back in a fresh tab (no history) goes home", async ({ page, context }) => {
    await page.goto("/get-started");
    const [tab] = await Promise.all([
      context.waitForEvent("page"),
      page.evaluate(() => window.open("/terms", "_blank", "noopener")),
    ]);
    await tab.getByRole("button", { name: "Back" }).click();
    await expect(tab).toHaveURL(/\/$/);
  });

  test("Back clicked in a fresh tab while its scripts are still loading is not lost", async ({ page, context }) => {
    await page.goto("/get-started");
    // Slow scripts: the server-rendered button is on screen well before React can handle its click.
    await context.route("**/_next/static/chunks/**", async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    const [tab] = await Promise.all([
      context.waitForEvent("page"),
      page.evaluate(() => window.open("/terms", "_blank", "noopener")),
    ]);
    const back = tab.getByRole("button", { name: "Back" });
    await expect(back).toBeDisabled();
    await back.click();
    await expect(tab).toHaveURL(/\/$/);
  });
});
