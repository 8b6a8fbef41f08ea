import { readFileSync } from "node:fs";

import { expect, type Locator, type Page } from "@playwright/test";

import { parseCsv } from "../csv";

export type SeedGroup = { name: string; users: number; admins: number };

/** /development: the developer console. */
export class DevConsolePage {
  readonly seedButton: Locator;
  readonly users: Locator;

  constructor(readonly page: Page) {
    this.seedButton = page.getByRole("button", { name: "Seed Organization" });
    this.users = page.getByRole("list", { name: "Organization users" });
  }

  async goto() {
    await this.page.goto("/development");
  }

  organization(name: string, options: { pressed?: boolean } = {}) {
    return this.page.getByRole("button", { name: new RegExp(name), ...options });
  }

  /** Seeds an organisation through the form in group mode and answers the downloaded CSV. */
  async seed(orgName: string, groups: SeedGroup[]) {
    await this.goto();
    await this.page.getByLabel("Organization Name").fill(orgName);
    await this.page.getByLabel("Group mode").check();
    for (let i = 1; i < groups.length; i++) await this.page.getByRole("button", { name: "Add Group" }).click();
    for (const [i, g] of groups.entries()) {
      const group = this.page.getByRole("group", { name: `Group ${i + 1}` });
      await group.getByLabel("Group Name").fill(g.name);
      await group.getByLabel(/^Users/).fill(String(g.users));
      await group.getByLabel(/^Admins/).fill(String(g.admins));
    }
    const download = this.page.waitForEvent("download");
    await this.seedButton.click();
    const file = await download;
    const csv = parseCsv(readFileSync(await file.path(), "utf8"));
    await expect(this.page.getByText(`Organization "${orgName}" created`)).toBeVisible();
    return { filename: file.suggestedFilename(), ...csv };
  }

  /** Selects an organisation, then Delete and Confirm. */
  async deleteOrganization(name: string) {
    await this.goto();
    await this.organization(name).click();
    await this.page.getByRole("button", { name: "Delete" }).click();
    await this.page.getByRole("button", { name: "Confirm" }).click();
  }
}
