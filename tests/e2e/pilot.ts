import type { Page } from "@playwright/test";

import { DevConsolePage, type SeedGroup } from "./pages/dev-console-page";

export { type CsvRow, parseCsv } from "./csv";

/** Seeds an organisation through the /development form in group mode and returns the downloaded CSV. */
export function seedThroughForm(page: Page, orgName: string, groups: SeedGroup[]) {
  return new DevConsolePage(page).seed(orgName, groups);
}

export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
