import { expect, type Locator, type Page } from "@playwright/test";

/** The signed-in learner's and admin's home. */
export class DashboardPage {
  readonly startButton: Locator;
  readonly recent: Locator;

  constructor(readonly page: Page) {
    this.startButton = page.getByRole("button", { name: "Start Roleplay" });
    this.recent = page.getByLabel("Recent conversations");
  }

  async goto() {
    await this.page.goto("/dashboard");
  }

  roleplay(name: string | RegExp) {
    return this.page.getByRole("radio", { name: typeof name === "string" ? new RegExp(name) : name });
  }

  /** Picks a roleplay, starts it and answers the conversation id from the /call URL. */
  async startRoleplay(name: string | RegExp) {
    await this.goto();
    await this.roleplay(name).check();
    await this.startButton.click();
    await expect(this.page).toHaveURL(/\/call\?conversation=[0-9a-f-]{36}$/);
    return new URL(this.page.url()).searchParams.get("conversation")!;
  }
}
