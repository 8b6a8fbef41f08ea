import { mkdirSync } from "node:fs";

import { type APIRequestContext, type Browser, expect, type Page } from "@playwright/test";

import { type Account, signInAs, test } from "./fixtures";
import { CoachingPage } from "./pages/coaching-page";
import { DashboardPage } from "./pages/dashboard-page";

const SHOTS = "test-results/shots";

/** A spoken call as a WebVTT file: the learner is Sam; the budget question is asked at 02:14. */
const CALL = `WEBVTT

00:00:00.000 --> 00:00:04.000
<v Dana>Dana speaking. I've got fifteen minutes, what's this about?

00:00:06.000 --> 00:00:14.000
<v Sam>Thanks, Dana. Before I say anything about us, could you walk me through how orders flow through your warehouses today?

00:00:15.000 --> 00:00:21.000
<v Dana>Orders drop in from the site, we batch pick lists every hour, and the carriers collect at four.

00:00:40.000 --> 00:00:45.000
<v Sam>What happens during peak weeks when the volume jumps?

00:00:46.000 --> 00:00:52.000
<v Dana>About six percent of orders miss the carrier cut-off. We throw overtime at it.

00:01:30.000 --> 00:01:36.000
<v Sam>How does missing the cut-off affect your customers and your overtime costs?

00:01:37.000 --> 00:01:43.000
<v Dana>Overtime went up thirty percent this year and the COO asks me about it weekly.

00:02:14.000 --> 00:02:20.000
<v Sam>Is there budget set aside this year to fix the cut-off problem before next peak?

00:02:21.000 --> 00:02:26.000
<v Dana>There is, if the case is clear. It would get the COO off my back.

00:02:40.000 --> 00:02:46.000
<v Sam>Would it make sense to set up a 45-minute workflow review with your shift leads next week?

00:02:47.000 --> 00:02:50.000
<v Dana>If you keep it to 45 minutes, yes.
`;
const BUDGET_LINE = "Is there budget set aside this year";

async function signedInApi(api: APIRequestContext, who: Account) {
  const res = await api.post("/api/auth/signin", { data: { email: who.email, password: who.password } });
  expect(res.status(), await res.text()).toBe(200);
  return { authorization: `Bearer ${(await res.json()).token}` };
}

