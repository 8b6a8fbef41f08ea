import type { Page } from "@playwright/test";

import { expect, signInAs, test } from "./fixtures";
import { DashboardPage } from "./pages/dashboard-page";
import { GradePage } from "./pages/grade-page";

const SECTIONS = [
  "Overall Performance",
  "SPIN Methodology",
  "Human Connection",
  "Conversation Details",
  "Stages Covered",
  "Topics Covered",
  "Strengths",
  "Areas for Improvement",
  "Recommendations",
];
const band = (score: number) => (score >= 80 ? "green" : score >= 60 ? "yellow" : "red");
const shots = process.env.SHOTS_DIR;

async function screenshot(page: Page, name: string) {
  if (!shots) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
    if (width === 390) await page.screenshot({ path: `${shots}/${name}-${width}-top.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** A local practice conversation with the public discovery persona, driven through the API. */
async function practise(page: Page, token: string, lines: string[]) {
  const headers = { authorization: `Bearer ${token}` };
  const roleplays = await (await page.request.get("/api/protected/roleplay/list", { headers })).json();
  const roleplay = roleplays.find((s: { name: string }) => s.name.startsWith("Discovery call"));
  const room = await page.request.post("/api/protected/requestroom", { headers, data: { schema_id: roleplay.id } });
  expect(room.status(), await room.text()).toBe(200);
  const { conversation_id: id } = await room.json();
  for (const text of lines) {
    const res = await page.request.post(`/api/protected/conversations/${id}/messages`, { headers, data: { text } });
    expect(res.status(), await res.text()).toBe(200);
  }
  return {
    id: id as string,
    end: async () =>
      expect((await page.request.post(`/api/protected/conversations/${id}/end`, { headers })).status()).toBe(200),
    grade: async () => (await page.request.get(`/api/protected/grades/${id}`, { headers })).json(),
  };
}

test("a learner watches a practice conversation's grade arrive, with its band, sections and transcript", async ({
  page,
  team,
}) => {
  const { token } = await signInAs(page, team.memberA);
  const call = await practise(page, token, [
    "Could you walk me through how orders flow through your warehouses today?",
    "What happens during peak weeks when the volume jumps?",
    "How does missing the cut-off affect your customers and your overtime costs?",
    "If you could ship 99% of orders same day by next peak, what would that mean for you?",
  ]);

  const report = new GradePage(page);
  await report.goto(call.id);
  const waiting = page.getByTestId("grade-pending");
  await expect(waiting).toHaveAttribute("data-phase", "in_progress");
  await expect(page.getByRole("heading", { name: "Waiting for the conversation to end..." })).toBeVisible();
  await screenshot(page, "grade-waiting");

  await call.end();
  await expect(report.overall).toBeVisible({ timeout: 15_000 });
  await expect(waiting).toHaveCount(0);

  const grade = await call.grade();
  expect(grade.status).toBe("graded");
  const overall = page.getByTestId("score-tile").first();
  await expect(overall).toHaveAttribute("data-band", band(grade.conversation_score));
  await expect(overall).toContainText(String(grade.conversation_score));
  await expect(page.getByText("Rubric grade")).toBeVisible();

  await expect(page.getByRole("heading", { level: 2 })).toHaveText([
    SECTIONS[0],
    "Scorecard",
    ...SECTIONS.slice(1),
    "Talk Metrics",
    "Transcript",
  ]);
  // Issue 11: the scorecard with pass/fail against the pass mark, criterion by criterion.
  await expect(page.getByTestId("scorecard-verdict")).toContainText(
    `${grade.conversation_score} against a pass mark of 70`,
  );
  await expect(page.getByTestId("scorecard-criterion")).toHaveCount(grade.scorecard.criteria.length);
  await expect(page.getByText("typed conversation: words per minute not measured").first()).toBeVisible();

  const transcript = page.getByRole("list", { name: "Transcript" });
  await expect(transcript).toContainText("Could you walk me through how orders flow");
  await expect(transcript.getByText("situation question · open").first()).toBeVisible();
  await expect(transcript.getByText("implication question · open").first()).toBeVisible();
  // Issue 22: each label says which rule or model made it.
  await transcript.getByText("Why these labels").first().click();
  await expect(transcript.getByText(/(?:rule [a-z-]+|model trained on the labelled corpora)/).first()).toBeVisible();
  await screenshot(page, "grade-report");

  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("View Grade on the dashboard opens the graded conversation's grade", async ({ page, team }) => {
  await signInAs(page, team.memberA);
  await new DashboardPage(page).goto();
  await page
    .getByRole("link", { name: /View Grade for Discovery call/ })
    .last()
    .click();
  await expect(page.getByRole("heading", { name: "Conversation Grade" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "SPIN Methodology" })).toBeVisible();
  await expect(page.getByText("Need-payoff", { exact: false }).first()).toBeVisible();
});

test("a grade that is not yours reads as missing, and /grade alone names the problem", async ({
  page,
  browser,
  team,
}) => {
  const { token } = await signInAs(page, team.memberA);
  const call = await practise(page, token, ["What is slowing your team down right now?"]);
  await call.end();

  const other = await browser.newContext();
  const outsider = await other.newPage();
  await signInAs(outsider, team.memberB);
  await new GradePage(outsider).goto(call.id);
  await expect(outsider.getByRole("heading", { name: "No Grade Data" })).toBeVisible();
  await expect(outsider.getByText("No grade data found for this conversation.")).toBeVisible();
  await screenshot(outsider, "grade-missing");
  await other.close();

  await page.goto("/grade");
  await expect(page.getByText("No conversation ID provided")).toBeVisible();
});
