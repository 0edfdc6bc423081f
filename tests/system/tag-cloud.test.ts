/**
 * A category with dozens of tags, on the built server and its database: past the first dozen the
 * tags fold into a disclosure (app/components/blog/TagCloud.tsx), the page's own tag stays in
 * sight, and every folded tag is a page that exists.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { TAGS_SHOWN } from "~/components/blog/TagCloud";
import { siteForThisFile } from "../support/site-for-file";

const site = siteForThisFile();
const ADDED = 30;

/** The tag navigation of a list page: the chips before the fold, the fold's label and its chips. */
async function tagCloud(path: string) {
  const res = await fetch(`${site.base}${path}`);
  expect(res.status, path).toBe(200);
  const html = await res.text();
  const nav = /<nav [^>]*data-testid="tag-cloud"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? "";
  const [before = "", fold = ""] = nav.split(/<details[^>]*>/);
  const hrefs = (part: string) => [...part.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1]!);
  const current = [...before.matchAll(/<a [^>]*>/g)].map((m) => m[0]).find((a) => a.includes('aria-current="page"'));
  return {
    shown: hrefs(before),
    folded: hrefs(fold),
    open: /<details[^>]* open=""/.test(nav),
    label: /<summary[^>]*>([^<]*)/.exec(fold)?.[1] ?? "",
    current: current && /href="([^"]+)"/.exec(current)?.[1],
  };
}

beforeAll(async () => {
  // Thirty more tags on the guides category's English and Chinese articles, one to three articles each.
  const pool = site.current.database.pool;
  await pool.query(`
    WITH added AS (
      INSERT INTO tags (slug) SELECT 'cloud-tag-' || g FROM generate_series(1, ${ADDED}) g RETURNING id, slug),
    named AS (
      INSERT INTO tag_translations (tag_id, lang, name) SELECT id, 'en', initcap(replace(slug, '-', ' ')) FROM added RETURNING tag_id),
    guides AS (
      SELECT a.id, row_number() OVER (PARTITION BY a.lang ORDER BY a.id) AS n FROM articles a JOIN categories c ON c.id = a.category_id
      WHERE c.type = 'blog' AND c.slug = 'guides' AND a.type = 'blog' AND a.lang IN ('en', 'zh') AND a.status = 'published' AND a.published_at <= now())
    INSERT INTO article_tags (article_id, tag_id)
    SELECT g.id, t.id FROM added t JOIN named ON named.tag_id = t.id
    JOIN guides g ON g.n <= 1 + (substring(t.slug FROM '[0-9]+$')::int % 3)`);
}, 120_000);

describe("a category's tag cloud", () => {
  it("shows the most used dozen and folds the rest, every one a page", async () => {
    const { shown, folded, open, label } = await tagCloud("/blog-guides");
    expect(shown).toHaveLength(TAGS_SHOWN);
    expect(folded.length).toBeGreaterThanOrEqual(ADDED - TAGS_SHOWN);
    expect(new Set([...shown, ...folded]).size).toBe(shown.length + folded.length);
    expect(open).toBe(false);
    expect(label).toBe(`More tags (${folded.length})`);
    for (const href of [folded[0]!, folded.at(-1)!]) {
      expect((await fetch(`${site.base}${href}`)).status, href).toBe(200);
    }
  });

  it("keeps the page's own tag in sight when it is one of the folded", async () => {
    const all = await tagCloud("/blog-guides");
    const own = all.folded.at(-1)!;
    const page = await tagCloud(own);
    expect(page.current).toBe(own);
    expect(page.shown).toEqual([...all.shown, own]);
    expect(page.folded).toEqual(all.folded.slice(0, -1));
  });

  it("says it in the page's language", async () => {
    const zh = await tagCloud("/zh/blog-guides");
    expect(zh.shown).toHaveLength(TAGS_SHOWN);
    expect(zh.folded.length).toBeGreaterThanOrEqual(ADDED - TAGS_SHOWN);
    expect(zh.label).toBe(`更多标签（${zh.folded.length}）`);
  });
});