/** The learner uploads the spoken call against a discovery roleplay's scorecard; answers the graded call's id. */
async function gradedSpokenCall(api: APIRequestContext, learner: Account) {
  const headers = await signedInApi(api, learner);
  const roleplays = (await (await api.get("/api/protected/roleplay/list", { headers })).json()) as {
    id: string;
    name: string;
    is_public: boolean;
  }[];
  const roleplay = roleplays.find((r) => r.is_public)!;
  const created = await api.post("/api/protected/real-calls", {
    headers,
    data: { content: CALL, filename: "call.vtt", learner_label: "Sam", roleplay_id: roleplay.id },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).conversation_id as string;
  await expect
    .poll(async () => (await (await api.get(`/api/protected/grades/${id}`, { headers })).json()).status, {
      timeout: 30_000,
    })
    .toBe("graded");
  return { id, headers };
}

async function newPage(browser: Browser, baseURL: string | undefined, width = 1280) {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
  return page;
}

/** The grade page's transcript section (and the overridden criterion beside it) at one width, checked for sideways scrolling. */
async function shootTranscript(page: Page, width: number) {
  await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  // A full-page capture clipped to the section: the sticky app bar stays at the top instead of over the lines.
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = (await page.getByRole("region", { name: "Transcript" }).boundingBox())!;
  await page.screenshot({ path: `${SHOTS}/commented-transcript-${width}.png`, fullPage: true, clip: box });
  await page
    .getByTestId("scorecard-criterion")
    .filter({ hasText: "SPIN discovery" })
    .screenshot({ path: `${SHOTS}/criterion-override-${width}.png` });
}

test("an instructor comments on a line and overrides a criterion; the learner sees the marker, the comment in place and why the score changed", async ({
  browser,
  baseURL,
  playwright,
  team,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const api = await playwright.request.newContext({ baseURL });
  const { id, headers: learnerHeaders } = await gradedSpokenCall(api, team.memberA);
  const automatic = (await (await api.get(`/api/protected/grades/${id}`, { headers: learnerHeaders })).json())
    .conversation_score as number;

  // The instructor comments on the budget question, stamped 02:14 into the call.
  const instructor = await newPage(browser, baseURL);
  await signInAs(instructor, team.admin);
  const grade = new CoachingPage(instructor);
  await grade.goto(id);
  await expect(grade.turn(BUDGET_LINE).getByTestId("turn-offset")).toHaveText("02:14");
  // The instructor reads the learner's name where the learner reads "You".
  await expect(grade.turn(BUDGET_LINE)).toContainText(team.memberA.name);
  await grade.comment(BUDGET_LINE, "Good: you asked about budget before proposing anything.");
  // A second comment, corrected, then a third deleted: edit and delete work in place.
  const opener = grade.turn("could you walk me through");
  await grade.comment("could you walk me through", "Nice open question");
  await opener.getByRole("button", { name: "Edit" }).click();
  await opener.getByLabel("Edit comment").fill("Nice open question: it let Dana describe the whole flow.");
  await opener.getByRole("button", { name: "Save comment" }).click();
  await expect(opener.getByTestId("turn-comment")).toHaveText(/it let Dana describe the whole flow/);
  await grade.comment("What happens during peak weeks", "To delete");
  const peak = grade.turn("What happens during peak weeks");
  await peak.getByRole("button", { name: "Delete" }).click();
  await expect(peak.getByTestId("turn-comment")).toHaveCount(0);

  // ...and overrides SPIN with a reason: the overall is recomputed, the automatic values stay in view.
  const spin = grade.criterion("SPIN discovery");
  await grade.overrideCriterion("SPIN discovery", "95", "She did ask about budget at 02:14");
  await expect(spin.getByTestId("criterion-change")).toContainText("→ 95");
  await expect(spin.getByTestId("criterion-change")).toContainText("She did ask about budget at 02:14");
  await expect(spin).toContainText("pass (reviewed)");
  await expect(instructor.getByTestId("automatic-score")).toHaveText(`Automatic score ${automatic}`);
  const reviewed = (await (await api.get(`/api/protected/grades/${id}`, { headers: learnerHeaders })).json())
    .final_score as number;
  expect(reviewed).not.toBe(automatic);

  // The instructor's commented transcript, at both widths.
  await shootTranscript(instructor, 1280);
  await shootTranscript(instructor, 390);

  // The learner: a marker on the dashboard (the instructor's visit did not clear it), the reviewed score in the list.
  const learner = await newPage(browser, baseURL);
  await signInAs(learner, team.memberA);
  const dashboard = new DashboardPage(learner);
  await dashboard.goto();
  await expect(learner.getByTestId("unread-comments-total")).toHaveText("2 unread instructor comments");
  const row = dashboard.recent.getByRole("listitem").filter({ has: learner.getByTestId("unread-comments") });
  await expect(row).toContainText(`Score: ${reviewed}`);
  await expect(row.getByTestId("unread-comments")).toHaveText("2 new comments");
  await learner.setViewportSize({ width: 390, height: 844 });
  await learner.getByRole("heading", { name: "Recent Conversations" }).scrollIntoViewIfNeeded();
  await learner.screenshot({ path: `${SHOTS}/learner-dashboard-marker-390.png` });
  await learner.setViewportSize({ width: 1280, height: 900 });
  await row.getByRole("link", { name: /View Grade/ }).click();
  await expect(learner).toHaveURL(new RegExp(`/grade/${id}$`));

  // In place: the comment under the line it is about, and what changed on SPIN and why.
  const mine = new CoachingPage(learner);
  await expect(mine.turn(BUDGET_LINE)).toContainText("You");
  await expect(mine.turn(BUDGET_LINE).getByTestId("turn-comment")).toContainText(
    "Good: you asked about budget before proposing anything.",
  );
  await expect(mine.turn(BUDGET_LINE).getByRole("button", { name: /Comment/ })).toHaveCount(0);
  const change = mine.criterion("SPIN discovery").getByTestId("criterion-change");
  await expect(change).toContainText(`→ 95`);
  await expect(change).toContainText("She did ask about budget at 02:14");
  await expect(learner.getByText(`Override “SPIN discovery”`)).toHaveCount(0);
  await expect(learner.getByTestId("automatic-score")).toHaveText(`Automatic score ${automatic}`);

  // At 390 px the learner's page reads without sideways scrolling.
  await learner.setViewportSize({ width: 390, height: 844 });
  await mine.turn(BUDGET_LINE).scrollIntoViewIfNeeded();
  await expect(mine.turn(BUDGET_LINE).getByTestId("turn-comment")).toBeVisible();
  await expect.poll(() => learner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await mine.turn(BUDGET_LINE).screenshot({ path: `${SHOTS}/learner-comment-390.png` });
  await mine.criterion("SPIN discovery").screenshot({ path: `${SHOTS}/learner-criterion-390.png` });

  // Opened: the marker is gone.
  await dashboard.goto();
  await expect(dashboard.recent).toBeVisible();
  await expect(learner.getByTestId("unread-comments-total")).toHaveCount(0);
  await api.dispose();
});
