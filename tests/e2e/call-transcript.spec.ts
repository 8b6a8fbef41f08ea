import { expect, type Page, test } from "@playwright/test";

/**
 * The LiveKit call screen's Messages panel, fed through the real components-react hooks
 * (useSession, useSessionMessages) over a real livekit-client Room that never connects: the
 * harness page hands wire-level data-stream packets to the Room (see
 * components/call/testing/session-harness.tsx). What this does not cover: a LiveKit server,
 * the agent's side of lk.chat/lk.transcription (tests/agent/pipeline.test.ts covers the agent).
 */

const AGENT = "agent-AJ_persona";
const LEARNER = "learner-e2e";

async function openHarness(page: Page) {
  await page.goto("/e2e-harness/call");
  await expect(page.getByRole("heading", { name: "Discovery call with Dana" })).toBeVisible();
  await page.waitForFunction(() => !!window.__callHarness);
}

const harness = <A>(page: Page, fn: (h: NonNullable<Window["__callHarness"]>, arg: A) => unknown, arg: A) =>
  page.evaluate(([src, a]) => new Function("h", "a", `return (${src})(h, a)`)(window.__callHarness, a), [
    fn.toString(),
    arg,
  ] as const);

test("both sides of the call appear in Messages: transcribed speech, replies, typed chat, unread count", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openHarness(page);
  const messages = page.getByRole("list", { name: "Chat messages" });

  // The persona greets while the panel is closed: the toggle counts it once, however many chunks it streams in.
  await harness(page, (h, a) => h.streamReply(a), {
    identity: AGENT,
    segmentId: "a1",
    chunks: ["Dana ", "speaking. ", "Who's this?"],
  });
  await expect(page.getByTestId("unread-count")).toHaveText("1");
  await page.getByRole("button", { name: "Chat" }).click();
  await expect(page.getByTestId("unread-count")).toHaveCount(0);
  await expect(messages.getByText("Dana speaking. Who's this?")).toBeVisible();
  await expect(messages.locator("strong", { hasText: "Dana Whitfield" })).toHaveCount(1);

  // The learner speaks: the interim transcript shows greyed, then the final one replaces it in place.
  await harness(page, (h, a) => h.transcript(a), {
    identity: LEARNER,
    segmentId: "u1",
    text: "Hi Dana, it's Riley from",
    final: false,
  });
  const interim = messages.locator("[data-interim]");
  await expect(interim).toHaveText(/Hi Dana, it's Riley from/);
  await expect(interim).toContainText("still transcribing");
  await harness(page, (h, a) => h.transcript(a), {
    identity: LEARNER,
    segmentId: "u1",
    text: "Hi Dana, it's Riley from Fleetwise.",
    final: true,
  });
  await expect(messages.locator("[data-interim]")).toHaveCount(0);
  await expect(messages.locator('li[data-from="me"]')).toHaveCount(1);
  await expect(messages.locator('li[data-from="me"]')).toContainText("Hi Dana, it's Riley from Fleetwise.");
  await expect(messages.locator('li[data-from="me"] strong')).toHaveText("Riley Learner");

  // A typed message goes out on lk.chat (the agent's text input topic) and shows as the learner's.
  await page.getByRole("textbox", { name: "Message" }).fill("What slows your team down in peak weeks?");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(messages.locator('li[data-from="me"]').last()).toContainText("What slows your team down in peak weeks?");
  // Same sender within 60 s: the second learner message hides name and time.
  await expect(messages.locator('li[data-from="me"]').last().locator("strong")).toHaveCount(0);
  await expect(messages.locator('li[data-from="me"]').last().locator("time")).toHaveCount(0);
  expect(await page.evaluate(() => window.__callHarness!.sent)).toEqual([
    { text: "What slows your team down in peak weeks?", topic: "lk.chat" },
  ]);

  // The persona's spoken answer arrives as its transcription and appears in the panel, and in the live region.
  await harness(page, (h, a) => h.streamReply(a), {
    identity: AGENT,
    segmentId: "a2",
    chunks: ["Honestly? ", "The carrier cut-off."],
  });
  await expect(messages.locator('li[data-from="them"]').last()).toContainText("Honestly? The carrier cut-off.");
  await expect(page.getByTestId("message-announcer")).toHaveText("Dana Whitfield: Honestly? The carrier cut-off.");
  await expect(page.getByTestId("message-announcer")).toHaveAttribute("aria-live", "polite");

  await page.screenshot({ path: "test-results/call-transcript-1280.png", fullPage: true });
});

test("chat attachments: images at most 300 x 300 px, other files as downloads", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openHarness(page);
  const png = await page.evaluate(() => {
    const c = document.createElement("canvas");
    c.width = 900;
    c.height = 600;
    const g = c.getContext("2d")!;
    g.fillStyle = "#2563eb";
    g.fillRect(0, 0, 900, 600);
    g.fillStyle = "#fff";
    g.font = "bold 120px sans-serif";
    g.fillText("Q3 volumes", 80, 340);
    return c.toDataURL("image/png").split(",")[1];
  });
  await harness(page, (h, a) => h.chat(a), {
    identity: AGENT,
    text: "Here's what peak looked like last year.",
    files: [
      { name: "q3-volumes.png", type: "image/png", base64: png },
      { name: "carrier-sla.pdf", type: "application/pdf", base64: btoa("%PDF-1.4 stand-in") },
    ],
  });
  await expect(page.getByTestId("unread-count")).toHaveText("1");
  await page.getByRole("button", { name: "Chat" }).click();
  const image = page.getByRole("img", { name: "q3-volumes.png" });
  await expect(image).toBeVisible();
  const box = (await image.boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(300);
  expect(box.height).toBeLessThanOrEqual(300);
  expect(box.width).toBeGreaterThan(100);
  await expect(page.getByRole("link", { name: /carrier-sla\.pdf/ })).toHaveAttribute("download", "carrier-sla.pdf");

  await harness(page, (h, a) => h.transcript(a), {
    identity: LEARNER,
    segmentId: "u1",
    text: "That's a steep curve. Who owns the",
    final: false,
  });
  await page.screenshot({ path: "test-results/call-transcript-390.png", fullPage: true });
});
