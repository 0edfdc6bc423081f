import { describe, expect, it } from "vitest";
import { selectWarmUrls, sitemapKind, type Sitemap } from "./warm";

const O = "https://facet.example";
const sitemaps: Sitemap[] = [
  {
    lang: "en",
    family: "pages",
    urls: [{ loc: `${O}/` }, { loc: `${O}/Pricing` }, { loc: `${O}/download` }],
  },
  {
    lang: "en",
    family: "blog",
    urls: [
      { loc: `${O}/blog/1`, lastmod: "2026-01-01T00:00:00.000Z" },
      { loc: `${O}/blog/3`, lastmod: "2026-03-01T00:00:00.000Z" },
      { loc: `${O}/blog/2`, lastmod: "2026-02-01T00:00:00.000Z" },
    ],
  },
  { lang: "en", family: "partners", urls: [{ loc: `${O}/partner/1` }] },
  { lang: "zh", family: "help", urls: [{ loc: `${O}/zh/helps/9`, lastmod: "2026-01-05T00:00:00.000Z" }] },
  { lang: "zh", family: "pages", urls: [{ loc: `${O}/zh` }, { loc: `${O}/zh/Pricing` }] },
  { lang: "zh", family: "blog", urls: [{ loc: `${O}/zh/blog/7`, lastmod: "2026-02-15T00:00:00.000Z" }] },
  { lang: "th", family: "pages", urls: [{ loc: `${O}/th` }] },
];

describe("scripts/warm.ts: which URLs, in which order", () => {
  it("reads a sitemap's language and family from the names the site gives them", () => {
    expect(sitemapKind(`${O}/sitemaps/zh-use-cases-2.xml`)).toEqual({ lang: "zh", family: "use-cases" });
    expect(sitemapKind(`${O}/sitemaps/en-blog-1.xml`)).toEqual({ lang: "en", family: "blog" });
    expect(sitemapKind(`${O}/feed.xml`)).toBeNull();
  });

  it("warms every language's home first, then fixed pages, then articles newest first, the languages taking turns", () => {
    expect(selectWarmUrls(sitemaps).map((u) => u.slice(O.length))).toEqual([
      "/",
      "/zh",
      "/th",
      "/Pricing",
      "/zh/Pricing",
      "/download",
      "/blog/3",
      "/zh/blog/7",
      "/blog/2",
      "/blog/1",
      "/zh/helps/9",
      "/partner/1",
    ]);
  });

  it("keeps only the languages asked for, in their order, and stops at the limit", () => {
    expect(selectWarmUrls(sitemaps, { langs: ["zh", "en"], limit: 5 }).map((u) => u.slice(O.length))).toEqual([
      "/zh",
      "/",
      "/zh/Pricing",
      "/Pricing",
      "/download",
    ]);
    expect(selectWarmUrls(sitemaps, { langs: ["hi"] })).toEqual([]);
  });

  it("asks for a URL listed twice once", () => {
    const twice: Sitemap[] = [
      { lang: "en", family: "pages", urls: [{ loc: `${O}/` }, { loc: `${O}/faq` }] },
      { lang: "en", family: "pages", urls: [{ loc: `${O}/faq` }] },
    ];
    expect(selectWarmUrls(twice)).toEqual([`${O}/`, `${O}/faq`]);
  });
});
