/**
 * The start-up import skips the parts of content/ that did not change since their last import
 * (docs/decisions/0024): a restart on unchanged content imports nothing, a published staff
 * document re-imports its own part (and stays), `npm run content:import` still imports everything,
 * and servers seeding one database at once take turns.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../server/logger.server";
import { CONTENT_DIR } from "../../server/paths.server";
import { IMPORT_PARTS, importContentParts, seedDatabase } from "../../server/seed/seed.server";
import { createTestDatabase, type TestDatabase } from "../support/database";

let database: TestDatabase;
const logger = createLogger("silent");
const ALL_PARTS = IMPORT_PARTS.map((p) => p.key);
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const q = async <T>(text: string, params: unknown[] = []) => (await database.pool.query(text, params)).rows as T[];
const englishQuestion = async () =>
  (
    await q<{ question: string }>(
      `SELECT t.question FROM faq_item_translations t JOIN faq_items i ON i.id = t.item_id WHERE i.slug = 'what-is-facet-browser' AND t.lang = 'en'`,
    )
  )[0]!.question;

describe("the start-up import", () => {
  it("imports nothing again when content/ has not changed since the last import", async () => {
    const result = await seedDatabase(database.db, logger);
    expect(result.imported).toEqual([]);
    expect(result.unchanged).toEqual(ALL_PARTS);
  });

  it("imports the part a published staff document belongs to, with the document standing in for its file", async () => {
    const file = fs.readFileSync(path.join(CONTENT_DIR, "faq", "en.yaml"), "utf8");
    const edited = file.replace("What is Facet Browser, and who is it for?", "What is Facet Browser? (published by staff)");
    expect(edited).not.toBe(file);
    await q(
      `INSERT INTO content_documents (path, kind, lang, draft_source, published_source, published_at) VALUES ('faq/en.yaml', 'faq', 'en', $1, $1, now())`,
      [edited],
    );

    const result = await seedDatabase(database.db, logger);
    expect(result.imported).toEqual(["product"]);
    expect(await englishQuestion()).toBe("What is Facet Browser? (published by staff)");
    expect((await seedDatabase(database.db, logger)).imported).toEqual([]);
  }, 120_000);

  it("imports a part again when its stored fingerprint is gone, once, although two servers seed at once", async () => {
    await q(`DELETE FROM app_secrets WHERE name = 'content-fingerprint:site'`);
    const [a, b] = await Promise.all([seedDatabase(database.db, logger), seedDatabase(database.db, logger)]);
    expect([...a.imported, ...b.imported]).toEqual(["site"]);
  }, 120_000);

  it("imports every part when forced (npm run content:import), keeping the staff edit", async () => {
    const result = await importContentParts(database.db, logger, { force: true });
    expect(result.imported).toEqual(ALL_PARTS);
    expect(result.counts.articles).toMatchObject({ inserted: 0, updated: 0 });
    expect(await englishQuestion()).toBe("What is Facet Browser? (published by staff)");
  }, 300_000);
});
