/**
 * The rendered-page cache (docs/decisions/0021) with two server processes on one database: a
 * public page is answered from the cache, the same for every visitor, with ETag/304 and shared
 * cache headers; a change made through one process (a comment, a help vote, a staff publish,
 * a staff moderation) makes the pages that show it stale in both processes, rendered again at once.
 */
import { createHash } from "node:crypto";
import http from "node:http";
import rehypeParse from "rehype-parse";
import { toString as textOf } from "hast-util-to-string";
import { unified } from "unified";
import { visit } from "unist-util-visit";
import type { Element, Root } from "hast";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { startServerOnTestDatabase } from "../support/server-process";
import { signInAs } from "../support/admin";
import type { TestServer } from "../support/api-server";
import * as adminContentApi from "../../server/api/endpoints/admin-content.server";
import * as adminModerationApi from "../../server/api/endpoints/admin-moderation.server";
import * as helpApi from "../../server/api/endpoints/help.server";
import { apiUrl, readAnswer } from "../support/api-answers";

type Site = Awaited<ReturnType<typeof startServerOnTestDatabase>>;
let database: TestDatabase;
let a: Site;
let b: Site;
let articleId: number;
let articlePath: string;

beforeAll(async () => {
  database = await createTestDatabase();
  // One site behind a proxy: the processes share the public origin (it is in every page's links).
  const env = { TRUSTED_PROXIES: "loopback", SITE_ORIGIN: "http://site.test" };
  [a, b] = await Promise.all([startServerOnTestDatabase(env, database), startServerOnTestDatabase(env, database)]);
  const { rows } = await database.pool.query<{ id: number }>(
    "SELECT id FROM articles WHERE type = 'blog' AND lang = 'en' AND status = 'published' ORDER BY published_at DESC LIMIT 1",
  );
  articleId = rows[0]!.id;
  articlePath = `/blog/${articleId}`;
}, 120_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.drop();
});

let address = 0;
const page = (site: Site, path: string, headers: Record<string, string> = {}) =>
  fetch(`${site.server.baseUrl}${path}`, { headers: { "accept-encoding": "br, gzip", ...headers }, redirect: "manual" });

/** A request as a proxy in front of both processes sends it (fetch cannot set Host). */
function proxied(site: Site, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port: site.server.port, path, headers: { host: "site.test", ...headers } }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers }));
    });
    req.on("error", reject);
  });
}

/** Which render a page was served from (the detail of its Cache-Status header). */
function renderOf(res: Response): string {
  return /detail=([\w-]+)/.exec(res.headers.get("cache-status") ?? "")?.[1] ?? "";
}

/**
 * Asks until the page is served from a render made after `before`: a change reaches other
 * processes within milliseconds, and the page is rendered again in the background while the
 * stale copy is still served (never a wait for a render).
 */
async function renderedAgain(site: Site, path: string, before: string): Promise<string> {
  let body = "";
  const states = new Set<string | null>();
  await expect
    .poll(
      async () => {
        const res = await page(site, path);
        body = await res.text();
        states.add(res.headers.get("x-cache"));
        // A stale copy is for this answer alone: a CDN must ask again before reusing it.
        if (res.headers.get("x-cache") === "STALE") expect(res.headers.get("cache-control")).toBe("public, no-cache");
        return res.headers.get("x-cache") === "HIT" && renderOf(res) !== before;
      },
      { timeout: 5_000, interval: 20 },
    )
    .toBe(true);
  // Old (HIT before the change was heard), stale while its render was under way, then new: no one waited.
  expect([...states].filter((state) => state !== "HIT" && state !== "STALE")).toEqual([]);
  return body;
}

/** Makes sure the page is cached; returns the render it is served from. */
async function warm(site: Site, path: string): Promise<string> {
  await (await page(site, path)).text();
  const again = await page(site, path);
  await again.text();
  expect(again.headers.get("x-cache")).toBe("HIT");
  return renderOf(again);
}

