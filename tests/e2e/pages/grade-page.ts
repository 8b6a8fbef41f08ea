import type { Locator, Page } from "@playwright/test";

/** /grade/<conversation>: the grade report. */
export class GradePage {
  readonly overall: Locator;

  constructor(readonly page: Page) {
    this.overall = page.getByRole("heading", { name: "Overall Performance" });
  }

  async goto(conversationId: string) {
    await this.page.goto(`/grade/${conversationId}`);
  }
}
