import { answeredBanners, expect, hydrated, test } from "./fixtures";

/**
 * A phone's first Intl date or number formatter for a language costs it 20-40 ms (ICU data), a
 * long task in the middle of hydration that Lighthouse counts as blocking time. Pages hydrate with
 * the dates and amounts the server wrote (app/lib/format/format-date.ts, app/lib/format/format-number.ts):
 * no formatter is built before the page has hydrated. The booking calendar's month captions
 * likewise (app/components/booking/month-captions.ts).
 */
const PAGES = [
  "",
  "/Pricing",
  "/blog",
  "/blog/11",
  "/news",
  "/helps",
  "/helps/16",
  "/download",
  "/release",
  "/release/1",
  "/scenarios/e-commerce",
  "/solutions/chat-apps",
  "/pre-sales",
  "/search?q=browser",
];

test.describe("hydration", () => {
  test.beforeEach(async ({ context }) => {
    await answeredBanners(context);
    await context.addInitScript(() => {
      const built: string[] = [];
      (window as unknown as { formattersBuilt: string[] }).formattersBuilt = built;
      const watch = (name: "DateTimeFormat" | "NumberFormat") => {
        const original = Intl[name];
        const note = () => {
          if (!document.documentElement.hasAttribute("data-hydrated")) built.push(`${name} ${new Error().stack?.split("\n")[3]?.trim() ?? ""}`);
        };
        Intl[name] = new Proxy(original, {
          construct(target, args, newTarget) {
            note();
            return Reflect.construct(target, args, newTarget);
          },
          apply(target, self, args) {
            note();
            return Reflect.apply(target, self, args);
          },
        }) as never;
      };
      watch("DateTimeFormat");
      watch("NumberFormat");
    });
  });

  for (const lang of ["en", "zh"]) {
    test(`builds no date or number formatter before it ends (${lang})`, async ({ page }) => {
      for (const path of PAGES) {
        const url = lang === "en" ? path || "/" : `/${lang}${path}`;
        await page.goto(url);
        await hydrated(page);
        const dates = await page.locator("main time").count();
        expect(await page.evaluate(() => (window as unknown as { formattersBuilt: string[] }).formattersBuilt), `${url} (${dates} dates shown)`).toEqual([]);
      }
    });
  }
});
