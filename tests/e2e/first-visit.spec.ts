import type { Page } from "@playwright/test";
import { LANGUAGES } from "../../app/i18n/languages";
import { expect, hydrated, test } from "./fixtures";

/**
 * A first visit on a phone (docs/decisions/0032): one thing covers the page at a time (the
 * language prompt, then the cookie banner), never the chat button or the home page's main call to
 * action, each answer is remembered, nothing shifts and nothing scrolls sideways. The browser
 * speaks English, so every other language's page offers English first.
 */
const PHONES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
];

test.use({ locale: "en-US" });

/** Sums the layout shifts that no input caused, from the first paint on, and names what moved. */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number; __shifted: string[] };
    w.__shift = 0;
    w.__shifted = [];
    type Source = { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
    const rect = (r: DOMRectReadOnly) => `${r.x},${r.y} ${r.width}x${r.height}`;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean; startTime: number; sources: Source[] }>) {
        if (entry.hadRecentInput) continue;
        w.__shift += entry.value;
        for (const s of entry.sources) {
          // The element, and what it holds when the shift is reported (an overlay that appeared inside it, for one).
          const held =
            s.node instanceof Element ? [...s.node.children].map((child) => child.getAttribute("data-testid") ?? child.tagName.toLowerCase()).join(",") : "";
          const node = s.node instanceof Element ? `${s.node.outerHTML.slice(0, 120)} [holding ${held}]` : (s.node?.textContent?.slice(0, 60) ?? "?");
          const root = document.documentElement;
          const state = `${root.hasAttribute("data-hydrated") ? "hydrated" : "before hydration"}, parsing ${document.readyState}, html ${root.getAttributeNames().join(" ")}`;
          w.__shifted.push(`${Math.round(entry.startTime)} ms (${state}): ${node} ${rect(s.previousRect)} -> ${rect(s.currentRect)}`);
        }
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** What is drawn at the centre of `selector`'s element is that element (or inside it): nothing covers it. */
async function uncovered(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel)!;
    const box = el.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && el.contains(top);
  }, selector);
}

async function shownOverlays(page: Page): Promise<string[]> {
  return page.$$eval("[data-overlay]", (els) => els.filter((el) => el.getClientRects().length > 0).map((el) => el.getAttribute("data-testid") ?? ""));
}

async function expectClearPaths(page: Page) {
  await expect.poll(() => uncovered(page, '[data-testid="chat-button"]')).toBe(true);
  expect(await uncovered(page, "[data-main-cta]"), "the main call to action").toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
}

for (const viewport of PHONES) {
  test.describe(`${viewport.width} px`, () => {
    test.use({ viewport });

    for (const language of LANGUAGES) {
      test(`${language.key}: one overlay at a time, none over the chat button or the call to action`, async ({ page }) => {
        await watchLayoutShifts(page);
        await page.goto(language.key === "en" ? "/" : `/${language.key}`);
        await hydrated(page);
        if (language.key !== "en") {
          // The prompt first, alone: the cookie banner was kept behind it from the first paint.
          await expect(page.getByTestId("language-prompt")).toBeVisible();
          expect(await shownOverlays(page)).toEqual(["language-prompt"]);
          await expectClearPaths(page);
          await page.getByTestId("language-prompt").getByRole("button").click();
        }
        await expect(page.getByTestId("consent-banner")).toBeVisible();
        expect(await shownOverlays(page)).toEqual(["consent-banner"]);
        await expectClearPaths(page);
        await page.getByTestId("consent-banner").getByRole("button").last().click();
        await expect(page.getByTestId("consent-banner")).toBeHidden();
        expect(await shownOverlays(page)).toEqual([]);
        const shifts = await page.evaluate(() => {
          const w = window as unknown as { __shift: number; __shifted: string[] };
          return { total: w.__shift, moved: w.__shifted };
        });
        expect(shifts.total, `layout shift: ${shifts.moved.join("; ")}`).toBe(0);

        // Both answers are remembered: the next page opens clear.
        await page.reload();
        await hydrated(page);
        expect(await shownOverlays(page)).toEqual([]);
      });
    }
  });
}

test("Google's one-tap waits until the cookie banner is answered", async ({ page, context }) => {
  let gisRequested = false;
  await context.route("https://accounts.google.com/**", (route) => {
    gisRequested = true;
    return route.fulfill({ contentType: "application/javascript", body: "window.google={accounts:{id:{initialize:function(){},prompt:function(){}}}};" });
  });
  await page.setViewportSize(PHONES[1]!);
  await page.goto("/");
  await hydrated(page);
  await expect(page.getByTestId("consent-banner")).toBeVisible();
  await page.waitForTimeout(4_000); // past the prompt's three seconds
  expect(gisRequested).toBe(false);
  const gis = page.waitForRequest("https://accounts.google.com/gsi/client");
  await page.getByTestId("consent-banner").getByRole("button").last().click();
  await gis;
});
