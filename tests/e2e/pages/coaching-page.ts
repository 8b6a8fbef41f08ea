import { expect, type Locator, type Page } from "@playwright/test";

/** The grade page's coaching: comments on transcript lines and per-criterion overrides. */
export class CoachingPage {
  readonly transcript: Locator;

  constructor(readonly page: Page) {
    this.transcript = page.getByRole("list", { name: "Transcript" });
  }

  async goto(conversationId: string) {
    await this.page.goto(`/grade/${conversationId}`);
    await expect(this.transcript).toBeVisible();
  }

  /** The transcript line that says `text`. */
  turn(text: string) {
    return this.page.getByTestId("transcript-turn").filter({ hasText: text });
  }

  /** Adds a comment on the line that says `text` (an admin of the call's organisation). */
  async comment(text: string, body: string) {
    const turn = this.turn(text);
    await turn.getByRole("button", { name: /^Comment on turn/ }).click();
    await turn.getByLabel(/^Comment on turn/).fill(body);
    await turn.getByRole("button", { name: "Add comment" }).click();
    await expect(turn.getByTestId("turn-comment").filter({ hasText: body })).toBeVisible();
  }

  /** The scorecard entry of one criterion. */
  criterion(label: string) {
    return this.page.getByTestId("scorecard-criterion").filter({ hasText: label });
  }

  async overrideCriterion(label: string, score: string, reason: string) {
    const item = this.criterion(label);
    await item.getByText(`Override “${label}”`).click();
    await item.getByLabel(`Score for ${label} (0-100)`).fill(score);
    await item.getByLabel(`Reason for ${label} (the learner sees it)`).fill(reason);
    await item.getByRole("button", { name: "Save score" }).click();
  }
}
