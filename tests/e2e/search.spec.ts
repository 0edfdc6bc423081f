import { answeredBanners, expect, hydrated, test } from "./fixtures";

test.beforeEach(async ({ context }) => answeredBanners(context));

test("the header's search box opens with / and Ctrl+K and leads to results grouped by kind", async ({ page }) => {
  await page.setViewportSize({ width: 1536, height: 900 });
  await page.goto("/about-us");
  await hydrated(page);
  const box = page.locator("#site-search-bar");
  await expect(box).toHaveAttribute("aria-keyshortcuts", /Control\+K/);
  await expect(page.locator(`#${await box.getAttribute("aria-describedby")}`)).toHaveText(/Ctrl\+K/);
  await page.keyboard.press("/");
  await expect(box).toBeFocused();
  await page.locator("body").click({ position: { x: 5, y: 400 } });
  await page.keyboard.press("Control+k");
  await expect(box).toBeFocused();
  await box.fill("fingerprints");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=fingerprints$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “fingerprints”");
  const kinds = page.getByTestId("search-kinds");
  await expect(kinds.getByRole("link", { name: /Help centre/ })).toBeVisible();
  await expect(page.getByTestId("search-group").first()).toBeVisible();
  await expect(page.getByTestId("search-hit").first().locator("mark").first()).toHaveText(/fingerprint/i);
  // One kind: the FAQ tab keeps the others' counts.
  await kinds.getByRole("link", { name: /FAQ/ }).click();
  await expect(page).toHaveURL(/kind=faq/);
  await expect(page.getByTestId("search-hit").first()).toHaveAttribute("data-kind", "faq");
  await expect(kinds.getByRole("link", { name: /Blog/ })).toBeVisible();
  // A result opens its page.
  await page.getByTestId("search-hit").first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/faq#/);
});

test("on a phone the shortcut opens the menu's search box, and a Thai search shows English fallbacks marked", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/th/helps");
  await hydrated(page);
  await page.keyboard.press("/");
  const box = page.locator("#site-search-menu");
  await expect(box).toBeFocused();
  await box.fill("heliotrope fingerprint");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/th\/search\?q=/);
  await expect(page.locator("html")).toHaveAttribute("lang", "th");
  const noScroll = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(noScroll).toBe(true);
  // Nothing found: the help centre and a consultation are offered.
  await expect(page.getByTestId("search-no-results").or(page.getByTestId("search-group").first())).toBeVisible();
  await page.goto("/th/search?q=fingerprint");
  const fallback = page
    .getByTestId("search-hit")
    .filter({ has: page.getByTestId("search-fallback") })
    .first();
  if (await fallback.count()) {
    await expect(fallback).toHaveAttribute("data-lang", "en");
    await expect(fallback.getByTestId("search-fallback")).toContainText("อังกฤษ");
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test("a search without results offers the help centre and a consultation", async ({ page }) => {
  await page.goto("/zh/search?q=%E9%87%8F%E5%AD%90%E4%BC%A0%E9%80%81%E8%88%B1");
  const none = page.getByTestId("search-no-results");
  await expect(none).toBeVisible();
  await expect(none.getByRole("link")).toHaveCount(2);
  await expect(none.getByRole("link").first()).toHaveAttribute("href", "/zh/helps");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the header form and the search page work as plain GET forms", async ({ page }) => {
    await page.setViewportSize({ width: 1536, height: 900 });
    await page.goto("/zh/blog");
    const box = page.locator("#site-search-bar");
    await box.fill("代理IP");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/zh\/search\?q=/);
    await expect(page.getByTestId("search-hit").first()).toBeVisible();
    await expect(page.getByTestId("search-hit").first().locator("mark").first()).toBeVisible();
    // The page's own form, again without scripts.
    const again = page.locator("#search-page-input");
    await again.fill("指纹浏览器");
    await again.press("Enter");
    await expect(page).toHaveURL(/\/zh\/search\?q=%E6%8C%87/);
    await expect(page.getByTestId("search-count")).toBeVisible();
  });
});
