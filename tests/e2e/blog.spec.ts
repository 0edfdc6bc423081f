import type { Page } from "@playwright/test";
import { answeredBanners, BASE, expect, hydrated, test } from "./fixtures";

test.beforeEach(async ({ context }) => answeredBanners(context));

async function openFirstArticle(page: Page) {
  const card = page.getByTestId("article-card").first();
  const title = (await card.getByRole("heading").textContent())!.trim();
  await card.getByRole("heading").getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  // The click above may have been a document navigation (before the list page hydrated).
  await hydrated(page);
  return title;
}

test("browse the blog: list, category, tag, pages", async ({ page }) => {
  await page.goto("/blog");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog");
  await expect(page.getByTestId("article-card")).toHaveCount(9);
  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/\/blog\?page=2$/);
  await expect(page.getByTestId("article-card").first()).toBeVisible();

  await page
    .getByRole("navigation", { name: "Categories" })
    .getByRole("link", { name: /Guides/ })
    .click();
  await expect(page).toHaveURL(/\/blog-guides$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Guides");
  await page.getByRole("navigation", { name: "Tags" }).getByRole("link", { name: "#Proxies" }).click();
  await expect(page).toHaveURL(/\/blog-guides\/proxies$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Guides: Proxies");
  for (const card of await page.getByTestId("article-card").all()) await expect(card).toContainText("#Proxies");
});

test.describe("missing pages", () => {
  test.use({ expectedConsoleErrors: [/status of 404/] });

  test("an unknown category or tag, or a missing article, is a 404 in the page's language", async ({ page }) => {
    expect((await page.goto("/blog-guides/no-such-tag"))?.status()).toBe(404);
    expect((await page.goto("/news-nothing"))?.status()).toBe(404);
    expect((await page.goto("/blog/999999"))?.status()).toBe(404);
    await expect(page.getByTestId("not-found-reason")).toHaveText("The article does not exist.");
    expect((await page.goto("/ru/blog/999999"))?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    await expect(page.getByTestId("not-found-reason")).toHaveText(/[\u0400-\u04ff]/);
  });
});

test("search with and without results", async ({ page }) => {
  await page.goto("/blog");
  await page.getByRole("searchbox", { name: "Search articles" }).fill("proxy");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/keyword=proxy/);
  await expect(page.getByTestId("search-summary")).toContainText("Search results for “proxy”");
  await expect(page.getByTestId("article-card").first()).toBeVisible();

  await page.getByRole("searchbox", { name: "Search articles" }).fill("qqxxzznothing");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("empty-list")).toContainText("No search results");
});

test("open an article: body, contents, neighbours, related, comments", async ({ page }) => {
  await page.goto("/blog");
  await openFirstArticle(page);
  await expect(page.getByTestId("toc").getByRole("link").first()).toBeVisible();
  await expect(page.locator(".article-body h2").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Related articles" })).toBeVisible();
  await expect(
    page
      .getByTestId("article")
      .locator("header")
      .getByText(/^Reads: \d+$/),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: /Previous article/ })).toBeVisible();
  const firstToc = page.getByTestId("toc").getByRole("link").first();
  const target = (await firstToc.getAttribute("href"))!;
  await firstToc.click();
  await expect(page).toHaveURL(new RegExp(`${target}$`));
});

test.describe("commenting", () => {
  // Rate limits are per visitor (address and browser): each test is its own visitor.
  // A refused comment is answered 400 or 429, which the browser logs as a failed load.
  test.use({ expectedConsoleErrors: [/status of 4(00|29)/], userAgent: "e2e-commenter-en" });

  test("post a comment; empty fields and rate limits are explained at the form; the text survives a failure", async ({ page }) => {
    await page.goto("/blog");
    await openFirstArticle(page);
    const comments = page.getByTestId("comments");
    let documents = 0;
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents++;
    });

    await comments.getByRole("button", { name: "Post comment" }).click();
    await expect(comments.getByTestId("comment-refused")).toHaveText("Content cannot be empty.");
    await expect(comments.getByTestId("comment-error-name")).toHaveText("Please enter your name.");
    await expect(comments.getByLabel("Name", { exact: true })).toBeFocused();

    const name = `E2E reader ${Date.now()}`;
    await comments.getByLabel("Name", { exact: true }).fill(name);
    await comments.getByLabel("Comment", { exact: true }).fill("Clear <b>explanation</b>, thanks!");
    await comments.getByRole("button", { name: "Post comment" }).click();
    await expect(comments.getByTestId("comment-posted")).toHaveText("Your comment has been posted.");
    await expect(comments.getByLabel("Comment", { exact: true })).toHaveValue("");
    const posted = comments.getByTestId("comment").first();
    await expect(posted).toContainText(name);
    // Markup in a comment is shown as typed, never rendered.
    await expect(posted).toContainText("Clear <b>explanation</b>, thanks!");
    await expect(posted.locator("b")).toHaveCount(0);

    // Keep posting until the burst limit answers; the typed text stays in the form.
    let limited = false;
    const stamp = Date.now().toString(36);
    for (let i = 0; i < 5 && !limited; i++) {
      await comments.getByLabel("Comment", { exact: true }).fill(`Follow-up ${stamp} number ${i}`);
      const answer = page.waitForResponse((r) => r.request().method() === "POST");
      await comments.getByRole("button", { name: "Post comment" }).click();
      if ((await answer).status() === 429) {
        await expect(comments.getByTestId("comment-refused")).toContainText(/Too many requests/);
        await expect(comments.getByLabel("Comment", { exact: true })).toHaveValue(`Follow-up ${stamp} number ${i}`);
        limited = true;
      } else {
        await expect(comments.getByTestId("comment").filter({ hasText: `Follow-up ${stamp} number ${i}` })).toHaveCount(1);
      }
    }
    expect(limited).toBe(true);
    // Sent by the page's scripts: the page never reloaded.
    expect(documents).toBe(0);
  });
});

