import { expect, signInAs, test } from "./fixtures";

const hostile = `<img src=x onerror="window.__xss=1">`;

test("stored text is shown escaped on every page that shows it", async ({ page, team }) => {
  const { token } = await signInAs(page, team.admin);
  const persona = {
    name: hostile,
    role: hostile,
    situation: hostile,
    background: hostile,
    pain_points: [hostile],
    goals: [hostile],
  };
  const res = await page.request.post("/api/protected/roleplay/create", {
    headers: { authorization: `Bearer ${token}` },
    data: { name: hostile, description: hostile, is_public: true, schema_data: { persona }, assigned_groups: [] },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = await res.json();

  for (const path of ["/dashboard", "/organization", `/workspace/edit/${id}`]) {
    await page.goto(path);
    if (path.startsWith("/workspace")) await expect(page.locator("#roleplay-name")).toHaveValue(hostile);
    else await expect(page.getByText(hostile).first()).toBeVisible();
    expect(await page.locator('img[src="x"]').count(), path).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), path).toBeUndefined();
  }

  // clean up so other specs see the worker's organisation as before
  const del = await page.request.delete(`/api/protected/roleplay/edit/${id}?soft_delete=false`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(del.status()).toBe(200);
});
