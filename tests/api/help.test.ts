import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/api-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function get(path: string) {
  const res = await fetch(`${server.baseUrl}/api${path}`);
  return { status: res.status, body: (await res.json()) as any };
}

async function one<T>(query: string, params: unknown[] = []): Promise<T> {
  return (await server.database.pool.query(query, params)).rows[0] as T;
}

describe("help categories", () => {
  it("have counts of published help articles and the legacy docs path of the language's group", async () => {
    const en = await get("/home/category?type=help&lang=en");
    expect(en.status).toBe(200);
    const proxies = en.body.data.find((c: any) => c.slug === "proxies");
    expect(proxies).toMatchObject({ name: "Proxies", docs_path: "/docs/proxies" });
    expect(proxies.count).toBeGreaterThanOrEqual(3);
    expect(en.body.data.reduce((n: number, c: any) => n + c.count, 0)).toBeGreaterThanOrEqual(16);
    expect(en.body.data.filter((c: any) => c.count > 0).length).toBeGreaterThanOrEqual(5);
    const ru = await get("/home/category?type=help&lang=ru");
    expect(ru.body.data.find((c: any) => c.slug === "proxies").docs_path).toBe("/docs/proksi");
    const th = await get("/home/category?type=help&lang=th");
    expect(th.body.data.find((c: any) => c.slug === "proxies").docs_path).toBe("/docs/proxies"); // zh/en group
    expect(th.body.data.reduce((n: number, c: any) => n + c.count, 0)).toBeGreaterThanOrEqual(5);
  });
});

describe("help/article-list", () => {
  it("lists a language's articles, by category, newest or most viewed first, paged", async () => {
    const all = await get("/help/article-list?lang=en&page_size=50");
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBeGreaterThanOrEqual(16);
    const first = all.body.data.list[0];
    expect(first).toMatchObject({ id: expect.any(Number), title: expect.any(String), category: { id: expect.any(Number), slug: expect.any(String) } });
    expect(first).toHaveProperty("solved_count");
    const proxies = (await get("/home/category?type=help&lang=en")).body.data.find((c: any) => c.slug === "proxies");
    const inCategory = await get(`/help/article-list?lang=en&category_id=${proxies.id}`);
    expect(inCategory.body.data.list.every((a: any) => a.category.slug === "proxies")).toBe(true);
    const paged = await get("/help/article-list?lang=en&page=2&page_size=5");
    expect(paged.body.data).toMatchObject({ page: 2, page_size: 5 });
    expect(paged.body.data.list).toHaveLength(5);
    expect((await get("/help/article-list?lang=en&sort=best")).status).toBe(400);
  });

  it.each([
    ["en", "proxy"],
    ["zh", "代理"],
    ["th", "พร็อกซี"],
    ["jp", "プロキシ"],
  ])("searches in %s (%s), title matches first", async (lang, keyword) => {
    const res = await get(`/help/article-list?lang=${lang}&keyword=${encodeURIComponent(keyword)}`);
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBeGreaterThan(0);
    expect(res.body.data.list[0].title.toLowerCase()).toContain(keyword.toLowerCase());
  });

  it("records searches without results for editors, counted", async () => {
    const keyword = "quantum teleportation";
    for (let i = 0; i < 2; i++) expect((await get(`/help/article-list?lang=en&keyword=${encodeURIComponent(keyword)}`)).body.data.total).toBe(0);
    await expect.poll(async () => (await one<{ count: number } | undefined>("SELECT count FROM help_search_misses WHERE lang = 'en' AND keyword = $1", [keyword]))?.count).toBe(2);
  });
});

