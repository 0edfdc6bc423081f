import type { BrowserContext, Request } from "@playwright/test";
import { BASE, expect, hydrated, test } from "./fixtures";

/** A visitor who has seen the other banners but not yet answered the cookie question. */
async function undecided(context: BrowserContext) {
  await context.addCookies([
    { name: "phishing_notice", value: "seen", url: BASE },
    { name: "lang_prompt", value: "answered", url: BASE },
  ]);
}

test("nothing is tracked before consent; after it, a sealed batch goes out with sendBeacon", async ({ page, context }) => {
  await undecided(context);
  const tracking: Request[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/track/")) tracking.push(r);
  });
  await page.goto("/th/Pricing");
  await hydrated(page);
  await page.evaluate(() => window.dispatchEvent(new Event("pagehide")));
  await page.waitForTimeout(1_000);
  expect(tracking).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem("usage-events"))).toBeNull();
  expect((await context.cookies()).some((c) => c.name === "device_id")).toBe(false);

  // Accepting starts tracking: the page view and the plan cards seen wait in local storage for their batch.
  const config = page.waitForResponse((r) => r.url().includes("/api/track/config"));
  await page.getByTestId("consent-banner").getByRole("button").last().click();
  await config;
  const stored = () =>
    page.evaluate(() => (JSON.parse(localStorage.getItem("usage-events") ?? "[]") as { kind: string; key?: string }[]).map((e) => `${e.kind}:${e.key ?? ""}`));
  await expect.poll(stored).toContain("view:");
  // A plan card counts as seen when half of it is in view (Thai's taller lines push the cards lower).
  await page.locator('[data-track-expose^="plan-"]').first().scrollIntoViewIfNeeded();
  await expect.poll(async () => (await stored()).some((e) => /^expose:plan-/.test(e))).toBe(true);
  const device = (await context.cookies()).find((c) => c.name === "device_id")!;
  expect(device.expires - Date.now() / 1000).toBeGreaterThan(359 * 24 * 3600);

  // The page is hidden: the batch is sealed and sent as a multipart beacon, nothing in the clear.
  const beacon = page.waitForRequest((r) => r.url().endsWith("/api/track/collect"));
  await page.evaluate(() => window.dispatchEvent(new Event("pagehide")));
  const sent = await beacon;
  const body = sent.postData() ?? "";
  expect(sent.headers()["content-type"]).toMatch(/^multipart\/form-data/);
  for (const field of ["key_id", "key", "iv", "payload"]) expect(body).toContain(`name="${field}"`);
  expect(body).not.toContain("Pricing");
  expect(body).not.toContain(device.value);
  expect((await sent.response())?.status()).toBe(204);
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("usage-events") ?? "[]").length)).toBe(0);
});
