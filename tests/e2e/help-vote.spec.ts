/**
 * The help vote is a form posted to its page's action (docs/decisions/0034): it counts with and
 * without scripts, through the same endpoint declaration as /api/help/article/solve.
 */
import type { Page } from "@playwright/test";
import { answeredBanners, expect, hydrated, test } from "./fixtures";

async function openHelpArticle(page: Page, prefix = ""): Promise<number> {
  await page.goto(`${prefix}/helps`);
  const link = page.getByTestId("help-article-item").first().getByRole("link").first();
  const href = (await link.getAttribute("href")) ?? "";
  await page.goto(href);
  return Number(href.split("/").pop());
}

/** The vote and counts this visitor's cookies have, read back from the database through the API. */
async function storedVote(page: Page, id: number) {
  const answer = await page.request.post("/api/help/article/view", { data: { lang: "en", id } });
  return ((await answer.json()) as { data: { vote: string | null; unsolved_count: number; solved_count: number } }).data;
}

test.describe("without scripts", () => {
  test.use({ javaScriptEnabled: false, expectedConsoleErrors: [/status of 400/] });
  test.beforeEach(async ({ context }) => answeredBanners(context));

  test("the first vote asks for the cookie, the second counts, and what was missing is sent", async ({ page }) => {
    const id = await openHelpArticle(page);
    const before = await storedVote(page, id);
    const feedback = page.getByTestId("help-feedback");
    await feedback.getByRole("button", { name: "No, not yet" }).click();
    // A visitor without the vote cookie: refused (10400) with the cookie set, as the API does.
    await expect(page.getByTestId("help-feedback-error")).toHaveText(/allow cookies/);
    expect((await storedVote(page, id)).vote).toBeNull();

    await page.getByTestId("help-feedback").getByRole("button", { name: "No, not yet" }).click();
    await expect(page.getByTestId("help-feedback").getByRole("button", { name: "No, not yet" })).toHaveAttribute("aria-pressed", "true");
    const after = await storedVote(page, id);
    expect(after).toMatchObject({ vote: "unsolved", unsolved_count: before.unsolved_count + 1 });
    await expect(page.getByTestId("help-feedback-counts")).toContainText(`${after.unsolved_count} still needed help`);

    await page.getByLabel("What was missing? (optional)").fill("A screenshot of the proxy step");
    await page.getByTestId("help-feedback").getByRole("button", { name: "Send" }).click();
    await expect(page.getByTestId("help-feedback")).toContainText("Thank you. We read every answer.");

    // Answering again changes the vote; it is not a second one.
    await page.getByTestId("help-feedback").getByRole("button", { name: "Yes, it did" }).click();
    expect(await storedVote(page, id)).toMatchObject({ vote: "solved", solved_count: before.solved_count + 1, unsolved_count: before.unsolved_count });
  });
});

test.describe("with scripts", () => {
  test.beforeEach(async ({ context }) => answeredBanners(context));

  test("a vote in zh is sent without leaving the page, and counts at once", async ({ page }) => {
    let documents = 0;
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents++;
    });
    const id = await openHelpArticle(page, "/zh");
    await hydrated(page);
    const before = await storedVote(page, id);
    const feedback = page.getByTestId("help-feedback");
    await feedback.getByRole("button").first().click();
    await expect(feedback.getByRole("button").first()).toHaveAttribute("aria-pressed", "true");
    await expect.poll(async () => (await storedVote(page, id)).solved_count).toBe(before.solved_count + 1);
    expect(documents).toBe(2); // the list and the article: the vote itself loaded no page
  });
});
