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

/** A client navigation: the article's route modules load under the blog page's policy. */
async function openAnArticleFromTheBlog(page: Page) {
  await page.goto("/blog");
  await hydrated(page);
  await page.getByTestId("article-card").first().getByRole("heading").getByRole("link").click();
  await expect(page.getByTestId("article")).toBeVisible();
}

test.describe("Content-Security-Policy", () => {
  test.beforeEach(async ({ context }) => answeredBanners(context));

  test("every page type loads, hydrates and navigates with the policy on and nothing blocked", async ({ page }) => {
    const violations = await watchViolations(page);
    for (const path of PAGE_TYPES) {
      const response = await page.goto(path);
      const csp = response!.headers()["content-security-policy"]!;
      // A page for everyone (the page cache) names its scripts by hash; one for this visitor alone
      // (a search) by a fresh nonce (docs/decisions/0021).
      expect(csp, path).toMatch(/script-src 'self' ('sha256-[A-Za-z0-9+/=]{44}'|'nonce-[A-Za-z0-9+/=]{20,}')/);
      if (response!.headers()["x-cache"]) expect(csp, path).not.toMatch(/nonce-/);
      expect(csp, path).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp, path).toMatch(/object-src 'none'/);
      expect(csp, path).toMatch(/base-uri 'self'/);
      expect(csp, path).toMatch(/frame-ancestors 'self'/);
      await hydrated(page);
      expect(await violations(), path).toEqual([]);
    }
    // An article, reached by a client navigation (route modules loaded on demand under the policy).
    await openAnArticleFromTheBlog(page);
    expect(await violations()).toEqual([]);
    // A help article, the same way.
    await page.goto("/zh/helps");
    await hydrated(page);
    await page.getByTestId("help-popular").getByRole("link").first().click();
    await expect(page.getByTestId("help-article")).toBeVisible();
    expect(await violations()).toEqual([]);
    // On a page for one visitor (a search is never cached, so each one is a new render) the same
    // nonce is on every script the server wrote, the policy sent with the page names it, and it
    // changes per render.
    const nonces = async () => page.evaluate(() => [...document.querySelectorAll("script[nonce]")].map((s) => (s as HTMLScriptElement).nonce));
    const renders: string[] = [];
    for (const path of ["/blog?keyword=browser", "/blog?keyword=browser"]) {
      const response = await page.goto(path);
      const onPage = await nonces();
      expect(onPage.length, path).toBeGreaterThan(0);
      expect(new Set(onPage).size, path).toBe(1);
      expect(response!.headers()["content-security-policy"], path).toContain(`'nonce-${onPage[0]}'`);
      renders.push(onPage[0]!);
    }
    expect(renders[1]).not.toBe(renders[0]);
  });

  test("a page served from the cache carries no nonce, and hydrates and navigates with nothing blocked", async ({ page }) => {
    const violations = await watchViolations(page);
    for (const path of ["/blog", "/zh/helps", "/Pricing"]) {
      await page.request.get(path); // stored now: the visit below is answered from the cache
      const response = await page.goto(path);
      expect(response!.headers()["x-cache"], path).toBe("HIT");
      const csp = response!.headers()["content-security-policy"]!;
      expect(csp, path).not.toMatch(/nonce-/);
      expect(await page.evaluate(() => document.querySelectorAll("script[nonce]").length), path).toBe(0);
      // Every inline script of the page is one the policy names.
      const hashes = await page.evaluate(async () => {
        const scripts = [...document.querySelectorAll("script:not([src])")].filter((s) => !/json/i.test(s.getAttribute("type") ?? ""));
        return Promise.all(
          scripts.map(async (s) => {
            const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(s.textContent ?? ""));
            return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
          }),
        );
      });
      expect(hashes.length, path).toBeGreaterThan(2);
      for (const hash of hashes) expect(csp, path).toContain(hash);
      await hydrated(page);
      expect(await violations(), path).toEqual([]);
    }
    // A client navigation from the cached page (its route modules load under the first page's policy).
    await openAnArticleFromTheBlog(page);
    expect(await violations()).toEqual([]);
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
