import { test as base, expect } from "@playwright/test";

/**
 * Every page test fails on a console error or an uncaught exception in the page (hydration
 * mismatches included). A test that expects some (a 404 document) lists them in expectedConsoleErrors.
 */
export const test = base.extend<{ expectedConsoleErrors: RegExp[]; consoleErrors: string[] }>({
  expectedConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() === "error" || (msg.type() === "warning" && /hydrat/i.test(msg.text()))) errors.push(msg.text());
      });
      page.on("pageerror", (err) => errors.push(err.message));
      await use(errors);
      expect(errors.filter((e) => !expectedConsoleErrors.some((re) => re.test(e))), "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
