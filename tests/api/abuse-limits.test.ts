import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ABUSE_RULES } from "../../server/infrastructure/abuse-limits.server";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { startTestServer, type TestServer } from "../support/api-server";

let database: TestDatabase;
/** The test client is an untrusted peer: X-Forwarded-For from it means nothing. */
let direct: TestServer;
/** The test client plays a trusted reverse proxy, so X-Forwarded-For names the visitor. */
let proxied: TestServer;
let articleIds: number[];

beforeAll(async () => {
  database = await createTestDatabase();
  direct = await startTestServer({ database, trustedProxies: [] });
  proxied = await startTestServer({ database, trustedProxies: ["loopback"] });
  const { rows } = await database.pool.query("SELECT id FROM articles WHERE status = 'published' AND lang = 'en' ORDER BY id LIMIT 6");
  articleIds = rows.map((r) => r.id as number);
});
afterAll(async () => {
  await direct.close();
  await proxied.close();
  await database.drop();
});

const BURST = ABUSE_RULES.comment[0].max;

async function comment(server: TestServer, articleId: number, headers: Record<string, string> = {}, body: Record<string, unknown> = {}) {
  const res = await fetch(`${server.baseUrl}/api/home/article-comment/`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ lang: "en", article_id: articleId, name: "Lim", content: "testing limits", ...body }),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as { code: number; msg: string; data: unknown } };
}

async function storedFor(articleId: number): Promise<number> {
  return (await database.pool.query("SELECT count(*)::int AS n FROM comments WHERE article_id = $1 AND name = 'Lim'", [articleId])).rows[0].n;
}

/** Time passes for every cell (as it would): everything drains. */
async function timePasses(seconds: number) {
  await database.pool.query(`UPDATE abuse_limits SET tat = tat - make_interval(secs => $1)`, [seconds]);
}

