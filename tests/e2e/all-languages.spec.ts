import { LANG_KEYS } from "~/i18n/languages";
import { expect, test } from "./fixtures";

const PAGES = [
  "",
  "/Pricing",
  "/about-us",
  "/blog",
  "/blog-guides",
  "/news",
  "/news-product-updates",
  "/download",
  "/faq",
  "/helps",
  "/links",
  "/partner",
  "/partner-plan",
  "/pre-sales",
  "/referral-program",
  "/release",
  "/scenarios/e-commerce",
  "/error/502",
];

// Every page in every language renders, hydrates without warnings and logs no console errors
// (the fixture fails the test on any).
for (const lang of LANG_KEYS) {
  test(`every page renders cleanly in ${lang}`, async ({ page }) => {
    for (const path of PAGES) {
      const url = lang === "en" ? path || "/" : `/${lang}${path}`;
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(200);
      await expect(page.getByRole("heading", { level: 1 }), url).toBeVisible();
      // Hydration is done once React has attached: a client navigation-capable link works.
      await page.waitForFunction(() => (window as any).__reactRouterRouteModules !== undefined);
    }
  });
}
