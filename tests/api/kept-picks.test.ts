/**
 * What drizzle/0016_flat_at_scale.sql keeps (docs/decisions/0037): an article page's related
 * articles and a use case's articles are ranked once and read from article_picks while nothing they
 * are ranked on has changed, and give the same answer as ranking them again after every kind of
 * change; the shown comments per article equal a count of the rows after every kind of write; and
 * (drizzle/0017_tag_listing.sql) each tag's listing equals its published articles after every kind of write.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, sqlReaders, type TestDatabase } from "../support/database";
import { articlePage, articlesWithTags, listArticles, relatedArticles } from "../../server/services/articles.server";
import { listComments } from "../../server/services/comments.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const { q, one } = sqlReaders(() => database);

const PAGE = { related: 4, comments: { page: 1, pageSize: 5, sort: "latest" as const } };
/** The article page's related articles (kept or ranked) and a ranking done now (the API's, never kept). */
const pageRelated = async (id: number) => (await articlePage(database.db, id, PAGE))!.related.map((a) => a.id);
const rankedNow = async (id: number) => (await relatedArticles(database.db, id, 4)).map((a) => a.id);
const kept = (id: number) => q<{ ids: number[] }>("SELECT ids FROM article_picks WHERE key = $1", [`related:4:${id}`]);

async function publishedArticles() {
  return q<{ id: number; type: string; lang: string; category_id: number }>(
    "SELECT id, type, lang, category_id FROM articles WHERE status = 'published' AND published_at <= now() ORDER BY id",
  );
}

async function insertArticle(a: { type: string; lang: string; category: number; key: string; at: string }): Promise<number> {
  const row = await one<{ id: number }>(
    `INSERT INTO articles (type, lang, key, category_id, title, content_html, author, status, published_at, updated_at, source_hash)
     VALUES ($1, $2, $3, $4, 'Kept', '<p>x</p>', 'Test', 'published', now() + $5::interval, now(), 'h') RETURNING id`,
    [a.type, a.lang, a.key, a.category, a.at],
  );
  return row.id;
}

describe("kept related articles", () => {
  it("are the ranking's answer for every published article, ranked once and then read", async () => {
    for (const a of await publishedArticles()) {
      expect(await pageRelated(a.id), `article ${a.id}`).toEqual(await rankedNow(a.id));
      expect(await kept(a.id), `article ${a.id} kept`).toEqual([{ ids: await rankedNow(a.id) }]);
      expect(await pageRelated(a.id), `article ${a.id}, read back`).toEqual(await rankedNow(a.id));
    }
  });

  it("are read from the table while nothing changed, and ranked again after every change a ranking reads", async () => {
    const [subject] = await q<{ id: number; type: string; lang: string; category_id: number; tag_id: number }>(
      `SELECT a.id, a.type, a.lang, a.category_id, t.tag_id FROM articles a JOIN article_tags t ON t.article_id = a.id
       WHERE a.status = 'published' AND a.published_at <= now() ORDER BY a.id LIMIT 1`,
    );
    const { id } = subject!;
    await pageRelated(id);
    // A wrong answer planted under the current version is what the page shows: it is read, not ranked.
    await q("UPDATE article_picks SET ids = '{-1}' WHERE key = $1", [`related:4:${id}`]);
    expect((await articlePage(database.db, id, PAGE))!.related).toEqual([]);

    const changes: [string, () => Promise<unknown>][] = [
      [
        "a new article sharing a tag",
        async () => {
          const added = await insertArticle({ type: subject!.type, lang: subject!.lang, category: subject!.category_id, key: "kept-a", at: "-1 hour" });
          await q("INSERT INTO article_tags (article_id, tag_id) VALUES ($1, $2)", [added, subject!.tag_id]);
        },
      ],
      ["a tag removed", () => q("DELETE FROM article_tags WHERE article_id = (SELECT id FROM articles WHERE key = 'kept-a')")],
      ["a category changed", () => q("UPDATE articles SET category_id = (SELECT min(id) FROM categories WHERE type = articles.type) WHERE key = 'kept-a'")],
      ["a publication time changed", () => q("UPDATE articles SET published_at = published_at - interval '1 day' WHERE key = 'kept-a'")],
      ["an article unpublished", () => q("UPDATE articles SET status = 'draft' WHERE key = 'kept-a'")],
      ["an article deleted", () => q("DELETE FROM articles WHERE key = 'kept-a'")],
      ["a tag renamed", () => q("UPDATE tags SET slug = slug || '-renamed' WHERE id = $1", [subject!.tag_id])],
    ];
    for (const [change, write] of changes) {
      await q("UPDATE article_picks SET ids = '{-1}' WHERE key = $1", [`related:4:${id}`]);
      await write();
      expect(await pageRelated(id), change).toEqual(await rankedNow(id));
    }
  });

  it("are ranked again once a scheduled article of their language comes due, and not before", async () => {
    const [a] = await publishedArticles();
    await pageRelated(a!.id);
    // An article whose time came an hour ago: a pick made (by its own clock) before then is stale,
    // one made after is current. Moving computed_at stands in for the clock moving.
    await insertArticle({ type: a!.type, lang: a!.lang, category: a!.category_id, key: "kept-due", at: "-1 hour" });
    await pageRelated(a!.id);
    await q("UPDATE article_picks SET ids = '{-1}', computed_at = now() - interval '30 minutes' WHERE key = $1", [`related:4:${a!.id}`]);
    expect((await articlePage(database.db, a!.id, PAGE))!.related).toEqual([]);
    await q("UPDATE article_picks SET ids = '{-1}', computed_at = now() - interval '2 hours' WHERE key = $1", [`related:4:${a!.id}`]);
    expect(await pageRelated(a!.id)).toEqual(await rankedNow(a!.id));
  });

  it("counting a read or editing a text keeps the pick", async () => {
    const [a] = await publishedArticles();
    await pageRelated(a!.id);
    await q("UPDATE article_picks SET ids = '{-1}' WHERE key = $1", [`related:4:${a!.id}`]);
    await q("UPDATE articles SET reads = reads + 1, title = title || ' ' WHERE id = $1", [a!.id]);
    expect((await articlePage(database.db, a!.id, PAGE))!.related).toEqual([]);
    await q("DELETE FROM article_picks");
  });
});

