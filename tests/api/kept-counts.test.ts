/**
 * The counts the triggers keep (drizzle/0012_queries_at_scale.sql, docs/decisions/0022): after
 * every kind of write to articles, their tags and help votes, article_counts and help_vote_counts
 * equal a count of the rows themselves, and the lists that read them (tag and category counts)
 * leave out scheduled articles until their time comes, as counting the rows did.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, sqlReaders, type TestDatabase } from "../support/database";
import { listArticleCategories, listArticles, listArticleTags, listPageLanguages } from "../../server/services/articles.server";
import { helpVoteSummary, voteOnHelpArticle } from "../../server/services/help.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const { q, one } = sqlReaders(() => database);

/** Rows of the kept counts that differ from a count of the articles and tags themselves. */
const articleCountDrift = () =>
  q(`
    SELECT r.*, c.published FROM (
      SELECT a.type, a.lang, a.category_id, 0 AS tag_id, count(*)::int AS n FROM articles a WHERE a.status = 'published' GROUP BY 1, 2, 3
      UNION ALL
      SELECT a.type, a.lang, a.category_id, t.tag_id, count(*)::int FROM articles a JOIN article_tags t ON t.article_id = a.id
      WHERE a.status = 'published' GROUP BY 1, 2, 3, 4) r
    FULL JOIN article_counts c USING (type, lang, category_id, tag_id)
    WHERE coalesce(r.n, 0) <> coalesce(c.published, 0)`);

const voteCountDrift = () =>
  q(`
    SELECT * FROM (SELECT article_id, count(*) FILTER (WHERE solved)::int AS s, count(*) FILTER (WHERE NOT solved)::int AS u FROM help_votes GROUP BY 1) v
    FULL JOIN help_vote_counts c USING (article_id)
    WHERE coalesce(v.s, 0) <> coalesce(c.solved, 0) OR coalesce(v.u, 0) <> coalesce(c.unsolved, 0)`);

const categoryId = async (type: string, slug: string) =>
  (await q<{ id: number }>("SELECT id FROM categories WHERE type = $1 AND slug = $2", [type, slug]))[0]!.id;
const tagId = async (slug: string) => (await q<{ id: number }>("SELECT id FROM tags WHERE slug = $1", [slug]))[0]!.id;

