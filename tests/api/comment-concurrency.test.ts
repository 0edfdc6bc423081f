import { describe, expect, it } from "vitest";
import { ABUSE_RULES } from "../../server/infrastructure/abuse-limits.server";
import { serveForFile, type TestServer } from "../support/api-server";

let server: TestServer;
serveForFile((started) => (server = started));

describe("50 comments posted at once by one visitor", () => {
  it("stores exactly the allowed number; the rest get 10030 or 10042", async () => {
    const { rows } = await server.database.pool.query("SELECT id FROM articles WHERE status = 'published' ORDER BY id LIMIT 1");
    const articleId = rows[0].id as number;
    const before = (await server.database.pool.query("SELECT count(*)::int AS n FROM comments WHERE article_id = $1", [articleId])).rows[0].n;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        fetch(`${server.baseUrl}/api/home/article-comment/`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.7", "user-agent": `rotating-${i}` },
          body: JSON.stringify({ lang: "en", article_id: articleId, name: "Racer", content: `attempt ${i}` }),
        }).then(async (res) => ({ status: res.status, code: ((await res.json()) as { code: number }).code })),
      ),
    );
    const burstMax = ABUSE_RULES.comment[0].max;
    const stored = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 429);
    expect(stored).toHaveLength(burstMax);
    expect(refused).toHaveLength(50 - burstMax);
    expect(new Set(refused.map((r) => r.code))).toEqual(new Set([10030]));
    const after = (await server.database.pool.query("SELECT count(*)::int AS n FROM comments WHERE article_id = $1", [articleId])).rows[0].n;
    expect(after - before).toBe(burstMax);
  });
});
