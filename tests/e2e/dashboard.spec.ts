import { expect, signInAs, signUp, test } from "./fixtures";
import { DashboardPage } from "./pages/dashboard-page";

test("a member sees Create and Edit disabled, with the spec's tooltips", async ({ page, team }) => {
  await signInAs(page, team.maya);
  await new DashboardPage(page).goto();
  await expect(page.getByRole("heading", { name: /Welcome back, Maya Member/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Create" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Edit" })).toBeDisabled();
  await expect(page.getByRole("link", { name: "Manage" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Development" })).toHaveCount(0);

  await page.getByLabel("Only admins can create conversations").hover();
  await expect(page.getByRole("tooltip")).toHaveText("Only admins can create conversations");
  await page.getByLabel("Only admins can edit conversations").focus();
  await expect(page.getByRole("tooltip").filter({ hasText: "Only admins can edit conversations" })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem("isDev"))).toBe("false");
});

test("the learner's stats, credits and recent graded conversation", async ({ page, team }) => {
  await signInAs(page, team.memberA);
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await expect(page.getByText("MEMBER", { exact: true })).toBeVisible();
  await expect(page.getByText("Riverside University Sales Lab")).toBeVisible();
  const credits = page.getByRole("progressbar", { name: "Credits remaining" });
  await expect(credits).toHaveAttribute("aria-valuetext", /^\d+ of 50 credits remaining$/);
  const remaining = Number((await credits.getAttribute("aria-valuetext"))!.split(" ")[0]);
  await expect(credits).toHaveAttribute("data-value", String((remaining / 50) * 100));
  await expect(page.getByText(`${50 - remaining} used`)).toBeVisible();

  const recent = dashboard.recent;
  await expect(recent.getByText(/^Score: \d+$/).last()).toBeVisible();
  const viewGrade = recent.getByRole("link", { name: /View Grade/ }).last();
  await expect(viewGrade).toHaveAttribute("href", /^\/grade\/[0-9a-f-]{36}$/);
});

test("a new account without an organisation sees the empty states", async ({ page }) => {
  const { email, password } = await signUp(page, "Empty Learner");
  await signInAs(page, email, password);
  await new DashboardPage(page).goto();
  await expect(page.getByText("No conversations yet. Create your first conversation schema!")).toBeVisible();
  await expect(page.getByText("No activities yet")).toBeVisible();
  await expect(page.getByText("No Organization")).toBeVisible();
  await expect(page.getByRole("button", { name: "Start Roleplay" })).toBeDisabled();
  const credits = page.getByRole("progressbar", { name: "Credits remaining" });
  await expect(credits).toHaveAttribute("data-value", "100");
  await expect(page.getByText("0 used")).toBeVisible();
});

test("developers get the Development button and isDev is stored", async ({ page, team }) => {
  await signInAs(page, team.dev);
  await new DashboardPage(page).goto();
  await expect(page.getByRole("link", { name: "Development" })).toHaveAttribute("href", "/development");
  await expect(page.getByRole("link", { name: "Manage" })).toHaveAttribute("href", "/organization");
  await expect.poll(() => page.evaluate(() => localStorage.getItem("isDev"))).toBe("true");
});

test("Start Roleplay stores the selection, requests a room and goes to /call with the token", async ({
  page,
  team,
}) => {
  await signInAs(page, team.memberB);
  const answer = {
    token: "room-token-e2e",
    conversation_id: "00000000-0000-4000-8000-000000000001",
    server_url: null,
    mode: "local",
  };
  let requested: unknown;
  await page.route("**/api/protected/requestroom", async (route) => {
    requested = route.request().postDataJSON();
    await route.fulfill({ status: 200, json: answer });
  });
  // /call is a client-side navigation: hold its conversation fetch so the (fake) call is not
  // cleared and sent back to the dashboard before the storage is read.
  await page.route("**/api/protected/conversations/**", () => {});
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  const second = page.getByRole("radio").nth(1);
  await second.check();
  const roleplayId = await second.getAttribute("value");
  await dashboard.startButton.click();
  await page.waitForURL("**/call");
  expect(requested).toEqual({ schema_id: roleplayId });
  expect(await page.evaluate(() => localStorage.getItem("selected_roleplay_schema"))).toBe(roleplayId);
  expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem("parley.call") ?? "null"))).toEqual(answer);
});

test("a failed start is shown in a toast and the learner stays on the dashboard", async ({ page, team }) => {
  await signInAs(page, team.memberB);
  await page.route("**/api/protected/requestroom", (route) =>
    route.fulfill({ status: 402, json: { detail: "No credits left" } }),
  );
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await dashboard.startButton.click();
  await expect(page.getByText("No credits left")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(dashboard.startButton).toBeEnabled();
});

test("Sign Out clears token, user and isDev and goes home", async ({ page, team }) => {
  // Not signInAs: its init script would put the token back on the next page.
  const { email, password } = team.memberB;
  const res = await page.request.post("/api/auth/signin", { data: { email, password } });
  const { token, user } = await res.json();
  await page.goto("/dashboard");
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem("token", t);
      localStorage.setItem("user", u);
    },
    [token, JSON.stringify(user)],
  );
  await expect.poll(() => page.evaluate(() => localStorage.getItem("isDev"))).toBe("false");
  await page.getByRole("button", { name: "Sign Out" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  const stored = await page.evaluate(() => ["token", "user", "isDev"].map((k) => localStorage.getItem(k)));
  expect(stored).toEqual([null, null, null]);
});
