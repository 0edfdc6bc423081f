import { answeredBanners, expect, hydrated, test } from "./fixtures";

test.beforeEach(async ({ context }) => answeredBanners(context));

test.describe("a missing page", () => {
  test.use({ expectedConsoleErrors: [/status of 404/] });

  test("offers the site search started with the address's words, the popular pages and the help centre, in the visitor's language", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const response = await page.goto("/th/guides/proxy-setup");
    expect(response?.status()).toBe(404);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("ไม่พบหน้าที่ต้องการ");
    const popular = page.getByTestId("not-found-popular");
    await expect(popular.getByRole("link", { name: "ราคา" })).toHaveAttribute("href", "/th/Pricing");
    await expect(popular.getByRole("link", { name: "ดาวน์โหลด" })).toHaveAttribute("href", "/th/download");
    await expect(page.getByTestId("not-found-help")).toHaveAttribute("href", "/th/helps");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);

    const box = page.getByTestId("not-found-search").getByRole("searchbox");
    await expect(box).toHaveValue("proxy setup");
    await box.fill("พร็อกซี");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/th\/search\?q=/);
    await expect(page.getByTestId("search-hit").first()).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, expectedConsoleErrors: [/status of 404/] });

  test("the 404's search is a plain GET form", async ({ page }) => {
    await page.goto("/zh/no-such-page");
    await page.getByTestId("not-found-search").getByRole("searchbox").fill("指纹");
    await page.getByTestId("not-found-search").getByRole("button").click();
    await expect(page).toHaveURL(/\/zh\/search\?q=%E6%8C%87%E7%BA%B9$/);
    await expect(page.getByTestId("search-hit").first()).toBeVisible();
  });
});
