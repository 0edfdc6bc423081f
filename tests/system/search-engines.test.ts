import fs from "node:fs";
import path from "node:path";
import { parseFeed } from "@rowanmanning/feed-parser";
import { describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import { getLanguage, LANG_KEYS } from "../../app/i18n/languages";
import { rawGet } from "../support/raw-http";
import { startServerOnTestDatabase } from "../support/server-process";
import { siteForThisFile } from "../support/site-for-file";

const site = siteForThisFile();

const XSD = path.resolve("tests/support/xsd");
const read = (file: string) => ({ fileName: path.basename(file), contents: fs.readFileSync(file, "utf8") });

async function validate(xml: string, kind: "index" | "urlset"): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: "doc.xml", contents: xml }],
    schema: kind === "index" ? [read(path.join(XSD, "siteindex.xsd"))] : [read(path.join(XSD, "sitemap-with-xhtml.xsd"))],
    preload: kind === "index" ? [] : [read(path.resolve("node_modules/sitemap/schema/sitemap.xsd")), read(path.join(XSD, "xhtml-link.xsd"))],
  });
  return result.errors.map((e) => e.rawMessage);
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));

/** Every <url> of a sitemap: its address and its alternates (hreflang → href). */
function urls(xml: string): { loc: string; lastmod: string | undefined; alternates: Map<string, string> }[] {
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body]) => ({
    loc: /<loc>([^<]+)<\/loc>/.exec(body!)![1]!.replace(/&amp;/g, "&"),
    lastmod: /<lastmod>([^<]+)<\/lastmod>/.exec(body!)?.[1],
    alternates: new Map(
      [...body!.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1]!, m[2]!.replace(/&amp;/g, "&")]),
    ),
  }));
}

async function allSitemapUrls() {
  const index = await (await fetch(`${site.base}/sitemap.xml`)).text();
  const all: ReturnType<typeof urls> = [];
  for (const loc of locs(index)) all.push(...urls(await (await fetch(loc)).text()));
  return all;
}

describe("robots.txt", () => {
  it("allows the public site, keeps crawlers out of the staff area, the API and previews, and names the sitemap index", async () => {
    const res = await fetch(`${site.base}/robots.txt`);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Allow: \/$/m);
    for (const rule of ["Disallow: /admin/", "Disallow: /admin$", "Disallow: /api/", "Disallow: /preview/", "Disallow: /*?preview="])
      expect(text).toMatch(new RegExp(`^${rule.replace(/[$*?/]/g, "\\$&")}$`, "m"));
    // Only the staff area: a public address that merely starts with "admin" stays crawlable.
    expect(text).not.toMatch(/^Disallow: \/admin$/m);
    expect(text).toContain(`Sitemap: ${site.base}/sitemap.xml`);
  });

  it("names each host's own sitemap index, and each index lists only that host's languages", async () => {
    const hosts = { en: "https://www.facet.test", zh: "https://www.facet-cn.test" };
    const modeSite = await startServerOnTestDatabase({ SITE_MODE: "pro", LANGUAGE_HOSTS: JSON.stringify({ pro: hosts }) });
    try {
      const port = Number(new URL(modeSite.server.baseUrl).port);
      const cn = await rawGet(port, "/robots.txt", { host: "www.facet-cn.test" });
      expect(cn.body).toContain("Sitemap: https://www.facet-cn.test/sitemap.xml");
      const intl = await rawGet(port, "/robots.txt", { host: "www.facet.test" });
      expect(intl.body).toContain("Sitemap: https://www.facet.test/sitemap.xml");
      const cnIndex = locs((await rawGet(port, "/sitemap.xml", { host: "www.facet-cn.test" })).body);
      expect(cnIndex.length).toBeGreaterThan(0);
      for (const loc of cnIndex) expect(loc).toMatch(/^https:\/\/www\.facet-cn\.test\/sitemaps\/zh-/);
      const intlIndex = locs((await rawGet(port, "/sitemap.xml", { host: "www.facet.test" })).body);
      expect(intlIndex.some((l) => l.includes("/zh-"))).toBe(false);
      expect(intlIndex.some((l) => l.includes("/th-"))).toBe(true);
      // Chinese pages live unprefixed on their own host, and the alternates say so.
      const zhPages = (await rawGet(port, "/sitemaps/zh-pages-1.xml", { host: "www.facet-cn.test" })).body;
      expect(zhPages).toContain("<loc>https://www.facet-cn.test/Pricing</loc>");
      expect(zhPages).toContain('hreflang="th" href="https://www.facet.test/th/Pricing"');
      expect((await rawGet(port, "/sitemaps/zh-pages-1.xml", { host: "www.facet.test" })).status).toBe(404);
    } finally {
      await modeSite.stop();
    }
  });
});