test("load more comments until there are no more", async ({ page }) => {
  await page.goto("/blog");
  const cards = page.getByTestId("article-card");
  await openFirstArticle(page);
  const comments = page.getByTestId("comments");
  // Make sure there are more than one page of comments (5 per page): the previous test posted some.
  const shown = await comments.getByTestId("comment").count();
  if (await comments.getByRole("button", { name: "Load more comments" }).isVisible()) {
    await comments.getByRole("button", { name: "Load more comments" }).click();
    await expect.poll(() => comments.getByTestId("comment").count()).toBeGreaterThan(shown);
  }
  const loadMore = comments.getByRole("button", { name: "Load more comments" });
  while (await loadMore.isVisible()) {
    const before = await comments.getByTestId("comment").count();
    await loadMore.click();
    // The button is disabled while a page loads and goes once the last one is in.
    await expect.poll(() => comments.getByTestId("comment").count()).toBeGreaterThan(before);
    await expect(comments.getByRole("button", { name: "Load more comments", disabled: true })).toHaveCount(0);
  }
  await expect(comments.getByTestId("no-more-comments")).toHaveText("No more comments");
  expect(cards).toBeTruthy();
});

test("an article without comments says so", async ({ page }) => {
  await page.goto("/news");
  const cards = page.getByTestId("article-card");
  const count = await cards.count();
  let found = false;
  for (let i = 0; i < count && !found; i++) {
    await page.goto("/news");
    await page.getByTestId("article-card").nth(i).getByRole("heading").getByRole("link").click();
    await expect(page.getByTestId("article")).toBeVisible();
    found = await page.getByTestId("no-comments").isVisible();
  }
  expect(found).toBe(true);
  await expect(page.getByTestId("no-comments")).toContainText("No comments yet");
});

test.describe("in Chinese", () => {
  test.use({ expectedConsoleErrors: [/status of 400/], userAgent: "e2e-commenter-zh" });

  test("the same flow in Chinese", async ({ page }) => {
    await page.goto("/zh/blog");
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hans");
    await expect(page.getByTestId("article-card")).toHaveCount(9);
    await page.getByRole("main").getByRole("searchbox").fill("指纹");
    await page.getByRole("main").getByRole("searchbox").press("Enter");
    await expect(page.getByTestId("search-summary")).toContainText("指纹");
    await expect(page.getByTestId("article-card").first()).toBeVisible();
    await openFirstArticle(page);
    await expect(page).toHaveURL(/\/zh\/blog\/\d+/);
    const comments = page.getByTestId("comments");
    await comments
      .getByRole("button")
      .filter({ hasText: /发表|提交/ })
      .click();
    await expect(comments.getByTestId("comment-refused")).toContainText("内容不能为空");
    await comments.getByRole("textbox").first().fill("测试读者");
    await comments.getByRole("textbox").nth(1).fill("写得很清楚，谢谢！");
    await comments
      .getByRole("button")
      .filter({ hasText: /发表|提交/ })
      .click();
    await expect(comments.getByTestId("comment").first()).toContainText("写得很清楚，谢谢！");
  });
});

test.describe("preview links", () => {
  test.use({ expectedConsoleErrors: [/status of 404/] });

  test("a forged or expired preview token is a 404 with the article message", async ({ page }) => {
    const { execFileSync } = await import("node:child_process");
    const out = execFileSync("npx", ["tsx", "scripts/content-preview.ts", "en/blog/fingerprint-report-2027"], {
      env: { ...process.env, DATA_DIR: ".tmp/e2e-data", SITE_ORIGIN: BASE, LOG_LEVEL: "silent" },
      encoding: "utf8",
    });
    const link = new URL(out.trim().split("\n").pop()!);
    const [id, expiry, signature] = link.searchParams.get("preview")!.split(".");
    const forged = `${link.pathname}?preview=${id}.${Number(expiry) + 3_600_000}.${signature}`;
    expect((await page.goto(forged))?.status()).toBe(404);
    await expect(page.getByTestId("not-found-reason")).toHaveText("The article does not exist.");
    const expired = `${link.pathname}?preview=${id}.${Date.now() - 1000}.${signature}`;
    expect((await page.goto(expired))?.status()).toBe(404);
    expect((await page.goto(link.pathname))?.status()).toBe(404);
  });
});

test("an editor's preview link shows the draft with its banner, noindex and uncached", async ({ page }) => {
  const { execFileSync } = await import("node:child_process");
  const out = execFileSync("npx", ["tsx", "scripts/content-preview.ts", "en/blog/fingerprint-report-2027"], {
    env: { ...process.env, DATA_DIR: ".tmp/e2e-data", SITE_ORIGIN: BASE, LOG_LEVEL: "silent" },
    encoding: "utf8",
  });
  const link = out.trim().split("\n").pop()!;
  expect(link).toMatch(/\/blog\/\d+\?preview=/);
  const response = await page.goto(link);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["cache-control"]).toBe("no-store");
  await expect(page.getByTestId("preview-banner")).toContainText("expires in 10 minutes");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
});
