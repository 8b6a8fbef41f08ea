import type { APIRequestContext, Page, TestInfo } from "@playwright/test";

import { E2E_DEVELOPER } from "./developer";
import { expect, signInAs, signUp, test } from "./fixtures";
import { CallPage } from "./pages/call-page";

const SITUATION_HINT = "That was a situation question; what problem might sit behind it?";

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(250);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${size.width}.png`) });
  }
}

async function bearer(request: APIRequestContext, who: { email: string; password: string }) {
  const res = await request.post("/api/auth/signin", { data: { email: who.email, password: who.password } });
  expect(res.status()).toBe(200);
  const { token, user } = await res.json();
  return { headers: { authorization: `Bearer ${token}` }, id: user.id as string };
}

test.describe("live hints", () => {
  test("an admin turns hints on in the roleplay form; a learner sees one after each turn, beside the chat and below the composer on a phone; an assignment turns them off", async ({
    page,
    team,
    request,
    browser,
  }, testInfo) => {
    // A roleplay of this spec's own, so no other test's assignment assesses it.
    const admin = await bearer(request, team.admin);
    const created = await request.post("/api/protected/roleplay/create", {
      headers: admin.headers,
      data: {
        name: "Hints: month-end discovery",
        description: "Discovery with a controller who closes the books by hand",
        is_public: true,
        assigned_groups: [],
        schema_data: {
          persona: {
            name: "Dana",
            role: "Controller",
            situation: "Closes the books by hand in spreadsheets",
            background: "Ten years in finance",
            pain_points: ["Month end takes eight days"],
            goals: ["Close in three days"],
          },
        },
      },
    });
    expect(created.status()).toBe(201);
    const roleplayId = (await created.json()).id as string;

    // The admin ticks the setting in the form.
    await signInAs(page, team.admin);
    await page.goto(`/workspace/edit/${roleplayId}`);
    const hints = page.getByRole("checkbox", { name: "Show live hints while practising" });
    await expect(hints).not.toBeChecked();
    await expect(page.getByText(/The buyer never hears it and it is not graded/)).toBeVisible();
    await hints.check();
    await shoot(page, testInfo, "roleplay-form-hints");
    await page.getByRole("button", { name: "Update Schema" }).click();
    await expect(page.getByText("Schema updated successfully!")).toBeVisible();
    const stored = await request.get(`/api/protected/roleplay/select/${roleplayId}`, { headers: admin.headers });
    expect((await stored.json()).live_hints).toBe(true);

    // A fresh learner of the organisation practises it.
    const account = await signUp(page, "Hana Hints");
    const dev = await bearer(request, E2E_DEVELOPER);
    const learner = await bearer(request, account);
    await request.post("/api/dev/organization/add_user", {
      headers: dev.headers,
      data: { user_id: learner.id, organization_id: team.organization.id, role: "member" },
    });
    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const call = new CallPage(await context.newPage());
    const learnerPage = call.page;
    const { token } = await signInAs(learnerPage, account);
    const auth = { authorization: `Bearer ${token}` };
    const room = await learnerPage.request.post("/api/protected/requestroom", {
      headers: auth,
      data: { schema_id: roleplayId },
    });
    expect(room.status()).toBe(200);
    const { conversation_id } = await room.json();
    await learnerPage.setViewportSize({ width: 1280, height: 800 });
    await learnerPage.goto(`/call?conversation=${conversation_id}`);
    await expect(call.messageBox).toBeEnabled();
    const hint = learnerPage.getByRole("complementary", { name: "Live hint" }).filter({ visible: true });
    await expect(hint).toContainText("A hint appears here after each of your turns");

    await call.send("um so how many people are in your team right now?", { waitForReply: true });
    await expect(hint).toContainText(SITUATION_HINT);
    // Shown to the learner only: not in the transcript the buyer answers from.
    await expect(call.messages).not.toContainText(SITUATION_HINT);
    await call.send("What frustrates you most about month end?", { waitForReply: true });
    await expect(hint).toContainText(/problem/i);
    await shoot(learnerPage, testInfo, "live-hint-call");

    // On a phone the hint sits below the composer, which stays fully in view.
    await learnerPage.setViewportSize({ width: 390, height: 844 });
    const box = await call.messageBox.boundingBox();
    const hintBox = await hint.boundingBox();
    expect(box && hintBox && hintBox.y).toBeGreaterThanOrEqual(box!.y + box!.height);
    await expect(call.sendButton).toBeInViewport();
    await expect(call.leaveButton).toBeInViewport();
    await call.end();
    await expect(learnerPage).toHaveURL(/\/dashboard/);

    // An open assignment of this roleplay assesses the next call: no hints, and the screen says why.
    const assigned = await request.post("/api/organization/assignments", {
      headers: admin.headers,
      data: {
        schema_id: roleplayId,
        group_ids: [],
        due_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        min_attempts: 1,
      },
    });
    expect(assigned.status(), await assigned.text()).toBe(201);
    const again = await learnerPage.request.post("/api/protected/requestroom", {
      headers: auth,
      data: { schema_id: roleplayId },
    });
    const next = (await again.json()).conversation_id;
    await learnerPage.setViewportSize({ width: 1280, height: 800 });
    await learnerPage.goto(`/call?conversation=${next}`);
    await expect(call.messageBox).toBeEnabled();
    await call.send("how many people are in your team right now?", { waitForReply: true });
    await expect(
      learnerPage.getByText("Live hints are off: this practice counts toward an open assignment.").filter({
        visible: true,
      }),
    ).toBeVisible();
    await expect(learnerPage.getByText(SITUATION_HINT)).toHaveCount(0);
    await shoot(learnerPage, testInfo, "live-hint-assessed");
    await call.end();

    // Leave nothing behind for other specs: the assignment and the roleplay go.
    await request.delete(`/api/organization/assignments/${(await assigned.json()).id}`, { headers: admin.headers });
    await request.delete(`/api/protected/roleplay/edit/${roleplayId}?soft_delete=true`, { headers: admin.headers });
    await context.close();
  });
});
