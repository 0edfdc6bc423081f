import { execFileSync } from "node:child_process";
import type { APIRequestContext, Page } from "@playwright/test";
import { answeredBanners, BASE, expect, test } from "./fixtures";

/**
 * The public site's own forms with scripts off (issue 29): an article's comment form and the
 * "leave us a message" form post to their page's action, which runs the API's endpoint, and the
 * page comes back with the outcome: the comment in the list (read back from the API too) or the
 * message's reference; a refused form shows what was typed and each field's error beside it.
 */
// A refused form is answered 400 (or 429), which the browser logs as a failed load.
test.use({ javaScriptEnabled: false, expectedConsoleErrors: [/status of 400/] });
test.beforeEach(async ({ context }) => answeredBanners(context));

/** The newest blog article's address and id, from the list's first card. */
async function firstArticle(page: Page): Promise<{ path: string; id: number }> {
  await page.goto("/blog");
  const href = (await page.getByTestId("article-card").first().getByRole("heading").getByRole("link").getAttribute("href"))!;
  return { path: href, id: Number(/\/blog\/(\d+)/.exec(href)![1]) };
}

async function commentsOf(request: APIRequestContext, id: number): Promise<string[]> {
  const answer = await request.get(`/api/home/article-comment-list?lang=en&article_id=${id}&page=1&page_size=50`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: { list: { content: string }[] } }).data.list.map((c) => c.content);
}

/**
 * The staff inbox's record of a message, read through the staff API: a support account made by
 * the command line (scripts/staff-create.ts), given a password and signed in.
 */