describe("kept use case articles", () => {
  it("are the ranking's answer, read back while current and ranked again after a change", async () => {
    const tags = (await q<{ slug: string }>("SELECT slug FROM tags ORDER BY id LIMIT 2")).map((t) => t.slug);
    const first = await articlesWithTags(database.db, "en", tags, 3);
    expect(first.length).toBeGreaterThan(0);
    expect(await articlesWithTags(database.db, "en", [...tags].reverse(), 3)).toEqual(first);
    await q("UPDATE article_picks SET ids = '{-1}' WHERE key LIKE 'tags:%'");
    expect(await articlesWithTags(database.db, "en", tags, 3)).toEqual([]);
    await q("INSERT INTO article_tags (article_id, tag_id) SELECT $1, id FROM tags WHERE slug = $2 ON CONFLICT DO NOTHING", [first[0]!.id, tags[1]]);
    await q("DELETE FROM article_tags WHERE article_id = $1 AND tag_id = (SELECT id FROM tags WHERE slug = $2)", [first[0]!.id, tags[1]]);
    expect(await articlesWithTags(database.db, "en", tags, 3)).toEqual(first);
  });
});

/** Articles whose kept count of shown comments differs from a count of the rows. */
const commentCountDrift = () =>
  q(`
    SELECT * FROM (SELECT article_id, count(*)::int AS n FROM comments WHERE hidden_at IS NULL GROUP BY 1) r
    FULL JOIN article_comment_counts c USING (article_id)
    WHERE coalesce(r.n, 0) <> coalesce(c.shown, 0)`);

