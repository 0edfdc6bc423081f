import { describe, expect, it } from "vitest";
import { siteForThisFile } from "../support/site-for-file";

const site = siteForThisFile();

describe("the release-notes Atom feed (RSS 2.0 at feed.xml: tests/system/search-engines.test.ts)", () => {
  it.each([
    ["", /Release notes/],
    ["/zh", /[\u4e00-\u9fff]/],
    ["/th", /[\u0E00-\u0E7F]/],
  ])("is served per language (%s) with full notes and absolute links, and announced on the pages", async (prefix, script) => {
    const base = site.base;
    const res = await fetch(`${base}${prefix}/release/atom.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/atom\+xml/);
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml/);
    const entries = xml.match(/<entry>/g) ?? [];
    expect(entries.length).toBe(9);
    expect(/<title[^>]*>([^<]*)<\/title>/.exec(xml)![1]).toMatch(script);
    expect(xml).toContain(`<link href="${base}${prefix}/release/`);
    expect(xml).toMatch(/<content type="html"><!\[CDATA\[<p>[^<]+<\/p><h3>/);
    const page = await (await fetch(`${base}${prefix}/release`)).text();
    expect(page).toContain(`<link rel="alternate" type="application/atom+xml"`);
    expect(page).toContain(`href="${base}${prefix}/release/atom.xml"`);
  });
});
