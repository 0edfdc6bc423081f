import { beforeAll, describe, expect, it } from "vitest";
import { createPreviewToken, PREVIEW_TTL_MS } from "../../server/infrastructure/previews.server";
import type { Endpoint } from "../../server/api/endpoint.server";
import * as articlesApi from "../../server/api/endpoints/articles.server";
import { apiUrl, readAnswer, type ApiQuery, type OpenApiDocument } from "../support/api-answers";
import { serveForFile, type TestServer } from "../support/api-server";
import * as siteApi from "../../server/api/endpoints/site.server";

let server: TestServer;
serveForFile((started) => (server = started));

async function get<E extends Endpoint>(endpoint: E, query: ApiQuery = "") {
  return readAnswer(await fetch(apiUrl(server.baseUrl, endpoint, query)), endpoint);
}

async function one<T>(sqlText: string, params: unknown[] = []): Promise<T> {
  const { rows } = await server.database.pool.query(sqlText, params);
  return rows[0] as T;
}

describe("categories and tags", () => {
  it("counts published articles per category in the language", async () => {
    const { body } = await get(articlesApi.articleCategoryList, "type=blog&lang=en");
    expect(body.data.map((c) => c.slug)).toEqual(["account-management", "browser-fingerprints", "guides", "use-cases"]);
    const total = body.data.reduce((n, c) => n + c.count, 0);
    const published = await one<{ n: number }>(
      "SELECT count(*)::int AS n FROM articles WHERE type='blog' AND lang='en' AND status='published' AND published_at <= now()",
    );
    expect(total).toBe(published.n);
    expect(total).toBeGreaterThanOrEqual(12);
    const ru = await get(articlesApi.articleCategoryList, "type=blog&lang=ru");
    expect(ru.body.data[0]!.name).toMatch(/[\u0400-\u04ff]/);
    const category = await get(siteApi.category, "type=blog&lang=en");
    expect(category.body.data.map((c) => c.count)).toEqual(body.data.map((c) => c.count));
  });

  it("lists tags in use, optionally within a category", async () => {
    const all = await get(articlesApi.articleTags, "type=blog&lang=en");
    expect(all.body.data.length).toBeGreaterThan(5);
    expect(all.body.data[0]).toEqual({ slug: expect.any(String), name: expect.any(String), count: expect.any(Number) });
    const guides = await get(articlesApi.articleTags, "type=blog&lang=en&category=guides");
    expect(guides.body.data.map((t) => t.slug)).toContain("proxies");
    expect(guides.body.data.length).toBeLessThan(all.body.data.length);
  });
});

