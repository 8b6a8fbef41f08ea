import { readFile } from "node:fs/promises";

import type { APIRequestContext, Page } from "@playwright/test";

import { csvRecords } from "../helpers/csv";
import { parseCsv } from "./csv";
import { E2E_DEVELOPER } from "./developer";
import { expect, signInAs, test } from "./fixtures";
import { unique } from "./pilot";

const SHOTS = "test-results/shots-data";

async function bearer(request: APIRequestContext, who: { email: string; password: string }) {
  const res = await request.post("/api/auth/signin", { data: who });
  expect(res.status(), await res.text()).toBe(200);
  return { authorization: `Bearer ${(await res.json()).token}` };
}

/** A pilot organisation of its own (an admin, two learners), so deleting a learner leaves the worker's team alone. */
async function seedPilot(request: APIRequestContext) {
  const headers = await bearer(request, E2E_DEVELOPER);
  const res = await request.post("/api/dev/seed/organization", {
    headers,
    data: { org_name: unique("Data Rights Pilot"), description: "data rights e2e", num_users: 2, num_admins: 1 },
  });
  expect(res.status(), await res.text()).toBe(201);
  const seeded = (await res.json()) as { organization: { id: string }; csv_data: string };
  const rows = parseCsv(seeded.csv_data).rows;
  const members = rows.filter((r) => r.role === "member");
  return {
    admin: rows.find((r) => r.role === "admin")!,
    learner: members[0],
    leaver: members[1],
    remove: async () => {
      await request.delete("/api/dev/organization/delete", {
        headers,
        data: { organization_id: seeded.organization.id },
      });
    },
  };
}

/** A short graded practice call of `who` on the first roleplay they can see. */
async function practise(request: APIRequestContext, who: { email: string; password: string }) {
  const headers = await bearer(request, who);
  const roleplays = await (await request.get("/api/protected/roleplay/list", { headers })).json();
  const room = await request.post("/api/protected/requestroom", { headers, data: { schema_id: roleplays[0].id } });
  expect(room.status(), await room.text()).toBe(200);
  const id = (await room.json()).conversation_id as string;
  for (const text of [
    "Could you walk me through how your team handles approvals today, from request to sign-off?",
    "What happens to your projects when an approval takes longer than a week?",
    "If approvals took a day instead of a week, what would that change for your quarter?",
  ]) {
    expect(
      (await request.post(`/api/protected/conversations/${id}/messages`, { headers, data: { text } })).status(),
    ).toBe(200);
  }
  expect((await request.post(`/api/protected/conversations/${id}/end`, { headers })).status()).toBe(200);
  await expect
    .poll(async () => (await (await request.get(`/api/protected/grades/${id}`, { headers })).json()).status, {
      timeout: 30_000,
    })
    .toBe("graded");
  return id;
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("an admin sets retention, deletes a learner after reading what goes, and reads it all in the audit log", async ({
  page,
  request,
}) => {
  const pilot = await seedPilot(request);
  await signInAs(page, pilot.admin);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/organization");
  await page
    .getByRole("navigation", { name: "Organization settings" })
    .getByRole("link", { name: "Data and privacy" })
    .click();
  await expect(page.getByRole("heading", { name: "Data and privacy" })).toBeVisible();
  await expect(page.getByText("Transcripts are kept until someone deletes them.")).toBeVisible();

  const days = page.getByLabel("Delete transcripts after (days)");
  await days.fill("0");
  await page.getByRole("button", { name: "Save retention" }).click();
  await expect(page.getByText("Retention must be a whole number of days from 1 to 3650")).toBeVisible();
  await days.fill("30");
  await page.getByRole("button", { name: "Save retention" }).click();
  await expect(page.getByRole("status").filter({ hasText: "deleted 30 days after a call ends" })).toBeVisible();
  await expect(page.getByText("Transcripts are deleted 30 days after a call ends.")).toBeVisible();

  // The admin cannot delete themselves; a learner is found by email and deleted after the confirmation.
  const people = page.getByRole("list", { name: "People in the organization" });
  await expect(people.getByRole("listitem").filter({ hasText: pilot.admin.email }).getByRole("button")).toHaveCount(0);
  await page.getByLabel("Find a person by name or email").fill(pilot.leaver.email);
  await expect(people.getByRole("listitem")).toHaveCount(1);
  await shoot(page, "data-page");
  await people.getByRole("button", { name: /^Delete / }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("If they also belong to another organization");
  await expect(dialog).toContainText("but not who");
  await page.screenshot({ path: `${SHOTS}/delete-dialog-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/delete-dialog-390.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole("button", { name: /^Delete / }).click();
  await expect(page.getByText(/Deleted the account and 0 calls/)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Nobody matches “${pilot.leaver.email}”.`)).toBeVisible();
  // The deleted learner's session is gone with the account.
  expect((await request.post("/api/auth/signin", { data: pilot.leaver })).status()).toBe(401);

  await page.getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();
  const entries = page.getByRole("list", { name: "Audit entries" });
  await expect(entries.getByRole("listitem").filter({ hasText: "Deleted a learner's account" })).toContainText(
    pilot.admin.name,
  );
  await expect(entries.getByRole("listitem").filter({ hasText: "Changed transcript retention" })).toContainText(
    /to days:\s*30/,
  );
  await expect(entries).not.toContainText(pilot.leaver.email);
  await shoot(page, "audit-log");
  // Filtering by what happened narrows the list and is a link of its own.
  await page.getByLabel("What", { exact: true }).selectOption({ label: "Changed transcript retention" });
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/action=retention.changed/);
  await expect(entries.getByRole("listitem")).toHaveCount(1);
  await pilot.remove();
});

test("a learner downloads their data from the account menu, and a deleted transcript is explained on the grade page", async ({
  page,
  request,
}) => {
  const pilot = await seedPilot(request);
  const conversationId = await practise(request, pilot.learner);
  await signInAs(page, pilot.learner);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/dashboard");
  await page.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("menuitem", { name: "Download my data" }).click();
  await expect(page.getByRole("heading", { name: "Your data" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/your-data-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/your-data-1280.png`, fullPage: true });

  const [json] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download JSON" }).click(),
  ]);
  expect(json.suggestedFilename()).toMatch(/^parley-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await json.path())!, "utf8"));
  expect(data.account.email).toBe(pilot.learner.email);
  expect(data.conversations).toHaveLength(1);
  expect(data.conversations[0].transcript.length).toBeGreaterThan(0);
  expect(JSON.stringify(data)).not.toContain(pilot.admin.email);
  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  const rows = csvRecords(await readFile((await csv.path())!, "utf8"));
  expect(rows.filter((r) => r.record === "turn").length).toBeGreaterThan(0);

  // The admin keeps transcripts one day; a day later the sweep has deleted this one, and the grade stays.
  const admin = await bearer(request, pilot.admin);
  expect(
    (await request.put("/api/organization/retention", { headers: admin, data: { retention_days: 1 } })).status(),
  ).toBe(200);
  await page.goto("/e2e-harness/retention?days=2");
  await expect(page.getByRole("status")).toHaveText(/Purged [1-9]/);
  await page.goto(`/grade/${conversationId}`);
  const transcript = page.getByRole("region", { name: "Transcript" });
  await expect(transcript).toContainText("The transcript was deleted on");
  await expect(transcript).toContainText("as your organization's retention policy says");
  await expect(page.getByRole("list", { name: "Transcript" })).toHaveCount(0);
  await transcript.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/grade-purged-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await transcript.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/grade-purged-390.png` });
  await pilot.remove();
});
