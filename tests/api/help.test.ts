import { beforeAll, describe, expect, it } from "vitest";
import type { Endpoint } from "../../server/api/endpoint.server";
import { apiUrl, readAnswer, type ApiQuery } from "../support/api-answers";
import { serveForFile, type TestServer } from "../support/api-server";
import * as helpApi from "../../server/api/endpoints/help.server";
import * as siteApi from "../../server/api/endpoints/site.server";

let server: TestServer;
serveForFile((started) => (server = started));

async function get<E extends Endpoint>(endpoint: E, query: ApiQuery = "") {
  return readAnswer(await fetch(apiUrl(server.baseUrl, endpoint, query)), endpoint);
}

async function one<T>(query: string, params: unknown[] = []): Promise<T> {
  return (await server.database.pool.query(query, params)).rows[0] as T;
}

describe("help categories", () => {
  it("have counts of published help articles and the legacy docs path of the language's group", async () => {
    const en = await get(siteApi.category, "type=help&lang=en");
    expect(en.status).toBe(200);
    const proxies = en.body.data.find((c) => c.slug === "proxies")!;
    expect(proxies).toMatchObject({ name: "Proxies", docs_path: "/docs/proxies" });
    expect(proxies.count).toBeGreaterThanOrEqual(3);
    expect(en.body.data.reduce((n, c) => n + c.count, 0)).toBeGreaterThanOrEqual(16);
    expect(en.body.data.filter((c) => c.count > 0).length).toBeGreaterThanOrEqual(5);
    const ru = await get(siteApi.category, "type=help&lang=ru");
    expect(ru.body.data.find((c) => c.slug === "proxies")!.docs_path).toBe("/docs/proksi");
    const th = await get(siteApi.category, "type=help&lang=th");
    expect(th.body.data.find((c) => c.slug === "proxies")!.docs_path).toBe("/docs/proxies"); // zh/en group
    expect(th.body.data.reduce((n, c) => n + c.count, 0)).toBeGreaterThanOrEqual(5);
  });
});

describe("help/article-list", () => {
  it("lists a language's articles, by category, newest or most viewed first, paged", async () => {
    const all = await get(helpApi.helpArticleList, "lang=en&page_size=50");
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBeGreaterThanOrEqual(16);
    const first = all.body.data.list[0];
    expect(first).toMatchObject({ id: expect.any(Number), title: expect.any(String), category: { id: expect.any(Number), slug: expect.any(String) } });
    expect(first).toHaveProperty("solved_count");
    const proxies = (await get(siteApi.category, "type=help&lang=en")).body.data.find((c) => c.slug === "proxies")!;
    const inCategory = await get(helpApi.helpArticleList, `lang=en&category_id=${proxies.id}`);
    expect(inCategory.body.data.list.every((a) => a.category.slug === "proxies")).toBe(true);
    const paged = await get(helpApi.helpArticleList, "lang=en&page=2&page_size=5");
    expect(paged.body.data).toMatchObject({ page: 2, page_size: 5 });
    expect(paged.body.data.list).toHaveLength(5);
    expect((await get(helpApi.helpArticleList, "lang=en&sort=best")).status).toBe(400);
  });

  it.each([
    ["en", "proxy"],
    ["zh", "代理"],
    ["th", "พร็อกซี"],
    ["jp", "プロキシ"],
  ])("searches in %s (%s), title matches first", async (lang, keyword) => {
    const res = await get(helpApi.helpArticleList, `lang=${lang}&keyword=${encodeURIComponent(keyword)}`);
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBeGreaterThan(0);
    expect(res.body.data.list[0]!.title.toLowerCase()).toContain(keyword.toLowerCase());
  });

  it("records searches without results for editors, counted", async () => {
    const keyword = "quantum teleportation";
    for (let i = 0; i < 2; i++) expect((await get(helpApi.helpArticleList, `lang=en&keyword=${encodeURIComponent(keyword)}`)).body.data.total).toBe(0);
    await expect
      .poll(
        async () =>
          (await one<{ count: number } | undefined>("SELECT count FROM search_misses WHERE lang = 'en' AND scope = 'help' AND query = $1", [keyword]))?.count,
      )
      .toBe(2);
  });
});