describe("the rendered-page cache", () => {
  it("renders a page once for visitors who all miss it at the same moment", async () => {
    const path = `/pricing?visit=${Date.now()}`;
    const answers = await Promise.all(Array.from({ length: 12 }, () => page(a, path)));
    const bodies = await Promise.all(answers.map((res) => res.text()));
    const states = answers.map((res) => res.headers.get("x-cache"));
    expect(states.filter((state) => state === "MISS")).toHaveLength(1);
    expect(states.filter((state) => state !== "MISS").every((state) => state === "SHARED" || state === "HIT")).toBe(true);
    expect(new Set(answers.map(renderOf)).size).toBe(1);
    expect(new Set(bodies).size).toBe(1);
    expect(answers[0]!.headers.get("cache-status")).toMatch(/^facet-pages; (hit; ttl=\d+|fwd=uri-miss(; stored|; collapsed)?); detail=[\w-]+$/);
  });

  it("answers a public page from the cache, the same bytes for every visitor, with shared-cache headers and ETag/304", async () => {
    const first = await page(a, articlePath);
    const firstBody = await first.text();
    expect(first.status).toBe(200);
    const second = await page(a, articlePath, { cookie: "cookie_consent=accepted; phishing_notice=seen; _lang=zh" });
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(await second.text()).toBe(firstBody);
    expect(second.headers.get("content-encoding")).toBe("br");
    expect(second.headers.get("cache-control")).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);
    expect(second.headers.get("vary")).toBe("Accept-Encoding");
    const etag = second.headers.get("etag")!;
    expect(etag).toMatch(/^W\/".+-br"$/);

    const revalidated = await page(a, articlePath, { "if-none-match": etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("etag")).toBe(etag);
    expect(await revalidated.text()).toBe("");
    // Another process behind the same proxy (same Host) renders the same bytes: the entity tag is
    // the same, and so is the policy its 304 brings.
    const fromA = await proxied(a, articlePath);
    await proxied(b, articlePath);
    const elsewhere = await proxied(b, articlePath, { "if-none-match": String(fromA.headers.etag) });
    expect(elsewhere.status).toBe(304);
    expect(elsewhere.headers["content-security-policy"]).toBe(fromA.headers["content-security-policy"]);

    const plain = await fetch(`${a.server.baseUrl}${articlePath}`, { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(firstBody);
    const head = await fetch(`${a.server.baseUrl}${articlePath}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("x-cache")).toBe("HIT");
  });

  it("gives each encoding of a page its own entity tag, and weighs q values when choosing one", async () => {
    const tags = new Map<string, string>();
    for (const [accept, encoding] of [
      ["br, gzip", "br"],
      ["gzip, br;q=0.5", "gzip"],
      ["br;q=0, gzip;q=0.1", "gzip"],
      ["identity", null],
      ["gzip;q=0.2, br;q=0.1, identity;q=0.5", null],
    ] as const) {
      const res = await page(a, articlePath, { "accept-encoding": accept });
      await res.arrayBuffer();
      expect(res.headers.get("content-encoding"), accept).toBe(encoding);
      tags.set(encoding ?? "identity", res.headers.get("etag")!);
    }
    expect(new Set(tags.values()).size).toBe(3);
    // A client holding the gzip copy that now asks for brotli gets the brotli bytes, not a 304.
    const switched = await page(a, articlePath, { "accept-encoding": "br", "if-none-match": tags.get("gzip")! });
    expect(switched.status).toBe(200);
    expect(switched.headers.get("etag")).toBe(tags.get("br"));
    const same = await page(a, articlePath, { "accept-encoding": "gzip", "if-none-match": `${tags.get("br")}, ${tags.get("gzip")}` });
    expect(same.status).toBe(304);
  });

  it("sends built assets in the encoding the q values choose, each with its own entity tag", async () => {
    const html = await (await page(a, "/")).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)![0];
    const tags = new Set<string>();
    for (const [accept, encoding] of [
      ["gzip, deflate, br", "br"],
      ["gzip, br;q=0.5", "gzip"],
      ["br;q=0, gzip;q=0", null],
      ["identity;q=0, gzip", "gzip"],
    ] as const) {
      const res = await page(a, asset, { "accept-encoding": accept });
      await res.arrayBuffer();
      expect(res.status, accept).toBe(200);
      expect(res.headers.get("content-encoding"), accept).toBe(encoding);
      expect(res.headers.get("vary"), accept).toMatch(/Accept-Encoding/i);
      tags.add(res.headers.get("etag")!);
    }
    expect(tags.size).toBe(3);
  });

  it("gives a cached page a policy with no nonce that allows exactly its inline scripts by hash", async () => {
    const [one, two] = [await page(a, articlePath), await page(a, articlePath, { "accept-encoding": "identity", cookie: "cookie_consent=accepted" })];
    const html = await two.text();
    await one.arrayBuffer();
    const policies = [one.headers.get("content-security-policy")!, two.headers.get("content-security-policy")!];
    // The same policy for every visitor and process, holding no secret: a nonce every visitor can read allows nothing.
    expect(policies[0]).toBe(policies[1]);
    expect(policies[0]).not.toMatch(/nonce-/);
    expect(html.match(/\snonce=/g)).toBeNull();
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(policies[0]!)![1]!.split(" ");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'strict-dynamic'");
    const inline = inlineScripts(html);
    expect(inline.length).toBeGreaterThan(2);
    for (const text of inline) expect(scriptSrc, text.slice(0, 80)).toContain(`'sha256-${createHash("sha256").update(text).digest("base64")}'`);
    // A page rendered for one visitor keeps a fresh nonce per answer.
    const search = await page(a, "/blog?keyword=proxy");
    expect(search.headers.get("content-security-policy")).toMatch(/'nonce-[^']+'/);
    expect(await search.text()).toMatch(/<script nonce="/);
  });

  it("answers HEAD with the headers of GET, a missing page too", async () => {
    for (const path of [articlePath, "/blog/999999999", "/no-such-page", "/zh/faq"]) {
      for (const accept of ["br, gzip", "identity"]) {
        const get = await page(a, path, { "accept-encoding": accept });
        const body = Buffer.from(await get.arrayBuffer());
        const head = await fetch(`${a.server.baseUrl}${path}`, { method: "HEAD", headers: { "accept-encoding": accept } });
        expect(head.status, path).toBe(get.status);
        for (const name of ["content-type", "content-length", "vary", "content-language", "content-encoding"]) {
          expect(head.headers.get(name), `${path} ${accept} ${name}`).toBe(get.headers.get(name));
        }
        expect(get.headers.get("content-type"), path).toMatch(/^text\/html/);
        if (accept === "identity") expect(Number(get.headers.get("content-length")), path).toBe(body.length);
      }
    }
    expect((await page(a, "/zh/faq")).headers.get("content-language")).toBe("zh-Hans");
    expect((await page(a, articlePath)).headers.get("content-language")).toBe("en");
  });

  it("keeps banners a visitor has answered out of the HTML's differences: a script marks them before paint", async () => {
    const html = await (await page(a, "/")).text();
    expect(html).toContain('data-banner="consent"');
    expect(html).toContain('data-banner="phishing"');
    expect(html).toMatch(/<script>\(function\(c,h\)\{if\(\/\(\?:\^\|;\\s\*\)cookie_consent=/);
  });

  it("does not keep searches, previews, error pages or pages for a signed-in staff member", async () => {
    for (const path of [
      "/blog?keyword=proxy",
      "/helps?keyword=proxy",
      "/search?q=proxy",
      "/th/search?q=proxy",
      "/blog/999999999",
      `${articlePath}?preview=x`,
    ]) {
      await (await page(a, path)).text();
      const again = await page(a, path);
      await again.text();
      expect(again.headers.get("x-cache"), path).toBeNull();
    }
    const site: TestServer = { baseUrl: a.server.baseUrl, database } as unknown as TestServer;
    const staff = await signInAs(site, "editor");
    await warm(a, "/faq");
    const signedIn = await page(a, "/faq", { cookie: staff.cookie });
    expect(signedIn.headers.get("x-cache")).toBeNull();
    expect(signedIn.headers.get("cache-control")).toBe("private, no-cache");
    // Compressed whole for this visitor, so its length is known before it is sent.
    expect(signedIn.headers.get("content-encoding")).toBe("br");
    expect(signedIn.headers.get("vary")).toMatch(/Accept-Encoding/);
    expect(Number(signedIn.headers.get("content-length"))).toBeGreaterThan(1000);
    expect(await signedIn.text()).toMatch(/<\/html>$/);
    const plain = await page(a, "/faq", { cookie: staff.cookie, "accept-encoding": "identity" });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(Number(plain.headers.get("content-length"))).toBe(Buffer.byteLength(await plain.text()));
  });

  it("answers ad and search clicks from the page's one stored copy: their tracking parameters key nothing and reach no link", async () => {
    const clicked = await page(a, "/blog?utm_source=newsletter&page=2&utm_medium=email&gclid=abc");
    expect(clicked.status).toBe(200);
    const html = await clicked.text();
    expect(html).not.toMatch(/utm_|gclid/);
    // Pagination and the language switcher carry the page's own parameters on, and only those.
    expect(html).toContain('href="/blog" rel="prev"');
    expect(html).toMatch(/href="\/blog\?page=2"[^>]*aria-current="page"/);

    for (const path of ["/blog?page=2&fbclid=x1", "/blog?srsltid=y2&page=2", "/blog?page=2"]) {
      const again = await page(a, path);
      expect(again.headers.get("x-cache"), path).toBe("HIT");
      expect(await again.text(), path).toBe(html);
    }
    // A parameter that is not a click's is still part of the address.
    const other = await page(a, "/blog?page=2&tag=none");
    await other.text();
    expect(other.headers.get("x-cache")).toBe("MISS");

    const article = await (await page(a, `${articlePath}?utm_source=ads&utm_campaign=spring`)).text();
    expect(article).not.toContain("utm_");
    const sameArticle = await page(a, `${articlePath}?gclid=z`);
    expect(sameArticle.headers.get("x-cache")).toBe("HIT");
  });

  it("renders an article page again in both processes when a comment is posted through one, serving the old one meanwhile", async () => {
    const renderA = await warm(a, articlePath);
    const renderB = await warm(b, articlePath);
    const content = `Cached pages must show this comment ${Date.now()}`;
    const posted = await fetch(`${a.server.baseUrl}/api/home/article-comment/`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `10.66.0.${++address}` },
      body: JSON.stringify({ article_id: articleId, name: "Cache test", content, lang: "en" }),
    });
    expect(((await posted.json()) as { code: number }).code).toBe(0);
    expect(await renderedAgain(a, articlePath, renderA)).toContain(content);
    expect(await renderedAgain(b, articlePath, renderB)).toContain(content);
    // Other pages stay cached: the comment shows only on its article.
    expect((await page(b, "/blog")).headers.get("x-cache")).not.toBeNull();
  });

  it("renders a help article again in both processes when a vote changes its counts, and counts views from the page's call", async () => {
    const { rows } = await database.pool.query<{ id: number; views: number }>(
      "SELECT id, views FROM help_articles WHERE lang = 'en' AND status = 'published' ORDER BY id LIMIT 1",
    );
    const help = rows[0]!;
    const path = `/helps/${help.id}`;
    const renderA = await warm(a, path);
    const renderB = await warm(b, path);
    // A vote needs the visitor cookie (docs/decisions/0013), which the page takes first.
    const voterAddress = `10.66.1.${++address}`;
    const issued = await fetch(`${b.server.baseUrl}/api/help/voter`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": voterAddress },
      body: JSON.stringify({ lang: "en" }),
    });
    const cookie = (issued.headers.get("set-cookie") ?? "").split(";")[0]!;
    const vote = await fetch(apiUrl(b.server.baseUrl, helpApi.helpArticleSolve), {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": voterAddress, cookie },
      body: JSON.stringify({ id: help.id, solved: true, lang: "en" }),
    });
    const { body: voted } = await readAnswer(vote, helpApi.helpArticleSolve);
    expect(voted.code).toBe(0);
    await renderedAgain(a, path, renderA);
    await renderedAgain(b, path, renderB);

    // The page's own call: the view is counted once per visitor and day, and the visitor's vote comes back.
    const view = () =>
      fetch(apiUrl(a.server.baseUrl, helpApi.helpArticleView), {
        method: "POST",
        headers: { "content-type": "application/json", cookie, "x-forwarded-for": "10.66.2.1", "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0" },
        body: JSON.stringify({ id: help.id, lang: "en" }),
      }).then(async (r) => (await readAnswer(r, helpApi.helpArticleView)).body);
    const seen = await view();
    expect(seen).toMatchObject({ code: 0, data: { vote: "solved", solved_count: voted.data.solved_count } });
    await view();
    const after = await database.pool.query<{ views: number }>("SELECT views FROM help_articles WHERE id = $1", [help.id]);
    expect(after.rows[0]!.views).toBe(help.views + 1);
  });

  it("renders pages again in both processes when staff publish content, and when a staff member hides a comment", async () => {
    const faqRender = await warm(b, "/faq");
    const homeRender = await warm(b, "/");
    const site: TestServer = { baseUrl: a.server.baseUrl, database } as unknown as TestServer;
    const editor = await signInAs(site, "editor");
    const opened = await editor.get(adminContentApi.contentDocument, { path: "faq/en.yaml" });
    const edited = opened.body.data.source.replace("Is it legal to use Facet Browser?", "Is Facet Browser legal to use? (cached pages)");
    const revision = opened.body.data.revision;
    expect((await editor.post(adminContentApi.contentSave, { path: "faq/en.yaml", source: edited, revision })).body.code).toBe(0);
    expect((await editor.post(adminContentApi.contentPublish, { path: "faq/en.yaml", revision: revision + 1 })).body.code).toBe(0);
    expect(await renderedAgain(b, "/faq", faqRender)).toContain("Is Facet Browser legal to use? (cached pages)");
    await renderedAgain(b, "/", homeRender);

    const articleRender = await warm(b, articlePath);
    const moderator = await signInAs(site, "admin");
    const { rows } = await database.pool.query<{ id: number }>("SELECT id FROM comments WHERE article_id = $1 ORDER BY id DESC LIMIT 1", [articleId]);
    expect((await moderator.post(adminModerationApi.commentHidden, { id: rows[0]!.id, hidden: true })).body.code).toBe(0);
    await renderedAgain(b, articlePath, articleRender);
  });
});

/** The text of every inline script a browser would run, read by an HTML parser (not the server's own scan). */
function inlineScripts(html: string): string[] {
  const tree = unified().use(rehypeParse).parse(html) as Root;
  const texts: string[] = [];
  visit(tree, "element", (node: Element) => {
    if (node.tagName !== "script" || node.properties.src !== undefined) return;
    if (/json/i.test(String(node.properties.type ?? ""))) return;
    texts.push(textOf(node));
  });
  return texts;
}
