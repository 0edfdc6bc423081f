/**
 * The pre-sales booking, its manage page and the partner application with JavaScript off (issue 29,
 * docs/decisions/0034): each form posts to its page's action, which runs the API's own endpoint
 * declaration. A booking is chosen from the calendar's links, booked, read back from the database
 * through its manage page and the API, and cancelled; refused forms come back with what was typed
 * and each field's error beside it.
 */
import { execFileSync } from "node:child_process";
import type { APIRequestContext, Page } from "@playwright/test";
import { BASE, answeredBanners, expect, test } from "./fixtures";

test.use({ javaScriptEnabled: false });

test.beforeEach(async ({ context }) => {
  await answeredBanners(context);
});

type Days = {
  days: { date: string; slots: { id: number; status: string }[] }[];
};

/** The slots with a free place in the calendar the page opens on, first first. */
async function freeSlots(request: APIRequestContext): Promise<Array<{ date: string; slotId: number }>> {
  const { days } = (await (await request.get(`${BASE}/api/help/subscribe-list?lang=en`)).json()).data as Days;
  const free = days.flatMap((d) => d.slots.filter((s) => s.status === "bookable").map((s) => ({ date: d.date, slotId: s.id })));
  expect(free.length, "the seeded schedule has free places in the coming weeks").toBeGreaterThan(1);
  return free;
}
const firstFreeSlot = async (request: APIRequestContext) => (await freeSlots(request))[0]!;

/** Chooses the day as a visitor without scripts does: the month's arrow, then the day, both links. */
async function chooseDay(page: Page, date: string) {
  const calendar = page.getByTestId("booking-calendar");
  for (let months = 0; months < 3 && (await calendar.locator(`a[href="?date=${date}"]`).count()) === 0; months++) {
    await calendar.locator("a.rdp-button_next").click();
  }
  await calendar.locator(`a[href="?date=${date}"]`).click();
  await expect(page).toHaveURL(new RegExp(`date=${date}`));
}

async function fillBooking(page: Page, fields: { company: string; phone: string; content: string }) {
  const form = page.getByTestId("booking-form");
  await form.getByLabel("Company").fill(fields.company);
  await form.getByLabel("Your Facet Browser account").fill("none");
  await form.getByLabel("Contact phone").fill(fields.phone);
  await form.getByRole("radio", { name: "No", exact: true }).check();
  await form.getByLabel("What do you need?").fill(fields.content);
  await form.getByLabel("From").selectOption("14:30");
  await form.getByLabel("To").selectOption("16:00");
}

test("a booking made from the calendar's links is stored: its manage page and the API show it", async ({ page, request }) => {
  const { date, slotId } = await firstFreeSlot(request);
  await page.goto("/pre-sales");
  await chooseDay(page, date);
  await page.locator(`input[name="slot_id"][value="${slotId}"]`).check();
  await fillBooking(page, {
    company: "Acme without scripts",
    phone: "138 0013 8000",
    content: "Forty shops, booked with scripts off.",
  });
  await page.getByRole("button", { name: "Book the consultation" }).click();

  const confirmation = page.getByTestId("booking-confirmation");
  await expect(confirmation).toBeVisible();
  const reference = ((await page.getByTestId("booking-reference").textContent()) ?? "").match(/PS-[A-Z2-9]{8}/)?.[0];
  expect(reference).toBeTruthy();
  // The call window repeats what was sent.
  await expect(confirmation).toContainText("14:30");
  await expect(confirmation).toContainText("16:00");

  const manage = (await page.getByTestId("booking-manage").getAttribute("href"))!;
  const [, id, token] = /\/pre-sales\/booking\/(\d+)\?token=([^&]+)/.exec(manage)!;
  const stored = await request.get(`${BASE}/api/help/subscribe?lang=en&id=${id}&token=${token}`);
  expect(stored.status()).toBe(200);
  expect((await stored.json()).data).toMatchObject({
    reference,
    company: "Acme without scripts",
    status: "unsolved",
    slot: { id: slotId },
  });

  await page.getByTestId("booking-manage").click();
  await expect(page.getByTestId("manage-booking")).toContainText(reference!);
  await expect(page.getByTestId("manage-status")).toHaveText("Booked: we will contact you");
});

