import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";

import { E2E_DEVELOPER } from "./developer";
import { expect, signInAs, signUp, test } from "./fixtures";
import { DevConsolePage } from "./pages/dev-console-page";
import { unique } from "./pilot";

const SHOTS = "test-results/shots-d";

/** Pages of a PDF: Chromium writes each page as an uncompressed `/Type /Page` object. */
const pdfPages = (pdf: Buffer) => pdf.toString("latin1").match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;

/** A PNG per page beside the PDF to look at, where poppler is installed (it is not needed to pass). */
function pdfToPng(path: string) {
  try {
    execFileSync("pdftoppm", ["-png", "-r", "60", path, path.replace(/\.pdf$/, "")]);
  } catch {}
}

test.describe("printable sign-in cards", () => {
  test("a developer seeds a pilot, prints one card per learner on A4 and Letter, and rebuilds them from the CSV", async ({
    page,
    baseURL,
    request,
  }) => {
    mkdirSync(SHOTS, { recursive: true });
    await signInAs(page, E2E_DEVELOPER);
    const devConsole = new DevConsolePage(page);
    const orgName = unique("Riverside Community College");
    const seeded = await devConsole.seed(orgName, [
      { name: "Tuesday Section", users: 6, admins: 1 },
      { name: "Thursday Section", users: 4, admins: 0 },
    ]);
    const learners = seeded.rows.filter((r) => r.role === "member");
    expect(learners.map((r) => r.name)).toEqual([
      "Student 01",
      "Student 02",
      "Student 03",
      "Student 04",
      "Student 05",
      "Student 06",
      "Student 07",
      "Student 08",
      "Student 09",
      "Student 10",
    ]);
    for (const r of seeded.rows) {
      expect(r.email).toMatch(/^[is]\d\d\.rcc[a-z0-9]*(-\d+)?@pilot\.parley\.example$/);
      expect(r.password).toMatch(/^[a-z][a-hj-km-np-z2-9]{3}(-[a-hj-km-np-z2-9]{4}){2}$/);
    }
    const printLink = page.getByRole("link", { name: "Print sign-in cards" });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await printLink.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/seeded-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    await printLink.click();
    await expect(page).toHaveURL(/\/development\/sign-in-cards$/);
    await expect(page.getByRole("heading", { name: "Sign-in cards" })).toBeVisible();
    await expect(page.getByText(`${orgName} · 10 cards`)).toBeVisible();
    await expect(page.getByText(/only in this browser tab/)).toBeVisible();
    const cards = page.getByRole("article");
    await expect(cards).toHaveCount(10);
    const first = page.getByRole("article", { name: "Sign-in card for Student 01" });
    await expect(first).toContainText("Tuesday Section");
    await expect(first).toContainText(learners[0].email);
    await expect(first).toContainText(learners[0].password);
    await expect(first).toContainText(`${baseURL}/auth`);
    await expect(page.getByRole("article", { name: "Sign-in card for Student 07" })).toContainText("Thursday Section");
    await page.screenshot({ path: `${SHOTS}/sheet-1280.png`, fullPage: true });

    // What the card says signs in: the login and password as printed (in a context of its own).
    const email = await first.getByRole("definition").nth(1).textContent();
    const password = await first.getByRole("definition").nth(2).textContent();
    const signedIn = await request.post("/api/auth/signin", { data: { email, password } });
    expect(signedIn.status()).toBe(200);
    expect((await signedIn.json()).user.name).toBe("Student 01");

    await page.getByLabel(/Include instructors \(1\)/).click();
    await expect(cards).toHaveCount(11);
    await expect(page.getByRole("article", { name: "Sign-in card for Instructor 01" })).toContainText("instructor");
    await page.getByLabel(/Include instructors/).click();
    await expect(cards).toHaveCount(10);

    // Paper: 10 cards are two pages on A4 and on Letter alike (8 to a page, none split), no app chrome.
    for (const format of ["A4", "Letter"] as const) {
      const path = `${SHOTS}/sheet-${format}.pdf`;
      expect(pdfPages(await page.pdf({ path, format }))).toBe(2);
      pdfToPng(path);
    }

    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/sheet-390.png` });
    await page.screenshot({ path: `${SHOTS}/sheet-390-full.png`, fullPage: true });

    // Forgotten, or a new tab: the sheet says so and offers the downloaded CSV.
    await page.getByRole("button", { name: "Forget these passwords" }).click();
    await expect(page.getByRole("heading", { name: "No sign-in cards in this tab" })).toBeVisible();
    await page.getByRole("link", { name: "Development Tools" }).click();
    await page.getByRole("link", { name: "printable sign-in cards" }).click();
    await expect(page.getByRole("heading", { name: "No sign-in cards in this tab" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { name: "No sign-in cards in this tab" })).toBeVisible();
    await page.getByLabel("Open a CSV").setInputFiles({
      name: "notes.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("name,score\nMaya,80\n"),
    });
    await expect(page.getByText(/notes\.csv: This is not a seeded organisation's CSV/)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/empty-error-390.png` });

    const csvPath = `${SHOTS}/${seeded.filename}`;
    writeFileSync(
      csvPath,
      [seeded.header, ...seeded.rows.map((r) => Object.values(r))].map((l) => l.join(",")).join("\r\n"),
    );
    await page.getByLabel("Open a CSV").setInputFiles(csvPath);
    await expect(cards).toHaveCount(10);
    await expect(page.getByText(/come from the CSV you opened/)).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign-in cards");
    await expect(
      page.getByText(`${orgName.replace(/[^a-zA-Z0-9]/g, " ").replace(/ +/g, " ")} · 10 cards`),
    ).toBeVisible();
    await expect(page.getByRole("article", { name: "Sign-in card for Student 10" })).toContainText(
      learners[9].password,
    );
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${SHOTS}/from-csv-1280.png` });
  });

  test("a member may not open the sheet", async ({ page }) => {
    await signInAs(page, await signUp(page, "Curious Member"));
    await page.goto("/development/sign-in-cards");
    await expect(page.getByRole("heading", { name: "You can't open this page" })).toBeVisible();
  });
});
