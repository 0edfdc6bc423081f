import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";

export const BASE = `http://127.0.0.1:${process.env.E2E_PORT ?? 3210}`;

/** A visitor who already answered the banners, so they do not cover what a test looks at. */
export async function answeredBanners(context: BrowserContext) {
  await context.addCookies([
    { name: "cookie_consent", value: "accepted", url: BASE },
    { name: "phishing_notice", value: "seen", url: BASE },
    { name: "lang_prompt", value: "answered", url: BASE },
  ]);
}

/**
 * Waits until React has hydrated the whole page: its scripts load after the first complete paint
 * (app/lib/finish-document.server.ts), and before hydration ends a button does nothing and a
 * key a document listener handles is not heard (fields keep what is typed: before-hydration.spec.ts).
 * <html data-hydrated> is marked once the page shows its hydrated state (HydratedMark, app/hooks/use-hydrated.ts).
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
}

/**
 * Every page test fails on a console error or an uncaught exception in the page (hydration
 * mismatches included). A test that expects some (a 404 document) lists them in expectedConsoleErrors.
 */
export const test = base.extend<{ expectedConsoleErrors: RegExp[]; consoleErrors: string[] }>({
  /**
   * Each test is its own visitor: the test server trusts loopback as a proxy, so this address is
   * the one the abuse limits count (one test's comments do not spend another's allowance).
   */
  extraHTTPHeaders: async ({}, use, testInfo) => {
    const n = [...testInfo.testId].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);
    await use({ "x-forwarded-for": `198.18.${(n >> 8) & 255}.${n & 255}` });
  },
  /**
   * Google Identity Services is a third party these machines cannot reach: every test gets a
   * silent stand-in (a prompt the visitor dismisses); tests/e2e/one-tap.spec.ts replaces it.
   */
  context: async ({ context }, use) => {
    await context.route("https://accounts.google.com/**", (route) =>
      route.fulfill({ contentType: "application/javascript", body: "window.google={accounts:{id:{initialize:function(){},prompt:function(){}}}};" }),
    );
    await use(context);
  },
  expectedConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() === "error" || (msg.type() === "warning" && /hydrat/i.test(msg.text()))) errors.push(msg.text());
      });
      page.on("pageerror", (err) => errors.push(err.message));
      await use(errors);
      expect(
        errors.filter((e) => !expectedConsoleErrors.some((re) => re.test(e))),
        "console errors",
      ).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
