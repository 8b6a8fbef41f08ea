import type { APIRequestContext, Page, TestInfo } from "@playwright/test";

import { E2E_DEVELOPER } from "./developer";
import { expect, signInAs, signUp, test } from "./fixtures";

/** A real sales call as a WebVTT export with voice tags: Riley is the learner, Dana the buyer. */
const VTT = [
  "WEBVTT",
  "",
  "00:00:01.000 --> 00:00:05.000",
  "<v Riley Real>Hi Dana, thanks for taking the call. How do orders flow through your warehouses today?",
  "",
  "00:00:06.000 --> 00:00:11.000",
  "<v Dana Buyer>We pick by paper lists and ship twice a day, so peak weeks get messy.",
  "",
  "00:00:12.000 --> 00:00:17.000",
  "<v Riley Real>What happens when you miss the carrier cut-off in those peak weeks?",
  "",
  "00:00:18.000 --> 00:00:24.000",
  "<v Dana Buyer>Customers wait a day longer and the complaints land on my desk.",
  "",
  "00:00:25.000 --> 00:00:31.000",
  "<v Riley Real>If you could ship almost every order the same day, what would that mean for your team?",
  "",
  "00:00:32.000 --> 00:00:36.000",
  "<v Dana Buyer>Fewer complaints and a calmer peak season, honestly.",
  "",
].join("\n");

const PASTED = [
  "[00:00] Morgan: Hello, is this a good time?",
  "[00:04] Sam Client: Sure, go ahead.",
  "[00:07] Morgan: How do you handle returns at the moment, and what takes the most time?",
  "[00:15] Sam Client: Everything is manual; returns take us a week to process.",
].join("\n");

