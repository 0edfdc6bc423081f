import { answeredBanners, expect, hydrated, test } from "./fixtures";

const APP = "https://app.facetbrowser.example";

test.beforeEach(async ({ context }) => answeredBanners(context));

test("the header's Log in and Sign up open the application in the page's language with the referral the visitor came with", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/th/Pricing?ref=FRIEND42");
  await hydrated(page);
  const header = page.locator("header");
  await expect(header.getByRole("link", { name: "สมัครใช้งาน" })).toHaveAttribute("href", `${APP}/register?lang=th&ref=FRIEND42`);
  await expect(header.getByRole("link", { name: "เข้าสู่ระบบ" })).toHaveAttribute("href", `${APP}/login?lang=th&ref=FRIEND42`);
  // A later page of the visit still carries the referral.
  await page.goto("/zh/blog");
  await hydrated(page);
  await expect(page.getByTestId("header-sign-up")).toHaveAttribute("href", `${APP}/register?lang=zh&ref=FRIEND42`);
});

test("on a phone both are at the top of the menu, and Sign up stays in the header", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/ru");
  await hydrated(page);
  await expect(page.getByTestId("header-sign-up")).toBeVisible();
  await expect(page.getByTestId("header-sign-up")).toHaveText("Регистрация");
  await page.getByRole("banner").getByLabel("Открыть меню").click();
  const links = page.getByTestId("menu-account-links");
  await expect(links.getByRole("link", { name: "Войти" })).toHaveAttribute("href", `${APP}/login?lang=ru`);
  await expect(links.getByRole("link", { name: "Регистрация" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the links work before any script, in the page's language", async ({ page }) => {
    await page.goto("/jp/download");
    await expect(page.getByTestId("header-sign-up")).toHaveAttribute("href", `${APP}/register?lang=jp`);
  });
});