async function inboxMessage(request: APIRequestContext, reference: string) {
  const email = `inbox-${Date.now().toString(36)}@example.com`;
  const printed = execFileSync("node_modules/.bin/tsx", ["scripts/staff-create.ts", email, "--role", "support"], {
    env: { ...process.env, DATA_DIR: ".tmp/e2e-data", SITE_ORIGIN: BASE, LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  const token = new URL(/https?:\/\/\S+set-password\?token=\S+/.exec(printed)![0]).searchParams.get("token")!;
  const password = "a sentence only the inbox knows";
  expect((await request.post("/api/admin/password", { data: { lang: "en", token, password } })).status()).toBe(200);
  expect((await request.post("/api/admin/sign-in", { data: { lang: "en", email, password } })).status()).toBe(200);
  const list = await request.get("/api/admin/inbox/messages?lang=en&status=all&page=1&page_size=50");
  expect(list.status()).toBe(200);
  const found = ((await list.json()) as { data: { list: { id: number; reference: string }[] } }).data.list.find((m) => m.reference === reference);
  expect(found, `${reference} in the staff inbox`).toBeDefined();
  const detail = await request.get(`/api/admin/inbox/message?lang=en&id=${found!.id}`);
  return ((await detail.json()) as { data: { name: string; contact: string; message: string; page_url: string; lang: string } }).data;
}

test.describe("an article's comment form", () => {
  test("posts a comment, which the page shows and the API reads back", async ({ page, request }) => {
    const article = await firstArticle(page);
    await page.goto(article.path);
    const form = page.getByTestId("comment-form");
    const text = `Posted without scripts ${Date.now()}`;
    await form.getByLabel("Name", { exact: true }).fill("No-script reader");
    await form.getByLabel("Comment", { exact: true }).fill(text);
    const answer = page.waitForResponse((r) => r.request().method() === "POST");
    await form.getByRole("button", { name: "Post comment" }).click();
    expect((await answer).status()).toBe(200);

    // The answer opens at the form, which says so, keeps the name and empties the comment.
    await expect(page).toHaveURL(new RegExp(`${article.path}#comment-form$`));
    await expect(page.getByTestId("comment-posted")).toHaveText("Your comment has been posted.");
    await expect(form.getByLabel("Name", { exact: true })).toHaveValue("No-script reader");
    await expect(form.getByLabel("Comment", { exact: true })).toHaveValue("");
    await expect(page.getByTestId("comment").filter({ hasText: text })).toHaveCount(1);
    expect(await commentsOf(request, article.id)).toContain(text);
  });

  test("refuses an empty name, keeping the comment typed and saying why beside the field", async ({ page, request }) => {
    const article = await firstArticle(page);
    await page.goto(article.path);
    const form = page.getByTestId("comment-form");
    const text = `Nameless without scripts ${Date.now()}`;
    await form.getByLabel("Comment", { exact: true }).fill(text);
    const answer = page.waitForResponse((r) => r.request().method() === "POST");
    await form.getByRole("button", { name: "Post comment" }).click();
    expect((await answer).status()).toBe(400);

    const name = form.getByLabel("Name", { exact: true });
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveAttribute("aria-describedby", "comment-name-error");
    await expect(page.locator("#comment-name-error")).toHaveText("Please enter your name.");
    await expect(form.getByRole("alert")).toHaveText("Please enter your name.");
    await expect(form.getByLabel("Comment", { exact: true })).toHaveValue(text);
    await expect(form.getByLabel("Comment", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
    expect(await commentsOf(request, article.id)).not.toContain(text);
  });
});

test.describe("leave us a message", () => {
  test("the chat button leads to the contact page, whose form sends the message and shows its reference", async ({ page, request }) => {
    await page.goto("/th/Pricing");
    await page.getByTestId("chat-button").click();
    await expect(page).toHaveURL(/\/th\/contact$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "th");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");

    await page.goto("/contact");
    const form = page.getByTestId("contact-form");
    await form.getByLabel("Your name").fill("Somchai");
    await form.getByLabel("E-mail, phone or messenger").fill("somchai@example.com");
    await form.getByLabel("Message", { exact: true }).fill("Do you offer discounts for teams of 20?");
    const answer = page.waitForResponse((r) => r.request().method() === "POST");
    await form.getByRole("button", { name: "Send message" }).click();
    expect((await answer).status()).toBe(200);

    const sent = page.getByTestId("message-sent");
    await expect(form.getByRole("heading", { name: "Message sent" })).toBeVisible();
    // The reference the endpoint stored the message under (MS…, server/services/chat.server.ts).
    await expect(sent).toContainText(/Your reference is MS\S+; we will reply to somchai@example\.com\./);
    const reference = /Your reference is (MS\S+);/.exec((await sent.textContent())!)![1]!;
    expect(await inboxMessage(request, reference)).toMatchObject({
      name: "Somchai",
      contact: "somchai@example.com",
      message: "Do you offer discounts for teams of 20?",
      page_url: "/contact",
      lang: "en",
    });
    await sent.getByRole("link", { name: "Write another message" }).click();
    await expect(form.getByLabel("Your name")).toHaveValue("");
  });

  test("refuses empty and missing fields, each error beside its field, keeping what was typed", async ({ page }) => {
    await page.goto("/contact");
    const form = page.getByTestId("contact-form");
    await form.getByLabel("Your name").fill("Dana");
    await form.getByLabel("Message", { exact: true }).fill("   ");
    const answer = page.waitForResponse((r) => r.request().method() === "POST");
    await form.getByRole("button", { name: "Send message" }).click();
    expect((await answer).status()).toBe(400);

    await expect(form.getByLabel("Your name")).toHaveValue("Dana");
    await expect(form.getByLabel("Your name")).not.toHaveAttribute("aria-invalid", "true");
    for (const field of ["contact", "message"]) {
      await expect(page.locator(`#message-${field}`)).toHaveAttribute("aria-invalid", "true");
      await expect(page.locator(`#message-${field}`)).toHaveAttribute("aria-describedby", new RegExp(`message-error-${field}`));
      await expect(page.getByTestId(`message-error-${field}`)).toHaveText("This field cannot be empty.");
    }
    await expect(form.getByRole("alert")).toHaveText("This field cannot be empty.");
    await expect(page.getByTestId("message-sent")).toHaveCount(0);
  });
});
