import type { Locator, Page } from "@playwright/test";

/** /organization: an admin's management page. */
export class OrganizationPage {
  readonly backToOverview: Locator;

  constructor(readonly page: Page) {
    this.backToOverview = page.getByRole("button", { name: "Back to Overview" });
  }

  async goto() {
    await this.page.goto("/organization");
  }

  heading(organization: string) {
    return this.page.getByRole("heading", { name: `${organization} - Management` });
  }

  group(name: string) {
    return this.page.getByRole("table", { name });
  }

  statsHeading(learner: string) {
    return this.page.getByRole("heading", { name: `${learner} - Stats Over Time` });
  }
}
