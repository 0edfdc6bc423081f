/**
 * The product, drawn (docs/decisions/0031): the drawings' interface text is the page's language,
 * they are hidden from screen readers and described by a caption, they fit a phone, and each
 * page's share image is drawn in its language.
 */
import sharp from "sharp";
import type { Locator } from "@playwright/test";
import { answeredBanners, expect, hydrated, test } from "./fixtures";

test.beforeEach(async ({ context }) => answeredBanners(context));

test("the home page in Chinese shows the profile list with Chinese interface text, hidden from screen readers", async ({ page }) => {
  await page.goto("/zh");
  const figure = page.locator('figure[data-drawing="profiles"]');
  const picture = figure.locator(".drawing");
  await expect(picture).toHaveAttribute("aria-hidden", "true");
  await expect(picture).toContainText("全部环境");
  await expect(picture).toContainText("枫街小铺");
  await expect(picture).not.toContainText("All profiles");
  await expect(figure.locator("figcaption")).toHaveText(/^环境列表/);
  // A picture, not controls: nothing inside takes focus.
  expect(await picture.locator("a, button, input, [tabindex]").count()).toBe(0);
  // Scaled to its box: the 960 px canvas is drawn no wider than the figure.
  const [box, canvas] = await Promise.all([picture.boundingBox(), picture.locator(".drawing-canvas > *").first().boundingBox()]);
  expect(Math.abs(canvas!.width - box!.width)).toBeLessThan(2);
});

/** Whether React made (or hydrated) this element: it keeps its fiber on the node. */
const madeByReact = (element: Locator) => element.evaluate((el) => Object.keys(el).some((key) => key.startsWith("__reactFiber")));

test("a drawing the server wrote is kept as it is when the page hydrates, and one reached by a client navigation is drawn", async ({ page }) => {
  await page.goto("/zh/Pricing");
  await hydrated(page);
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page.locator('header a[href="/zh"]').first().click();
  const canvas = page.locator('figure[data-drawing="profiles"] .drawing-canvas');
  await expect(canvas).toContainText("全部环境");
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  expect(await madeByReact(canvas.locator("> *").first())).toBe(true);

  // Loaded as a document: the canvas is hydrated, the 120-190 elements inside it are left as written.
  await page.goto("/zh");
  await hydrated(page);
  await expect(canvas).toContainText("全部环境");
  expect(await madeByReact(canvas)).toBe(true);
  expect(await madeByReact(canvas.locator("> *").first())).toBe(false);
});

test("a page hydrates without the pictures' code, which it fetches when idle to draw a language switch", async ({ page }) => {
  // The pictures' code is held back until the page has hydrated: the page must not wait for it.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const pictureCode: string[] = [];
  await page.route(/\/assets\/drawings-[\w-]+\.js$/, async (route) => {
    pictureCode.push(route.request().url());
    await released;
    await route.continue();
  });
  await page.goto("/zh");
  await hydrated(page);
  const canvas = page.locator('figure[data-drawing="profiles"] .drawing-canvas');
  await expect(canvas).toContainText("全部环境");
  // The browser's idle callback (at most 4 s after hydration) asks for it.
  await expect.poll(() => pictureCode.length, { timeout: 8_000 }).toBe(1);
  release();

  await page.locator('[data-testid="language-switcher"] summary').click();
  await page.locator('[data-testid="language-switcher"] a[hreflang="th"]').click();
  await expect(canvas).toContainText("โปรไฟล์ทั้งหมด");
  expect(await madeByReact(canvas.locator("> *").first())).toBe(true);
  expect(pictureCode).toHaveLength(1);
});

test("a use-case page shows the drawing its content names, and the solution page the chat workspace", async ({ page }) => {
  await page.goto("/scenarios/data-collection");
  await expect(page.locator('figure[data-drawing="automation"] .drawing')).toContainText("Run log");
  await page.goto("/th/solutions/chat-apps");
  await expect(page.locator('figure[data-drawing="chat"] .drawing')).toContainText("ร้านบ้านสวนเมเปิล");
});

test.describe("on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });
  for (const path of ["/", "/th", "/hi/scenarios/betting", "/vn/solutions/chat-apps"]) {
    test(`${path} does not scroll sideways`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator("figure[data-drawing]")).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    });
  }
});

test("a Thai page shares a Thai image of its own that answers as a 1200x630 PNG", async ({ page, request }) => {
  await page.goto("/th/scenarios/e-commerce");
  const image = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(image).toMatch(/\/share\/th\/scenarios-e-commerce\.png$/);
  const res = await request.get(new URL(image!).pathname);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("image/png");
  const meta = await sharp(await res.body()).metadata();
  expect([meta.width, meta.height]).toEqual([1200, 630]);
  await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute("content", /[\u0e00-\u0e7f]/);
});