describe("article counts", () => {
  it("start equal to the rows the demo content made", async () => {
    expect(await q("SELECT 1 FROM article_counts LIMIT 1")).toHaveLength(1);
    expect(await articleCountDrift()).toEqual([]);
  });

  it("follow inserts, tag changes, status, category and type changes, and deletes (tags cascading)", async () => {
    const guides = await categoryId("blog", "guides");
    const [proxies, cookies, security] = [await tagId("proxies"), await tagId("cookies"), await tagId("security")];
    const { id } = await one<{ id: number }>(
      `INSERT INTO articles (type, lang, key, category_id, title, content_html, author, status, published_at, updated_at, source_hash)
       VALUES ('blog', 'fr', 'kept-counts', $1, 'Compté', '<p>x</p>', 'Test', 'published', now() - interval '1 day', now(), 'h') RETURNING id`,
      [guides],
    );
    await q("INSERT INTO article_tags (article_id, tag_id) VALUES ($1, $2), ($1, $3)", [id, proxies, cookies]);
    expect(await articleCountDrift()).toEqual([]);
    await q("UPDATE articles SET status = 'draft' WHERE id = $1", [id]);
    expect(await articleCountDrift()).toEqual([]);
    await q("INSERT INTO article_tags (article_id, tag_id) VALUES ($1, $2)", [id, security]);
    await q("UPDATE articles SET status = 'published', category_id = $2 WHERE id = $1", [id, await categoryId("blog", "use-cases")]);
    expect(await articleCountDrift()).toEqual([]);
    await q("UPDATE articles SET type = 'news', category_id = $2, lang = 'es' WHERE id = $1", [id, await categoryId("news", "product-updates")]);
    expect(await articleCountDrift()).toEqual([]);
    await q("UPDATE article_tags SET tag_id = $2 WHERE article_id = $1 AND tag_id = $3", [id, await tagId("automation"), security]);
    await q("DELETE FROM article_tags WHERE article_id = $1 AND tag_id = $2", [id, proxies]);
    expect(await articleCountDrift()).toEqual([]);
    // A read changes no count (the trigger does not even fire).
    await q("UPDATE articles SET reads = reads + 1 WHERE id = $1", [id]);
    await q("DELETE FROM articles WHERE id = $1", [id]);
    expect(await articleCountDrift()).toEqual([]);
  });

  it("follow the importer's way of writing: the article upserted, its tags deleted and inserted again, in one transaction", async () => {
    const client = await database.pool.connect();
    try {
      await client.query("BEGIN");
      const { rows } = await client.query<{ id: number }>(
        `INSERT INTO articles (type, lang, key, category_id, title, content_html, author, status, published_at, updated_at, source_hash)
         VALUES ('blog', 'tr', 'kept-counts-import', $1, 'Sayılan', '<p>x</p>', 'Test', 'published', now(), now(), 'h1')
         ON CONFLICT (lang, type, key) DO UPDATE SET status = excluded.status, source_hash = excluded.source_hash RETURNING id`,
        [await categoryId("blog", "guides")],
      );
      await client.query("DELETE FROM article_tags WHERE article_id = $1", [rows[0]!.id]);
      await client.query("INSERT INTO article_tags (article_id, tag_id) SELECT $1, id FROM tags WHERE slug IN ('proxies', 'rpa')", [rows[0]!.id]);
      await client.query("COMMIT");
    } finally {
      client.release();
    }
    expect(await articleCountDrift()).toEqual([]);
    await q("DELETE FROM tags WHERE slug = 'rpa'");
    expect(await articleCountDrift()).toEqual([]);
  });

  it("leave scheduled articles out of tag, category, list and language counts until their time", async () => {
    const { id } = await one<{ id: number }>("SELECT id FROM articles WHERE type = 'blog' AND lang = 'en' AND status = 'published' ORDER BY id LIMIT 1");
    const { tag, category } = await one<{ tag: string; category: string }>(
      `SELECT t.slug AS tag, c.slug AS category FROM articles a JOIN article_tags at ON at.article_id = a.id JOIN tags t ON t.id = at.tag_id
       JOIN categories c ON c.id = a.category_id WHERE a.id = $1 ORDER BY t.slug LIMIT 1`,
      [id],
    );
    const snapshot = async () => ({
      tag: (await listArticleTags(database.db, "blog", "en")).find((t) => t.slug === tag)?.count ?? 0,
      category: (await listArticleCategories(database.db, "blog", "en")).find((c) => c.slug === category)!.count,
      total: (await listArticles(database.db, { type: "blog", lang: "en", page: 1, pageSize: 9 })).total,
      tagged: (await listArticles(database.db, { type: "blog", lang: "en", tag, page: 1, pageSize: 9 })).total,
      languages: await listPageLanguages(database.db, { type: "blog", tag, page: 1, pageSize: 9 }),
    });
    const before = await snapshot();
    const { at } = await one<{ at: Date }>("SELECT published_at AS at FROM articles WHERE id = $1", [id]);
    await q("UPDATE articles SET published_at = now() + interval '1 day' WHERE id = $1", [id]);
    const scheduled = await snapshot();
    expect(scheduled.tag).toBe(before.tag - 1);
    expect(scheduled.category).toBe(before.category - 1);
    expect(scheduled.total).toBe(before.total - 1);
    expect(scheduled.tagged).toBe(before.tagged - 1);
    await q("UPDATE articles SET published_at = $2 WHERE id = $1", [id, at]);
    expect(await snapshot()).toEqual(before);
    expect(before.languages).toContain("en");
  });
});

describe("help vote counts", () => {
  it("follow votes, changed votes, repeated votes and deletes", async () => {
    const { id } = await one<{ id: number }>("SELECT id FROM help_articles WHERE status = 'published' ORDER BY id LIMIT 1");
    const vote = (voter: string, solved: boolean) =>
      voteOnHelpArticle(database.db, { articleId: id, voter, solved, feedback: "", ip: `203.0.113.${voter.length}` });
    const first = await vote("kept-a", true);
    expect(first).toMatchObject({ ok: true });
    await vote("kept-b", false);
    await vote("kept-a", false);
    const again = await vote("kept-a", false);
    expect(await voteCountDrift()).toEqual([]);
    const summary = await helpVoteSummary(database.db, id, "kept-a");
    expect(summary).toEqual({ solved_count: again.ok ? again.solved_count : -1, unsolved_count: again.ok ? again.unsolved_count : -1, vote: "unsolved" });
    const [counted] = await q<{ s: number; u: number }>(
      "SELECT count(*) FILTER (WHERE solved)::int AS s, count(*) FILTER (WHERE NOT solved)::int AS u FROM help_votes WHERE article_id = $1",
      [id],
    );
    expect([summary.solved_count, summary.unsolved_count]).toEqual([counted!.s, counted!.u]);
    await q("DELETE FROM help_votes WHERE article_id = $1 AND voter = 'kept-b'", [id]);
    expect(await voteCountDrift()).toEqual([]);
  });
});
