import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importArticles, readArticleFiles } from "../../server/content/import.server";
import { createLogger } from "../../server/logger.server";
import { recordRead } from "../../server/services/articles.server";
import { createTestDatabase, type TestDatabase } from "../support/database";

let database: TestDatabase;
const logger = createLogger("silent");
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const q = async <T>(text: string, params: unknown[] = []) => (await database.pool.query(text, params)).rows as T[];

describe("content import", () => {
  it("loaded the demo content: enough articles in every language", async () => {
    const rows = await q<{ lang: string; type: string; n: number }>(
      "SELECT lang, type, count(*)::int AS n FROM articles WHERE status = 'published' GROUP BY lang, type",
    );
    const count = (lang: string, type: string) => rows.find((r) => r.lang === lang && r.type === type)?.n ?? 0;
    for (const lang of ["en", "zh"]) {
      expect(count(lang, "blog"), lang).toBeGreaterThanOrEqual(12);
      expect(count(lang, "news"), lang).toBeGreaterThanOrEqual(6);
    }
    for (const lang of ["ru", "vn", "es", "pt", "tc", "tr", "th", "fr", "uk", "hi", "jp"]) {
      expect(count(lang, "blog"), lang).toBeGreaterThanOrEqual(3);
      expect(count(lang, "news"), lang).toBeGreaterThanOrEqual(2);
    }
    const categories = await q<{ slug: string }>("SELECT DISTINCT c.type || '-' || c.slug AS slug FROM articles a JOIN categories c ON c.id = a.category_id");
    expect(categories.map((c) => c.slug)).toEqual(
      expect.arrayContaining(["news-product-updates", "blog-account-management", "blog-browser-fingerprints", "blog-guides", "blog-use-cases"]),
    );
    expect((await q<{ n: number }>("SELECT count(*)::int AS n FROM comments"))[0]!.n).toBeGreaterThan(10);
  });

  it("re-imports only changed files and leaves comments and reads alone", async () => {
    expect(await importArticles(database.db, logger)).toMatchObject({ inserted: 0, updated: 0 });

    const files = readArticleFiles();
    const target = files.find((f) => f.lang === "en" && f.key === "proxy-setup-guide")!;
    const id = (await q<{ id: number }>("SELECT id FROM articles WHERE lang = 'en' AND key = 'proxy-setup-guide'"))[0]!.id;
    expect(await recordRead(database.db, id, "visitor-a")).toBe(true);
    expect(await recordRead(database.db, id, "visitor-a")).toBe(false); // once per visitor per day
    expect(await recordRead(database.db, id, "visitor-b")).toBe(true);
    const commentsBefore = (await q<{ n: number }>("SELECT count(*)::int AS n FROM comments WHERE article_id = $1", [id]))[0]!.n;

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "articles-"));
    try {
      fs.mkdirSync(path.join(dir, "en", "blog"), { recursive: true });
      const changed = fs.readFileSync(target.file, "utf8").replace(/^title: .*$/m, 'title: "Setting up proxies, revised"');
      fs.writeFileSync(path.join(dir, "en", "blog", "proxy-setup-guide.md"), changed);
      const result = await importArticles(database.db, logger, readArticleFiles(dir));
      expect(result).toEqual({ inserted: 0, updated: 1, unchanged: 0 });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const [after] = await q<{ title: string; reads: number }>("SELECT title, reads FROM articles WHERE id = $1", [id]);
    expect(after).toEqual({ title: "Setting up proxies, revised", reads: 2 });
    expect((await q<{ n: number }>("SELECT count(*)::int AS n FROM comments WHERE article_id = $1", [id]))[0]!.n).toBe(commentsBefore);
  });

  it("refuses a file with an unknown category or bad front matter, naming the file", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "articles-"));
    try {
      fs.mkdirSync(path.join(dir, "en", "blog"), { recursive: true });
      const file = path.join(dir, "en", "blog", "broken.md");
      fs.writeFileSync(file, '---\ntitle: "x"\nsummary: "y"\ncategory: cooking\nauthor: "A"\npublished_at: 2026-01-01\n---\nBody');
      await expect(importArticles(database.db, logger, readArticleFiles(dir))).rejects.toThrow(/broken\.md: unknown blog category "cooking"/);
      fs.writeFileSync(file, "---\ntitle: [\n---\nBody");
      expect(() => readArticleFiles(dir)).toThrow(/broken\.md/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
