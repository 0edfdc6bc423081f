import type { Page } from "@playwright/test";
import { answeredBanners, BASE, expect, hydrated, test } from "./fixtures";

/**
 * A page's scripts load after its first paint (docs/decisions/0026), so on a slow phone a visitor
 * types and chooses in a form before React hydrates it. What they entered must still be there, and
 * in the form's state, after hydration (app/lib/edits-before-hydration.ts): a controlled field
 * used to put the server's value back at its component's next render.
 *
 * Each test holds the client entry script back, fills the painted form, lets the script through,
 * then changes another field, which renders the form again, before it looks.
 */
async function holdHydration(page: Page): Promise<() => Promise<void>> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/entry\.client-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return async () => {
    release();
    await hydrated(page);
  };
}

test.beforeEach(async ({ context }) => {
  await answeredBanners(context);
});

test("pre-sales booking: a slot, typed details, a radio and a time chosen before hydration are kept and booked with", async ({ page, request }) => {
  const slots = (await (await request.get(`${BASE}/api/help/subscribe-list?lang=en`)).json()).data as {
    days: { date: string; slots: { id: number; status: string }[] }[];
  };
  const day = slots.days.find((d) => d.slots.some((s) => s.status === "bookable"))!;
  const slotId = day.slots.find((s) => s.status === "bookable")!.id;

  const hydrate = await holdHydration(page);
  await page.goto(`/pre-sales?date=${day.date}`);
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(false);
  await page.locator(`input[name="slot_id"][value="${slotId}"]`).check();
  await page.locator("#booking-company").fill("Acme before hydration");
  await page.locator('input[name="chat_app"][value="no"]').check();
  await page.locator("#booking-content").fill("Typed while the page was still loading.");
  await page.locator('select[name="contact_from"]').selectOption("14:30");
  await hydrate();

  await page.locator("#booking-account").fill("none");
  await expect(page.locator(`input[name="slot_id"][value="${slotId}"]`)).toBeChecked();
  await expect(page.getByTestId("booking-selected")).toContainText(/\d{2}:\d{2}/);
  await expect(page.locator("#booking-company")).toHaveValue("Acme before hydration");
  await expect(page.locator('input[name="chat_app"][value="no"]')).toBeChecked();
  await expect(page.locator("#booking-content")).toHaveValue("Typed while the page was still loading.");
  await expect(page.locator('select[name="contact_from"]')).toHaveValue("14:30");

  // The state holds them: the booking goes through with what was entered before hydration.
  await page.locator("#booking-phone").fill("138 0013 8000");
  await page.getByTestId("booking-form").getByRole("button", { name: "Book the consultation" }).click();
  await expect(page.getByTestId("booking-confirmation")).toBeVisible();
});

test("partner application: text, a type and a region entered before hydration are kept", async ({ page }) => {
  const hydrate = await holdHydration(page);
  await page.goto("/partner-plan");
  const form = page.getByTestId("application-form");
  await form.locator("#apply-company").fill("Northwind Analytics");
  await form.locator("#apply-type").selectOption("agency");
  await page.getByTestId("apply-regions").getByRole("checkbox").nth(2).check();
  await hydrate();

  await form.locator("#apply-name").fill("Dana Kim");
  await expect(form.locator("#apply-company")).toHaveValue("Northwind Analytics");
  await expect(form.locator("#apply-type")).toHaveValue("agency");
  await expect(page.getByTestId("apply-regions").getByRole("checkbox").nth(2)).toBeChecked();
  // Still in the state: the regions' error does not come up when the form is checked.
  await page.getByTestId("application-submit").click();
  await expect(page.getByTestId("apply-error-email")).toBeVisible();
  await expect(page.getByTestId("apply-error-regions")).toHaveCount(0);
});

test("referral calculator and pricing: an example, a count, members and a profile tier chosen before hydration decide the figures", async ({
  page,
  context,
}) => {
  const hydrate = await holdHydration(page);
  await page.goto("/referral-program");
  await page.getByTestId("calculator-examples").getByRole("radio").nth(3).check();
  await page.getByTestId("calculator-count").fill("7");
  await hydrate();
  await expect(page.getByTestId("calculator-examples").getByRole("radio").nth(3)).toBeChecked();
  await expect(page.getByTestId("calculator-count")).toHaveValue("7");

  // The same choices made after hydration give the same commission.
  const after = await context.newPage();
  await after.goto("/referral-program");
  await hydrated(after);
  await after.getByTestId("calculator-examples").getByRole("radio").nth(3).check();
  await after.getByTestId("calculator-count").fill("7");
  await expect(page.getByTestId("commission-month")).toHaveText((await after.getByTestId("commission-month").textContent())!);

  await page.unroute(/\/assets\/entry\.client-[^/]+\.js$/);
  const hydratePricing = await holdHydration(page);
  await page.goto("/Pricing");
  await page.getByTestId("members-input").fill("3");
  await page.getByTestId("profiles-pro").selectOption("300");
  await hydratePricing();
  // Taken into the state: written to the address and priced, as a change after hydration is.
  await expect(page).toHaveURL(/members=3/);
  await expect(page).toHaveURL(/pro=300/);
  await after.goto(new URL(page.url()).pathname + new URL(page.url()).search);
  await hydrated(after);
  await expect(page.getByTestId("price-pro-monthly")).toHaveText((await after.getByTestId("price-pro-monthly").textContent())!);
  await expect(page.getByTestId("members-input")).toHaveValue("3");
  await after.close();
});

test("faq: words typed in the filter before hydration filter the list once it hydrates", async ({ page }) => {
  const hydrate = await holdHydration(page);
  await page.goto("/faq");
  const all = await page.getByTestId("faq-item").count();
  await page.getByRole("main").getByRole("searchbox").fill("SOCKS5");
  await hydrate();
  await expect.poll(() => page.getByTestId("faq-item").count()).toBeLessThan(all);
  await expect(page.getByRole("main").getByRole("searchbox")).toHaveValue("SOCKS5");
});