describe("help/article", () => {
  it("returns the article with its neighbours in the category and related articles", async () => {
    const { id } = await one<{ id: number }>("SELECT id FROM help_articles WHERE lang = 'en' AND key = 'proxy-check-failed'");
    const res = await get(helpApi.helpArticle, `id=${id}&lang=en`);
    expect(res.status).toBe(200);
    const a = res.body.data;
    expect(a).toMatchObject({ id, category: { slug: "proxies" }, author: expect.any(String) });
    expect(a.content).toContain("<h2");
    expect(a.toc.length).toBeGreaterThan(1);
    expect(a.prev).toMatchObject({ title: expect.any(String) });
    expect(a.next).toMatchObject({ title: expect.any(String) });
    expect(a.related.length).toBeGreaterThan(0);
    expect(a.related.every((r) => r.id !== id)).toBe(true);
  });

  it("renders callouts, tables and code blocks, sanitised", async () => {
    const { id } = await one<{ id: number }>("SELECT id FROM help_articles WHERE lang = 'en' AND key = 'local-api-quickstart'");
    const { content } = (await get(helpApi.helpArticle, `id=${id}`)).body.data;
    expect(content).toMatch(/<pre><code class="language-/);
    expect(content).toMatch(/class="markdown-alert markdown-alert-(tip|note|warning)"/);
    expect(content).not.toMatch(/<script|onerror=|javascript:/i);
  });

  it.each([["en"], ["zh"]])("is 404 / 10100 for a missing article (%s)", async (lang) => {
    const res = await get(helpApi.helpArticle, `id=999999&lang=${lang}`);
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
    fetch(apiUrl(server.baseUrl, helpApi.helpArticleSolve), {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.31", ...headers },
      body: JSON.stringify({ lang: "en", id, ...body }),
    }).then(async (res) => ({ status: res.status, cookie: res.headers.get("set-cookie"), body: (await readAnswer(res, helpApi.helpArticleSolve)).body }));

  /** A browser's first vote: refused without the visitor cookie, which comes with the refusal. */
  const takeCookie = async (address = "198.51.100.31") => {
    const refused = await vote({ solved: true }, { "x-forwarded-for": address });
    expect(refused).toMatchObject({ status: 400, body: { code: 10400 } });
    return /fb_vid=[^;]+/.exec(refused.cookie!)![0];
  };

  it("counts one vote per visitor, changeable, never twice", async () => {
    const first = await vote({ solved: true });
    expect(first.status).toBe(400);
    expect(first.body).toMatchObject({ code: 10400, msg: expect.stringMatching(/cookie/i), data: null });
    expect(first.cookie).toMatch(/HttpOnly/);
    const cookie = /fb_vid=[^;]+/.exec(first.cookie!)![0];
    const counted = await vote({ solved: true }, { cookie });
    expect(counted.status).toBe(200);
    expect(counted.body.data).toEqual({ solved_count: 1, unsolved_count: 0, vote: "solved" });
    // The same visitor again, and again at once: still one vote.
    const again = await Promise.all([vote({ solved: true }, { cookie }), vote({ solved: true }, { cookie })]);
    for (const r of again) expect(r.body.data).toEqual({ solved_count: 1, unsolved_count: 0, vote: "solved" });
    // Changed to unsolved, with what was missing: moved, not added.
    const changed = await vote({ solved: false, feedback: "Nothing about SOCKS5 with UDP." }, { cookie });
    expect(changed.body.data).toEqual({ solved_count: 0, unsolved_count: 1, vote: "unsolved" });
    const stored = await one<{ feedback: string }>("SELECT feedback FROM help_votes WHERE article_id = $1", [id]);
    expect(stored.feedback).toBe("Nothing about SOCKS5 with UDP.");
    // Another visitor adds a vote; the article reports both.
    const other = await vote({ solved: "true" }, { "x-forwarded-for": "198.51.100.32", cookie: await takeCookie("198.51.100.32") });
    expect(other.body.data).toMatchObject({ solved_count: 1, unsolved_count: 1 });
    const article = (await get(helpApi.helpArticle, `id=${id}`)).body.data;
    expect(article).toMatchObject({ solved_count: 1, unsolved_count: 1 });
  });

  it("refuses a missing article, a missing choice and a cross-site vote", async () => {
    const cookie = await takeCookie();
    expect((await vote({ id: 999999, solved: true }, { cookie })).body.code).toBe(10100);
    const missing = await vote({ solved: undefined }, { cookie });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 10100, data: { field: "solved" } });
    const forged = await vote({ solved: true }, { origin: "http://evil.example", cookie });
    expect(forged.status).toBe(403);
  });

  it("is rate-limited per visitor address", async () => {
    const cookie = await takeCookie("198.51.100.77");
    const statuses = [];
    for (let i = 0; i < 8; i++) statuses.push((await vote({ solved: i % 2 === 0 }, { "x-forwarded-for": "198.51.100.77", cookie })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  });
});

describe("help votes from a client that does not keep the visitor cookie", () => {
  let id: number;
  beforeAll(async () => {
    id = (await one<{ id: number }>("SELECT id FROM help_articles WHERE lang = 'en' AND status = 'published' AND key <> 'add-proxy' ORDER BY id LIMIT 1")).id;
  });
  const votes = async () => (await one<{ n: number }>("SELECT count(*)::int AS n FROM help_votes WHERE article_id = $1", [id])).n;
  const vote = (address: string, cookie?: string) =>
    fetch(apiUrl(server.baseUrl, helpApi.helpArticleSolve), {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": address, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ lang: "en", id, solved: true }),
    }).then(async (res) => ({
      status: res.status,
      cookie: /fb_vid=[^;]+/.exec(res.headers.get("set-cookie") ?? "")?.[0],
      body: (await readAnswer(res, helpApi.helpArticleSolve)).body,
    }));

  it("records no vote at all, however often it asks, and is told to allow cookies", async () => {
    const before = await votes();
    for (let i = 0; i < 22; i++) {
      const res = await vote("203.0.113.10");
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(10400);
      expect(res.cookie).toMatch(/^fb_vid=[\w-]{22}\.[\w-]{22}$/);
    }
    expect(await votes()).toBe(before);
  });

  it("cannot invent a visitor: a cookie this server did not sign is no cookie", async () => {
    const before = await votes();
    for (const forged of ["fb_vid=AAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBB", "fb_vid=" + "x".repeat(22) + "." + "y".repeat(22), "fb_vid=abc"]) {
      expect((await vote("203.0.113.11", forged)).body.code).toBe(10400);
    }
    expect(await votes()).toBe(before);
  });

  it("a script taking a new cookie for every vote stops after 5 votes on one article from one address", async () => {
    const before = await votes();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const { cookie } = await vote("203.0.113.12");
      statuses.push((await vote("203.0.113.12", cookie)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect(await votes()).toBe(before + 5);
  });

  it("counts people who share one address (NAT) each with their own cookie", async () => {
    const before = await votes();
    for (const _person of [1, 2, 3]) {
      const { cookie } = await vote("203.0.113.13");
      expect((await vote("203.0.113.13", cookie)).status).toBe(200);
    }
    expect(await votes()).toBe(before + 3);
  });

  it("a browser takes the cookie from help/voter before its first vote, so its vote is never refused", async () => {
    const view = async (cookie?: string) =>
      (
        await readAnswer(
          await fetch(apiUrl(server.baseUrl, helpApi.helpArticleView), {
            method: "POST",
            headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.15", ...(cookie ? { cookie } : {}) },
            body: JSON.stringify({ lang: "en", id }),
          }),
          helpApi.helpArticleView,
        )
      ).body.data;
    expect(await view()).toMatchObject({ vote: null, voter: false });
    const issued = await fetch(apiUrl(server.baseUrl, helpApi.helpVoter), {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.15" },
      body: JSON.stringify({ lang: "en" }),
    });
    expect(issued.status).toBe(204);
    const cookie = /fb_vid=[^;]+/.exec(issued.headers.get("set-cookie") ?? "")![0];
    expect(await view(cookie)).toMatchObject({ vote: null, voter: true });
    expect((await vote("203.0.113.15", cookie)).status).toBe(200);
    expect(await view(cookie)).toMatchObject({ vote: "solved", voter: true });
  });

  it("keeps the vote of a cookie from before signing: the same id comes back signed", async () => {
    const legacy = "fb_vid=LegacyVisitor_01234567";
    const refused = await vote("203.0.113.14", legacy);
    expect(refused.body.code).toBe(10400);
    expect(refused.cookie).toMatch(/^fb_vid=LegacyVisitor_01234567\.[\w-]{22}$/);
    expect((await vote("203.0.113.14", refused.cookie)).status).toBe(200);
    const view = await fetch(apiUrl(server.baseUrl, helpApi.helpArticleView), {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.14", cookie: legacy },
      body: JSON.stringify({ lang: "en", id }),
    });
    expect((await readAnswer(view, helpApi.helpArticleView)).body.data.vote).toBe("solved");
  });
});