describe("help/article", () => {
  it("returns the article with its neighbours in the category and related articles", async () => {
    const { id } = await one<{ id: number }>("SELECT id FROM help_articles WHERE lang = 'en' AND key = 'proxy-check-failed'");
    const res = await get(`/help/article?id=${id}&lang=en`);
    expect(res.status).toBe(200);
    const a = res.body.data;
    expect(a).toMatchObject({ id, category: { slug: "proxies" }, author: expect.any(String) });
    expect(a.content).toContain("<h2");
    expect(a.toc.length).toBeGreaterThan(1);
    expect(a.prev).toMatchObject({ title: expect.any(String) });
    expect(a.next).toMatchObject({ title: expect.any(String) });
    expect(a.related.length).toBeGreaterThan(0);
    expect(a.related.every((r: any) => r.id !== id)).toBe(true);
  });

  it("renders callouts, tables and code blocks, sanitised", async () => {
    const { id } = await one<{ id: number }>("SELECT id FROM help_articles WHERE lang = 'en' AND key = 'local-api-quickstart'");
    const { content } = (await get(`/help/article?id=${id}`)).body.data;
    expect(content).toMatch(/<pre><code class="language-/);
    expect(content).toMatch(/class="markdown-alert markdown-alert-(tip|note|warning)"/);
    expect(content).not.toMatch(/<script|onerror=|javascript:/i);
  });

  it.each([["en"], ["zh"]])("is 404 / 10100 for a missing article (%s)", async (lang) => {
    const res = await get(`/help/article?id=999999&lang=${lang}`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(10100);
    expect(res.body.msg).toMatch(lang === "zh" ? /[\u4e00-\u9fff]/ : /article/i);
  });
});

describe("help/article/solve", () => {
  let id: number;
  beforeAll(async () => {
    id = (await one<{ id: number }>("SELECT id FROM help_articles WHERE lang = 'en' AND key = 'add-proxy'")).id;
  });

  const vote = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    fetch(`${server.baseUrl}/api/help/article/solve`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.31", ...headers },
      body: JSON.stringify({ lang: "en", id, ...body }),
    }).then(async (res) => ({ status: res.status, cookie: res.headers.get("set-cookie"), body: (await res.json()) as any }));

  it("counts one vote per visitor, changeable, never twice", async () => {
    const first = await vote({ solved: true });
    expect(first.status).toBe(200);
    const cookie = /fb_vid=[^;]+/.exec(first.cookie!)![0];
    expect(first.cookie).toMatch(/HttpOnly/);
    expect(first.body.data).toEqual({ solved_count: 1, unsolved_count: 0, vote: "solved" });
    // The same visitor again, and again at once: still one vote.
    const again = await Promise.all([vote({ solved: true }, { cookie }), vote({ solved: true }, { cookie })]);
    for (const r of again) expect(r.body.data).toEqual({ solved_count: 1, unsolved_count: 0, vote: "solved" });
    // Changed to unsolved, with what was missing: moved, not added.
    const changed = await vote({ solved: false, feedback: "Nothing about SOCKS5 with UDP." }, { cookie });
    expect(changed.body.data).toEqual({ solved_count: 0, unsolved_count: 1, vote: "unsolved" });
    const stored = await one<{ feedback: string }>("SELECT feedback FROM help_votes WHERE article_id = $1", [id]);
    expect(stored.feedback).toBe("Nothing about SOCKS5 with UDP.");
    // Another visitor adds a vote; the article reports both.
    const other = await vote({ solved: "true" }, { "x-forwarded-for": "198.51.100.32" });
    expect(other.body.data).toMatchObject({ solved_count: 1, unsolved_count: 1 });
    const article = (await get(`/help/article?id=${id}`)).body.data;
    expect(article).toMatchObject({ solved_count: 1, unsolved_count: 1 });
  });

  it("refuses a missing article, a missing choice and a cross-site vote", async () => {
    expect((await vote({ id: 999999, solved: true })).body.code).toBe(10100);
    const missing = await vote({ solved: undefined });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 10100, data: { field: "solved" } });
    const forged = await vote({ solved: true }, { origin: "http://evil.example" });
    expect(forged.status).toBe(403);
  });

  it("is rate-limited per visitor address", async () => {
    const statuses = [];
    for (let i = 0; i < 25; i++) statuses.push((await vote({ solved: i % 2 === 0 }, { "x-forwarded-for": "198.51.100.77" })).status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
  });
});
