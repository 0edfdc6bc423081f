import fs from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { answeredBanners, expect, hydrated, test } from "./fixtures";

const standIn = (name: string) => fs.readFileSync(path.resolve("tests/e2e/stand-ins", name), "utf8");

/** The third parties, played locally: the configured widget addresses answer with the stand-ins. */
async function serveWidgets(context: BrowserContext, which: { sales?: boolean; easemob?: boolean }) {
  await context.route("https://chat.facetbrowser.example/**", (route) =>
    which.sales ? route.fulfill({ contentType: "application/javascript", body: standIn("sales-chat.js") }) : route.abort("blockedbyclient"),
  );
  await context.route("https://kefu.easemob.com/**", (route) =>
    which.easemob ? route.fulfill({ contentType: "application/javascript", body: standIn("easemob.js") }) : route.abort("blockedbyclient"),
  );
}

async function visit(page: Page, pathname: string, ip: string) {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": ip });
  await page.goto(pathname);
  await hydrated(page);
}

test("nothing of the chat loads until the visitor asks for it", async ({ page, context }) => {
  await answeredBanners(context);
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script" && !r.url().startsWith("http://127.0.0.1")) scripts.push(r.url());
  });
  await serveWidgets(context, { sales: true, easemob: true });
  const configured = page.waitForResponse((r) => r.url().includes("/api/third/chat/config"));
  await visit(page, "/Pricing", "8.8.8.8");
  await configured;
  await page.waitForTimeout(700);
  expect(scripts).toEqual([]);
  await page.getByTestId("chat-button").click();
  await expect(page.getByTestId("sales-chat-window")).toBeVisible();
  expect(scripts).toEqual(["https://chat.facetbrowser.example/sales-widget.js"]);
});

test("human chat: the choice sends a visitor outside China to the sales chat", async ({ page, context }) => {
  await answeredBanners(context);
  await serveWidgets(context, { sales: true, easemob: true });
  await visit(page, "/", "8.8.8.8");
  const choose = page.waitForResponse((r) => r.url().includes("/api/third/chat/choose"));
  await page.getByTestId("chat-button").click();
  expect(await (await choose).json()).toMatchObject({ data: { type: "ss" } });
  await expect(page.getByTestId("sales-chat-window")).toBeVisible();
  await expect(page.getByTestId("easemob-window")).toHaveCount(0);
});

test("human chat: a visitor from China gets easemob, and the sales chat when easemob is missing", async ({ page, context }) => {
  await answeredBanners(context);
  await serveWidgets(context, { sales: true, easemob: true });
  await visit(page, "/", "1.2.4.8");
  await page.getByTestId("chat-button").click();
  await expect(page.getByTestId("easemob-window")).toBeVisible();

  const other = await context.browser()!.newContext({ baseURL: page.url() });
  await answeredBanners(other);
  await serveWidgets(other, { sales: true, easemob: false });
  const second = await other.newPage();
  second.on("console", (m) => {
    if (m.type() === "error" && !/Failed to load resource/.test(m.text())) throw new Error(m.text());
  });
  await visit(second, "/", "1.2.4.8");
  await second.getByTestId("chat-button").click();
  await expect(second.getByTestId("sales-chat-window")).toBeVisible();
  await other.close();
});

test("HUAN_XIN (Chinese pages) loads the fixed easemob script", async ({ page, context }) => {
  await answeredBanners(context);
  await serveWidgets(context, { easemob: true });
  await visit(page, "/zh", "1.2.4.8");
  const easemob = page.waitForRequest("https://kefu.easemob.com/webim/easemob.js");
  await page.getByTestId("chat-button").click();
  await easemob;
  await expect(page.getByTestId("easemob-window")).toBeVisible();
});

test.describe("when no widget can load", () => {
  test.use({ expectedConsoleErrors: [/Failed to load resource/] });

  test("the chat button opens the message form, which explains mistakes and sends it through the contact page", async ({ page, context }) => {
    await answeredBanners(context);
    await serveWidgets(context, {});
    await visit(page, "/th/Pricing", "8.8.8.8");
    await page.getByTestId("chat-button").click();
    const dialog = page.getByTestId("leave-message");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading")).toHaveText(/\S/);
    await page.getByTestId("message-submit").click();
    await expect(page.getByTestId("message-error-name")).toBeVisible();
    await expect(dialog.locator("#message-name")).toBeFocused();
    await dialog.locator("#message-name").fill("Somchai");
    await dialog.locator("#message-contact").fill("somchai@example.com");
    await dialog.locator("#message-message").fill("Do you offer discounts for teams of 20?");
    // Posted to the contact page's action (the language's), which runs the API's endpoint.
    const sent = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByTestId("message-submit").click();
    expect(new URL((await sent).url()).pathname).toBe("/th/contact.data");
    await expect(page).toHaveURL(/\/th\/Pricing$/);
    await expect(page.getByTestId("message-sent")).toContainText(/MS\S+/);
    await expect(page.getByTestId("message-sent")).toContainText("somchai@example.com");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 800 }, hasTouch: true, isMobile: true });

  test("closing the chat reloads the page", async ({ page, context }) => {
    await answeredBanners(context);
    await serveWidgets(context, { sales: true });
    await visit(page, "/ru", "8.8.8.8");
    await page.getByTestId("chat-button").click();
    await expect(page.getByTestId("sales-chat-window")).toBeVisible();
    const reload = page.waitForEvent("load");
    await page.getByTestId("sales-chat-close").click();
    await reload;
    await expect(page.getByTestId("sales-chat-window")).toHaveCount(0);
  });
});
