/**
 * Every language a whole site (issue 27): links written in content stay in the page's language on
 * pages, Markdown twins, feeds and llms.txt; content not translated yet is listed and readable in
 * every language with a notice, never indexed there and never an alternate; no title carries the
 * brand twice. Against the built server over a copy of the seeded database, with an English-only
 * help article, an English+Chinese one, an English-only FAQ entry and an English-only use case.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANG_KEYS, type LangKey } from "../../app/i18n/languages";
import { startServerOnTestDatabase } from "../support/server-process";

let site: Awaited<ReturnType<typeof startServerOnTestDatabase>>;
let base: string;
const probe = { enOnly: 0, enZhEn: 0, enZhZh: 0, translatedEn: 0, translatedTh: 0 };

const query = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await site.database.pool.query(text, params)).rows as T[];

beforeAll(async () => {
  site = await startServerOnTestDatabase();
  base = site.server.baseUrl;
  // Written before any page is asked for, so no process has cached what they change.
  const copyHelp = async (lang: string, key: string, title: string) =>
    (
      await query<{ id: number }>(
        `INSERT INTO help_articles (lang, key, category_id, sort, title, summary, content_html, toc, search_text, author, status, updated_at, source_hash)
         SELECT $1, $2, category_id, 99, $3, 'Probe summary', '<p>See <a href="/Pricing">the prices</a> and <a href="/faq#refunds">refunds</a>.</p>', '[]', $3, author, 'published', updated_at, 'probe'
         FROM help_articles WHERE lang = 'en' ORDER BY id LIMIT 1 RETURNING id`,
        [lang, key, title],
      )
    )[0]!.id;
  probe.enOnly = await copyHelp("en", "probe-english-only", "Probe written only in English");
  probe.enZhEn = await copyHelp("en", "probe-english-chinese", "Probe in English and Chinese");
  probe.enZhZh = await copyHelp("zh", "probe-english-chinese", "探针：英文和中文");
  const [pair] = await query<{ en: number; th: number }>(
    `SELECT e.id AS en, t.id AS th FROM help_articles e JOIN help_articles t ON t.key = e.key AND t.lang = 'th' WHERE e.lang = 'en' ORDER BY e.id LIMIT 1`,
  );
  probe.translatedEn = pair!.en;
  probe.translatedTh = pair!.th;
  const [group] = await query<{ id: number }>(`SELECT id FROM faq_groups ORDER BY sort LIMIT 1`);
  const [item] = await query<{ id: number }>(`INSERT INTO faq_items (group_id, slug, sort) VALUES ($1, 'probe-question', 999) RETURNING id`, [group!.id]);
  await query(
    `INSERT INTO faq_item_translations (item_id, lang, question, answer_html) VALUES ($1, 'en', 'Probe question only in English?', '<p>Probe answer.</p>')`,
    [item!.id],
  );
  const [useCase] = await query<{ id: number }>(`INSERT INTO use_cases (kind, slug, sort) VALUES ('scenario', 'probe-use-case', 999) RETURNING id`);
  await query(
    `INSERT INTO use_case_translations (use_case_id, lang, title, summary, features, sections, updated_at, source_hash)
     VALUES ($1, 'en', 'Probe use case in English', 'Probe summary', '[]', '[{"id":"one","title":"One","html":"<p>Read <a href=\\"/download\\">the download page</a>.</p>"},{"id":"two","title":"Two","html":"<p>Two.</p>"}]', now(), 'probe')`,
    [useCase!.id],
  );
}, 120_000);
afterAll(async () => {
  await site?.stop();
});

async function page(path: string) {
  const res = await fetch(base + path, { redirect: "manual" });
  return { status: res.status, location: res.headers.get("location"), html: await res.text() };
}

/** `<a href>` targets of a page that are this site's pages, leaving out hreflang links (the language switcher). */
function siteLinks(html: string, pagePath: string): string[] {
  const links: string[] = [];
  for (const [tag, href] of html.matchAll(/<a\b[^>]*?\shref="([^"]*)"[^>]*>/g)) {
    if (/\shreflang=/i.test(tag)) continue;
    const url = new URL(href!.replace(/&amp;/g, "&"), base + pagePath);
    // Files, not pages: assets, installers, the API, the release-signing key and checksum lists.
    if (url.origin !== base || /^\/(assets|images|downloads|favicon|api|\.well-known)\b|\/SHA256SUMS(\.sig)?$/.test(url.pathname)) continue;
    links.push(url.pathname);
  }
  return links;
}

const inLanguage = (path: string, lang: LangKey) => path === `/${lang}` || path.startsWith(`/${lang}/`);

