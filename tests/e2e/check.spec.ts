import type { Page } from "@playwright/test";
import { answeredBanners, BASE, expect, hydrated, test } from "./fixtures";

/**
 * "What websites see" (/check): the address comes from the server's echo (the e2e server trusts
 * loopback as a proxy, so X-Forwarded-For plays a visitor in a known country), the time zone from
 * the browser (Playwright's timezoneId), and the page compares them. 8.8.8.8 is in the United
 * States in the shipped IP-to-country database (tests/api/visitor.test.ts).
 */
const US_ADDRESS = "8.8.8.8";

/** Every request the page makes, to check that none leaves the site. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (r) => urls.push(r.url()));
  return urls;
}

async function openCheck(page: Page, path = "/check") {
  await page.goto(path);
  await hydrated(page);
  await expect(page.getByTestId("check-counts")).toBeVisible({ timeout: 15_000 });
}

test.describe("a visitor in the United States with a Tokyo clock", () => {
  test.use({ timezoneId: "Asia/Tokyo", extraHTTPHeaders: { "x-forwarded-for": US_ADDRESS } });
  test.beforeEach(async ({ context }) => answeredBanners(context));

  test("shows the address the trusted proxy forwarded and flags the time zone", async ({ page }) => {
    const requests = recordRequests(page);
    await openCheck(page);
    await expect(page.getByTestId("check-ip")).toHaveText(US_ADDRESS);
    await expect(page.getByTestId("check-country")).toHaveText("United States");
    await expect(page.getByTestId("check-timezone")).toHaveText("Asia/Tokyo");
    await expect(page.getByTestId("finding-timeZone")).toHaveAttribute("data-level", "risk");
    await expect(page.getByTestId("check-timezone-verdict")).toHaveAttribute("data-outcome", "differs");
    await expect(page.getByTestId("check-timezone-verdict")).toHaveText("Asia/Tokyo is not used in United States, where your address is.");
    // The summary counts it among the findings that can link accounts.
    expect(Number(await page.getByTestId("check-counts").getAttribute("data-risk"))).toBeGreaterThanOrEqual(1);
    // Playwright's Chromium is automated, and the page says so.
    await expect(page.getByTestId("finding-automation")).toHaveAttribute("data-level", "risk");
    await expect(page.locator('[data-signal="webdriver"]')).toBeVisible();
    // The fingerprints are measured and shown as short hashes.
    await expect(page.getByTestId("hash-canvas")).toHaveText(/^[0-9a-f]{12}$/);
    await expect(page.getByTestId("check-fonts")).toContainText(/of 50 common fonts/);
    // Each finding links the help article, in the page's language, for the setting that controls it.
    await expect(page.getByTestId("finding-timeZone").getByRole("link")).toHaveAttribute("href", /^\/helps\/\d+$/);

    const foreign = requests.filter((url) => !url.startsWith(`${BASE}/`) && !url.startsWith("data:") && !url.startsWith("blob:"));
    expect(foreign, "requests that leave the site").toEqual([]);
    // Nothing about the visitor is in the shared, cached page: the address arrives from the API alone.
    const html = await (await page.request.get("/check")).text();
    expect(html).not.toContain(US_ADDRESS);
  });

  test("in Chinese and Thai too", async ({ page }) => {
    await openCheck(page, "/zh/check");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("网站能看到什么");
    await expect(page.getByTestId("check-country")).toHaveText("美国");
    await expect(page.getByTestId("check-timezone-verdict")).toHaveAttribute("data-outcome", "differs");
    await expect(page.getByTestId("check-timezone-verdict")).toContainText("不属于");

    await openCheck(page, "/th/check");
    await expect(page.getByTestId("check-country")).toHaveText("สหรัฐอเมริกา");
    await expect(page.getByTestId("check-timezone-verdict")).toContainText("ไม่ได้ใช้ใน");
    await expect(page.getByTestId("finding-timeZone").getByRole("link")).toHaveAttribute("href", /^\/th\/helps\/\d+$/);
  });
});

test.describe("a visitor in the United States with a New York clock", () => {
  test.use({ timezoneId: "America/New_York", locale: "en-US", extraHTTPHeaders: { "x-forwarded-for": US_ADDRESS } });
  test.beforeEach(async ({ context }) => answeredBanners(context));

  test("passes the time zone and the languages", async ({ page }) => {
    await openCheck(page);
    await expect(page.getByTestId("check-ip")).toHaveText(US_ADDRESS);
    await expect(page.getByTestId("check-timezone-verdict")).toHaveAttribute("data-outcome", "agrees");
    await expect(page.getByTestId("finding-timeZone")).toHaveAttribute("data-level", "ok");
    await expect(page.getByTestId("finding-languages")).toHaveAttribute("data-level", "ok");
  });
});

test.describe("without scripts", () => {
  test.use({ javaScriptEnabled: false, extraHTTPHeaders: { "x-forwarded-for": US_ADDRESS } });
  test.beforeEach(async ({ context }) => answeredBanners(context));

  test("says the checks need scripts and links the server's own answer", async ({ page }) => {
    await page.goto("/check");
    const note = page.getByTestId("check-noscript");
    await expect(note).toBeVisible();
    await expect(note.getByRole("link")).toHaveAttribute("href", "/api/check/seen");
    // What each finding reveals and which setting controls it reads without scripts.
    await expect(page.getByTestId("finding-webrtc")).toContainText("WebRTC: Replace");
    const answer = await (await page.request.get("/api/check/seen")).json();
    expect(answer.data).toMatchObject({ ip: US_ADDRESS, country: "US" });
  });
});