describe("GET home/article-list", () => {
  it("pages published articles newest first", async () => {
    const first = await get(articlesApi.articleList, "type=blog&lang=en&page_size=5");
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ page: 1, page_size: 5 });
    expect(first.body.data.list).toHaveLength(5);
    const dates = first.body.data.list.map((a) => a.published_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    const card = first.body.data.list[0]!;
    expect(Object.keys(card).sort()).toEqual(["author", "category", "cover", "id", "published_at", "reads", "summary", "tags", "title"]);
    const last = await get(articlesApi.articleList, `type=blog&lang=en&page_size=5&page=${Math.ceil(first.body.data.total / 5)}`);
    expect(last.body.data.list.length).toBeGreaterThan(0);
    const beyond = await get(articlesApi.articleList, "type=blog&lang=en&page=999");
    expect(beyond.body.data.list).toEqual([]);
    expect(beyond.body.data.total).toBe(first.body.data.total);
  });

  it("never lists drafts", async () => {
    const { body } = await get(articlesApi.articleList, "type=blog&lang=en&page_size=50");
    const draft = await one<{ id: number }>("SELECT id FROM articles WHERE status = 'draft' LIMIT 1");
    expect(draft).toBeTruthy();
    expect(body.data.list.map((a) => a.id)).not.toContain(draft.id);
  });

  it("filters by category and by tag", async () => {
    const guides = await get(articlesApi.articleList, "type=blog&lang=en&category=guides");
    expect(guides.body.data.list.length).toBeGreaterThan(0);
    expect(guides.body.data.list.every((a) => a.category.slug === "guides")).toBe(true);
    const proxies = await get(articlesApi.articleList, "type=blog&lang=en&tag=proxies");
    expect(proxies.body.data.list.every((a) => a.tags.some((t) => t.slug === "proxies"))).toBe(true);
    const none = await get(articlesApi.articleList, "type=news&lang=en&category=guides");
    expect(none.body.data.total).toBe(0);
  });

  it("rejects bad paging and filters with 400", async () => {
    for (const q of ["page=0", "page=-1", "page=abc", "page_size=0", "page_size=51", "category=Bad Slug", "type=video"]) {
      const res = await get(articlesApi.articleList, `type=blog&lang=en&${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.code, q).toBe(10101);
    }
    const missing = await get(articlesApi.articleList, "lang=en");
    expect(missing.body).toMatchObject({ code: 10100, data: { field: "type" } });
  });

  it("searches in English, ranking title matches first", async () => {
    const { body } = await get(articlesApi.articleList, "type=blog&lang=en&keyword=fingerprint&page_size=50");
    expect(body.data.total).toBeGreaterThan(1);
    const titles = body.data.list.map((a) => a.title.toLowerCase().includes("fingerprint"));
    const firstMiss = titles.indexOf(false);
    if (firstMiss !== -1) expect(titles.slice(firstMiss).every((x: boolean) => !x)).toBe(true);
    expect(titles[0]).toBe(true);
    const nothing = await get(articlesApi.articleList, "type=blog&lang=en&keyword=zzqqxxnothing");
    expect(nothing.body.data).toMatchObject({ total: 0, list: [] });
    const literal = await get(articlesApi.articleList, "type=blog&lang=en&keyword=%25");
    expect(literal.status).toBe(200);
  });

  // Words, not substrings (docs/decisions/0030): Chinese and Japanese by character pairs, so any
  // three characters from inside a run are found; Thai by the dictionary's words, so a word from
  // inside the title (not its first) is.
  it.each(["zh", "th", "jp"])("searches %s text without spaces, inside the title", async (lang) => {
    const sample = await one<{ id: number; title: string }>(
      "SELECT id, title FROM articles WHERE lang = $1 AND type = 'blog' AND status = 'published' ORDER BY id LIMIT 1",
      [lang],
    );
    expect(sample, `a ${lang} article`).toBeTruthy();
    const chars = [...sample.title.replace(/[\s\p{P}A-Za-z0-9]/gu, "")];
    const thaiWords = [...new Intl.Segmenter("th", { granularity: "word" }).segment(sample.title)].filter(
      (w) => w.isWordLike && /[\u0e00-\u0e7f]{3,}/.test(w.segment),
    );
    const keyword = lang === "th" ? thaiWords[1]!.segment : chars.slice(1, 4).join(""); // from inside the title, not its start
    const { body } = await get(articlesApi.articleList, `type=blog&lang=${lang}&keyword=${encodeURIComponent(keyword)}`);
    expect(body.data.list.map((a) => a.id)).toContain(sample.id);
    expect(body.data.list[0]!.title).toContain(keyword);
  });
});

describe("GET home/article", () => {
  it("returns the article with previous, next, latest and sanitised content", async () => {
    const list = await get(articlesApi.articleList, "type=blog&lang=en&page_size=3");
    const middle = list.body.data.list[1]!;
    const { status, body } = await get(articlesApi.article, `id=${middle.id}&lang=en`);
    expect(status).toBe(200);
    const a = body.data;
    expect(a).toMatchObject({ id: middle.id, type: "blog", title: middle.title, preview: false });
    expect(a.next).toEqual({ id: list.body.data.list[0]!.id, title: list.body.data.list[0]!.title });
    expect(a.prev).toEqual({ id: list.body.data.list[2]!.id, title: list.body.data.list[2]!.title });
    expect(a.latest.length).toBeLessThanOrEqual(5);
    expect(a.latest.map((x) => x.id)).not.toContain(a.id);
    expect(a.content).toMatch(/<h2 id="/);
    expect(a.content).not.toMatch(/<script/i);
    expect(a.toc.length).toBeGreaterThan(1);
    expect(a).toHaveProperty("seo_title");
    const newest = await get(articlesApi.article, `id=${list.body.data.list[0]!.id}`);
    expect(newest.body.data.next).toBeNull();
  });

  it("is 404 with 10100 for a missing or unpublished article, in the request's language", async () => {
    const missing = await get(articlesApi.article, "id=999999&lang=en");
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: 10100, msg: "The article does not exist.", data: null });
    const zh = await get(articlesApi.article, "id=999999&lang=zh");
    expect(zh.body.msg).not.toBe(missing.body.msg);
    const draft = await one<{ id: number }>("SELECT id FROM articles WHERE status = 'draft' LIMIT 1");
    expect((await get(articlesApi.article, `id=${draft.id}`)).status).toBe(404);
    expect((await get(articlesApi.article, "id=abc")).status).toBe(400);
  });

  it("shows an unpublished article with a valid preview token only", async () => {
    const draft = await one<{ id: number }>("SELECT id FROM articles WHERE status = 'draft' LIMIT 1");
    const token = await createPreviewToken(server.database.db, draft.id);
    const ok = await get(articlesApi.article, `id=${draft.id}&preview=${token}`);
    expect(ok.status).toBe(200);
    expect(ok.body.data.preview).toBe(true);

    const expired = await createPreviewToken(server.database.db, draft.id, Date.now() - PREVIEW_TTL_MS - 1000);
    expect((await get(articlesApi.article, `id=${draft.id}&preview=${expired}`)).status).toBe(404);
    const [id, exp, sig] = token.split(".");
    const forgedExpiry = `${id}.${Number(exp) + 3_600_000}.${sig}`;
    expect((await get(articlesApi.article, `id=${draft.id}&preview=${forgedExpiry}`)).status).toBe(404);
    expect((await get(articlesApi.article, `id=${draft.id}&preview=${id}.${exp}.AAAA`)).status).toBe(404);
    const other = await one<{ id: number }>("SELECT id FROM articles WHERE status = 'published' LIMIT 1");
    expect((await get(articlesApi.article, `id=${draft.id}&preview=${await createPreviewToken(server.database.db, other.id)}`)).status).toBe(404);
  });

  it("related articles share tags or category, same type and language", async () => {
    const article = await one<{ id: number }>("SELECT id FROM articles WHERE key = 'how-browser-fingerprinting-works' AND lang = 'en'");
    const { body } = await get(articlesApi.articleRelatedList, `id=${article.id}&limit=3`);
    expect(body.data).toHaveLength(3);
    expect(body.data.map((a) => a.id)).not.toContain(article.id);
    expect(body.data[0]!.tags.map((t) => t.slug).some((s: string) => ["fingerprinting", "canvas", "webrtc"].includes(s))).toBe(true);
  });
});

describe("comments", () => {
  let articleId: number;
  beforeAll(async () => {
    articleId = (await one<{ id: number }>("SELECT id FROM articles WHERE key = 'multi-account-basics' AND lang = 'en'")).id;
  });

  const post = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    fetch(`${server.baseUrl}/api/home/article-comment/`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.1", ...headers },
      body: JSON.stringify({ lang: "en", article_id: articleId, ...body }),
    }).then((res) => readAnswer(res, articlesApi.addArticleComment));

  it("lists newest first, or popular first, with has_more", async () => {
    const latest = await get(articlesApi.articleCommentList, `article_id=${articleId}&page_size=2`);
    expect(latest.body.data.list).toHaveLength(2);
    expect(latest.body.data.has_more).toBe(true);
    const dates = latest.body.data.list.map((c) => c.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    const popular = await get(articlesApi.articleCommentList, `article_id=${articleId}&sort=popular`);
    expect(popular.body.data.list[0]!.is_popular).toBe(true);
    const end = await get(articlesApi.articleCommentList, `article_id=${articleId}&page_size=50`);
    expect(end.body.data.has_more).toBe(false);
    expect((await get(articlesApi.articleCommentList, `article_id=${articleId}&sort=best`)).status).toBe(400);
  });

  it("stores a comment as written and returns it", async () => {
    const text = '<script>alert("x")</script> & <b>bold</b>';
    const res = await post({ name: "Tester <i>", content: text }, { "x-forwarded-for": "203.0.113.9" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: "Tester <i>", content: text, is_popular: false });
    const list = await get(articlesApi.articleCommentList, `article_id=${articleId}&page_size=1`);
    expect(list.body.data.list[0]!.content).toBe(text);
  });

  it("refuses empty fields with 10100 and the field, and over-long ones with 10101", async () => {
    for (const [body, field] of [
      [{ name: "", content: "hello" }, "name"],
      [{ name: "Ann", content: "   " }, "content"],
      [{ name: "Ann" }, "content"],
    ] as const) {
      const res = await post(body, { "x-forwarded-for": "203.0.113.2" });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 10100, msg: "This field cannot be empty.", data: { field } });
    }
    const long = await post({ name: "Ann", content: "x".repeat(1001) }, { "x-forwarded-for": "203.0.113.2" });
    expect(long.body).toMatchObject({ code: 10101, data: { field: "content" } });
  });

  it("is 404 / 10100 for a missing article", async () => {
    const res = await post({ article_id: 999999, name: "Ann", content: "hi" }, { "x-forwarded-for": "203.0.113.3" });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(10100);
  });

  it("drops a bot that fills the honeypot, silently", async () => {
    const before = await one<{ n: number }>("SELECT count(*)::int AS n FROM comments");
    const res = await post({ name: "Bot", content: "buy now", website: "http://spam.example" }, { "x-forwarded-for": "203.0.113.4" });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    expect((await one<{ n: number }>("SELECT count(*)::int AS n FROM comments")).n).toBe(before.n);
  });

  it("limits bursts with 429 / 10030 and the hour with 429 / 10042, kept in the database", async () => {
    const visitor = { "x-forwarded-for": "203.0.113.5" };
    for (let i = 0; i < 3; i++) expect((await post({ name: "Rita", content: `burst ${i}` }, visitor)).status).toBe(200);
    const burst = await post({ name: "Rita", content: "one too many" }, visitor);
    expect(burst.status).toBe(429);
    expect(burst.body.code).toBe(10030);
    expect(Number(burst.headers.get("retry-after"))).toBeGreaterThan(0);
    // A minute passes for the burst rule (moved back in the database, as time would).
    const minutePasses = () => server.database.pool.query("UPDATE abuse_limits SET tat = tat - interval '61 seconds' WHERE rule = 'comment:0'");
    await minutePasses();
    let last;
    for (let i = 0; i < 12; i++) {
      last = await post({ name: "Rita", content: `later ${i}` }, visitor);
      if (last.status === 429 && last.body.code === 10030) await minutePasses();
    }
    expect(last!.status).toBe(429);
    expect(last!.body.code).toBe(10042);
  });

  it("answers 500 / 10031 when storing fails, and does not spend the allowance", async () => {
    await server.database.pool.query(`
      CREATE OR REPLACE FUNCTION refuse_comment() RETURNS trigger AS $$
      BEGIN IF NEW.name = 'Storage Failure' THEN RAISE EXCEPTION 'disk full'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql;
      CREATE TRIGGER refuse_comment BEFORE INSERT ON comments FOR EACH ROW EXECUTE FUNCTION refuse_comment();`);
    try {
      const res = await post({ name: "Storage Failure", content: "hello" }, { "x-forwarded-for": "203.0.113.6" });
      expect(res.status).toBe(500);
      expect(res.body).toMatchObject({ code: 10031, data: null });
      expect(JSON.stringify(res.body)).not.toMatch(/disk full|at .*\.ts/);
      // Nothing was spent: the visitor's cells were never written.
      const cells = await one<{ n: number }>(
        "SELECT count(*)::int AS n FROM abuse_limits WHERE rule LIKE 'comment:%' AND subject NOT LIKE 'target:%' AND subject <> 'site'",
      );
      const retry = await post({ name: "Storage Works", content: "hello" }, { "x-forwarded-for": "203.0.113.6" });
      expect(retry.status).toBe(200);
      const after = await one<{ n: number }>(
        "SELECT count(*)::int AS n FROM abuse_limits WHERE rule LIKE 'comment:%' AND subject NOT LIKE 'target:%' AND subject <> 'site'",
      );
      expect(after.n).toBe(cells.n + 2);
    } finally {
      await server.database.pool.query("DROP TRIGGER refuse_comment ON comments; DROP FUNCTION refuse_comment();");
    }
  });
});

describe("POST home/article-read", () => {
  const read = (id: number, userAgent: string) =>
    fetch(apiUrl(server.baseUrl, articlesApi.articleRead), {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": userAgent },
      body: JSON.stringify({ id, lang: "en" }),
    });
  const browser = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

  it("counts a read once per visitor and day, and not for crawlers or articles that do not exist", async () => {
    const { id, reads } = await one<{ id: number; reads: number }>("SELECT id, reads FROM articles WHERE status = 'published' ORDER BY id DESC LIMIT 1");
    const first = await read(id, browser);
    expect(first.status).toBe(204);
    expect((await read(id, browser)).status).toBe(204);
    expect((await one<{ reads: number }>("SELECT reads FROM articles WHERE id = $1", [id])).reads).toBe(reads + 1);
    // Another browser on the same address is another visitor.
    await read(id, `${browser} Edg/131.0`);
    expect((await one<{ reads: number }>("SELECT reads FROM articles WHERE id = $1", [id])).reads).toBe(reads + 2);
    expect((await read(id, "Googlebot/2.1 (+http://www.google.com/bot.html)")).status).toBe(204);
    expect((await one<{ reads: number }>("SELECT reads FROM articles WHERE id = $1", [id])).reads).toBe(reads + 2);
    expect((await read(2_000_000_000, browser)).status).toBe(204);
  });

  it("refuses a missing or malformed id with the envelope", async () => {
    const res = await fetch(apiUrl(server.baseUrl, articlesApi.articleRead), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id: "x" }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: number }).code).not.toBe(0);
  });
});

describe("OpenAPI", () => {
  it("documents the blog and news endpoints", async () => {
    const body = (await (await fetch(`${server.baseUrl}/api/openapi.json`)).json()) as OpenApiDocument;
    for (const path of [
      "/home/article-list",
      "/home/article",
      "/home/article-tags",
      "/home/article-category-list",
      "/home/article-related-list",
      "/home/article-comment-list",
      "/home/article-comment",
    ]) {
      expect(body.paths, path).toHaveProperty([path]);
    }
    expect(body.paths["/home/article-comment"]!.post!.responses["429"]!.description).toMatch(/10030.*10042/);
  });
});
