import type { Page } from "@playwright/test";
import { answeredBanners, BASE, expect, test } from "./fixtures";

const CLIENT_ID = "e2e-client.apps.googleusercontent.com";
const GOOGLE = `http://127.0.0.1:${process.env.E2E_GOOGLE_PORT ?? 3212}`;

/**
 * A stand-in for Google Identity Services that speaks its API (google.accounts.id.initialize with
 * client_id, nonce and callback; prompt()) and answers the prompt with an ID token the local key
 * set signed: for this client, or for another audience when the test wants a failure.
 */
async function standInGoogle(page: Page, audience: string) {
  await page.exposeFunction("__signIdToken", async (nonce: string) => {
    const res = await fetch(`${GOOGLE}/sign`, {
      method: "POST",
      body: JSON.stringify({ nonce, aud: audience, sub: `e2e-${Date.now()}` }),
    });
    return res.text();
  });
  await page.context().route("https://accounts.google.com/gsi/client", (route) =>
    route.fulfill({
      contentType: "application/javascript",
      body: `window.google = { accounts: { id: {
        initialize: function (options) { window.__gis = options; },
        prompt: function () {
          var o = window.__gis;
          if (!o || o.client_id !== ${JSON.stringify(CLIENT_ID)} || !o.nonce) return;
          window.__signIdToken(o.nonce).then(function (credential) { o.callback({ credential: credential, select_by: "user" }); });
        } } } };`,
    }),
  );
}

test("one-tap signs a visitor in and opens the application with a code it redeems once", async ({ page, context, request }) => {
  await answeredBanners(context);
  await standInGoogle(page, CLIENT_ID);
  await context.route("https://app.facetbrowser.example/**", (route) => route.fulfill({ contentType: "text/html", body: "<title>App</title>" }));
  const gis = page.waitForRequest("https://accounts.google.com/gsi/client");
  const started = Date.now();
  await page.goto("/Pricing?ref=partner42");
  await gis;
  // About three seconds after start, never in the page's critical path.
  expect(Date.now() - started).toBeGreaterThanOrEqual(2_500);
  const login = page.waitForRequest((r) => r.url().endsWith("/sys/user/passport/authorized-login"));
  const popup = page.waitForEvent("popup");
  const sent = await login;
  expect(sent.headers()["content-type"]).toMatch(/^multipart\/form-data/);
  const body = sent.postData() ?? "";
  for (const field of ["third_party", "invite_code", "language", "source", "referer", "third_party_action_type", "regParam", "redirect_data"]) {
    expect(body, field).toContain(`name="${field}"`);
  }
  expect(body).toContain("partner42");
  expect(body).not.toMatch(/eyJ[\w-]+\.eyJ/); // the ID token never travels in the clear
  const app = await popup;
  const t = new URL(app.url()).searchParams.get("t");
  expect(t).toMatch(/^[\w-]{43}$/);
  const first = await request.post(`${BASE}/sys/user/passport/redeem`, {
    data: { t },
  });
  expect(await first.json()).toMatchObject({
    code: 0,
    data: { user: { email: "e2e@example.com" } },
  });
  const again = await request.post(`${BASE}/sys/user/passport/redeem`, {
    data: { t },
  });
  expect(await again.json()).toMatchObject({ code: 10404 });
  // Signed in: the next page does not prompt again.
  let prompted = false;
  page.on("request", (r) => {
    if (r.url().startsWith("https://accounts.google.com/")) prompted = true;
  });
  await page.goto("/download");
  await page.waitForTimeout(3_500);
  expect(prompted).toBe(false);
});

test.describe("a refused sign-in", () => {
  // The browser logs the 400 answer itself.
  test.use({ expectedConsoleErrors: [/status of 400/] });
  for (const [lang, message] of [
    ["en", "Registration failed!"],
    ["zh", "注册失败！"],
  ] as const) {
    test(`a refused token shows "${message}" (${lang})`, async ({ page, context }) => {
      await answeredBanners(context);
      await standInGoogle(page, "someone-else.apps.googleusercontent.com");
      await page.goto(lang === "en" ? "/" : `/${lang}`);
      const answer = await page.waitForResponse((r) => r.url().endsWith("/sys/user/passport/authorized-login"));
      expect((await answer.json()).code).not.toBe(0);
      await expect(page.getByTestId("toast")).toContainText(message);
    });
  }
});
