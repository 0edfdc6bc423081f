import type { Page } from "@playwright/test";
import { answeredBanners, expect, hydrated, test } from "./fixtures";

/** Records every Content-Security-Policy violation the page reports, from its first script on. */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { __violations: string[] }).__violations = [];
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __violations: string[] }).__violations.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sample}`);
    });
  });
  return () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
}

const PAGE_TYPES = [
  "/",
  "/zh",
  "/th/Pricing",
  "/blog",
  "/blog-guides",
  "/blog-use-cases/automation",
  "/news",
  "/jp/news-product-updates",
  "/download",
  "/faq",
  "/helps",
  "/helps?category=proxies",
  "/jp/helps?keyword=%E3%83%97%E3%83%AD%E3%82%AD%E3%82%B7",
  "/pre-sales",
  "/th/pre-sales",
  "/partner",
  "/scenarios/e-commerce",
  "/about-us",
  "/error/502",
];

test.describe("Content-Security-Policy", () => {
  test.beforeEach(async ({ context }) => answeredBanners(context));

  test("every page type loads, hydrates and navigates with the policy on and nothing blocked", async ({ page }) => {
    const violations = await watchViolations(page);
    for (const path of PAGE_TYPES) {
      const response = await page.goto(path);
      const csp = response!.headers()["content-security-policy"]!;
      expect(csp, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/);
      expect(csp, path).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp, path).toMatch(/object-src 'none'/);
      expect(csp, path).toMatch(/base-uri 'self'/);
      expect(csp, path).toMatch(/frame-ancestors 'self'/);
      await hydrated(page);
      expect(await violations(), path).toEqual([]);
    }
    // An article, reached by a client navigation (route modules loaded on demand under the policy).
    await page.goto("/blog");
    await hydrated(page);
    await page.getByTestId("article-card").first().getByRole("heading").getByRole("link").click();
    await expect(page.getByTestId("article")).toBeVisible();
    expect(await violations()).toEqual([]);
    // A help article, the same way.
    await page.goto("/zh/helps");
    await hydrated(page);
    await page.getByTestId("help-popular").getByRole("link").first().click();
    await expect(page.getByTestId("help-article")).toBeVisible();
    expect(await violations()).toEqual([]);
    // The same nonce is on every script the server wrote, the policy sent with the page names it,
    // and it changes per render. A cached page keeps its render's nonce (the cache sends that
    // render's policy with it); a search is never cached, so each one is a new render.
    const nonces = async () => page.evaluate(() => [...document.querySelectorAll("script[nonce]")].map((s) => (s as HTMLScriptElement).nonce));
    const renders: string[] = [];
    for (const path of ["/blog", "/blog?keyword=browser", "/blog?keyword=browser"]) {
      const response = await page.goto(path);
      const onPage = await nonces();
      expect(onPage.length, path).toBeGreaterThan(0);
      expect(new Set(onPage).size, path).toBe(1);
      expect(response!.headers()["content-security-policy"], path).toContain(`'nonce-${onPage[0]}'`);
      renders.push(onPage[0]!);
    }
    expect(renders[2]).not.toBe(renders[1]);
  });

  test.describe("an injected inline script", () => {
    test.use({ expectedConsoleErrors: [/Content Security Policy/i] });

    test("does not run", async ({ page }) => {
      const violations = await watchViolations(page);
      await page.route("**/blog", async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replace("</body>", "<script>window.__injected = true;</script></body>");
        await route.fulfill({ response, body });
      });
      const response = await page.goto("/blog");
      expect(response!.headers()["content-security-policy"]).toBeTruthy();
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await hydrated(page);
      expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
      await expect.poll(violations).toEqual([expect.stringMatching(/^script-src-elem inline/)]);
    });
  });
});

test.describe("a route's code that fails to load", () => {
  test.beforeEach(async ({ context }) => answeredBanners(context));
  test.use({ expectedConsoleErrors: [/Failed to load resource|Failed to fetch dynamically imported module|Error loading route module|ERR_FAILED|net::/i] });

  test("sends the visitor to the page they clicked, as a full load, once", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    await hydrated(page);
    // As after a deployment: the old build's chunk for the pricing page is gone.
    await page.route(/\/assets\/pricing-[^/]+\.js$/, (route) => route.abort());
    const documents: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "document") documents.push(new URL(r.url()).pathname);
    });
    await page.getByRole("banner").getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(/\/Pricing$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pricing");
    await page.waitForTimeout(1500); // a second reload, if one were coming, would have started
    expect(documents).toEqual(["/Pricing"]);
  });
});

test.describe("the header on a laptop", () => {
  test.beforeEach(async ({ context }) => answeredBanners(context));

  for (const width of [1024, 1280]) {
    test(`shows the main sections at ${width} px, with menus for the groups`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/");
      const header = page.getByRole("banner");
      const nav = header.getByRole("navigation");
      for (const name of ["Pricing", "Download", "About us"]) await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
      await expect(header.getByLabel("Open menu")).toBeHidden();
      await nav.getByText("Resources").click();
      await expect(nav.getByRole("link", { name: "Help centre" })).toBeVisible();
      // The menu is a native <details> and opens before hydration; Escape is the header's own,
      // heard once the page has hydrated (its scripts load after the first paint, decision 0026).
      await hydrated(page);
      await page.keyboard.press("Escape");
      await expect(nav.getByRole("link", { name: "Help centre" })).toBeHidden();
      await nav.getByText("Partners").click();
      await nav.getByRole("link", { name: "Referral programme" }).click();
      await expect(page).toHaveURL(/\/referral-program$/);
      await expect(nav.getByRole("link", { name: "Referral programme" })).toBeHidden();
    });
  }
});
