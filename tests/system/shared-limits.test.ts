/**
 * Two server processes on one database enforce one limit: the abuse-limit state lives in
 * PostgreSQL, not in either process.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ABUSE_RULES } from "../../server/infrastructure/abuse-limits.server";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { startServerOnTestDatabase } from "../support/server-process";

let database: TestDatabase;
let servers: Awaited<ReturnType<typeof startServerOnTestDatabase>>[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  servers = await Promise.all([startServerOnTestDatabase({}, database), startServerOnTestDatabase({}, database)]);
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await database.drop();
});

describe("two server processes sharing one database", () => {
  it("enforce one comment limit between them, however the posts are spread and raced", { timeout: 60_000 }, async () => {
    const { rows } = await database.pool.query("SELECT id FROM articles WHERE status = 'published' ORDER BY id LIMIT 1");
    const articleId = rows[0].id as number;
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        fetch(`${servers[i % 2]!.server.baseUrl}/api/home/article-comment`, {
          method: "POST",
          headers: { "content-type": "application/json", "user-agent": `agent-${i}` },
          body: JSON.stringify({ lang: "en", article_id: articleId, name: "Twin", content: `post ${i}` }),
        }).then(async (res) => ({ status: res.status, code: ((await res.json()) as { code: number }).code })),
      ),
    );
    const burst = ABUSE_RULES.comment[0].max;
    expect(results.filter((r) => r.status === 200)).toHaveLength(burst);
    expect(results.filter((r) => r.status === 429 && r.code === 10030)).toHaveLength(40 - burst);
    const stored = await database.pool.query("SELECT count(*)::int AS n FROM comments WHERE name = 'Twin'");
    expect(stored.rows[0].n).toBe(burst);
  });
});
