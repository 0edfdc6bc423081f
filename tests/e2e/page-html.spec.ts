import { answeredBanners, expect, hydrated, test } from "./fixtures";

/**
 * Markup written by people is in a page once (app/lib/page-html.tsx, docs/decisions/0027): the
 * document's loader data holds a mark for it, the browser takes the markup from the element the
 * server wrote, and a client navigation's data carries the markup itself.
 */

/** How many times `needle` occurs in the document as sent, before any script ran. */
async function occurrencesInDocument(page: import("@playwright/test").Page, path: string, needle: string) {
  const html = await (await page.request.get(path)).text();
  return html.split(needle).length - 1;
}

/** A paragraph of the body long enough to be its own, and written in the HTML as it reads (no inline markup or entities). */
async function sentenceOf(locator: import("@playwright/test").Locator) {
  const sentence = await locator.evaluate((body) =>
    [...body.querySelectorAll("p, li")]
      .filter((el) => el.children.length === 0)
      .map((el) => (el.textContent ?? "").trim())
      .find((text) => text.length > 40 && !/[<>&"'\u00a0]/.test(text)),
  );
  expect(sentence, "a plain paragraph in the body").toBeTruthy();
  return sentence!.slice(0, 40);
}

for (const lang of ["en", "th"] as const) {
  const prefix = lang === "en" ? "" : `/${lang}`;

  test(`an article's body is sent once and survives hydration (${lang})`, async ({ page, context }) => {
    await answeredBanners(context);
    await page.goto(`${prefix}/blog`);
    const href = (await page.getByTestId("article-card").first().getByRole("heading").getByRole("link").getAttribute("href"))!;
    await page.goto(href);
    await hydrated(page);
    const body = page.locator(".article-body");
    await expect(body.locator("p").first()).toBeVisible();
    const sentence = await sentenceOf(body);
    expect(await occurrencesInDocument(page, href, sentence)).toBe(1);
    // Still there once React has taken over the page and re-rendered it (a comment sort, say).
    await expect(body).toContainText(sentence);
  });
}

test("a client navigation to an article and back brings its body", async ({ page, context }) => {
  await answeredBanners(context);
  await page.goto("/blog");
  await hydrated(page);
  const card = page.getByTestId("article-card").first().getByRole("heading").getByRole("link");
  const href = (await card.getAttribute("href"))!;
  const dataRequest = page.waitForRequest((r) => r.url().includes(".data"));
  await card.click();
  await dataRequest;
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  const body = page.locator(".article-body");
  await expect(body.locator("p").first()).toBeVisible();
  const sentence = await sentenceOf(body);
  await page.goBack();
  await expect(page.getByTestId("article-card").first()).toBeVisible();
  await page.goForward();
  await expect(page.locator(".article-body")).toContainText(sentence);
});

test("help article: the body is sent once", async ({ page, context }) => {
  await answeredBanners(context);
  await page.goto("/helps");
  const href = (await page.locator('main a[href^="/helps/"]').first().getAttribute("href"))!;
  await page.goto(href);
  await hydrated(page);
  const body = page.locator(".article-body");
  const sentence = await sentenceOf(body);
  expect(await occurrencesInDocument(page, href, sentence)).toBe(1);
});

test("faq: answers are sent once, searched by the filter, and shown again when it is cleared", async ({ page, context }) => {
  await answeredBanners(context);
  await page.goto("/faq");
  await hydrated(page);
  const items = page.getByTestId("faq-item");
  const all = await items.count();
  const questions = (await page.locator("details summary").allInnerTexts()).join(" ").toLowerCase();
  const answers = await page.locator("details .article-body").evaluateAll((els) => els.map((e) => e.textContent ?? ""));
  expect(
    answers.every((a) => a.trim().length > 0),
    "every answer has its markup",
  ).toBe(true);
  // A word only the answers hold: the filter can find it only by searching the answers' markup.
  const word = answers
    .flatMap((a) => a.toLowerCase().match(/[a-z]{7,}/g) ?? [])
    .find((w) => !questions.includes(w) && answers.filter((a) => a.toLowerCase().includes(w)).length < all);
  expect(word, "a word found only in some answers").toBeTruthy();
  expect(await occurrencesInDocument(page, "/faq", answers[0]!.trim().slice(0, 40))).toBe(1);

  await page.getByRole("main").getByRole("searchbox").fill(word!);
  await expect.poll(() => items.count()).toBeLessThan(all);
  await expect(items.first()).toBeVisible();
  await page.getByRole("main").getByRole("searchbox").fill("");
  await expect.poll(() => items.count()).toBe(all);
  // The answers the filter had removed are drawn again with their markup.
  const again = await page.locator("details .article-body").evaluateAll((els) => els.map((e) => e.textContent ?? ""));
  expect(again).toEqual(answers);
});

for (const [name, list, link] of [
  ["about", "/about-us", null],
  ["use case", "/scenarios", 'main a[href^="/scenarios/"]'],
  ["partner", "/partner", 'main a[href^="/partner/"]'],
] as const) {
  test(`${name}: markup written by people is sent once`, async ({ page, context }) => {
    await answeredBanners(context);
    await page.goto(list);
    const path = link ? (await page.locator(link).first().getAttribute("href"))! : list;
    await page.goto(path);
    await hydrated(page);
    const sentence = await sentenceOf(page.locator("[data-page-html]").first());
    expect(await occurrencesInDocument(page, path, sentence)).toBe(1);
    await expect(page.locator("[data-page-html]").first()).toContainText(sentence);
  });
}