describe("links in every language", () => {
  it("no non-English page links to another language's page outside the switcher and the alternates", { timeout: 600_000 }, async () => {
    const wrong: string[] = [];
    const titles: string[] = [];
    let crawled = 0;
    for (const lang of LANG_KEYS.filter((l) => l !== "en")) {
      // Breadth first from the home page, every section's first pages and some of their items.
      const seen = new Set([`/${lang}`, `/${lang}/faq`, `/${lang}/helps`, `/${lang}/blog`, `/${lang}/news`, `/${lang}/scenarios`]);
      const queue = [...seen];
      let budget = 45;
      while (queue.length && budget-- > 0) {
        const path = queue.shift()!;
        const { status, html } = await page(path);
        if (status !== 200) continue;
        crawled++;
        titles.push(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "");
        for (const link of siteLinks(html, path)) {
          if (!inLanguage(link, lang)) wrong.push(`${path} → ${link}`);
          else if (!seen.has(link) && !/\.(xml|md|ics)$/.test(link)) {
            seen.add(link);
            queue.push(link);
          }
        }
      }
    }
    expect(crawled).toBeGreaterThan(12 * 30);
    expect(wrong.slice(0, 20), `${wrong.length} links lead out of the page's language`).toEqual([]);
    // The brand once: a title never says it twice.
    expect(titles.filter((t) => /Facet Browser.*Facet Browser/.test(t))).toEqual([]);
  });

  it("content links carry the reader's language on pages, Markdown twins, feeds and llms.txt", async () => {
    const th = await page(`/th/helps/${probe.enOnly}`);
    expect(th.html).toContain('href="/th/Pricing"');
    expect(th.html).toContain('href="/th/faq#refunds"');
    const en = await page(`/helps/${probe.enOnly}`);
    expect(en.html).toContain('href="/Pricing"');
    for (const lang of LANG_KEYS.filter((l) => l !== "en")) {
      const faq = await (await fetch(`${base}/${lang}/faq.md`)).text();
      const absolute = [...faq.matchAll(/\]\((http[^)\s]+)\)/g)].map((m) => new URL(m[1]!));
      const ours = absolute.filter((u) => u.origin === base && !u.pathname.startsWith("/images/"));
      expect(ours.length, `${lang}/faq.md links to the site`).toBeGreaterThan(0);
      expect(
        ours.filter((u) => !inLanguage(u.pathname, lang)).map((u) => u.href),
        `${lang}/faq.md`,
      ).toEqual([]);
      const feed = await (await fetch(`${base}/${lang}/blog/feed.xml`)).text();
      const feedLinks = [...feed.matchAll(/href="(http[^"]+)"/g)]
        .map((m) => new URL(m[1]!.replace(/&amp;/g, "&")))
        .filter((u) => u.origin === base && !u.pathname.startsWith("/images/"));
      expect(
        feedLinks.filter((u) => !inLanguage(u.pathname, lang)).map((u) => u.href),
        `${lang} blog feed`,
      ).toEqual([]);
    }
    const llms = await (await fetch(`${base}/llms.txt`)).text();
    for (const section of llms.split(/\n## /).slice(1)) {
      const links = [...section.matchAll(/\]\((http[^)\s]+)\)/g)].map((m) => new URL(m[1]!).pathname);
      const langs = new Set(links.map((p) => (LANG_KEYS as readonly string[]).find((l) => inLanguage(p, l as LangKey)) ?? "en"));
      expect(langs.size, `one language per llms.txt section: ${section.slice(0, 40)}`).toBe(1);
    }
  });
});

