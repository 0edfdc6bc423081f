/**
 * The staff area's controls that are not forms someone fills in (issue 29): a member's role,
 * status and password link, the weekly hours grid and the closed dates, and the content editor's
 * Publish and Discard. Each posts to its page's route action, which runs the /api endpoint's own
 * declaration; what was changed is read back from the page the server renders again, and a
 * refusal (a schedule changed by someone else meanwhile) is shown where it happened.
 */
import type { Browser, Page } from "@playwright/test";
import { BASE, expect, test } from "./fixtures";
import { newAdmin, setPasswordAndSignIn, signIn, writeNewArticle } from "./staff";

// The refused schedule save answers 409, which the browser logs.
test.use({ expectedConsoleErrors: [/status of 409/] });

/** A new admin from the command line, with a password set, signed in on `page`. */
async function signedInAdmin(page: Page, email: string) {
  await setPasswordAndSignIn(page, newAdmin(email), email);
}

/** A second browser of the same admin (another tab's session, for a change made meanwhile). */
async function secondBrowser(browser: Browser, email: string): Promise<Page> {
  const other = await (await browser.newContext({ baseURL: BASE })).newPage();
  await signIn(other, email);
  await expect(other.getByRole("heading", { level: 1 })).toContainText("Hello");
  return other;
}

test("an admin changes a member's role and status and makes a password link from the staff table", async ({ page }) => {
  const stamp = Date.now().toString(36);
  await signedInAdmin(page, `controls-${stamp}@example.com`);
  const member = `member-${stamp}@example.com`;
  await page.goto("/admin/staff");
  await page.getByLabel("Email address").fill(member);
  await page.getByLabel("Role", { exact: true }).selectOption({ label: "Editor" });
  await page.getByRole("button", { name: "Create invitation" }).click();
  await expect(page.getByLabel("One-time link")).toHaveValue(/set-password\?token=/);

  const row = page.getByRole("row").filter({ hasText: member });
  await row.getByLabel(`Role of ${member}`).selectOption({ label: "Support" });
  await row.getByRole("button", { name: "Save role" }).click();
  await expect(page.getByText(`${member} is now Support.`)).toBeVisible();
  await page.reload();
  await expect(row.getByLabel(`Role of ${member}`)).toHaveValue("support");

  await row.getByRole("button", { name: "Disable", exact: true }).click();
  await row.getByRole("button", { name: "Disable and sign out" }).click();
  await expect(page.getByText(`${member} is disabled and signed out everywhere.`)).toBeVisible();
  await expect(row.getByText("Disabled", { exact: true })).toBeVisible();
  await row.getByRole("button", { name: "Enable" }).click();
  await expect(page.getByText(`${member} can sign in again.`)).toBeVisible();
  await expect(row.getByText("Active", { exact: true })).toBeVisible();

  await row.getByRole("button", { name: "New password link" }).click();
  await expect(page.getByLabel("One-time link")).toHaveValue(/set-password\?token=/);
});

test("the weekly hours and closed dates are saved through the schedule page, and a save over a newer schedule is refused", async ({ page, browser }) => {
  const stamp = Date.now().toString(36);
  const email = `schedule-${stamp}@example.com`;
  await signedInAdmin(page, email);
  await page.goto("/admin/bookings/schedule");
  const places = page.getByLabel("Places per slot").first();
  const before = await places.inputValue();
  const changed = String(Number(before) === 1 ? 2 : Number(before) - 1);

  // Another tab of the same admin opened the schedule before this save.
  const other = await secondBrowser(browser, email);
  await other.goto("/admin/bookings/schedule");

  await places.fill(changed);
  await page.getByRole("button", { name: "Save schedule" }).click();
  await expect(page.getByText(/^Saved\. Slots made again/)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Places per slot").first()).toHaveValue(changed);

  // The other tab still shows the old schedule: its save is refused, nothing is overwritten.
  await other.getByLabel("Slot length (min)").first().fill("45");
  await other.getByRole("button", { name: "Save schedule" }).click();
  await expect(other.getByRole("button", { name: "Load the current schedule" })).toBeVisible();
  await other.context().close();
  await page.reload();
  await expect(page.getByLabel("Places per slot").first()).toHaveValue(changed);
  await expect(page.getByLabel("Slot length (min)").first()).not.toHaveValue("45");

  // Put the hours back as they were.
  await page.getByLabel("Places per slot").first().fill(before);
  await page.getByRole("button", { name: "Save schedule" }).click();
  await expect(page.getByText(/^Saved\. Slots made again/)).toBeVisible();

  // A date 40 days ahead is closed, then opened again.
  const day = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("Date", { exact: true }).fill(day);
  await page.getByLabel("Reason").fill(`Staff outing ${stamp}`);
  await page.getByRole("button", { name: "Close this date" }).click();
  await expect(page.getByText(/ is closed/)).toBeVisible();
  await page.reload();
  const closed = page.getByRole("listitem").filter({ hasText: `Staff outing ${stamp}` });
  await expect(closed).toBeVisible();
  await closed.getByRole("button", { name: /^Open .* again$/ }).click();
  await expect(page.getByText(/is open again; its slots are made\./)).toBeVisible();
  await page.reload();
  await expect(page.getByText(`Staff outing ${stamp}`)).toHaveCount(0);
});

test("the content editor publishes a new article at once and discards a later draft", async ({ page, request }) => {
  const stamp = Date.now().toString(36);
  await signedInAdmin(page, `publisher-${stamp}@example.com`);
  page.on("dialog", (dialog) => void dialog.accept());
  await page.goto("/admin/content");
  const title = `Ten habits of teams that share browser profiles ${stamp}`;
  await writeNewArticle(page, {
    lang: "en",
    key: `controls-${stamp}`,
    title,
    summary: "Give each person the profiles they work in, and keep a log of every change.",
    author: "Editorial team",
    body: "## Why roles matter\n\nEach member opens only the profiles they are responsible for.\n",
  });
  // Unsaved text: Publish saves it first, then publishes it (after the confirmation accepted above).
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByText("Published. The public page shows it now.")).toBeVisible();
  await expect.poll(async () => (await (await request.get("/blog")).text()).includes(title), { timeout: 10_000, intervals: [250] }).toBe(true);

  // A later draft, saved, then thrown away: the live text stays.
  await page.getByLabel("Document").fill(`${await page.getByLabel("Document").inputValue()}\nA sentence for the draft only ${stamp}.\n`);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Unsaved changes")).toHaveCount(0);
  await page.getByRole("button", { name: "Discard draft" }).click();
  await page.waitForLoadState("load");
  await expect(page.getByRole("button", { name: "Discard draft" })).toHaveCount(0);
  await expect(page.getByLabel("Document")).not.toHaveValue(/A sentence for the draft only/);
});
