/**
 * Every page type, rendered by the built server in three languages, reads only words it was sent:
 * a word of a section its route's pageLoader does not declare (or the root's SHELL_MESSAGES, for
 * the shell) is reported where it is read (app/i18n/unsent-words.ts), on the server as in the
 * browser, and this test fails on any such report in the server's output (docs/decisions/0035).
 * Staff pages have their own words (app/admin-locales), checked by type.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNSENT_WORD } from "../../app/i18n/unsent-words";
import { startServerOnTestDatabase } from "../support/server-process";

let site: Awaited<ReturnType<typeof startServerOnTestDatabase>>;
beforeAll(async () => {
  site = await startServerOnTestDatabase();
});
afterAll(async () => {
  await site?.stop();
});

async function html(path: string): Promise<string> {
  const res = await fetch(site.server.baseUrl + path);
  expect(res.status, path).toBe(path.includes("error/404") ? 404 : 200);
  return res.text();
}

/** The first address on a page that matches `pattern` (its first group), to visit a page of that type. */
async function firstLink(page: string, pattern: RegExp): Promise<string> {
  const found = pattern.exec(await html(page))?.[1];
  expect(found, `${page} links to no ${pattern}`).toBeDefined();
  return found!;
}

describe("the words each page reads", () => {
  it("were all sent to it, on every page type in en, zh and th", { timeout: 300_000 }, async () => {
    const pages = [
      "",
      "/blog",
      "/news",
      await firstLink("/blog", /href="(\/blog\/\d+)"/),
      await firstLink("/news", /href="(\/news\/\d+)"/),
      await firstLink("/blog", /href="(\/blog-[a-z0-9-]+)"/),
      "/blog?keyword=browser",
      "/helps",
      "/helps?keyword=proxy",
      await firstLink("/helps", /href="(\/helps\?category=[a-z0-9-]+)"/),
      await firstLink("/helps", /href="(\/helps\/\d+)"/),
      "/faq",
      "/Pricing",
      "/download",
      "/release",
      await firstLink("/release", /href="(\/release\/\d+)"/),
      "/partner",
      await firstLink("/partner", /href="(\/partner\/\d+)"/),
      "/partner-plan",
      "/referral-program",
      "/about-us",
      "/links",
      "/check",
      "/verify",
      // Every reason's words: a lookalike, a Cyrillic letter, our name inside another domain.
      `/verify?address=${encodeURIComponent("https://www.f\u0430cetbrowser.com@facetbrowsr.com.evil.io/setup.exe")}`,
      "/pre-sales",
      "/search",
      "/search?q=browser",
      "/scenarios",
      await firstLink("/scenarios", /href="(\/scenarios\/[a-z0-9-]+)"/),
      await firstLink("/", /href="(\/solutions\/[a-z0-9-]+)"/),
      "/error/404",
      "/error/502",
    ];
    for (const lang of ["en", "zh", "th"]) {
      for (const page of pages) await html(lang === "en" ? page || "/" : `/${lang}${page}`);
    }
    // The report is written to the server's output as the page renders.
    expect(site.server.logs.filter((line) => line.includes(UNSENT_WORD))).toEqual([]);
  });
});
