import { expect, test } from "./fixtures";

const cases = [
  { path: "/", lang: "en", title: /Facet Browser.*Anti-Detect/i, heading: "One browser, many separate identities" },
  { path: "/zh", lang: "zh-Hans", title: /[\u4e00-\u9fff]/, heading: /[\u4e00-\u9fff]/ },
  { path: "/th", lang: "th", title: /[\u0e00-\u0e7f]/, heading: /[\u0e00-\u0e7f]/ },
] as const;

for (const c of cases) {
  test(`home renders in ${c.lang} with its <html lang> and title`, async ({ page }) => {
    const response = await page.goto(c.path);
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", c.lang);
    await expect(page).toHaveTitle(c.title);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(c.heading);
    await expect(page.getByTestId("company-facts")).toBeVisible();
  });
}

test("the language switcher moves between languages and keeps the page", async ({ page }) => {
  await page.goto("/about-us");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("About us");
  await page.getByTestId("language-switcher").locator("summary").click();
  await page.getByRole("link", { name: "简体中文", exact: true }).click();
  await expect(page).toHaveURL(/\/zh\/about-us$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hans");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/[\u4e00-\u9fff]/);
  // Internal links now carry the prefix.
  await expect(page.getByRole("contentinfo").getByRole("link").first()).toHaveAttribute("href", /^\/zh\//);

  await page.getByTestId("language-switcher").locator("summary").click();
  await page.getByRole("link", { name: "日本語", exact: true }).click();
  await expect(page).toHaveURL(/\/jp\/about-us$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");

  await page.getByTestId("language-switcher").locator("summary").click();
  await page.getByRole("link", { name: "English", exact: true }).click();
  await expect(page).toHaveURL(/\/about-us$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("About us");
});

test.describe("404 pages", () => {
  // The browser reports the document's own 404 status on the console.
  test.use({ expectedConsoleErrors: [/status of 404/] });

  test("an unknown path is a 404 page that names the path", async ({ page }) => {
    const response = await page.goto("/no/such/page-here");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(page.getByText("/no/such/page-here")).toBeVisible();
  });

  test("a 404 under a language prefix is in that language", async ({ page }) => {
    const response = await page.goto("/ru/nothing-here/at-all/really");
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/[\u0400-\u04ff]/);
  });
});

test("the mobile menu opens and navigates", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await page.getByRole("banner").locator("details summary").last().click();
  await page.getByRole("banner").getByRole("link", { name: "Pricing" }).click();
  await expect(page).toHaveURL(/\/Pricing$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pricing");
});