/** A strong discovery call, pasted: every measured check passes, so the grade says what it held back above 75. */
const STRONG = [
  "Hi Dana, thanks for making time. Before I say anything about us, how do orders flow through your warehouses today?",
  "We pick from paper lists at two sites and the carriers collect twice a day.",
  "Where does that get hard, especially in peak weeks?",
  "In peak we miss the 4pm carrier cut-off two or three times a week, so orders sit overnight.",
  "When an order misses the cut-off, what happens next for the customer and for your team?",
  "The customer gets it a day late and calls us. My team spends the morning on complaints instead of picking.",
  "How much does that cost you over a peak season, roughly?",
  "Overtime alone was about forty thousand last year, plus two retail accounts threatened to leave.",
  "You said two accounts threatened to leave. What would losing one of them mean for the business?",
  "One of them is eight percent of our revenue. Losing it would mean cutting shifts.",
  "If every order made the cut-off next peak, what would that change for you and the team?",
  "No overtime blowout, no angry calls, and I could stop worrying about those two accounts.",
  "So, paper pick lists, missed cut-offs two or three times a week, forty thousand in overtime and two key accounts at risk. Is that right?",
  "Yes, that's it exactly.",
  "Would a two-week pilot at one site make sense, starting Monday the 14th, with your shift lead on a 30-minute call this Thursday at 10 to set it up?",
  "Yes, let's do that. Thursday at 10 works, I'll bring Sam.",
]
  .map((text, i) => `[00:${String(i * 3).padStart(2, "0")}] ${i % 2 ? "Dana Buyer" : "Riley Real"}: ${text}`)
  .join("\n");

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(250);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${size.width}.png`), fullPage: true });
  }
}

/** A fresh learner of the team's organisation, so this spec's real calls show on no other test's dashboard. */
async function freshLearner(request: APIRequestContext, page: Page, organizationId: string) {
  const account = await signUp(page, "Riley Real");
  const dev = await (await request.post("/api/auth/signin", { data: E2E_DEVELOPER })).json();
  const me = await (await request.post("/api/auth/signin", { data: account })).json();
  const added = await request.post("/api/dev/organization/add_user", {
    headers: { authorization: `Bearer ${dev.token}` },
    data: { user_id: me.user.id, organization_id: organizationId, role: "member" },
  });
  expect(added.status()).toBe(200);
  return { ...account, name: "Riley Real", id: me.user.id as string };
}

test.describe("real-call upload", () => {
  test("a learner uploads a WebVTT call, picks their speaker and a scorecard, and sees it graded as a real call", async ({
    page,
    team,
    request,
  }, testInfo) => {
    const learner = await freshLearner(request, page, team.organization.id);
    await signInAs(page, learner);
    await page.goto("/dashboard");
    await page.getByRole("link", { name: "Grade a real call" }).click();
    await expect(page.getByRole("heading", { name: "Grade a real call" })).toBeVisible();
    await expect(page.getByText(/Transcripts: up to 512 KB, 2,000 turns and 3 hours/)).toBeVisible();

    // An unreadable file is refused with its reason, and the second step never appears.
    await page.getByLabel("Transcript file").setInputFiles({
      name: "call.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("We met on Tuesday and talked about the budget. It went well."),
    });
    await expect(page.getByRole("alert").filter({ hasText: "No speaker labels found" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "2. Who is the learner?" })).toHaveCount(0);

    await page.getByLabel("Transcript file").setInputFiles({
      name: "call.vtt",
      mimeType: "text/vtt",
      buffer: Buffer.from(VTT),
    });
    await expect(page.getByRole("heading", { name: "2. Who is the learner?" })).toBeVisible();
    await expect(page.getByText("WebVTT · 6 turns")).toBeVisible();
    const speakers = page.getByRole("group", { name: "Speakers found" });
    await expect(speakers.getByRole("radio")).toHaveCount(2);
    await expect(speakers).toContainText("We pick by paper lists and ship twice a day");
    await speakers.getByRole("radio", { name: /Riley Real/ }).check();
    await page.getByLabel("Scorecard of roleplay").selectOption({ label: "Discovery call: logistics operations lead" });
    await shoot(page, testInfo, "upload-speakers");

    await page.getByRole("button", { name: "Grade this call" }).click();
    await expect(page).toHaveURL(/\/grade\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId("real-call-badge")).toBeVisible();
    await expect(page.getByText(/graded as Riley Real: no credit used/)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Overall Performance" })).toBeVisible({ timeout: 30_000 });
    // Only admins may turn a call into a persona.
    await expect(page.getByRole("button", { name: "Make a practice persona from this call" })).toHaveCount(0);
    await shoot(page, testInfo, "real-call-grade");

    await page.goto("/dashboard");
    await expect(page.getByLabel("Recent conversations").getByText("Real call")).toBeVisible();
    // Not practice: no credit was spent.
    await expect(page.getByText("0 used")).toBeVisible();
    await shoot(page, testInfo, "real-call-dashboard");
  });

  test("a strong call's grade says what the measured criteria averaged and what was held back above 75", async ({
    page,
    team,
    request,
  }, testInfo) => {
    const learner = await freshLearner(request, page, team.organization.id);
    await signInAs(page, learner);
    await page.goto("/grade/upload");
    await page.getByLabel("Or paste the transcript").fill(STRONG);
    await page.getByRole("button", { name: "Read transcript" }).click();
    await page
      .getByRole("group", { name: "Speakers found" })
      .getByRole("radio", { name: /Riley Real/ })
      .check();
    await page.getByLabel("Scorecard of roleplay").selectOption({ label: "Discovery call: logistics operations lead" });
    await page.getByRole("button", { name: "Grade this call" }).click();
    await expect(page.getByRole("heading", { name: "Overall Performance" })).toBeVisible({ timeout: 30_000 });
    const id = page.url().split("/").at(-1)!;
    const grade = await (await page.request.get(`/api/protected/grades/${id}`)).json();
    expect(grade.scorecard.mean).toBeGreaterThan(grade.conversation_score);
    await expect(page.getByTestId("scorecard-held-back")).toHaveText(
      `The criteria average ${grade.scorecard.mean}, and the score is ${grade.conversation_score}: above 75, a quarter of each measured point is left for a coach's judgement.`,
    );
    await page.getByTestId("scorecard-held-back").scrollIntoViewIfNeeded();
    await shoot(page, testInfo, "real-call-held-back");
  });

  test("an admin uploads a pasted transcript for a learner; the persona button says why it is unavailable", async ({
    page,
    team,
    request,
    browser,
  }, testInfo) => {
    const learner = await freshLearner(request, page, team.organization.id);
    await signInAs(page, team.admin);
    await page.goto("/grade/upload");
    await page.getByLabel("Or paste the transcript").fill(PASTED);
    await page.getByRole("button", { name: "Read transcript" }).click();
    const speakers = page.getByRole("group", { name: "Speakers found" });
    await expect(speakers).toContainText("Hello, is this a good time?");
    await expect(speakers).toContainText("Everything is manual; returns take us a week to process.");
    await speakers.getByRole("radio", { name: /Morgan/ }).check();
    await page.getByLabel("Whose call is it?").selectOption({ label: `Riley Real (${learner.email})` });
    await page.getByRole("button", { name: "Grade this call" }).click();
    await expect(page.getByTestId("real-call-badge")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Overall Performance" })).toBeVisible({ timeout: 30_000 });

    const make = page.getByRole("button", { name: "Make a practice persona from this call" });
    await expect(make).toBeDisabled();
    await expect(page.getByText(/needs a model \(ANTHROPIC_API_KEY\)/)).toBeVisible();
    await shoot(page, testInfo, "real-call-admin-grade");

    // The learner finds it on their own dashboard.
    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const theirs = await context.newPage();
    await signInAs(theirs, learner);
    await theirs.goto("/dashboard");
    await expect(theirs.getByLabel("Recent conversations").getByText("Real call")).toBeVisible();
    await context.close();
  });
});