describe("sitemaps", () => {
  it("are an index of one sitemap per language and family, each valid against the sitemaps.org schemas", async () => {
    const res = await fetch(`${site.base}/sitemap.xml`);
    expect(res.headers.get("content-type")).toMatch(/^application\/xml/);
    expect(res.headers.get("cache-control")).toMatch(/s-maxage=\d+/);
    // A crawler or CDN revalidating the copy it holds (fetch() would add Cache-Control: no-cache, which asks for a full answer).
    const port = Number(new URL(site.base).port);
    const etag = String((await rawGet(port, "/sitemap.xml", { "accept-encoding": "gzip" })).headers.etag);
    expect((await rawGet(port, "/sitemap.xml", { "accept-encoding": "gzip", "if-none-match": etag })).status).toBe(304);
    const index = await res.text();
    expect(await validate(index, "index")).toEqual([]);
    const files = locs(index);
    for (const lang of LANG_KEYS) {
      for (const family of ["pages", "blog", "help", "use-cases", "partners", "releases"]) {
        expect(files, `${lang}-${family}`).toContain(`${site.base}/sitemaps/${lang}-${family}-1.xml`);
      }
    }
    for (const file of files) {
      const xml = await (await fetch(file)).text();
      expect(await validate(xml, "urlset"), file).toEqual([]);
      const list = urls(xml);
      expect(list.length).toBeGreaterThan(0);
      expect(list.length).toBeLessThanOrEqual(50_000);
      expect(Buffer.byteLength(xml)).toBeLessThan(50 * 1024 * 1024);
      for (const u of list) expect(u.lastmod, u.loc).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    }
    // Validates some 90 files against the schemas: a bound for a loaded machine, not a speed check.
  }, 120_000);

  it("list each page once, with reciprocal hreflang alternates to exactly the languages it exists in", async () => {
    const all = await allSitemapUrls();
    const byLoc = new Map(all.map((u) => [u.loc, u]));
    expect(byLoc.size).toBe(all.length);
    for (const u of all) {
      const self = [...u.alternates.entries()].find(([, href]) => href === u.loc);
      expect(self, `${u.loc} lists itself`).toBeDefined();
      for (const [hreflang, href] of u.alternates) {
        if (hreflang === "x-default") continue;
        const other = byLoc.get(href);
        expect(other, `${u.loc} → ${href} is in a sitemap`).toBeDefined();
        expect([...other!.alternates.entries()].sort(), `${href} lists the same set as ${u.loc}`).toEqual([...u.alternates.entries()].sort());
      }
    }
    // Untranslated content lists only the languages it has: English blog 1 is in en and zh only.
    const blog = all.find((u) => u.loc === `${site.base}/blog/1`)!;
    expect([...blog.alternates.keys()].sort()).toEqual(["en", "x-default", getLanguage("zh").tag].sort());
  });

  it("list only pages that answer 200 and may be indexed", async () => {
    const all = await allSitemapUrls();
    const queue = all.map((u) => u.loc);
    const failures: string[] = [];
    const worker = async () => {
      for (let loc = queue.shift(); loc; loc = queue.shift()) {
        const res = await fetch(loc, { redirect: "manual" });
        const html = await res.text();
        if (res.status !== 200) failures.push(`${res.status} ${loc}`);
        else if (/<meta name="robots" content="[^"]*noindex/.test(html)) failures.push(`noindex ${loc}`);
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    expect(failures).toEqual([]);
  }, 300_000);

  it("never list a draft, and list an article as soon as it is published, without a restart", async () => {
    const pool = site.current.database.pool;
    const { rows } = await pool.query<{ id: number }>("SELECT id FROM articles WHERE type = 'blog' AND lang = 'th' ORDER BY id LIMIT 1");
    const id = rows[0]!.id;
    const sitemap = async () => (await (await fetch(`${site.base}/sitemaps/th-blog-1.xml`)).text()).includes(`/th/blog/${id}<`);
    expect(await sitemap()).toBe(true);
    await pool.query("UPDATE articles SET status = 'draft' WHERE id = $1", [id]);
    try {
      expect(await sitemap()).toBe(false);
      await pool.query("UPDATE articles SET status = 'published', published_at = now() + interval '1 day' WHERE id = $1", [id]);
      expect(await sitemap()).toBe(false); // scheduled, not yet live
      await pool.query("UPDATE articles SET published_at = now() - interval '1 minute', updated_at = now() WHERE id = $1", [id]);
      expect(await sitemap()).toBe(true);
    } finally {
      await pool.query("UPDATE articles SET status = 'published' WHERE id = $1", [id]);
    }
  });
});

describe("feeds", () => {
  const sections = ["blog", "news", "release"] as const;

  it.each(LANG_KEYS.map((l) => [l]))("parse as RSS 2.0 and Atom in %s, in the language, with full content and absolute links", async (lang) => {
    const prefix = lang === "en" ? "" : `/${lang}`;
    for (const section of sections) {
      for (const [file, format] of [
        ["feed.xml", "rss"],
        ["atom.xml", "atom"],
      ] as const) {
        const res = await fetch(`${site.base}${prefix}/${section}/${file}`);
        expect(res.status, `${lang} ${section} ${file}`).toBe(200);
        expect(res.headers.get("content-type")).toMatch(format === "rss" ? /^application\/rss\+xml/ : /^application\/atom\+xml/);
        expect(res.headers.get("content-language"), `${lang} ${section} ${file}`).toBe(getLanguage(lang).tag);
        const xml = await res.text();
        const feed = parseFeed(xml);
        expect(feed.meta.type).toBe(format);
        if (format === "rss") {
          expect(xml).toMatch(/<rss version="2\.0"/);
          expect(xml).toMatch(/<channel>\s*<title>/);
          expect(xml).toMatch(/<description>/);
          expect(xml).toContain(`<language>${getLanguage(lang).tag}</language>`);
        } else {
          // The feed's language for readers that honour xml:lang (RSS has <language>).
          expect(xml).toContain(`<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${getLanguage(lang).tag}">`);
          // RFC 4287 section 4.1.1: an atom:author on the feed, or on every entry.
          const feedHead = xml.slice(0, xml.indexOf("<entry>"));
          const entries = xml.split("<entry>").slice(1);
          expect(
            /<author>\s*<name>[^<]+<\/name>/.test(feedHead) || entries.every((e) => /<author>\s*<name>[^<]+<\/name>/.test(e)),
            `${lang} ${section} author`,
          ).toBe(true);
          expect(xml).toMatch(/<id>[^<]+<\/id>/);
          expect(xml).toMatch(/<updated>\d{4}-\d{2}-\d{2}T/);
        }
        expect(feed.title).toMatch(/^Facet Browser - .+/);
        expect(feed.url).toBe(`${site.base}${prefix}/${section}`);
        expect(feed.items.length, `${lang} ${section}`).toBeGreaterThan(0);
        for (const item of feed.items) {
          expect(item.title).toBeTruthy();
          expect(item.url).toMatch(new RegExp(`^${site.base}${prefix}/${section}/\\d+$`));
          expect(item.content ?? "").toMatch(/<(p|h3|ul)>/);
          expect(item.content ?? "").not.toMatch(/(href|src)="\/(?!\/)/);
          expect(item.content ?? "").not.toMatch(/<script/i);
        }
      }
    }
  });

  it("are announced on the pages they follow", async () => {
    for (const [page, section] of [
      ["/zh/blog", "blog"],
      ["/th/news", "news"],
      ["/release", "release"],
      ["/blog-guides", "blog"],
    ] as const) {
      const html = await (await fetch(`${site.base}${page}`)).text();
      const prefix = page.startsWith("/zh") ? "/zh" : page.startsWith("/th") ? "/th" : "";
      expect(html, page).toMatch(
        new RegExp(`<link rel="alternate" type="application/rss\\+xml" title="[^"]+" href="${site.base}${prefix}/${section}/feed\\.xml"`),
      );
      expect(html, page).toMatch(
        new RegExp(`<link rel="alternate" type="application/atom\\+xml" title="[^"]+" href="${site.base}${prefix}/${section}/atom\\.xml"`),
      );
    }
  });

  it("answer 304 when the reader's copy is current", async () => {
    const first = await fetch(`${site.base}/ru/blog/feed.xml`);
    const etag = first.headers.get("etag")!;
    expect(etag).toBeTruthy();
    expect((await fetch(`${site.base}/ru/blog/feed.xml`, { headers: { "if-none-match": etag } })).status).toBe(304);
  });

  it("give each encoding its own entity tag, chosen by the reader's q values, and 304 only for the copy it holds", async () => {
    const tags = new Map<string, string>();
    for (const [accept, encoding] of [
      ["br, gzip", "br"],
      ["gzip, br;q=0.5", "gzip"],
      ["identity", null],
    ] as const) {
      const res = await fetch(`${site.base}/blog/feed.xml`, { headers: { "accept-encoding": accept } });
      await res.arrayBuffer();
      expect(res.headers.get("content-encoding"), accept).toBe(encoding);
      expect(res.headers.get("vary"), accept).toMatch(/Accept-Encoding/i);
      tags.set(encoding ?? "identity", res.headers.get("etag")!);
    }
    expect(new Set(tags.values()).size).toBe(3);
    const revalidate = (accept: string, etag: string) => fetch(`${site.base}/blog/feed.xml`, { headers: { "accept-encoding": accept, "if-none-match": etag } });
    expect((await revalidate("gzip", tags.get("gzip")!)).status).toBe(304);
    expect((await revalidate("identity", tags.get("identity")!)).status).toBe(304);
    const other = await revalidate("br", tags.get("gzip")!);
    expect(other.status).toBe(200);
    expect(other.headers.get("etag")).toBe(tags.get("br"));
    // HEAD: the headers of GET.
    const head = await fetch(`${site.base}/blog/feed.xml`, { method: "HEAD", headers: { "accept-encoding": "gzip" } });
    expect(head.headers.get("etag")).toBe(tags.get("gzip"));
    expect(head.headers.get("content-type")).toMatch(/^application\/rss\+xml/);
  });
});

describe("llms.txt and Markdown variants", () => {
  it("lists per language the help centre, FAQ, pricing, download and newest articles, whose Markdown answers", async () => {
    const res = await fetch(`${site.base}/llms.txt`);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/^# Facet Browser\n\n> .+/);
    for (const lang of LANG_KEYS) {
      const prefix = lang === "en" ? "" : `/${lang}`;
      expect(text, lang).toContain(`## ${getLanguage(lang).nativeName}`);
      for (const p of ["/helps)", "/faq.md)", "/Pricing)", "/download)"]) expect(text, `${lang} ${p}`).toContain(`](${site.base}${prefix}${p}`);
    }
    const mdLinks = [...text.matchAll(/\]\((http[^)]+\.md)\)/g)].map((m) => m[1]!);
    expect(mdLinks.some((l) => /\/helps\/\d+\.md$/.test(l))).toBe(true);
    expect(mdLinks.some((l) => /\/blog\/\d+\.md$/.test(l))).toBe(true);
    for (const link of mdLinks.filter((_, i) => i % 7 === 0)) {
      const md = await fetch(link);
      expect(md.status, link).toBe(200);
      expect(md.headers.get("content-type")).toMatch(/^text\/markdown/);
      expect(await md.text()).toMatch(/^# .+/);
    }
  });

  it("answers a help article, a blog article and the FAQ as Markdown, and 404 in a language they are not in", async () => {
    const help = await (await fetch(`${site.base}/helps/1.md`)).text();
    expect(help).toMatch(/^# .+\n\n> .+\n\nSource: http.+\/helps\/1\nUpdated: \d{4}-\d{2}-\d{2}\n\n/);
    expect(help).toMatch(/^## /m);
    expect(help).not.toMatch(/<\/?(p|div|h2)>/);
    expect((await fetch(`${site.base}/zh/helps/1.md`)).status).toBe(404);
    const faq = await (await fetch(`${site.base}/jp/faq.md`)).text();
    expect(faq).toMatch(/^# .+\n\nSource: http.+\/jp\/faq\n\n## /);
    expect((await fetch(`${site.base}/blog/999999.md`)).status).toBe(404);
  });

  it("say their language, and give each encoding its own entity tag", async () => {
    expect((await fetch(`${site.base}/jp/faq.md`)).headers.get("content-language")).toBe("ja");
    expect((await fetch(`${site.base}/helps/1.md`)).headers.get("content-language")).toBe("en");
    const br = await fetch(`${site.base}/jp/faq.md`, { headers: { "accept-encoding": "br" } });
    const gzip = await fetch(`${site.base}/jp/faq.md`, { headers: { "accept-encoding": "gzip;q=1, br;q=0.9" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(await br.text()).toBe(await gzip.text());
    expect(br.headers.get("etag")).not.toBe(gzip.headers.get("etag"));
    expect((await fetch(`${site.base}/jp/faq.md`, { headers: { "accept-encoding": "br", "if-none-match": br.headers.get("etag")! } })).status).toBe(304);
  });
});
