import type { Page, TestInfo } from "@playwright/test";

import { expect, signInAs, test } from "./fixtures";
import { CallPage } from "./pages/call-page";
import { DashboardPage } from "./pages/dashboard-page";

/**
 * Speech input in text practice, against a stand-in for the browser's SpeechRecognition installed
 * before the page loads: it fails with the error code it is given, or listens until stopped and
 * hands over what `window.__say(text)` says. "none" removes speech recognition from the browser.
 */
type Mode = "none" | "not-allowed" | "audio-capture" | "listen";

async function fakeSpeechRecognition(page: Page, mode: Mode) {
  await page.addInitScript((mode: Mode) => {
    const w = window as unknown as Record<string, unknown>;
    delete w.SpeechRecognition;
    delete w.webkitSpeechRecognition;
    if (mode === "none") return;
    type Handler<E = void> = ((e: E) => void) | null;
    class StandInRecognition {
      lang = "";
      interimResults = false;
      continuous = false;
      onstart: Handler = null;
      onend: Handler = null;
      onerror: Handler<{ error: string }> = null;
      onresult: Handler<{ resultIndex: number; results: unknown[] }> = null;
      start() {
        w.__say = (text: string) =>
          this.onresult?.({ resultIndex: 0, results: [Object.assign([{ transcript: text }], { isFinal: true })] });
        setTimeout(() => {
          // Chrome starts before it finds no microphone, but never starts when access is blocked.
          if (mode !== "not-allowed") this.onstart?.();
          if (mode === "listen") return;
          this.onerror?.({ error: mode });
          this.onend?.();
        }, 100);
      }
      stop() {
        setTimeout(() => this.onend?.(), 20);
      }
      abort() {
        this.stop();
      }
    }
    w.SpeechRecognition = StandInRecognition;
  }, mode);
}

/** The state at 390 and 1280 px, kept with the test's artifacts. */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(200);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${size.width}.png`) });
  }
}

async function startPractice(page: Page, team: { memberA: { email: string; password: string } }) {
  await signInAs(page, team.memberA);
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await dashboard.roleplay(/Discovery call: logistics operations lead/).check();
  await page.getByRole("button", { name: "Start Roleplay" }).click();
  const call = new CallPage(page);
  await expect(call.messageBox).toBeEnabled();
  return call;
}

test.afterEach(async ({ page }) => {
  if (page.url().includes("/call")) await new CallPage(page).end();
});

const BLOCKED = "Microphone access was blocked. Allow it in the browser's address bar, or type your reply.";
const NO_MIC = "No microphone was found. Connect one and press Speak again, or type your reply.";
const NO_SPEECH = "This browser can't turn speech into text. Type your reply instead.";

test("a blocked microphone says so, leaves Speak ready to try again and puts the cursor in the text box", async ({
  page,
  team,
}, testInfo) => {
  await fakeSpeechRecognition(page, "not-allowed");
  const call = await startPractice(page, team);
  const speak = page.getByRole("button", { name: "Speak", exact: true });
  await speak.click();
  await expect(page.getByRole("alert").filter({ hasText: BLOCKED })).toBeVisible();
  await expect(speak).toHaveAttribute("aria-pressed", "false");
  await expect(speak).toBeEnabled();
  await expect(page.getByRole("button", { name: "Stop speaking" })).toHaveCount(0);
  await expect(call.messageBox).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: /listening/i })).toHaveCount(0);
  await shoot(page, testInfo, "speech-blocked");
  await page.getByRole("button", { name: "Dismiss" }).click();
  await expect(page.getByRole("alert").filter({ hasText: BLOCKED })).toHaveCount(0);
});

test("a missing microphone says so and reopens the chat to type in", async ({ page, team }) => {
  await fakeSpeechRecognition(page, "audio-capture");
  const call = await startPractice(page, team);
  await call.messages.getByRole("button", { name: "Close chat" }).click();
  await expect(call.messages).toBeHidden();
  const speak = page.getByRole("button", { name: "Speak", exact: true });
  await speak.click();
  await expect(page.getByRole("alert").filter({ hasText: NO_MIC })).toBeVisible();
  await expect(speak).toHaveAttribute("aria-pressed", "false");
  await expect(speak).toBeEnabled();
  await expect(call.messages).toBeVisible();
  await expect(call.messageBox).toBeFocused();
});

test("a browser without speech recognition says so, turns Speak off and puts the cursor in the text box", async ({
  page,
  team,
}, testInfo) => {
  await fakeSpeechRecognition(page, "none");
  const call = await startPractice(page, team);
  const speak = page.getByRole("button", { name: "Speak", exact: true });
  await speak.click();
  await expect(page.getByRole("alert").filter({ hasText: NO_SPEECH })).toBeVisible();
  await expect(speak).toBeDisabled();
  await expect(speak).toHaveAttribute("aria-describedby", "speech-problem");
  await expect(call.messageBox).toBeFocused();
  await shoot(page, testInfo, "speech-unsupported");
});

test("'Listening' shows under the persona only while speech recognition listens", async ({ page, team }, testInfo) => {
  await fakeSpeechRecognition(page, "listen");
  const call = await startPractice(page, team);
  const tile = page.getByRole("region", { name: "Dana Whitfield, the persona" });
  const state = tile.getByRole("status");
  // Plain text practice: the persona waits for a typed turn.
  await expect(state).toHaveText("Your turn");
  await expect(tile.getByText("Listening", { exact: true })).toHaveCount(0);

  await page.getByRole("button", { name: "Speak", exact: true }).click();
  const stop = page.getByRole("button", { name: "Stop speaking" });
  await expect(stop).toHaveAttribute("aria-pressed", "true");
  await expect(state).toHaveText("Listening");
  await shoot(page, testInfo, "speech-listening");

  await page.evaluate(() =>
    (window as unknown as { __say: (t: string) => void }).__say("Hi Dana, thanks for making time."),
  );
  await expect(call.messages.locator('li[data-from="me"]').first()).toContainText("Hi Dana, thanks for making time.");

  await stop.click();
  await expect(page.getByRole("button", { name: "Speak", exact: true })).toHaveAttribute("aria-pressed", "false");
  await expect(tile.getByText("Listening", { exact: true })).toHaveCount(0);
});