test("the same booking sent twice (a double press, a reload that posts again) is one booking; another from the same page is another", async ({
  page,
  request,
}) => {
  const [free, another] = await freeSlots(request);
  const { date, slotId } = free!;
  await page.goto(`/pre-sales?date=${date}`);
  // A visitor of its own: these posts spend two of the three bookings a visitor may make a day.
  const visitor = `198.19.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const nonce = await page.locator('input[name="form_nonce"]').inputValue();
  expect(nonce).toMatch(/^[\w-]{16,}$/);
  const form = {
    intent: "booking",
    form_nonce: nonce,
    slot_id: String(slotId),
    company: "Twice Ltd",
    account: "none",
    phone: "13800138000",
    chat_app: "yes",
    content: "Pressed twice.",
    contact_from: "14:00",
    contact_to: "15:00",
  };
  const send = async (fields: Record<string, string>) => {
    const response = await page.request.post(`/pre-sales?date=${date}`, {
      form: fields,
      headers: { origin: BASE, "x-forwarded-for": visitor },
    });
    expect(response.status()).toBe(200);
    return /PS-[A-Z2-9]{8}/.exec(await response.text())?.[0];
  };
  const first = await send(form);
  expect(first).toBeTruthy();
  expect(await send(form)).toBe(first);
  // Another booking sent from the same page (another place, other words) is not taken for the first.
  const other = await send({
    ...form,
    slot_id: String(another!.slotId),
    content: "A second, different request.",
  });
  expect(other).toBeTruthy();
  expect(other).not.toBe(first);
});

test.describe(() => {
  // A refused form answers 400, which the browser reports on its console.
  test.use({ expectedConsoleErrors: [/status of 400/] });

  test("a booking refused for a missing field comes back with what was typed and the field's error", async ({ page, request }) => {
    const { date, slotId } = await firstFreeSlot(request);
    await page.goto(`/pre-sales?date=${date}`);
    await page.locator(`input[name="slot_id"][value="${slotId}"]`).check();
    await fillBooking(page, {
      company: "Acme refused",
      phone: "",
      content: "The phone was left out.",
    });
    await page.getByRole("button", { name: "Book the consultation" }).click();

    const phone = page.getByTestId("booking-form").getByLabel("Contact phone");
    await expect(page.getByTestId("booking-error-phone")).toHaveText("This field cannot be empty.");
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    await expect(phone).toHaveAttribute("aria-describedby", /booking-error-phone/);
    await expect(page.getByTestId("booking-form-error")).toHaveAttribute("role", "alert");
    await expect(page.getByTestId("booking-form").getByLabel("Company")).toHaveValue("Acme refused");
    await expect(page.getByTestId("booking-form").getByLabel("What do you need?")).toHaveValue("The phone was left out.");
    await expect(page.getByTestId("booking-form").getByRole("radio", { name: "No", exact: true })).toBeChecked();
    await expect(page.getByTestId("booking-form").getByLabel("From")).toHaveValue("14:30");
    await expect(page.locator(`input[name="slot_id"][value="${slotId}"]`)).toBeChecked();

    // Filled in, the same form books.
    await phone.fill("139 0013 9000");
    await page.getByRole("button", { name: "Book the consultation" }).click();
    await expect(page.getByTestId("booking-confirmation")).toBeVisible();
  });
});

test("a booking is cancelled from its manage page, after the page asks", async ({ page, request }) => {
  const { slotId } = await firstFreeSlot(request);
  const made = await request.post(`${BASE}/api/help/subscribe-add`, {
    data: {
      lang: "en",
      slot_id: slotId,
      company: "Cancel Co",
      account: "none",
      phone: "13800138000",
      chat_app: "no",
      content: "To be cancelled.",
      contact_from: "14:00",
      contact_to: "15:00",
    },
  });
  const booking = (await made.json()).data as {
    id: number;
    manage_token: string;
  };
  await page.goto(`/pre-sales/booking/${booking.id}?token=${booking.manage_token}`);
  await expect(page.getByTestId("manage-status")).toHaveText("Booked: we will contact you");
  await page.getByRole("link", { name: "Cancel this booking" }).click();
  await expect(page).toHaveURL(/confirm=cancel/);
  await page.getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(page.getByTestId("manage-status")).toHaveText("Cancelled");
  const stored = await request.get(`${BASE}/api/help/subscribe?lang=en&id=${booking.id}&token=${booking.manage_token}`);
  expect((await stored.json()).data.status).toBe("cancelled");
});

test.describe(() => {
  test.use({ expectedConsoleErrors: [/status of 400/] });

  test("a partner application is refused with each field's error and what was typed, then sent and stored", async ({ page, request }) => {
    test.setTimeout(90_000); // a staff account is made from the command line to read the inbox
    await page.goto("/partner-plan");
    const form = page.getByTestId("application-form");
    await form.locator("#apply-company").fill("Northwind without scripts");
    await form.locator("#apply-email").fill("dana@");
    await form.locator("#apply-website").fill("northwind-noscript.example");
    await form.locator("#apply-type").selectOption("agency");
    await page.getByTestId("apply-regions").getByRole("checkbox").nth(1).check();
    await page.getByTestId("application-submit").click();

    // Every problem at once, each beside its field; the page comes back at the form.
    await expect(page).toHaveURL(/#apply$/);
    await expect(page.getByTestId("apply-error-name")).toHaveText("This field cannot be empty.");
    await expect(page.getByTestId("apply-error-email")).toBeVisible();
    await expect(page.getByTestId("apply-error-message")).toBeVisible();
    await expect(form.locator("#apply-email")).toHaveAttribute("aria-invalid", "true");
    await expect(form.locator("#apply-email")).toHaveAttribute("aria-describedby", /apply-error-email/);
    await expect(page.getByTestId("apply-error-company")).toHaveCount(0);
    await expect(form.getByRole("alert")).toBeVisible();
    await expect(form.locator("#apply-company")).toHaveValue("Northwind without scripts");
    await expect(form.locator("#apply-email")).toHaveValue("dana@");
    await expect(form.locator("#apply-type")).toHaveValue("agency");
    await expect(page.getByTestId("apply-regions").getByRole("checkbox").nth(1)).toBeChecked();

    await form.locator("#apply-name").fill("Dana Kim");
    await form.locator("#apply-email").fill("dana@northwind-noscript.example");
    await form.locator("#apply-message").fill("We run ads for 40 brands, and applied with scripts off.");
    await page.getByTestId("application-submit").click();
    const sent = page.getByTestId("application-sent");
    await expect(sent).toContainText("dana@northwind-noscript.example");
    const reference = /[A-Z]{2}-[A-Z2-9]{8}/.exec((await sent.textContent()) ?? "")?.[0];
    expect(reference).toBeTruthy();

    // Stored: staff see it in their inbox, with the scheme the action added to the website.
    const email = `inbox-${Date.now()}@facetbrowser.example`;
    const printed = execFileSync("node_modules/.bin/tsx", ["scripts/staff-create.ts", email, "--role", "support"], {
      env: {
        ...process.env,
        DATA_DIR: ".tmp/e2e-data",
        SITE_ORIGIN: BASE,
        LOG_LEVEL: "warn",
      },
      encoding: "utf8",
    });
    const link = new URL(/https?:\/\/\S+\/admin\/set-password\?token=[\w%-]+/.exec(printed)![0]);
    // Through the staff API: the password from the link, a session, the inbox.
    const password = "a sentence only the staff know";
    const token = link.searchParams.get("token")!;
    expect(
      (
        await request.post(`${BASE}/api/admin/password`, {
          data: { lang: "en", token, password },
        })
      ).status(),
    ).toBe(200);
    expect(
      (
        await request.post(`${BASE}/api/admin/sign-in`, {
          data: { lang: "en", email, password },
        })
      ).status(),
    ).toBe(200);
    const listed = (await (await request.get(`${BASE}/api/admin/inbox/applications?lang=en&status=all&page_size=50`)).json()).data as {
      list: Array<Record<string, unknown>>;
    };
    const stored = listed.list.find((a) => a.reference === reference);
    expect(stored, JSON.stringify(listed).slice(0, 500)).toMatchObject({
      company: "Northwind without scripts",
      email: "dana@northwind-noscript.example",
    });
  });
});
