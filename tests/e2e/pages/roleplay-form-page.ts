import type { Locator, Page } from "@playwright/test";

/** /workspace/create and /workspace/edit/<id>: the roleplay ("schema") form. */
export class RoleplayFormPage {
  readonly name: Locator;
  readonly description: Locator;
  readonly autoGenerateText: Locator;
  readonly createButton: Locator;
  readonly updateButton: Locator;
  readonly deleteButton: Locator;

  constructor(readonly page: Page) {
    this.name = page.getByRole("textbox", { name: "Name", exact: true });
    this.description = page.getByLabel("Description");
    this.autoGenerateText = page.getByLabel("Auto-Generate from text");
    this.createButton = page.getByRole("button", { name: "Create Schema" });
    this.updateButton = page.getByRole("button", { name: "Update Schema" });
    this.deleteButton = page.getByRole("button", { name: "Delete Schema" });
  }

  async gotoCreate() {
    await this.page.goto("/workspace/create");
  }

  async gotoEdit(id: string) {
    await this.page.goto(`/workspace/edit/${id}`);
  }

  textbox(name: string) {
    return this.page.getByRole("textbox", { name, exact: true });
  }

  groupCheckbox(name: string) {
    return this.page.getByRole("checkbox", { name });
  }

  /** A complete persona: two pain points and a goal. */
  async fillPersona() {
    await this.page.getByLabel("Persona Name").fill("Jordan Reyes");
    await this.textbox("Role").fill("IT Director");
    await this.page.getByLabel("Situation").fill("Evaluating a new helpdesk tool before the budget freeze.");
    await this.page.getByLabel("Background").fill("Ran support teams for ten years.");
    await this.textbox("Pain point 1").fill("Ticket backlog doubles every Monday");
    await this.page.getByRole("button", { name: "Add pain point" }).click();
    await this.textbox("Pain point 2").fill("No visibility into SLA breaches");
    await this.textbox("Goal 1").fill("Halve first-response time");
  }
}
