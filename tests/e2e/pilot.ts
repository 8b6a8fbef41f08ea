import { readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";

export type CsvRow = { group: string; role: string; email: string; password: string };

export function parseCsv(text: string): { header: string[]; rows: CsvRow[] } {
  const [header, ...lines] = text.trim().split(/\r?\n/).map((l) => l.split(","));
  return { header, rows: lines.map(([group, role, email, password]) => ({ group, role, email, password })) };
}

/** Seeds an organisation through the /development form in group mode and returns the downloaded CSV. */
export async function seedThroughForm(page: Page, orgName: string, groups: { name: string; users: number; admins: number }[]) {
  await page.goto("/development");
  await page.getByLabel("Organization Name").fill(orgName);
  await page.getByLabel("Group mode").check();
  for (let i = 1; i < groups.length; i++) await page.getByRole("button", { name: "Add Group" }).click();
  for (const [i, g] of groups.entries()) {
    const group = page.getByRole("group", { name: `Group ${i + 1}` });
    await group.getByLabel("Group Name").fill(g.name);
    await group.getByLabel(/^Users/).fill(String(g.users));
    await group.getByLabel(/^Admins/).fill(String(g.admins));
  }
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Seed Organization" }).click();
  const file = await download;
  const csv = parseCsv(readFileSync(await file.path(), "utf8"));
  await expect(page.getByText(`Organization "${orgName}" created`)).toBeVisible();
  return { filename: file.suggestedFilename(), ...csv };
}

export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
