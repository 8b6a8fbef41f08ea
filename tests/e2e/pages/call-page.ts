import { expect, type Locator, type Page } from "@playwright/test";

/** The practice call screen (offline persona in the e2e server). */
export class CallPage {
  readonly messageBox: Locator;
  readonly sendButton: Locator;
  readonly messages: Locator;
  readonly brief: Locator;
  readonly leaveButton: Locator;
  readonly leaveDialog: Locator;

  constructor(readonly page: Page) {
    this.messageBox = page.getByPlaceholder("Enter a message...");
    this.sendButton = page.getByRole("button", { name: "Send" });
    this.messages = page.getByRole("complementary", { name: "Messages" });
    this.brief = page.getByRole("group", { name: "Scenario brief" });
    this.leaveButton = page.getByRole("button", { name: "Leave" });
    this.leaveDialog = page.getByRole("alertdialog", { name: "End this call?" });
  }

  /** Sends a typed message; `waitForReply` waits until the persona has answered and the box is free again. */
  async send(text: string, { waitForReply = false } = {}) {
    await this.messageBox.fill(text);
    await this.sendButton.click();
    if (waitForReply) await expect(this.messageBox).toBeEnabled();
  }

  /** Leave, then End call in the confirmation. */
  async end() {
    await this.leaveButton.click();
    await this.leaveDialog.getByRole("button", { name: "End call" }).click();
  }

  conversationId() {
    return this.page.evaluate(
      () => JSON.parse(sessionStorage.getItem("parley.call") ?? "{}").conversation_id as string,
    );
  }
}
