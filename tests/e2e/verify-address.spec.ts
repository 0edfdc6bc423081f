/**
 * /verify's "Is this address ours?" (issue 31): lookalikes flagged with their reasons, the official
 * hosts (this server's SITE_ORIGIN and LANGUAGE_HOSTS of another mode, playwright.config.ts) passed,
 * in en, zh and th, with scripts (as the visitor types, nothing sent) and without (the GET form).
 */
import type { Page, Request } from "@playwright/test";
import { BASE, answeredBanners, expect, hydrated, test } from "./fixtures";

const CYRILLIC_A = "f\u0430cetbrowser.com";

test.beforeEach(async ({ context }) => {
  await answeredBanners(context);
});

/** Types an address and waits for its verdict. */
async function check(page: Page, address: string) {
  const input = page.getByTestId("address-input");
  await input.fill(address);
  const verdict = page.getByTestId("address-verdict");
  // The verdict follows a pause in the typing: wait for this address's.
  await expect(verdict).toHaveAttribute("data-input", address);
  return verdict;
}

async function reasonsOf(page: Page): Promise<string[]> {
  return page
    .getByTestId("verdict-reasons")
    .locator("li[data-reason]")
    .evaluateAll((els) => els.map((el) => el.getAttribute("data-reason")!));
}

for (const lang of ["en", "zh", "th"] as const) {
  test(`lookalikes are flagged and the official hosts pass, as the visitor types (${lang})`, async ({ page, context }) => {
    const requests: Request[] = [];
    context.on("request", (r) => requests.push(r));
    await page.goto(lang === "en" ? "/verify" : `/${lang}/verify`);
    await hydrated(page);
    const sentBefore = requests.length;

    let verdict = await check(page, "facetbrowsr.com");
    await expect(verdict).toHaveAttribute("data-status", "suspicious");
    expect(await reasonsOf(page)).toEqual(["lookalike"]);
    await expect(verdict.locator('[data-reason="lookalike"]')).toContainText("facetbrowser.com");

    verdict = await check(page, "https://facetbrowser.com.evil.io/download");
    await expect(verdict).toHaveAttribute("data-status", "suspicious");
    expect(await reasonsOf(page)).toEqual(["nameInside"]);
    await expect(verdict.getByTestId("verdict-owner")).toHaveText("evil.io");
    await expect(verdict.locator('[data-reason="nameInside"]')).toContainText("evil.io");

    verdict = await check(page, `https://${CYRILLIC_A}/login`);
    await expect(verdict).toHaveAttribute("data-status", "suspicious");
    expect(await reasonsOf(page)).toEqual(expect.arrayContaining(["mixedScripts", "confusable"]));
    // The offending letter is pointed out with its code point, and the name shown in its xn-- form.
    await expect(verdict.locator('[data-reason="confusable"]').getByTestId("verdict-character")).toContainText("U+0430");
    await expect(verdict.getByTestId("verdict-ascii")).toHaveText(/^xn--/);
    // Its owner is named as sent, since in Unicode it would read exactly like ours.
    await expect(verdict.getByTestId("verdict-owner")).toHaveText(/^xn--.*\.com$/);

    // The hosts the server is configured with: this mode's origin and another mode's hosts.
    for (const official of [`${BASE}/download`, "https://www.facetbrowser.com/verify", "www.facetbrowser.cn", "https://t.me/facetbrowser"]) {
      verdict = await check(page, official);
      await expect(verdict, official).toHaveAttribute("data-status", "official");
      await expect(verdict.getByTestId("verdict-channel")).toBeVisible();
    }
    // The page lists the same channels.
    const listed = await page.getByTestId("official-channel").allTextContents();
    for (const host of ["www.facetbrowser.com", "www.facetbrowser.cn", "127.0.0.1", "t.me/facetbrowser", "support@facetbrowser.com"]) {
      expect(listed.join(" "), host).toContain(host);
    }

    // Nothing was sent while checking: the form is not submitted, no request carries the address,
    // and none ever goes to a pasted host.
    await page.getByTestId("address-check").locator("button[type=submit]").click();
    await expect(page).toHaveURL(/\/verify$/);
    await expect(page.getByTestId("address-verdict")).toBeVisible();
    // (The page's own deferred widgets load meanwhile; none of them carries the address.)
    const pasted = /facetbrowsr|evil\.io|xn--|facetbrowser\.(com|cn)|t\.me|address=/;
    expect(
      requests
        .slice(sentBefore)
        .filter((r) => pasted.test(r.url()) || r.method() !== "GET")
        .map((r) => r.url()),
    ).toEqual([]);
    expect(requests.filter((r) => pasted.test(new URL(r.url()).host)).map((r) => r.url())).toEqual([]);
  });
}

test.describe("without scripts", () => {
  test.use({ javaScriptEnabled: false });

  test("the GET form answers from the server, and that answer is neither cached nor indexed", async ({ page }) => {
    await page.goto("/zh/verify");
    await page.getByTestId("address-input").fill(CYRILLIC_A);
    await page.getByTestId("address-input").press("Enter");
    await expect(page).toHaveURL(/\/zh\/verify\?address=/);
    const verdict = page.getByTestId("address-verdict");
    await expect(verdict).toHaveAttribute("data-status", "suspicious");
    expect(await reasonsOf(page)).toEqual(expect.arrayContaining(["mixedScripts", "confusable"]));

    const answer = await page.request.get(`/verify?address=${encodeURIComponent("www.facetbrowser.com")}`);
    expect(answer.headers()["cache-control"]).toMatch(/no-store/);
    expect(answer.headers()["x-robots-tag"]).toMatch(/noindex/);
    expect(answer.headers()["x-cache"]).toBeUndefined();
    expect(await answer.text()).toContain('data-status="official"');
    // The page itself, asked about nothing, is shared and indexed.
    const plain = await page.request.get("/verify");
    expect(plain.headers()["cache-control"]).toMatch(/public/);
    expect(await plain.text()).not.toContain("noindex");
  });
});

test("the download page links to /verify", async ({ page }) => {
  await page.goto("/download");
  await page.getByTestId("download-verify-link").click();
  await expect(page).toHaveURL(/\/verify$/);
  await expect(page.getByTestId("address-check")).toBeVisible();
});
