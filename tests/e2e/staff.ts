/**
 * Staff accounts for the end-to-end tests: the first admin made by the command line (as an
 * operator makes one), its one-time link, setting the password and signing in through the pages.
 */
import { execFileSync } from "node:child_process";
import type { Page } from "@playwright/test";
import { BASE, expect } from "./fixtures";

export const STAFF_PASSWORD = "a sentence only the staff know";

/** The path of the set-password link a command or a staff page printed. */
export function setPasswordPath(text: string): string {
  const link = /https?:\/\/\S+\/admin\/set-password\?token=[\w%-]+/.exec(text)?.[0];
  expect(link, text).toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

/** A new admin from `npm run staff:create`'s script; the path of its one-time link. */
export function newAdmin(email: string): string {
  const printed = execFileSync("node_modules/.bin/tsx", ["scripts/staff-create.ts", email], {
    env: { ...process.env, DATA_DIR: ".tmp/e2e-data", SITE_ORIGIN: BASE, LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  return setPasswordPath(printed);
}

/** Opens a one-time link and sets the password (the page says so; it does not sign in). */
export async function setPassword(page: Page, link: string) {
  await page.goto(link);
  await page.getByLabel("New password").fill(STAFF_PASSWORD);
  await page.getByLabel("Repeat the password").fill(STAFF_PASSWORD);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByText("Your password is set")).toBeVisible();
}

/** Signs in on the sign-in page (to where `next` says, if it is safe); waits for nothing. */
export async function signIn(page: Page, email: string, next = "") {
  await page.goto(`/admin/sign-in${next ? `?next=${encodeURIComponent(next)}` : ""}`);
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill(STAFF_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Sets the password from a one-time link and signs in, landing on the dashboard. */
export async function setPasswordAndSignIn(page: Page, link: string, email: string) {
  await setPassword(page, link);
  await signIn(page, email);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Hello");
}

/**
 * On the content list: opens a new blog article of `lang` in the editor under `key`, and fills the
 * template's title, summary and author with a body after them (not saved).
 */
export async function writeNewArticle(page: Page, article: { lang: string; key: string; title: string; summary: string; author: string; body: string }) {
  await page.getByLabel("Kind").last().selectOption({ label: "Blog and news articles" });
  await page.getByLabel("Language").last().selectOption(article.lang);
  await page.getByLabel("Address key").fill(article.key);
  await page.getByRole("button", { name: "Open in the editor" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`articles/${article.lang}/blog/${article.key}.md`);
  const source = page.getByLabel("Document");
  const template = await source.inputValue();
  await source.fill(
    template
      .replace('title: ""', `title: "${article.title}"`)
      .replace('summary: ""', `summary: "${article.summary}"`)
      .replace('author: ""', `author: "${article.author}"`) + article.body,
  );
}
