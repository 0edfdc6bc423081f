import fs from "node:fs";
import type { Page } from "@playwright/test";
import { answeredBanners, expect, hydrated, test } from "./fixtures";

const SEARCH = { en: { prefix: "", keyword: "proxy" }, zh: { prefix: "/zh", keyword: "代理" } } as const;

/**
 * Reads a help-namespace string of the page's language from the messages the server sent: the
 * root sends the shell's, each route the rest its page uses (docs/decisions/0025).
 */
async function text(page: Page, key: string): Promise<string> {
  return page.evaluate((k) => {
    type Data = { messages?: { help?: unknown } } | null | undefined;
    const router = (window as unknown as { __reactRouterDataRouter: { state: { loaderData: Record<string, Data> } } }).__reactRouterDataRouter;
    for (const data of Object.values(router.state.loaderData)) {
      let node: unknown = data?.messages?.help;
      for (const part of k.split(".")) node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
      if (typeof node === "string") return node;
    }
    throw new Error(`the page was sent no help.${k}`);
  }, key);
}

for (const lang of ["en", "zh"] as const) {
  test.describe(() => {
    // The refused booking below answers 429, which the browser reports on its console.
    test.use({ expectedConsoleErrors: [/status of 429/] });
    test(`help centre to booking and back, in ${lang}`, async ({ page, context, request }) => {
      test.setTimeout(60_000);
      await answeredBanners(context);
      const prefix = SEARCH[lang].prefix;

      // Find an answer through search: the query lives in the URL.
      await page.goto(`${prefix}/helps`);
      await hydrated(page);
      await page.getByRole("main").getByRole("searchbox").fill(SEARCH[lang].keyword);
      await page.getByRole("main").getByRole("searchbox").press("Enter");
      await expect(page).toHaveURL(new RegExp(`${prefix}/helps\\?keyword=`));
      await expect(page.getByTestId("help-results").getByTestId("help-article-item").first()).toBeVisible();
      await page.getByTestId("help-results").getByTestId("help-article-item").first().getByRole("link").first().click();
      await expect(page.getByTestId("help-article")).toBeVisible();
      await hydrated(page);
      await expect(page.getByTestId("toc")).toBeVisible();

      // Not solved: say what was missing; the vote is stored and counted once.
      const feedback = page.getByTestId("help-feedback");
      const counts = async () => ((await page.getByTestId("help-feedback-counts").textContent()) ?? "").match(/\d+/g)!.map(Number);
      const [, unsolvedBefore] = await counts();
      await feedback.getByRole("button", { name: await text(page, "feedback.unsolved") }).click();
      await expect(feedback.getByRole("button", { name: await text(page, "feedback.unsolved") })).toHaveAttribute("aria-pressed", "true");
      await feedback.getByLabel(await text(page, "feedback.missingLabel")).fill(lang === "zh" ? "没有讲到 UDP 转发" : "Nothing about UDP forwarding");
      await feedback.getByRole("button", { name: await text(page, "feedback.send") }).click();
      await expect(feedback).toContainText(await text(page, "feedback.sent"));
      // Voting "unsolved" and then sending the reason is one vote, counted once.
      await expect.poll(async () => (await counts())[1]).toBe(unsolvedBefore! + 1);

      // From there to the booking page.
      await feedback.getByRole("link", { name: await text(page, "centre.bookCall") }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/pre-sales`));
      const booking = page.getByTestId("booking");
      await expect(booking).toBeVisible();
      await hydrated(page);

      // Every check the server makes, in the browser first, in the page's language.
      const form = page.getByTestId("booking-form");
      const submit = form.getByRole("button", { name: await text(page, "booking.submit") });
      await submit.click();
      await expect(page.getByTestId("booking-error-slot_id")).toHaveText(await text(page, "booking.invalid.slot_id"));

      // Pick the first day with places, then its first free slot (keyboard-accessible radio buttons).
      // Days with places are links (?date=), so they work without scripts too.
      await page.getByTestId("booking-calendar").locator("a.rdp-day_button").first().click();
      await expect(page).toHaveURL(/date=\d{4}-\d{2}-\d{2}/);
      const firstFree = page.getByTestId("booking-slot").locator("input:not([disabled])").first();
      await firstFree.check();
      await expect(page.getByTestId("booking-selected")).not.toHaveText(await text(page, "booking.noSlotSelected"));

      await submit.click();
      await expect(page.getByTestId("booking-error-company")).toHaveText(await text(page, "booking.invalid.required"));
      await form.getByLabel(await text(page, "booking.company")).fill(lang === "zh" ? "深圳跨境科技有限公司" : "Acme Trading");
      await submit.click();
      await expect(page.getByTestId("booking-error-account")).toHaveText(await text(page, "booking.invalid.required"));
      await form.getByLabel(await text(page, "booking.account")).fill("not an account");
      await submit.click();
      await expect(page.getByTestId("booking-error-account")).toHaveText(await text(page, "booking.invalid.account"));
      await form.getByLabel(await text(page, "booking.account")).fill("none");
      await form.getByLabel(await text(page, "booking.phone")).fill("+1 415 555 0100");
      await submit.click();
      await expect(page.getByTestId("booking-error-phone")).toHaveText(await text(page, "booking.invalid.phone"));
      await form.getByLabel(await text(page, "booking.phone")).fill("138 0013 8000");
      await submit.click();
      await expect(page.getByTestId("booking-error-chat_app")).toHaveText(await text(page, "booking.invalid.required"));
      await form.getByRole("radio", { name: await text(page, "booking.yes"), exact: true }).check();
      await submit.click();
      await expect(page.getByTestId("booking-error-content")).toHaveText(await text(page, "booking.invalid.required"));
      await form
        .getByLabel(await text(page, "booking.content"))
        .fill(lang === "zh" ? "我们有 40 个店铺账号，想迁移到独立环境。" : "We run 40 store accounts and want isolated profiles.");
      await form.getByLabel(await text(page, "booking.from")).selectOption("17:00");
      await form.getByLabel(await text(page, "booking.to")).selectOption("15:00");
      await submit.click();
      await expect(page.getByTestId("booking-error-contact_to")).toHaveText(await text(page, "booking.invalid.contact_to"));
      // The typed values survived every error.
      await expect(form.getByLabel(await text(page, "booking.company"))).not.toHaveValue("");
      await form.getByLabel(await text(page, "booking.to")).selectOption("18:00");

      // A refusal no field caused (too many bookings from this address) is said beside the button,
      // and everything typed stays for the next try. This visitor already booked three times today.
      const spent = `198.19.${lang === "zh" ? 7 : 8}.${Math.floor(Math.random() * 250)}`;
      const free = ((await (await request.get("/api/help/subscribe-list?lang=en")).json()).data as { days: { slots: { id: number; status: string }[] }[] }).days
        .flatMap((d) => d.slots)
        .filter((s) => s.status === "bookable");
      for (const slot of free.slice(-3)) {
        const made = await request.post("/api/help/subscribe-add", {
          headers: { "x-forwarded-for": spent },
          data: {
            lang,
            slot_id: slot.id,
            company: "Earlier",
            account: "none",
            phone: "13800138000",
            chat_app: "no",
            content: "An earlier booking.",
            contact_from: "14:00",
            contact_to: "15:00",
          },
        });
        expect(made.status()).toBe(200);
      }
      await page.setExtraHTTPHeaders({ "x-forwarded-for": spent });
      const refusal = JSON.parse(fs.readFileSync(`app/locales/${lang}/errors.json`, "utf8")).tooManyRecent as string;
      await submit.click();
      await expect(page.getByTestId("booking-form-error")).toHaveText(refusal);
      await expect(form.getByLabel(await text(page, "booking.company"))).not.toHaveValue("");
      // Another visitor's allowance.
      await page.setExtraHTTPHeaders({ "x-forwarded-for": `198.19.${lang === "zh" ? 9 : 10}.${Math.floor(Math.random() * 250)}` });

      // Book.
      await submit.click();
      await expect(page.getByTestId("booking-form-error")).toHaveCount(0);
      const confirmation = page.getByTestId("booking-confirmation");
      await expect(confirmation).toBeVisible();
      await expect(confirmation.getByRole("heading")).toHaveText(await text(page, "booking.confirmedTitle"));
      await expect(page.getByTestId("booking-reference")).toContainText(/PS-[A-Z2-9]{8}/);

      // The calendar file.
      const downloading = page.waitForEvent("download");
      await page.getByTestId("booking-ics").click();
      const download = await downloading;
      const ics = fs.readFileSync((await download.path())!, "utf8");
      expect(ics).toContain("BEGIN:VCALENDAR");
      expect(ics).toMatch(/DTSTART;TZID=Asia\/Shanghai:\d{8}T\d{6}\r\n/);
      expect(ics).toContain("BEGIN:VTIMEZONE");
      expect(download.suggestedFilename()).toMatch(/^PS-[A-Z2-9]{8}\.ics$/);

      // The private manage link: see it, cancel it.
      await page.getByTestId("booking-manage").click();
      await expect(page.getByTestId("manage-booking")).toBeVisible();
      await hydrated(page);
      await expect(page.getByTestId("manage-status")).toHaveText(await text(page, "manage.status.unsolved"));
      await page.getByRole("link", { name: await text(page, "manage.cancel") }).click();
      await page.getByRole("button", { name: await text(page, "manage.confirmYes") }).click();
      const cancelled = await text(page, "manage.status.cancelled");
      await expect(page.getByTestId("manage-status")).toHaveText(cancelled);
      await page.reload();
      await expect(page.getByTestId("manage-status")).toHaveText(cancelled);
    });
  });
}

test.describe("a visitor in another time zone", () => {
  // Ten hours or more behind Shanghai, the business zone: for part of each day the dates differ.
  test.use({ timezoneId: "America/Los_Angeles" });
  test("sees the business calendar, its today, and each slot in their own time too", async ({ page, context }) => {
    await answeredBanners(context);
    await page.goto("/pre-sales");
    await hydrated(page);
    const businessToday = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(new Date());
    const calendar = page.getByTestId("booking-calendar");
    await expect(calendar.locator("[data-today]")).toHaveAttribute("data-day", businessToday);
    const day = calendar.locator("[data-day]:has(a.rdp-day_button)").first();
    const date = (await day.getAttribute("data-day"))!;
    await day.getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`date=${date}`));
    await expect(calendar.locator("[data-selected]")).toHaveAttribute("data-day", date);
    await expect(page.getByTestId("booking-slot").first()).toContainText(await text(page, "booking.yourTime").then((s) => s.split("{{")[0]!.trim()));
  });
});

test("the booking calendar writes the page's language from the server's words, and no script carries a language's date words", async ({ page, context }) => {
  await answeredBanners(context);
  const scripts: Promise<string>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response.text().catch(() => ""));
  });
  await page.goto("/ru/pre-sales");
  await hydrated(page);
  const calendar = page.getByTestId("booking-calendar");
  // Monday first, with Russian names, and the arrows named in Russian.
  await expect(calendar.locator("thead th").first()).toHaveAttribute("aria-label", "понедельник");
  await expect(calendar.getByRole("navigation")).toHaveAttribute("aria-label", "Панель навигации");
  // Each day is named by its weekday, number, month (in a date's form) and year.
  const dayLink = calendar.locator("a.rdp-day_button").first();
  await expect(dayLink).toHaveAttribute("aria-label", /^(понедельник|вторник|среда|четверг|пятница|суббота|воскресенье) \d+ [а-я]+ \d{4}$/);

  // A client navigation to another language draws its calendar from that page's words.
  await page.getByTestId("language-switcher").locator("summary").click();
  await page.getByRole("link", { name: "ไทย", exact: true }).click();
  await expect(page).toHaveURL(/\/th\/pre-sales/);
  await expect(calendar.getByRole("navigation")).toHaveAttribute("aria-label", "แถบนำทาง");
  await expect(calendar.locator("thead th").first()).toHaveAttribute("aria-label", "อาทิตย์");
  await expect(calendar.locator("[lang]").first()).toHaveAttribute("lang", "th");
  await expect(dayLink).toHaveAttribute("aria-label", /^[\u0e00-\u0e7f]+ \d+ [\u0e00-\u0e7f]+ \d{4}$/);

  // The words came with the pages, not as code: no script holds them.
  const code = (await Promise.all(scripts)).join("\n");
  expect(code.length).toBeGreaterThan(100_000);
  for (const words of ["Панель навигации", "แถบนำทาง", "导航栏", "Barre de navigation"]) expect(code).not.toContain(words);
});

test("the booking form's validation is fetched when the visitor enters the form, not with every view", async ({ page, context }) => {
  // Its evaluation is a 60-70 ms task on a phone, which a visitor who only reads never needs.
  await answeredBanners(context);
  const fetched: string[] = [];
  page.on("request", (r) => {
    if (/\/booking-rules-[\w-]+\.js$/.test(new URL(r.url()).pathname)) fetched.push(r.url());
  });
  await page.goto("/pre-sales");
  await hydrated(page);
  // Past the moment an idle callback would have run (requestIdleCallback's 4-second timeout).
  await page.waitForTimeout(4_500);
  expect(fetched, "validation fetched before the form was entered").toEqual([]);
  await page.locator("#booking-company").focus();
  await expect.poll(() => fetched.length).toBe(1);
});

test("a search without results offers the booking and the FAQ", async ({ page, context }) => {
  await answeredBanners(context);
  await page.goto("/th/helps?keyword=zzzz-nothing-here");
  await expect(page.getByTestId("help-no-results")).toBeVisible();
  await expect(page.getByTestId("help-no-results").getByRole("link")).toHaveCount(2);
});

test.describe("a forged manage link", () => {
  test.use({ expectedConsoleErrors: [/status of 404/] });
  test("is a 404 that says the appointment does not exist", async ({ page }) => {
    const response = await page.goto("/pre-sales/booking/1?token=forged");
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("not-found-reason")).toHaveText("The appointment does not exist.");
  });
});