describe("kept comment counts", () => {
  it("follow comments written, hidden, shown again, moved and deleted, and their article's deletion", async () => {
    expect(await commentCountDrift()).toEqual([]);
    const [a, b] = await publishedArticles();
    const add = (article: number) =>
      one<{ id: number }>("INSERT INTO comments (article_id, name, content, visitor_hash) VALUES ($1, 'N', 'C', 'h') RETURNING id", [article]);
    const c1 = await add(a!.id);
    const c2 = await add(a!.id);
    await add(b!.id);
    expect(await commentCountDrift()).toEqual([]);
    await q("UPDATE comments SET hidden_at = now() WHERE id = $1", [c1.id]);
    expect(await commentCountDrift()).toEqual([]);
    await q("UPDATE comments SET hidden_at = now() - interval '1 day' WHERE id = $1", [c1.id]);
    expect(await commentCountDrift()).toEqual([]);
    await q("UPDATE comments SET hidden_at = NULL WHERE id = $1", [c1.id]);
    await q("UPDATE comments SET article_id = $2 WHERE id = $1", [c2.id, b!.id]);
    expect(await commentCountDrift()).toEqual([]);
    await q("DELETE FROM comments WHERE id = $1", [c1.id]);
    expect(await commentCountDrift()).toEqual([]);
    const shown = await q<{ n: number }>("SELECT count(*)::int AS n FROM comments WHERE article_id = $1 AND hidden_at IS NULL", [b!.id]);
    expect((await listComments(database.db, b!.id, { page: 1, pageSize: 5, sort: "latest" })).total).toBe(shown[0]!.n);
    const doomed = await insertArticle({ type: "blog", lang: "en", category: a!.category_id, key: "kept-comments", at: "-1 hour" });
    await add(doomed);
    await q("DELETE FROM articles WHERE id = $1", [doomed]);
    expect(await commentCountDrift()).toEqual([]);
  });
});

/** Entries of article_tag_listing that differ from the published articles' tags themselves. */
const listingDrift = () =>
  q(`
    SELECT * FROM (SELECT t.tag_id, a.id AS article_id, a.type, a.lang, a.category_id, a.published_at
                   FROM articles a JOIN article_tags t ON t.article_id = a.id WHERE a.status = 'published') r
    FULL JOIN article_tag_listing l USING (tag_id, article_id)
    WHERE (r.type, r.lang, r.category_id, r.published_at) IS DISTINCT FROM (l.type, l.lang, l.category_id, l.published_at)`);

describe("the kept tag listing", () => {
  it("follows tags added, moved and removed, and articles published, moved, rescheduled, unpublished and deleted", async () => {
    expect(await q("SELECT 1 FROM article_tag_listing LIMIT 1")).toHaveLength(1);
    expect(await listingDrift()).toEqual([]);
    const [a] = await publishedArticles();
    const [t1, t2] = await q<{ id: number; slug: string }>("SELECT id, slug FROM tags ORDER BY id LIMIT 2");
    const id = await insertArticle({ type: "blog", lang: "fr", category: a!.category_id, key: "kept-listing", at: "-2 hours" });
    const writes = [
      ["INSERT INTO article_tags (article_id, tag_id) VALUES ($1, $2)", [id, t1!.id]],
      ["UPDATE article_tags SET tag_id = $2 WHERE article_id = $1", [id, t2!.id]],
      ["UPDATE articles SET lang = 'pt', published_at = now() + interval '1 day' WHERE id = $1", [id]],
      ["UPDATE articles SET category_id = (SELECT max(id) FROM categories WHERE type = 'blog'), published_at = now() - interval '3 hours' WHERE id = $1", [id]],
      ["UPDATE articles SET status = 'draft' WHERE id = $1", [id]],
      ["INSERT INTO article_tags (article_id, tag_id) VALUES ($1, $2)", [id, t1!.id]],
      ["UPDATE articles SET status = 'published' WHERE id = $1", [id]],
      ["UPDATE articles SET reads = reads + 1 WHERE id = $1", [id]],
      ["DELETE FROM article_tags WHERE article_id = $1 AND tag_id = $2", [id, t2!.id]],
    ] as const;
    for (const [text, params] of writes) {
      await q(text, [...params]);
      expect(await listingDrift(), text).toEqual([]);
    }
    // A tag page reads it: the article is on its tag's first page, in its language.
    const page = await listArticles(database.db, { type: "blog", lang: "pt", tag: t1!.slug, page: 1, pageSize: 50 });
    expect(page.list.map((x) => x.id)).toContain(id);
    await q("DELETE FROM articles WHERE id = $1", [id]);
    await q("DELETE FROM tags WHERE id = (SELECT max(id) FROM tags WHERE NOT EXISTS (SELECT 1 FROM article_tags WHERE tag_id = tags.id))");
    expect(await listingDrift()).toEqual([]);
  });
});
