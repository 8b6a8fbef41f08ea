import type { Locator, Page, TestInfo } from "@playwright/test";

import { demoRoleplays } from "@/lib/demo/personas";

import { expect, signInAs, signUp, test } from "./fixtures";
import { CallPage } from "./pages/call-page";
import { DashboardPage } from "./pages/dashboard-page";
import { unique } from "./pilot";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** Each state at 390 and 1280 px, kept with the test's artifacts (test-results/e2e-PORT/...). */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    // Let the layout (and the start bar's slide) settle at the new width.
    await page.waitForTimeout(300);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${size.width}.png`) });
  }
  await page.setViewportSize(PHONE);
}

async function expectOnScreen(page: Page, locator: Locator) {
  await expect(locator).toBeVisible();
  const box = (await locator.boundingBox())!;
  const { width, height } = page.viewportSize()!;
  expect(box.x, `${locator} left edge`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${locator} top edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${locator} right edge`).toBeLessThanOrEqual(width);
  expect(box.y + box.height, `${locator} bottom edge`).toBeLessThanOrEqual(height);
}

const long = (sentence: string, times: number) => Array.from({ length: times }, () => sentence).join(" ");

test.use({ viewport: PHONE });

test("on a phone the chosen roleplay and Start Roleplay are on the first screen, and the call keeps its composer and Leave in view", async ({
  page,
  team,
}, testInfo) => {
  test.setTimeout(120_000);
  // An admin publishes a roleplay whose brief runs long: a full objective and a situation of several paragraphs.
  const admin = await page.request.post("/api/auth/signin", { data: team.admin });
  const { token } = await admin.json();
  const dana = demoRoleplays[0];
  const name = unique("Phone check: long brief");
  const created = await page.request.post("/api/protected/roleplay/create", {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name,
      description: "A discovery call whose brief takes more than a phone screen.",
      is_public: true,
      schema_data: {
        persona: {
          ...dana.persona,
          situation: long(
            "Runs two regional warehouses shipping about 4,000 orders a day, agreed to a short call after a cold email, and has been burned by a late software rollout before.",
            8,
          ),
        },
        scenario: {
          kind: "sales-discovery",
          objective: long("Find out how orders flow today, what the misses cost, and agree a concrete next step.", 4),
        },
      },
      assigned_groups: [],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.context().clearCookies();

  const learner = await signInAs(page, team.memberB);
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  const bar = page.getByRole("region", { name: "Chosen roleplay" });
  // The first roleplay is chosen on arrival: its name and Start Roleplay wait at the bottom of the first screen.
  await expectOnScreen(page, bar.getByRole("button", { name: "Start Roleplay" }));
  await shoot(page, testInfo, "dashboard-chosen");

  await dashboard.roleplay(name).check();
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(bar).toContainText(name);
  await expectOnScreen(page, bar.getByRole("button", { name: "Start Roleplay" }));

  // The bar never covers the end of the page: at the bottom, the last section ends above it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(bar).toBeVisible();
  const lastSection = (await page.locator("main > *").last().boundingBox())!;
  const barBox = (await bar.boundingBox())!;
  expect(lastSection.y + lastSection.height).toBeLessThanOrEqual(barBox.y);

  // One Start Roleplay at any width: on a desktop it stands in the card's row again, with no bar.
  await expect(page.getByRole("button", { name: "Start Roleplay" })).toHaveCount(1);
  const card = page.locator("[data-slot=card]", {
    has: page.getByRole("heading", { name: "Conversations", exact: true }),
  });
  await page.setViewportSize(DESKTOP);
  const cardBox = (await card.boundingBox())!;
  const startBox = (await card.getByRole("button", { name: "Start Roleplay" }).boundingBox())!;
  expect(startBox.y).toBeGreaterThan(cardBox.y);
  expect(startBox.y + startBox.height).toBeLessThan(cardBox.y + cardBox.height);
  await expect(page.getByText("Chosen roleplay", { exact: true })).toBeHidden();
  await page.setViewportSize(PHONE);
  await page.evaluate(() => window.scrollTo(0, 0));
  await bar.getByRole("button", { name: "Start Roleplay" }).click();
  await expect(page).toHaveURL(/\/call(\?conversation=[0-9a-f-]{36})?$/);

  const call = new CallPage(page);
  await expect(page.getByRole("heading", { name })).toBeVisible();
  const conversationId = await call.conversationId();
  // A long conversation: eighteen exchanges already held.
  for (let i = 1; i <= 18; i++) {
    const res = await page.request.post(`/api/protected/conversations/${conversationId}/messages`, {
      headers: { authorization: `Bearer ${learner.token}` },
      data: { text: `Question ${i}: how does the warehouse handle orders that come in after the cut-off?` },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  await page.reload();
  const transcript = page.getByRole("list", { name: "Chat messages" });
  await expect(transcript.locator("li")).toHaveCount(36);

  const leave = page.getByRole("button", { name: "Leave" });
  const mustStay = [call.messageBox, call.sendButton, leave, page.getByRole("button", { name: "Speak", exact: true })];
  const brief = page.locator("details[aria-label='Scenario brief']");
  async function everythingInReach() {
    for (const control of mustStay) await expectOnScreen(page, control);
    // The transcript scrolls inside its panel; the page itself does not.
    expect(await transcript.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight)).toBe(true);
    await expectOnScreen(page, transcript.locator("li").last());
  }

  // Brief folded (a phone's default).
  await expect(brief).not.toHaveAttribute("open");
  await everythingInReach();
  await shoot(page, testInfo, "call-long-conversation-brief-closed");

  // Brief open: it scrolls in its own box.
  await page.getByText("Your brief").click();
  await expect(brief).toHaveAttribute("open");
  await expect(page.getByText("What you know going in")).toBeVisible();
  expect(await page.getByLabel("Brief details").evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await everythingInReach();
  await call.send("What would a same-day rate of 99% be worth to you?");
  await expect(transcript.locator("li")).toHaveCount(38);
  await everythingInReach();
  await shoot(page, testInfo, "call-long-conversation-brief-open");

  await call.end();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a learner with no roleplay to choose gets no start bar", async ({ page }, testInfo) => {
  await signInAs(page, await signUp(page, "Phone Newcomer"));
  await page.goto("/dashboard");
  await expect(page.getByText("No conversations yet. Create your first conversation schema!")).toBeVisible();
  await expect(page.getByRole("region", { name: "Chosen roleplay" })).toHaveCount(0);
  await shoot(page, testInfo, "dashboard-not-chosen");
});