describe("content not translated yet", () => {
  it("is listed in the help centre of every language, marked with its language", async () => {
    for (const lang of ["th", "hi", "tc"] as const) {
      const list = await page(
        `/${lang}/helps?category=${(await query<{ slug: string }>(`SELECT c.slug FROM categories c JOIN help_articles h ON h.category_id = c.id WHERE h.id = $1`, [probe.enOnly]))[0]!.slug}`,
      );
      expect(list.status).toBe(200);
      expect(list.html).toContain(`href="/${lang}/helps/${probe.enOnly}"`);
      expect(list.html).toMatch(/data-testid="fallback-badge"/);
    }
    // tc readers get the Simplified Chinese version before the English one.
    const tc = await page(
      `/tc/helps?category=${(await query<{ slug: string }>(`SELECT c.slug FROM categories c JOIN help_articles h ON h.category_id = c.id WHERE h.id = $1`, [probe.enZhZh]))[0]!.slug}`,
    );
    expect(tc.html).toContain(`href="/tc/helps/${probe.enZhZh}"`);
    expect(tc.html).not.toContain(`href="/tc/helps/${probe.enZhEn}"`);
  });

  it("is readable in the reader's pages with a notice, noindex and no alternates", async () => {
    const th = await page(`/th/helps/${probe.enOnly}`);
    expect(th.status).toBe(200);
    expect(th.html).toMatch(/<html lang="th"/);
    expect(th.html).toContain('data-testid="fallback-notice"');
    expect(th.html).toContain("หน้านี้ยังไม่มีฉบับภาษาไทย");
    expect(th.html).toContain('<meta name="robots" content="noindex"/>');
    expect(th.html).not.toMatch(/<link rel="alternate" hrefLang=/i);
    expect(th.html).not.toMatch(/<link rel="canonical"/);
    expect(th.html).toMatch(/<h1[^>]*lang="en"/);
    // The original itself is an ordinary English page.
    const en = await page(`/helps/${probe.enOnly}`);
    expect(en.html).not.toContain('data-testid="fallback-notice"');
    expect(en.html).not.toContain('content="noindex"');
    // A Traditional Chinese reader of the English id is sent to the Simplified Chinese version, in tc's pages.
    const tc = await page(`/tc/helps/${probe.enZhEn}`);
    expect(tc.status).toBe(301);
    expect(tc.location).toBe(`/tc/helps/${probe.enZhZh}`);
    expect((await page(`/tc/helps/${probe.enZhZh}`)).html).toContain("以下為簡體中文原文");
    // An id of another language's version leads to the reader's own version.
    const own = await page(`/th/helps/${probe.translatedEn}`);
    expect(own.status).toBe(301);
    expect(own.location).toBe(`/th/helps/${probe.translatedTh}`);
  });

  it("is in no sitemap of the reader's language and no alternate of the original", async () => {
    const sitemap = await (await fetch(`${base}/sitemaps/th-help-1.xml`)).text();
    expect(sitemap).toContain(`/th/helps/${probe.translatedTh}<`);
    expect(sitemap).not.toContain(`/th/helps/${probe.enOnly}<`);
    expect(sitemap).not.toContain(`/helps/${probe.enOnly}"`);
    const en = await page(`/helps/${probe.enOnly}`);
    expect(en.html).toMatch(/<link rel="alternate" hrefLang="en"/i);
    expect(en.html).not.toMatch(/<link rel="alternate" hrefLang="th"/i);
    const useCases = await (await fetch(`${base}/sitemaps/th-use-cases-1.xml`)).text();
    expect(useCases).not.toContain("probe-use-case");
  });

  it("keeps FAQ entries and use cases whole in every language", async () => {
    const faq = await page("/vn/faq");
    expect(faq.html).toContain("Probe question only in English?");
    expect(faq.html).toMatch(/<span[^>]*lang="en"[^>]*>Probe question only in English\?/);
    const list = await page("/uk/scenarios");
    expect(list.html).toContain('href="/uk/scenarios/probe-use-case"');
    const useCase = await page("/uk/scenarios/probe-use-case");
    expect(useCase.status).toBe(200);
    expect(useCase.html).toContain('data-testid="fallback-notice"');
    expect(useCase.html).toContain('<meta name="robots" content="noindex"/>');
    expect(useCase.html).toContain('href="/uk/download"');
  });

  it("gives the blog a 'more in English' section, read in the reader's pages, and English none", async () => {
    const th = await page("/th/blog");
    expect(th.html).toContain('data-testid="untranslated"');
    const start = th.html.indexOf('data-testid="untranslated"');
    const section = th.html.slice(start, th.html.indexOf("</section>", start));
    const ids = [...section.matchAll(/href="\/th\/blog\/(\d+)"/g)].map((m) => Number(m[1]));
    expect(ids.length).toBeGreaterThan(0);
    const langs = await query<{ lang: string }>(`SELECT DISTINCT lang FROM articles WHERE id = ANY($1)`, [ids]);
    expect(langs.map((r) => r.lang)).toEqual(["en"]);
    const article = await page(`/th/blog/${ids[0]}`);
    expect(article.status).toBe(200);
    expect(article.html).toContain('data-testid="fallback-notice"');
    expect(article.html).toContain('<meta name="robots" content="noindex"/>');
    expect((await page("/blog")).html).not.toContain('data-testid="untranslated"');
  });

  it("counts as missing in the staff area's translation coverage", async () => {
    const { translationCoverage } = await import("../../server/services/translation-coverage.server");
    const report = await translationCoverage(site.database.db);
    const row = report.rows.find((r) => r.kind === "help" && r.key === "probe-english-only");
    expect(row, "the probe is a coverage row").toBeDefined();
    expect(row!.cells.find((c) => c.lang === "th")?.status).toBe("missing");
  });
});
