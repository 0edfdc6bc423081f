import { formatPrice } from "../../app/lib/format/format-number";
import { answeredBanners, BASE, expect, hydrated, test } from "./fixtures";
import { USE_CASE_CHAIN as CHAIN } from "../support/use-case-chain";

/** Digits only: the browser's and Node's currency formats may differ in spaces, not in figures. */
const digits = (text: string | null) => (text ?? "").replace(/\D/g, "");

for (const lang of ["en", "zh", "ru"] as const) {
  const prefix = lang === "en" ? "" : `/${lang}`;

  test(`use cases: the index links every case and next/previous walk the whole chain (${lang})`, async ({ page, context }) => {
    await answeredBanners(context);
    await page.goto(`${prefix}/scenarios`);
    const links = page.getByTestId("use-case-index").getByRole("link");
    await expect(links).toHaveCount(13);
    await hydrated(page);
    await links.first().click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/scenarios/traffic$`));
    await expect(page.getByTestId("use-case-prev")).toHaveCount(0);
    const seen = ["traffic"];
    for (const expected of CHAIN.slice(1)) {
      await page.getByTestId("use-case-next").click();
      await expect(page).toHaveURL(new RegExp(`/scenarios/${expected}$`));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByTestId("use-case-features").getByRole("listitem").first()).toBeVisible();
      seen.push(expected);
    }
    expect(seen).toEqual(CHAIN);
    await expect(page.getByTestId("use-case-next")).toHaveCount(0);
    await page.getByTestId("use-case-prev").click();
    await expect(page).toHaveURL(/\/scenarios\/ticketing$/);
    // Calls to download, pricing and a demo.
    for (const to of ["/download", "/Pricing", "/pre-sales"]) await expect(page.locator(`main a[href="${prefix}${to}"]`).first()).toBeVisible();
  });

  test(`partners: filter by type and region in the URL, then open a partner (${lang})`, async ({ page, context }) => {
    await answeredBanners(context);
    await page.goto(`${prefix}/partner`);
    await hydrated(page);
    const cards = page.getByTestId("partner-card");
    await expect(cards).toHaveCount(12);

    await page.getByTestId("type-filter").locator('a[data-slug="proxy"]').click();
    await expect(page).toHaveURL(/[?&]type=proxy/);
    const proxyCount = Number(digits(await page.getByTestId("type-filter").locator('a[data-slug="proxy"]').textContent()));
    await expect(cards).toHaveCount(proxyCount);

    await page.getByTestId("region-filter").locator('a[data-slug="europe"]').click();
    await expect(page).toHaveURL(/type=proxy/);
    await expect(page).toHaveURL(/region=europe/);
    const both = Number(digits(await page.getByTestId("region-filter").locator('a[data-slug="europe"]').textContent()));
    expect(both).toBeGreaterThan(0);
    expect(both).toBeLessThan(proxyCount);
    await expect(cards).toHaveCount(both);
    await expect(page.getByTestId("partner-count")).toContainText(String(both));

    // The filtered address is a real page on its own (crawlable), with the same result.
    const direct = await context.newPage();
    await direct.goto(page.url());
    await expect(direct.getByTestId("partner-card")).toHaveCount(both);
    await direct.close();

    const name = await cards.first().getByRole("link").textContent();
    await cards.first().getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/partner/\\d+$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name!);
    await expect(page.getByTestId("partner-offer")).not.toBeEmpty();
    await expect(page.getByTestId("partner-regions")).toContainText(/\S/);
    const website = page.getByTestId("partner-website");
    await expect(website).toHaveAttribute("href", /^https:\/\//);
    await expect(website).toHaveAttribute("target", "_blank");
    await expect(website).toHaveAttribute("rel", /noopener/);
  });

  test(`partner programme: an invalid application is explained, a valid one is confirmed (${lang})`, async ({ page, context }) => {
    await answeredBanners(context);
    await page.goto(`${prefix}/partner-plan`);
    await hydrated(page);
    await expect(page.getByTestId("partner-steps").getByRole("listitem")).toHaveCount(3);
    const form = page.getByTestId("application-form");
    await page.getByTestId("application-submit").click();
    await expect(page.getByTestId("apply-error-company")).toBeVisible();
    await expect(form.locator("#apply-company")).toBeFocused();

    await form.locator("#apply-company").fill("Northwind Analytics");
    await form.locator("#apply-name").fill("Dana Kim");
    await form.locator("#apply-email").fill("dana@");
    await form.locator("#apply-website").fill("northwind-analytics.example");
    await page.getByTestId("application-submit").click();
    await expect(page.getByTestId("apply-error-email")).toBeVisible();
    await expect(form.locator("#apply-email")).toHaveAttribute("aria-invalid", "true");

    await form.locator("#apply-email").fill("dana@northwind-analytics.example");
    await form.locator("#apply-type").selectOption("agency");
    await page.getByTestId("apply-regions").getByRole("checkbox").nth(3).check();
    await form.locator("#apply-message").fill("We run ads for 40 brands and want to offer our clients isolated profiles.");
    // Posted to the page's action (docs/decisions/0034), which runs the API's own declaration.
    const sent = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith(`${prefix}/partner-plan`));
    await page.getByTestId("application-submit").click();
    const response = await sent;
    expect(response.status()).toBe(200);
    // The scheme the visitor left out was added before sending.
    expect(new URLSearchParams(response.request().postData()!).get("website")).toBe("https://northwind-analytics.example");
    await expect(page.getByTestId("application-sent")).toContainText(/[A-Z]{2}-[A-Z2-9]{8}/);
  });

  test(`referral: the calculator's figure is the commission on prices from the price endpoint (${lang})`, async ({ page, context, request }) => {
    await answeredBanners(context);
    await page.goto(`${prefix}/referral-program`);
    await hydrated(page);
    const config = (await (await request.get(`${BASE}/api/home/referral-config?lang=${lang}`)).json()).data;
    const percent: number = config.commission_percent;
    const price = async (plan: string, profiles: number, billing: string) =>
      (await (await request.post(`${BASE}/api/payment/official-site/price`, { form: { lang, plan, profiles: String(profiles), billing } })).json()).data
        .total as number;
    const money = (value: number) => digits(formatPrice(value, lang));

    // An example: Pro with 300 profiles, yearly, 7 referrals a month.
    await page.getByTestId("calculator-examples").getByRole("radio").nth(3).check();
    await page.getByTestId("calculator-count").fill("7");
    const pro300 = await price("pro", 300, "yearly");
    const month = Math.round((pro300 * 100 * 7 * percent) / 100) / 100;
    await expect(page.getByTestId("commission-month")).toHaveText(new RegExp(`.`));
    await expect.poll(async () => digits(await page.getByTestId("commission-month").textContent())).toBe(money(month));
    await expect.poll(async () => digits(await page.getByTestId("commission-year").textContent())).toBe(money(Math.round(month * 1200) / 100));

    // An own mix with a monthly subscription the page did not know: priced by the endpoint.
    await page.getByTestId("calculator-tab-custom").click();
    const rows = page.getByTestId("calculator-row");
    await expect(rows).toHaveCount(2);
    const call = page.waitForResponse(
      (r) => r.url().endsWith("/api/payment/official-site/price") && (r.request().postData() ?? "").includes("billing=monthly"),
    );
    await rows.nth(1).getByTestId("row-billing").selectOption("monthly");
    await call;
    await rows.nth(0).getByTestId("row-count").fill("4");
    await rows.nth(1).getByTestId("row-count").fill("10");
    const first = config.examples[0];
    const second = config.examples[1];
    const totalCents =
      Math.round((await price(first.plan, first.profiles, "yearly")) * 100) * 4 + Math.round((await price(second.plan, second.profiles, "monthly")) * 100) * 10;
    const mixMonth = Math.round((totalCents * percent) / 100) / 100;
    await expect.poll(async () => digits(await page.getByTestId("commission-month").textContent())).toBe(money(mixMonth));
    await expect(page.getByTestId("payout-methods").getByRole("listitem")).toHaveCount(lang === "zh" ? 4 : 3);
  });
}

test("the chat-app solution page names the apps and leads to pricing", async ({ page, context }) => {
  await answeredBanners(context);
  await page.goto("/th/solutions/chat-apps");
  await expect(page.getByTestId("solution-apps")).toContainText("LINE");
  await hydrated(page);
  await page.getByTestId("solution-pricing").click();
  await expect(page).toHaveURL(/\/th\/Pricing$/);
});

test("the home page links every use case and the chat-app solution", async ({ page, context }) => {
  await answeredBanners(context);
  await page.goto("/");
  for (const slug of CHAIN) await expect(page.locator(`main a[href="/scenarios/${slug}"]`)).toHaveCount(1);
  await expect(page.locator('main a[href="/solutions/chat-apps"]')).toHaveCount(1);
});

test("an empty filter combination says so and offers the way back", async ({ page, context }) => {
  await answeredBanners(context);
  await page.goto("/partner?type=education&region=africa");
  await expect(page.getByTestId("partner-empty")).toBeVisible();
  await expect(page.getByTestId("partner-empty").getByRole("link")).toHaveAttribute("href", "/partner");
});
