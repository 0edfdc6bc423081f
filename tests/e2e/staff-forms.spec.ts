/**
 * The staff area's forms without scripts (issue 29): each posts to its page's action, so setting
 * a password, signing in (to where `next` says) and saving a draft work before and without
 * JavaScript; a refused form comes back with what was typed (never a password) and the error
 * beside its field. What was saved is read back through the API.
 */
import { execFileSync } from "node:child_process";
import type { Page } from "@playwright/test";
import { BASE, expect, test } from "./fixtures";

// A refused form comes back with the refusal's status (400, 401, 409), which the browser logs.
test.use({ javaScriptEnabled: false, expectedConsoleErrors: [/status of 4\d\d/] });

const PASSWORD = "a sentence only the staff know";

/** A new admin from the command line; the path of the one-time link it prints. */
function newAdmin(email: string): string {
  const printed = execFileSync("node_modules/.bin/tsx", ["scripts/staff-create.ts", email], {
    env: { ...process.env, DATA_DIR: ".tmp/e2e-data", SITE_ORIGIN: BASE, LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  const link = /https?:\/\/\S+\/admin\/set-password\?token=[\w%-]+/.exec(printed)?.[0];
  expect(link, printed).toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

async function setPassword(page: Page, email: string) {
  await page.goto(newAdmin(email));
  await page.getByLabel("New password").fill(PASSWORD);
  await page.getByLabel("Repeat the password").fill(PASSWORD);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByText("Your password is set")).toBeVisible();
}

async function signIn(page: Page, email: string, next = "") {
  await page.goto(`/admin/sign-in${next ? `?next=${encodeURIComponent(next)}` : ""}`);
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("without scripts a new admin sets a password and signs in; refusals keep the address and show each error by its field", async ({ page }) => {
  const email = `nojs-${Date.now().toString(36)}@example.com`;
  await page.goto(newAdmin(email));
  await expect(page.getByText(email)).toBeVisible();

  // Two different passwords: refused by the page's action, the error beside the repeat field.
  await page.getByLabel("New password").fill(PASSWORD);
  await page.getByLabel("Repeat the password").fill(`${PASSWORD}!`);
  await page.getByRole("button", { name: "Set password" }).click();
  const repeat = page.getByLabel("Repeat the password");
  await expect(repeat).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("The two passwords are not the same.")).toBeVisible();
  // A password is never sent back to the page.
  await expect(page.getByLabel("New password")).toHaveValue("");
  await page.getByLabel("New password").fill(PASSWORD);
  await repeat.fill(PASSWORD);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByText("Your password is set")).toBeVisible();

  // An empty address: the error beside it.
  await page.goto("/admin/sign-in?next=%2Fadmin%2Faccount");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");

  // A wrong password: refused, the address kept, the password asked for again.
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill("not the password at all");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The email address or password is not correct." })).toBeVisible();
  await expect(page.getByLabel("Email address")).toHaveValue(email);
  await expect(page.getByLabel("Password")).toHaveValue("");
  expect((await page.context().cookies()).some((c) => c.name.includes("staff"))).toBe(false);

  // The right one: signed in (the session cookie set), and on the page `next` named.
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/account$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My account");

  // `next` elsewhere than the staff area is not followed.
  await signIn(page, email, "https://evil.example/admin");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Hello");

  // Change the password with the wrong current one: the error beside that field.
  await page.goto("/admin/account");
  await page.getByLabel("Current password").fill("not the password at all");
  await page.getByLabel("New password", { exact: true }).fill(`${PASSWORD} too`);
  await page.getByLabel("Repeat the new password").fill(`${PASSWORD} too`);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("The current password is not correct.")).toBeVisible();

  // Sign out, from the shell: back to sign-in, and the staff pages ask for it again.
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in/);
  await page.goto("/admin/account");
  await expect(page).toHaveURL(/\/admin\/sign-in\?next=/);
});

test("without scripts an admin saves a draft in the content editor; a stale save is refused and keeps the text typed", async ({ page, context }) => {
  const stamp = Date.now().toString(36);
  const email = `nojs-editor-${stamp}@example.com`;
  await setPassword(page, email);
  await signIn(page, email);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Hello");

  const path = `articles/en/blog/nojs-${stamp}.md`;
  const editorUrl = `/admin/content/edit?path=${encodeURIComponent(path)}`;
  await page.goto(editorUrl);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(path);
  const title = `Saved without scripts ${stamp}`;
  const source = page.getByLabel("Document");
  const template = await source.inputValue();
  await source.fill(template.replace('title: ""', `title: "${title}"`));
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Revision 1")).toBeVisible();

  // In the database: the API reads the draft back.
  const read = async () => (await (await page.request.get(`/api/admin/content/document?lang=en&path=${encodeURIComponent(path)}`)).json()).data as { source: string; revision: number };
  expect(await read()).toMatchObject({ revision: 1, source: expect.stringContaining(title) });

  // A second tab opened at revision 1; the first saves revision 2 meanwhile.
  const other = await context.newPage();
  await other.goto(editorUrl);
  await source.fill((await source.inputValue()).replace(title, `${title} (second)`));
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Revision 2")).toBeVisible();

  // The second tab's save is refused (someone saved after it opened): its text is kept, nothing is lost.
  const stale = `${title} (from the stale tab)`;
  const otherSource = other.getByLabel("Document");
  await otherSource.fill((await otherSource.inputValue()).replace(title, stale));
  await other.getByRole("button", { name: "Save draft" }).click();
  await expect(other.getByText("Someone saved this document after you opened it.")).toBeVisible();
  await expect(other.getByLabel("Document")).toHaveValue(new RegExp(stale.replace(/[()]/g, "\\$&")));
  expect(await read()).toMatchObject({ revision: 2, source: expect.stringContaining(`${title} (second)`) });
});
