import type { Locator, Page } from "@playwright/test";

/** The /auth page in sign-in mode. */
export class SignInPage {
  readonly email: Locator;
  readonly password: Locator;
  readonly signInButton: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel("Email");
    this.password = page.getByLabel("Password");
    this.signInButton = page.getByRole("button", { name: "Sign In" });
  }

  async goto(next?: string) {
    await this.page.goto(next === undefined ? "/auth" : `/auth?next=${encodeURIComponent(next)}`);
  }

  async signIn(email: string, password: string) {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.signInButton.click();
  }
}
