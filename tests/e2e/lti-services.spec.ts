import { mkdirSync } from "node:fs";

import type { Page } from "@playwright/test";

import { ROLES, startLtiPlatform } from "../helpers/lti-platform";
import { expect, signInAs, test } from "./fixtures";
import { newPage, registerPlatform } from "./lti-helpers";
import { CallPage } from "./pages/call-page";

const SHOTS = "test-results/shots/lti-services";
const ROLEPLAY = "Discovery call: logistics operations lead";

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("an admin sees a learner's score sent to the LMS and syncs the course's roster; a developer rotates the tool key", async ({
  browser,
  baseURL,
  team,
}) => {
  test.setTimeout(240_000);
  const tag = `${Date.now()}`;
  const platform = await startLtiPlatform({
    toolOrigin: baseURL!,
    contextId: `roster-${tag}`,
    contextTitle: "Negotiation 201",
  });
  try {
    const { page: admin } = await registerPlatform(browser, baseURL, team.admin, platform, {
      name: "Stand-in LMS",
      instructors_become_admins: true,
    });

    // The course exists in Parley once someone launches from it (here its instructor).
    platform.addUser("teacher", { sub: `teacher-${tag}`, name: "Tara Teacher", roles: [ROLES.instructor] });
    platform.services.setRoster(platform.state.contextId, [
      { user_id: `teacher-${tag}`, roles: [ROLES.instructor], name: "Tara Teacher" },
      { user_id: `ana-${tag}`, roles: [ROLES.learner], name: "Ana Alvarez", email: `ana.${tag}@uni.test` },
      { user_id: `ben-${tag}`, roles: [ROLES.learner], name: "Ben Brooks" },
      { user_id: `cy-${tag}`, roles: [ROLES.learner], name: "Cy Dropped", status: "Inactive" },
    ]);
    // The instructor adds a practice to the course (deep linking): the course and its link exist in Parley.
    const teacher = await newPage(browser, baseURL);
    await teacher.goto(
      platform.coursePageUrl({ hint: "teacher", message: platform.addMessage({ kind: "deep-link" }) }),
    );
    const picker = teacher.frameLocator('iframe[title="Parley activity"]');
    await picker.getByLabel("Roleplay").selectOption({ label: ROLEPLAY });
    await picker.getByLabel("Pass mark (0-100)").fill("20");
    await picker.getByRole("button", { name: "Add to course" }).click();
    await expect(picker.getByRole("heading", { name: "Activity added" })).toBeVisible();
    const [resourceLinkId] = [...platform.state.links.keys()];

    // Ana practises from the course and is graded: her score travels to the gradebook.
    platform.addUser("ana", { sub: `ana-${tag}`, name: "Ana Alvarez", roles: [ROLES.learner] });
    const ana = await newPage(browser, baseURL);
    await ana.goto(
      platform.coursePageUrl({
        hint: "ana",
        message: platform.addMessage({ kind: "resource", resourceLinkId }),
        target: "window",
      }),
    );
    const [tab] = await Promise.all([
      ana.context().waitForEvent("page"),
      ana.getByRole("link", { name: "Open the activity" }).click(),
    ]);
    await tab.getByRole("button", { name: "Start practice" }).click();
    await expect(tab).toHaveURL(/\/call\?conversation=[0-9a-f-]{36}$/);
    const call = new CallPage(tab);
    for (const line of [
      "Hi Dana, thanks for taking my call. How are your warehouses set up today?",
      "What are the biggest challenges when you miss the carrier cut-off?",
      "What does a missed cut-off cost you in refunds and overtime?",
      "If you could ship same day, what would that be worth to you by next peak season?",
    ])
      await call.send(line, { waitForReply: true });
    await call.end();
    await expect
      .poll(() => platform.services.gradebook().find((g) => g.userId === `ana-${tag}`)?.gradingProgress, {
        timeout: 60_000,
      })
      .toBe("FullyGraded");

    await admin.goto("/organization/lti/courses");
    await expect(admin.getByRole("heading", { name: "LMS courses and grades" })).toBeVisible();
    const course = admin.getByTestId("lms-course").filter({ hasText: "Negotiation 201" });
    await expect(course).toBeVisible();
    const score = admin.getByTestId("lms-score").filter({ hasText: "Ana Alvarez" });
    await expect(score).toContainText("Sent");
    await expect(score).toContainText("Negotiation 201");
    await course.getByRole("button", { name: "Sync roster" }).click();
    // Ben joins (Ana came in with her launch; Cy left the course in the LMS).
    await expect(
      course.getByText(/^Roster synced: \d learners? added, 0 learners removed \(2 learning in the LMS\)\.$/),
    ).toBeVisible();
    await expect(course.getByText("Learners in Parley").locator("xpath=following-sibling::dd[1]")).toHaveText("2");
    await shoot(admin, "lms-courses");

    // The tool's keys are a developer's to rotate; the old one stays published.
    const dev = await newPage(browser, baseURL);
    await signInAs(dev, team.dev);
    await dev.goto("/development");
    const panel = dev
      .getByRole("region", { name: "LTI tool keys" })
      .or(dev.locator('[aria-labelledby="dev-lti-keys"]'));
    await expect(panel.getByTestId("lti-key").first()).toBeVisible();
    const before = await panel.getByTestId("lti-key").count();
    await panel.getByRole("button", { name: "Rotate key" }).click();
    await panel.getByRole("button", { name: "Yes, rotate" }).click();
    await expect(panel.getByRole("status")).toContainText("the old one stays published for 7 days");
    await expect(panel.getByTestId("lti-key")).toHaveCount(before + 1);
    await expect(panel.getByTestId("lti-key").first()).toContainText("active");
    await panel.scrollIntoViewIfNeeded();
    mkdirSync(SHOTS, { recursive: true });
    for (const width of [1280, 390]) {
      await dev.setViewportSize({ width, height: width > 600 ? 900 : 844 });
      await panel.screenshot({ path: `${SHOTS}/dev-lti-keys-${width}.png` });
    }
  } finally {
    await platform.close();
  }
});
