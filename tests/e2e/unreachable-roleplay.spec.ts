import { expect, signInAs, test } from "./fixtures";
import { DashboardPage } from "./pages/dashboard-page";
import { RoleplayFormPage } from "./pages/roleplay-form-page";

// A private schema with no groups is reachable by no one. Admins
// still see it in the list and the form, marked as such; starting it is refused.
test("an admin sees a private schema without groups marked 'Reachable by no one' and cannot start it", async ({
  page,
  team,
}, info) => {
  const { token } = await signInAs(page, team.admin);
  const persona = {
    name: "Orla",
    role: "COO",
    situation: "Freeze",
    background: "Ops",
    pain_points: ["Cost"],
    goals: ["Stability"],
  };
  const created = await page.request.post("/api/protected/roleplay/create", {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: "Orphaned persona",
      description: "Private, no groups",
      is_public: false,
      schema_data: { persona },
      assigned_groups: [],
    },
  });
  expect(created.status()).toBe(201);
  const { id } = await created.json();

  const start = await page.request.post("/api/protected/requestroom", {
    headers: { authorization: `Bearer ${token}` },
    data: { schema_id: id },
  });
  expect(start.status()).toBe(403);
  expect((await start.json()).detail).toMatch(/no one can start it/);

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    const item = dashboard.roleplay(/Orphaned persona/).locator("xpath=ancestor::label");
    await expect(item.getByText("Reachable by no one")).toBeVisible();
    await item.scrollIntoViewIfNeeded();
    await page.screenshot({ path: info.outputPath(`dashboard-${width}.png`) });

    await new RoleplayFormPage(page).gotoEdit(id);
    await expect(page.getByRole("status").filter({ hasText: "Reachable by no one" })).toBeVisible();
    await page.screenshot({ path: info.outputPath(`form-${width}.png`) });
  }
});
