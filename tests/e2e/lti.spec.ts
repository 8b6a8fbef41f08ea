import { mkdirSync } from "node:fs";

import { expect, type Page } from "@playwright/test";

import { ROLES, startLtiPlatform } from "../helpers/lti-platform";
import { signInAs, test } from "./fixtures";
import { newPage, registerPlatform } from "./lti-helpers";
import { CallPage } from "./pages/call-page";
import { GradePage } from "./pages/grade-page";

const SHOTS = "test-results/shots/lti";
const ROLEPLAY = "Discovery call: logistics operations lead";

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
}

const frameOf = (page: Page) => page.frameLocator('iframe[title="Parley activity"]');

test("the LMS launches, the learner practises, the grade reaches the LMS, the instructor reviews and the new score arrives", async ({
  browser,
  baseURL,
  team,
}) => {
  test.setTimeout(240_000);
  const tag = `${Date.now()}`;
  const platform = await startLtiPlatform({
    toolOrigin: baseURL!,
    contextId: `course-${tag}`,
    contextTitle: "Sales 101",
  });
  try {
    // 1. The Parley admin connects the LMS by Dynamic Registration, then lets its instructors be admins.
    const admin = await newPage(browser, baseURL);
    await signInAs(admin, team.admin);
    await admin.goto("/organization/lti");
    await expect(admin.getByRole("heading", { name: "LMS (LTI 1.3)" })).toBeVisible();
    await admin.getByRole("button", { name: "Create a registration link" }).click();
    const link = (await admin.getByTestId("registration-link").locator("dd").textContent())!.trim();
    expect(link).toMatch(new RegExp(`^${baseURL}/lti/register/`));

    const query = new URLSearchParams({
      openid_configuration: platform.openidConfigurationUrl(),
      registration_token: platform.newRegistrationToken(),
    });
    await admin.goto(`${link}?${query}`);
    await expect(admin.getByRole("heading", { name: "Connect Parley to 127.0.0.1" })).toBeVisible();
    await admin.getByRole("button", { name: "Register Parley" }).click();
    await expect(admin.getByRole("heading", { name: "Parley is registered" })).toBeVisible();

    await admin.goto("/organization/lti");
    const registered = admin.getByTestId("lti-platform").filter({ hasText: platform.state.clientId });
    await expect(registered).toContainText("Dynamic registration");
    await expect(registered).toContainText("Instructors: members");
    await registered.getByRole("button", { name: "Edit" }).click();
    await admin.getByLabel("Course instructors become admins of this organization").check();
    await admin.getByRole("button", { name: "Save changes" }).click();
    await expect(registered).toContainText("Instructors: admins");
    await shoot(admin, "organization-lti");

    // The course's roster in the LMS: the instructor's launch brings it into the course group, so Rae is in
    // the course before she ever launches. Lea (step 3) is on it too: a learner missing from the roster
    // would be dropped from the course at the instructor's next launch.
    const learnerRole = "http://purl.imsglobal.org/vocab/lis/v2/membership#Learner";
    const learnerSub = `learner-${tag}`;
    platform.services.setRoster(`course-${tag}`, [
      { user_id: `roster-${tag}`, roles: [learnerRole], name: "Rae Roster", email: `rae.${tag}@uni.test` },
      { user_id: learnerSub, roles: [learnerRole], name: "Lea Learner", email: `lea.${tag}@uni.test` },
    ]);

    // 2. The instructor adds a Parley practice to the course (deep linking, inside the LMS's frame).
    platform.addUser("teacher", {
      sub: `teacher-${tag}`,
      name: "Ivo Instructor",
      email: `ivo.${tag}@uni.test`,
      roles: [ROLES.instructor],
    });
    const teacherLms = await newPage(browser, baseURL);
    await teacherLms.goto(
      platform.coursePageUrl({ hint: "teacher", message: platform.addMessage({ kind: "deep-link" }) }),
    );
    const picker = frameOf(teacherLms);
    await expect(picker.getByRole("heading", { name: "Add a Parley practice to Sales 101" })).toBeVisible();
    await shoot(teacherLms, "lti-deep-link-picker");
    await picker.getByLabel("Roleplay").selectOption({ label: ROLEPLAY });
    await picker.getByLabel("Pass mark (0-100)").fill("20");
    await picker.getByRole("button", { name: "Add to course" }).click();
    await expect(picker.getByRole("heading", { name: "Activity added" })).toBeVisible();
    const [resourceLinkId] = [...platform.state.links.keys()];
    // That launch synced the roster in the background.
    const course = async () => {
      const res = await admin.request.get("/api/organization/lti/courses");
      const rows = (await res.json()) as { context_id: string; learners: number }[];
      return rows.find((c) => c.context_id === `course-${tag}`);
    };
    await expect.poll(async () => (await course())?.learners, { timeout: 20_000 }).toBe(2);
    expect(platform.state.links.get(resourceLinkId)!.lineItemUrl).toBeTruthy();

    // 3. The learner opens it from the course: inside the frame Parley offers a new tab, signed in there.
    platform.addUser("learner", {
      sub: learnerSub,
      name: "Lea Learner",
      email: `lea.${tag}@uni.test`,
      roles: [ROLES.learner],
    });
    const learnerLms = await newPage(browser, baseURL);
    await learnerLms.goto(
      platform.coursePageUrl({ hint: "learner", message: platform.addMessage({ kind: "resource", resourceLinkId }) }),
    );
    const frame = frameOf(learnerLms);
    await expect(frame.getByRole("heading", { name: "Parley opens in a new tab" })).toBeVisible();
    await shoot(learnerLms, "lti-launch-framed");
    const [tab] = await Promise.all([
      learnerLms.context().waitForEvent("page"),
      frame.getByRole("button", { name: "Open Parley in a new tab" }).click(),
    ]);
    // The new tab's first load passes /lti/continue; beside the other worker on CI it took over 10 s to settle.
    await expect(tab).toHaveURL(/\/activity\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await expect(tab.getByRole("heading", { name: ROLEPLAY })).toBeVisible();
    await expect(tab.getByText("Pass mark")).toBeVisible();
    await shoot(tab, "lti-activity");

    // 4. The learner practises (offline persona, typed) and the call is graded.
    await tab.getByRole("button", { name: "Start practice" }).click();
    await expect(tab).toHaveURL(/\/call\?conversation=[0-9a-f-]{36}$/);
    const call = new CallPage(tab);
    const conversationId = await call.conversationId();
    const reply = { waitForReply: true };
    await call.send("Hi Dana, thanks for taking my call. How are your warehouses set up today?", reply);
    await call.send("What are the biggest challenges when you miss the carrier cut-off?", reply);
    await call.send("What does a missed cut-off cost you in refunds and overtime?", reply);
    await call.send("If you could ship same day, what would that be worth to you by next peak season?", reply);
    await call.end();
    const grade = new GradePage(tab);
    await grade.goto(conversationId);
    await expect(grade.overall).toBeVisible({ timeout: 30_000 });

    // 5. The score arrives in the LMS's gradebook for this learner.
    const scoreOf = () => platform.services.gradebook().find((s) => s.userId === learnerSub);
    await expect.poll(() => scoreOf()?.gradingProgress, { timeout: 60_000 }).toBe("FullyGraded");
    const automatic = scoreOf()!.scoreGiven;
    expect(automatic).toEqual(expect.any(Number));

    // 6. The instructor opens Parley from the course (a new tab), reviews the call, and the new score arrives.
    const teacherLaunch = await newPage(browser, baseURL);
    await teacherLaunch.goto(
      platform.coursePageUrl({ hint: "teacher", message: platform.addMessage({ kind: "resource", resourceLinkId }) }),
    );
    const [teacher] = await Promise.all([
      teacherLaunch.context().waitForEvent("page"),
      frameOf(teacherLaunch).getByRole("button", { name: "Open Parley in a new tab" }).click(),
    ]);
    await expect(teacher).toHaveURL(/\/activity\//);
    await teacher.goto(`/grade/${conversationId}`);
    const reviewed = automatic === 88 ? 87 : 88;
    await teacher.getByLabel("Reviewed score (optional)").fill(String(reviewed));
    await teacher.getByLabel("Comment for the learner").fill("Good discovery. Next time, ask about the budget.");
    await teacher.getByRole("button", { name: "Save review" }).click();
    await expect(teacher.getByText("Reviewed score (counts)")).toBeVisible();
    await expect.poll(() => scoreOf()?.scoreGiven, { timeout: 60_000 }).toBe(reviewed);
  } finally {
    await platform.close();
  }
});

test("a launch in a new window goes straight in; an instructor the organisation keeps as a member is told why first", async ({
  browser,
  baseURL,
  team,
}) => {
  const platform = await startLtiPlatform({ toolOrigin: baseURL!, contextId: `window-${Date.now()}` });
  try {
    await registerPlatform(browser, baseURL, team.admin, platform, {
      name: "Members-only LMS",
      instructors_become_admins: false,
    });
    platform.addUser("t", { sub: `window-teacher-${Date.now()}`, name: "Wanda Window", roles: [ROLES.instructor] });

    const lms = await newPage(browser, baseURL);
    const message = platform.addMessage({ kind: "resource", resourceLinkId: "not-linked-yet" });
    await lms.goto(platform.coursePageUrl({ hint: "t", message, target: "window" }));
    const [opened] = await Promise.all([
      lms.context().waitForEvent("page"),
      lms.getByRole("link", { name: "Open the activity" }).click(),
    ]);
    // A new window's first load: beside the other worker it took over 10 s to settle (as the new tab above).
    await expect(opened.getByRole("heading", { name: "Welcome to Parley, Wanda Window" })).toBeVisible({
      timeout: 30_000,
    });
    await expect(opened.getByText(/you are a member of the organization, not an admin/)).toBeVisible();
    await shoot(opened, "lti-launch-notice");
    await opened.getByRole("link", { name: "Continue to Parley" }).click();
    await expect(opened.getByRole("heading", { name: "Welcome back, Wanda Window!" })).toBeVisible();
    // The member's view: no organisation management.
    await opened.goto("/organization/lti");
    await expect(opened.getByRole("heading", { name: "You can't open this page" })).toBeVisible();
  } finally {
    await platform.close();
  }
});

test("a signed-out visitor of a course activity signs in and comes back to it", async ({ page }) => {
  const path = "/activity/7d1b0c52-7f7e-4a57-9d7f-0c3f5d1c2a10";
  await page.goto(path);
  await expect(page).toHaveURL(`/auth?next=${encodeURIComponent(path)}`);
});