describe("abuse limits", () => {
  it("are keyed on the address: rotating User-Agent, cookies and X-Forwarded-For from an untrusted peer buys nothing", async () => {
    const articleId = articleIds[0]!;
    const results = [];
    for (let i = 0; i < 12; i++) {
      results.push(await comment(direct, articleId, { "user-agent": `ua-${i}`, cookie: `session=${i}; visitor=${i}`, "x-forwarded-for": `198.51.100.${i}` }));
    }
    expect(results.filter((r) => r.status === 200)).toHaveLength(BURST);
    expect(results.slice(BURST).every((r) => r.status === 429 && r.body.code === 10030)).toBe(true);
    expect(await storedFor(articleId)).toBe(BURST);
  });

  it("count an IPv6 /64 as one address, behind a trusted proxy", async () => {
    await timePasses(3600);
    const articleId = articleIds[1]!;
    const statuses = [];
    for (let i = 1; i <= 6; i++) statuses.push((await comment(proxied, articleId, { "x-forwarded-for": `2001:db8:aa:bb::${i.toString(16)}` })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(BURST);
    // Another /64 is another visitor.
    expect((await comment(proxied, articleId, { "x-forwarded-for": "2001:db8:aa:cc::1" })).status).toBe(200);
    // An IPv4-mapped address is the IPv4 address.
    const v4 = "192.0.2.44";
    for (let i = 0; i < BURST; i++) expect((await comment(proxied, articleId, { "x-forwarded-for": v4 })).status).toBe(200);
    expect((await comment(proxied, articleId, { "x-forwarded-for": `::ffff:${v4}` })).status).toBe(429);
  });

  it("do not extend a lockout with refused attempts", async () => {
    await timePasses(3600);
    const articleId = articleIds[2]!;
    const visitor = { "x-forwarded-for": "203.0.113.77" };
    for (let i = 0; i < BURST; i++) expect((await comment(proxied, articleId, visitor)).status).toBe(200);
    const cell = async () => (await database.pool.query("SELECT tat FROM abuse_limits WHERE rule = 'comment:0' ORDER BY tat DESC LIMIT 1")).rows[0].tat as Date;
    const before = await cell();
    const first = await comment(proxied, articleId, visitor);
    expect(first.status).toBe(429);
    const retryAfter = Number(first.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // A burst of refused attempts…
    for (let i = 0; i < 20; i++) expect((await comment(proxied, articleId, visitor)).status).toBe(429);
    // …leaves the cell where it was, so the lockout ends when it would have anyway.
    expect((await cell()).getTime()).toBe(before.getTime());
    await database.pool.query("UPDATE abuse_limits SET tat = tat - make_interval(secs => $1) WHERE rule = 'comment:0'", [retryAfter]);
    expect((await comment(proxied, articleId, visitor)).status).toBe(200);
  });

  it("hold per target and site-wide too, whoever is asking", async () => {
    await timePasses(3600);
    const articleId = articleIds[3]!;
    const perTarget = ABUSE_RULES.comment.find((r) => r.per === "target")!;
    let accepted = 0;
    let last;
    // Many visitors, one article: each visitor stays within its own limits.
    for (let i = 0; i < perTarget.max + 3; i++) {
      last = await comment(proxied, articleId, { "x-forwarded-for": `10.20.${Math.floor(i / 200)}.${i % 200}` });
      if (last.status === 200) accepted++;
    }
    expect(accepted).toBe(perTarget.max);
    expect(last!.status).toBe(429);
    expect(last!.body.code).toBe(10042);
  });
});

describe("cross-site writes", () => {
  const form = (origin: Record<string, string>) =>
    fetch(`${direct.baseUrl}/api/home/article-comment/`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...origin },
      body: new URLSearchParams({ lang: "zh", article_id: String(articleIds[4]), name: "Evil", content: "forged" }).toString(),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as { code: number; msg: string; data: unknown } }));

  it("are refused with 403 in the envelope, in the request's language, and store nothing", async () => {
    await timePasses(3600);
    for (const headers of <Record<string, string>[]>[
      { origin: "http://evil.example" },
      { origin: "null" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "cross-site", origin: direct.baseUrl }, // a forged Origin cannot beat the browser's own header
      { "sec-fetch-site": "same-site", origin: "http://sub.evil.example" },
    ]) {
      const res = await form(headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.body).toEqual({ code: 10403, msg: expect.stringMatching(/[\u4e00-\u9fff]/), data: null });
    }
    expect((await database.pool.query("SELECT count(*)::int AS n FROM comments WHERE name = 'Evil'")).rows[0].n).toBe(0);
  });

  it("from the site's own pages pass, with or without the browser's fetch metadata", async () => {
    expect((await form({ origin: direct.baseUrl, "sec-fetch-site": "same-origin" })).status).toBe(200);
    expect((await form({ origin: direct.baseUrl })).status).toBe(200);
    expect((await form({})).status).toBe(200); // not a browser: acts for itself, no visitor's cookies to abuse
  });

  it("leave reads alone", async () => {
    const res = await fetch(`${direct.baseUrl}/api/home/base-info?lang=en`, { headers: { origin: "http://evil.example", "sec-fetch-site": "cross-site" } });
    expect(res.status).toBe(200);
  });
});

describe("CSP violation reports", () => {
  const report = (i: number) =>
    fetch(`${direct.baseUrl}/api/csp-report`, {
      method: "POST",
      headers: { "content-type": "application/csp-report", "x-forwarded-for": "198.51.100.200" },
      body: JSON.stringify({
        "csp-report": {
          "document-uri": `http://localhost/blog/${i}`,
          "violated-directive": "script-src-elem",
          "effective-directive": "script-src-elem",
          "blocked-uri": "inline",
          "script-sample": "alert(1)",
        },
      }),
    });

  it("are stored, and limited like every public write", async () => {
    await timePasses(3600);
    const first = await report(1);
    expect(first.status).toBe(200);
    const { rows } = await database.pool.query("SELECT document_uri, directive, blocked_uri, sample FROM csp_reports ORDER BY id DESC LIMIT 1");
    expect(rows[0]).toEqual({ document_uri: "http://localhost/blog/1", directive: "script-src-elem", blocked_uri: "inline", sample: "alert(1)" });
    const max = ABUSE_RULES["csp-report"][0].max;
    const statuses = [];
    for (let i = 0; i < max + 2; i++) statuses.push((await report(i)).status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(2);
    expect((await database.pool.query("SELECT count(*)::int AS n FROM csp_reports")).rows[0].n).toBe(max);
  });

  it("refuse a body that is not a report", async () => {
    const res = await fetch(`${direct.baseUrl}/api/csp-report`, { method: "POST", headers: { "content-type": "application/csp-report" }, body: "[1,2]" });
    expect(res.status).toBe(400);
  });
});
