/**
 * A large data set for `npm run bench -- --large` and tests/system/query-plans.test.ts: the tables
 * that grow with use (articles and their tags, comments, reads, usage events, help votes, views
 * and search misses, bookings) filled to `rows` each with generate_series, on top of the demo
 * content, so the planner meets the sizes and skews a site years into its life has: 13 languages
 * of uneven size, blog and news, drafts and scheduled pieces, popular articles with most of the
 * comments, a few tags on most articles. Deterministic (setseed), and done once per database:
 * the rows carry a `large-` key, and a second call finds them and adds nothing.
 *
 * Standalone: `npx tsx bench/large-data.ts [rows] [--short-bodies]` seeds DATABASE_URL (migrated and seeded first
 * if it is empty), or a scratch embedded PostgreSQL under .tmp/large-data when DATABASE_URL is unset.
 */
import { sql, type SQL } from "drizzle-orm";
import { LANG_KEYS, type LangKey } from "~/i18n/languages";
import type { Database } from "../server/db/client.server";
import { createLogger } from "../server/logger.server";
import { syncSearchIndex } from "../server/infrastructure/search-index.server";

export interface LargeDataOptions {
  /** Rows per growing table. */
  rows?: number;
  /**
   * What a generated article's body is. "generated": its title and a sentence, repeated (a search
   * document of about 200 bytes: quick to seed, enough for plans). "demo": the body of a demo article
   * in its language (1-4 KB, as a real article's), so a search meets real posting lists and real
   * vectors: what a site of 100,000 real articles costs, which short bodies hide.
   */
  bodies?: LargeBodies;
}

export type LargeBodies = "generated" | "demo";

/** Bodies longer than this on average are demo bodies: how an existing large set tells which it holds. */
const DEMO_BODY_AT_LEAST = 600;

export interface LargeDataSummary {
  rows: number;
  /** False when the database already held the large set (nothing was added). */
  seeded: boolean;
  counts: Record<string, number>;
  /** Milliseconds per step, to see where seeding time goes. */
  steps: Record<string, number>;
  ms: number;
}

/**
 * Share of articles per language, in percent: English and Chinese lead, the rest trail unevenly,
 * as a site that writes first in two languages and translates a part of it looks.
 */
const LANGUAGE_WEIGHTS: Record<LangKey, number> = { en: 26, zh: 20, ru: 8, es: 7, pt: 7, vn: 6, tc: 5, jp: 5, tr: 4, th: 4, fr: 3, uk: 3, hi: 2 };

/** Words the generated texts draw from; `quokka` is rare on purpose (a selective keyword for search plans). */
const VOCABULARY = [
  "fingerprint",
  "proxy",
  "canvas",
  "webrtc",
  "cookie",
  "profile",
  "team",
  "automation",
  "timezone",
  "font",
  "useragent",
  "account",
  "marketplace",
  "affiliate",
  "advertising",
  "airdrop",
  "social",
  "ecommerce",
  "seller",
  "browser",
  "isolation",
  "residential",
  "mobile",
  "sync",
  "extension",
  "api",
  "selenium",
  "puppeteer",
  "geolocation",
  "screen",
  "audio",
  "webgl",
  "hardware",
  "language",
  "session",
  "login",
  "cloud",
  "permission",
  "member",
  "billing",
];
export const RARE_WORD = "quokka";

/** Words in the scripts without spaces (in one piece of eight), so trigram search plans are exercised on them too. */
const SCRIPT_WORDS: Partial<Record<LangKey, string>> = {
  zh: "指纹浏览器 多账号 代理",
  tc: "指紋瀏覽器 多帳號",
  jp: "ブラウザ指紋 アカウント",
  th: "ลายนิ้วมือเบราว์เซอร์ บัญชี",
  hi: "ब्राउज़र फिंगरप्रिंट",
};

/** A text[] literal, parenthesised so it can be subscripted in place. */
const textArray = (items: readonly string[]) => sql.raw(`(ARRAY[${items.map((w) => `'${w.replace(/'/g, "''")}'`).join(",")}]::text[])`);

export async function seedLargeData(db: Database, options: LargeDataOptions = {}): Promise<LargeDataSummary> {
  const rows = options.rows ?? 100_000;
  const bodies = options.bodies ?? "generated";
  const started = performance.now();
  const existing = await db.execute<{ n: number; body: number | null }>(
    sql`SELECT count(*)::int AS n, avg(length(search_text))::float8 AS body FROM articles WHERE key LIKE 'large-%'`,
  );
  if (existing.rows[0]!.n > 0) {
    const held: LargeBodies = (existing.rows[0]!.body ?? 0) > DEMO_BODY_AT_LEAST ? "demo" : "generated";
    // A set seeded with the other bodies would measure something else under the same name.
    if (held !== bodies) throw new Error(`the database holds a large set with ${held} bodies, not ${bodies}: drop it (or its data directory) to seed again`);
    return { rows, seeded: false, counts: await countGrowingTables(db), steps: {}, ms: performance.now() - started };
  }

  const weightedLangs = LANG_KEYS.flatMap((lang) => Array<string>(LANGUAGE_WEIGHTS[lang]).fill(lang));
  const scriptWords = LANG_KEYS.map((lang) => SCRIPT_WORDS[lang] ?? "");

  const steps: Record<string, number> = {};
  await db.transaction(async (tx) => {
    /**
     * Runs one statement; with `bulkInto`, that table's plain indexes are dropped first and made
     * again after (same definitions), since building a trigram index once is several times
     * quicker than updating it row by row. Constraint indexes stay: they guard the data.
     */
    const step = async (name: string, statement: SQL, bulkInto?: string) => {
      const t = performance.now();
      const { rows: indexes } = bulkInto
        ? await tx.execute<{ name: string; definition: string }>(sql`
            SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
            FROM pg_index i WHERE i.indrelid = ${bulkInto}::regclass
              AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`)
        : { rows: [] };
      for (const index of indexes) await tx.execute(sql.raw(`DROP INDEX ${index.name}`));
      await tx.execute(statement);
      for (const index of indexes) await tx.execute(sql.raw(index.definition));
      steps[name] = Math.round((steps[name] ?? 0) + performance.now() - t);
    };
    // One connection, no parallel workers: random() then repeats exactly from the seed.
    await tx.execute(sql`SET LOCAL max_parallel_workers_per_gather = 0`);
    await tx.execute(sql`SET LOCAL synchronous_commit = off`);
    await tx.execute(sql`SELECT setseed(0.42)`);

    // The count triggers (drizzle/0012) would update a counter row once per inserted row, and in one
    // transaction along an ever longer chain of its versions: off for the load, and the counts made
    // again from the rows at the end (the same functions the migration filled them with).
    const { rows: countTriggers } = await tx.execute<{ relation: string; name: string }>(sql`
      SELECT t.tgrelid::regclass::text AS relation, t.tgname AS name FROM pg_trigger t
      WHERE NOT t.tgisinternal AND t.tgname IN ('articles_counts_insert', 'article_tags_counts', 'help_votes_counts_write',
                                                 'articles_list_version_write', 'article_tags_list_version', 'comments_counts_write',
                                                 'article_tags_listing')`);
    for (const t of countTriggers) await tx.execute(sql.raw(`ALTER TABLE ${t.relation} DISABLE TRIGGER ${t.name}`));

    // Sixty more tags (the demo has sixteen), named in English only: other languages fall back to it.
    await step(
      "tags",
      sql`
      INSERT INTO tags (slug) SELECT 'large-tag-' || g FROM generate_series(1, 60) g ON CONFLICT (slug) DO NOTHING`,
    );
    await step(
      "tag_translations",
      sql`
      INSERT INTO tag_translations (tag_id, lang, name)
      SELECT id, 'en', initcap(replace(slug, '-', ' ')) FROM tags WHERE slug LIKE 'large-tag-%' ON CONFLICT DO NOTHING`,
    );

    // A piece is written in one language and translated into up to three more (offsets 0, 3, 6, 9 of
    // 13 never collide), keeping its type, category, tags and publication time across versions.
    await step(
      "pieces",
      sql`
      CREATE TEMP TABLE large_pieces ON COMMIT DROP AS
      SELECT p AS piece,
             (ARRAY['blog','blog','blog','news'])[1 + p % 4] AS type,
             ${textArray(weightedLangs)}[1 + (p * 7919) % ${weightedLangs.length}] AS first_lang,
             1 + (p * 31) % 4 AS versions,
             now() - make_interval(secs => random() * 6 * 365 * 86400) AS published_at,
             CASE WHEN p % 50 = 7 THEN 'draft' ELSE 'published' END AS status,
             p % 100 = 13 AS scheduled
      FROM generate_series(0, ${Math.ceil(rows / 2)}) p`,
    );
    await step(
      "categories",
      sql`
      CREATE TEMP TABLE large_categories ON COMMIT DROP AS
      SELECT type, array_agg(id ORDER BY sort, id) AS ids FROM categories WHERE type IN ('blog', 'news') GROUP BY type`,
    );

    // The demo's own articles per language, numbered, for "demo" bodies.
    if (bodies === "demo")
      await step(
        "bodies",
        sql`
        CREATE TEMP TABLE large_bodies ON COMMIT DROP AS
        SELECT lang, (row_number() OVER (PARTITION BY lang ORDER BY id) - 1)::int AS n, count(*) OVER (PARTITION BY lang)::int AS of,
               content_html, search_text
        FROM articles WHERE key NOT LIKE 'large-%' AND status = 'published'`,
      );

    await step(
      "articles",
      sql`
      INSERT INTO articles (type, lang, key, category_id, title, summary, content_html, toc, search_text, cover, author, reads,
                            status, published_at, updated_at, seo_title, seo_keywords, seo_description, source_hash)
      SELECT v.type, v.lang, 'large-' || v.piece, v.category_id, v.title, v.summary,
             '<h2 id="intro">' || v.title || '</h2><p>' || ${bodies === "demo" ? sql`v.summary || '</p>' || COALESCE(b.content_html, '')` : sql`repeat(v.summary || ' ', 4) || '</p>'`},
             '[{"id":"intro","text":"Intro","depth":2}]'::jsonb,
             lower(v.title || ' ' || v.summary ${bodies === "demo" ? sql`|| ' ' || COALESCE(b.search_text, '')` : sql``}),
             CASE WHEN v.piece % 3 = 0 THEN NULL ELSE '/covers/large-' || (v.piece % 12) || '.webp' END,
             'Author ' || (v.piece % 40), (random() * 5000)::int, v.status,
             v.published_at, v.published_at + make_interval(days => (v.piece % 30)),
             '', '', '', md5(v.piece::text || v.lang)
      FROM (
        SELECT pc.piece, pc.type, pc.status,
               (${textArray(LANG_KEYS)})[1 + (array_position(${textArray(LANG_KEYS)}, pc.first_lang) - 1 + ver * 3) % 13] AS lang,
               c.ids[1 + pc.piece % array_length(c.ids, 1)] AS category_id,
               CASE WHEN pc.scheduled THEN now() + make_interval(days => 1 + pc.piece % 20) ELSE pc.published_at + make_interval(hours => ver) END AS published_at,
               initcap(${textArray(VOCABULARY)}[1 + pc.piece % ${VOCABULARY.length}]) || ' and ' || ${textArray(VOCABULARY)}[1 + (pc.piece / 7) % ${VOCABULARY.length}]
                 || ' guide ' || pc.piece
                 || CASE WHEN pc.piece % 8 = 0 THEN ' ' || (${textArray(scriptWords)})[1 + (array_position(${textArray(LANG_KEYS)}, pc.first_lang) - 1 + ver * 3) % 13] ELSE '' END AS title,
               'How teams use ' || ${textArray(VOCABULARY)}[1 + (pc.piece / 3) % ${VOCABULARY.length}] || ' with '
                 || ${textArray(VOCABULARY)}[1 + (pc.piece / 11) % ${VOCABULARY.length}] || ' and '
                 || ${textArray(VOCABULARY)}[1 + (pc.piece / 17) % ${VOCABULARY.length}]
                 || CASE WHEN pc.piece % 500 = 0 THEN ' ' || ${RARE_WORD} ELSE '' END AS summary
        FROM large_pieces pc
        CROSS JOIN generate_series(0, 3) ver
        JOIN large_categories c ON c.type = pc.type
        WHERE ver < pc.versions
        ORDER BY pc.piece, ver
        LIMIT ${rows}) v
      ${bodies === "demo" ? sql`LEFT JOIN large_bodies b ON b.lang = v.lang AND b.n = v.piece % b.of` : sql``}`,
      "articles",
    );

    // Tags: zero to four per piece, the same on every version, drawn with a skew (a few tags on most pieces).
    await step(
      "article_tags",
      sql`
      INSERT INTO article_tags (article_id, tag_id)
      SELECT a.id, t.ids[1 + floor(power(((hashint4(pc.piece * 5 + k) & 2147483647) % 1000) / 1000.0, 2) * array_length(t.ids, 1))::int]
      FROM articles a
      JOIN large_pieces pc ON 'large-' || pc.piece = a.key
      CROSS JOIN (SELECT array_agg(id ORDER BY id) AS ids FROM tags) t
      CROSS JOIN generate_series(1, 4) k
      WHERE a.key LIKE 'large-%' AND k <= pc.piece % 5
      ORDER BY 1, 2
      ON CONFLICT DO NOTHING`,
      "article_tags",
    );

    // Comments, reads: most on a few popular articles (the cube of a uniform draw). Rows go in
    // key order wherever a primary key takes them: appending to a b-tree is far cheaper than scattering.
    await step(
      "popular",
      sql`
      CREATE TEMP TABLE large_targets ON COMMIT DROP AS
      SELECT row_number() OVER (ORDER BY reads DESC, id) AS rn, id FROM articles
      WHERE status = 'published' AND published_at <= now()`,
    );
    await step("popular_index", sql`CREATE INDEX ON large_targets (rn)`);
    await step("popular_analyze", sql`ANALYZE large_targets`);
    await step(
      "comments",
      sql`
      INSERT INTO comments (article_id, name, content, is_popular, hidden_at, visitor_hash, created_at)
      SELECT t.id, 'Visitor ' || (x.g % 997), 'Comment ' || x.g || ' about ' || ${textArray(VOCABULARY)}[1 + x.g % ${VOCABULARY.length}],
             x.g % 31 = 0, CASE WHEN x.g % 53 = 0 THEN now() ELSE NULL END, md5((x.g % 5000)::text),
             now() - make_interval(secs => random() * 3 * 365 * 86400)
      FROM (SELECT g, 1 + floor(power(random(), 3) * (SELECT count(*) FROM large_targets))::int AS rn FROM generate_series(1, ${rows}) g) x
      JOIN large_targets t ON t.rn = x.rn`,
      "comments",
    );
    await step(
      "article_reads",
      sql`
      INSERT INTO article_reads (article_id, visitor_hash, day)
      SELECT t.id, md5((x.g % 20000)::text), (now() - make_interval(days => x.g % 400))::date
      FROM (SELECT g, 1 + floor(power(random(), 2) * (SELECT count(*) FROM large_targets))::int AS rn FROM generate_series(1, ${rows}) g) x
      JOIN large_targets t ON t.rn = x.rn
      ORDER BY 1, 2, 3
      ON CONFLICT DO NOTHING`,
    );

    // Usage events over the last 90 days: mostly views, then impressions, clicks, a few errors.
    await step(
      "usage_events",
      sql`
      INSERT INTO usage_events (kind, event_type, object_type, occurred_at, received_at, url, lang, device_id, data)
      SELECT k.kind, 1, 1, at, at, 'https://example.com/' || l.lang || '/blog/' || (g % 500), l.lang, md5((g % 8000)::text),
             jsonb_build_object('kind', k.kind, 'key', 'mark-' || (g % 40), 'lang', l.lang)
      FROM (SELECT g, now() - make_interval(secs => random() * 90 * 86400) AS at FROM generate_series(1, ${rows}) g) x
      CROSS JOIN LATERAL (SELECT CASE WHEN g % 100 < 60 THEN 'view' WHEN g % 100 < 85 THEN 'expose' WHEN g % 100 < 98 THEN 'click' ELSE 'error' END AS kind) k
      CROSS JOIN LATERAL (SELECT (${textArray(weightedLangs)})[1 + (g * 13) % ${weightedLangs.length}] AS lang) l`,
      "usage_events",
    );

    // Help: votes (one per voter and article, with feedback now and then), daily views, searches that found nothing.
    await step(
      "help_targets",
      sql`
      CREATE TEMP TABLE large_help ON COMMIT DROP AS
      SELECT row_number() OVER (ORDER BY id) AS rn, id FROM help_articles WHERE status = 'published'`,
    );
    await step(
      "help_votes",
      sql`
      INSERT INTO help_votes (article_id, voter, solved, feedback, created_at, updated_at)
      SELECT h.id, 'large-voter-' || x.g, x.g % 4 <> 0, CASE WHEN x.g % 9 = 0 THEN 'Missing step ' || x.g ELSE '' END, at, at
      FROM (SELECT g, 1 + floor(power(random(), 2) * (SELECT count(*) FROM large_help))::int AS rn,
                   now() - make_interval(secs => random() * 2 * 365 * 86400) AS at
            FROM generate_series(1, ${rows}) g) x
      JOIN large_help h ON h.rn = x.rn
      ORDER BY 1, 2
      ON CONFLICT DO NOTHING`,
    );
    await step(
      "help_article_views",
      sql`
      INSERT INTO help_article_views (article_id, visitor_hash, day)
      SELECT h.id, md5((x.g % 20000)::text), (now() - make_interval(days => x.g % 400))::date
      FROM (SELECT g, 1 + floor(power(random(), 2) * (SELECT count(*) FROM large_help))::int AS rn FROM generate_series(1, ${rows}) g) x
      JOIN large_help h ON h.rn = x.rn
      ORDER BY 1, 2, 3
      ON CONFLICT DO NOTHING`,
    );
    await step(
      "search_misses",
      sql`
      INSERT INTO search_misses (lang, scope, query, count, first_seen, last_seen)
      SELECT (${textArray(weightedLangs)})[1 + (g * 17) % ${weightedLangs.length}], (ARRAY['site','site','help','blog','news'])[1 + g % 5],
             'large miss ' || g, 1 + (g % 50), now() - interval '1 year', now() - make_interval(mins => g % 100000)
      FROM generate_series(1, ${rows}) g
      ORDER BY 1, 2, 3
      ON CONFLICT DO NOTHING`,
      "search_misses",
    );

    // Bookings: past weekday slots every 30 minutes (at :05 and :35, clear of the schedule's own
    // slots), twenty places each, filled in turn; a few cancelled, most handled.
    const slotCount = Math.ceil(rows / 16);
    await step(
      "booking_slots",
      sql`
      INSERT INTO booking_slots (starts_at, ends_at, capacity, booked)
      SELECT s, s + interval '30 minutes', 20, 0
      FROM (SELECT date_trunc('day', now()) - interval '2 days' - make_interval(days => d) + make_interval(mins => 125 + 30 * h + 8 * 60) AS s
            FROM generate_series(0, ${Math.ceil(slotCount / 16) * 2}) d CROSS JOIN generate_series(0, 15) h) x
      WHERE extract(isodow FROM s) < 6
      ORDER BY s DESC
      LIMIT ${slotCount}
      ON CONFLICT (starts_at) DO NOTHING`,
    );
    await step(
      "slot_targets",
      sql`
      CREATE TEMP TABLE large_slots ON COMMIT DROP AS
      SELECT row_number() OVER (ORDER BY starts_at DESC) AS rn, id FROM booking_slots
      WHERE starts_at < now() AND extract(minute FROM starts_at) IN (5, 35) AND booked = 0`,
    );
    await step(
      "bookings",
      sql`
      INSERT INTO bookings (reference, slot_id, company, account, phone, chat_app, content, contact_from, contact_to, lang, status, client_hash, created_at, cancelled_at)
      SELECT 'LB' || lpad(g::text, 8, '0'), s.id, 'Company ' || (g % 3000), 'account' || g, '+1555' || lpad((g % 1000000)::text, 7, '0'),
             g % 2 = 0, 'Team of ' || (g % 50) || ' needs profiles', '09:00', '18:00',
             (${textArray(weightedLangs)})[1 + (g * 11) % ${weightedLangs.length}],
             CASE WHEN g % 20 = 0 THEN 'cancelled' WHEN g % 5 = 0 THEN 'unsolved' ELSE 'solved' END,
             md5((g % 9000)::text), now() - make_interval(days => 1 + g % 900), CASE WHEN g % 20 = 0 THEN now() ELSE NULL END
      FROM generate_series(1, ${rows}) g
      JOIN large_slots s ON s.rn = 1 + (g - 1) % (SELECT count(*) FROM large_slots)`,
      "bookings",
    );
    await step(
      "booked",
      sql`
      UPDATE booking_slots sl SET booked = n.booked
      FROM (SELECT slot_id, count(*) FILTER (WHERE status <> 'cancelled')::int AS booked FROM bookings WHERE reference LIKE 'LB%' GROUP BY slot_id) n
      WHERE sl.id = n.slot_id`,
    );

    if (countTriggers.length) {
      await step("recount", sql`SELECT article_counts_recount(), help_vote_counts_recount()`);
      // drizzle/0016: the comment counts made again, and every listing's version changed once for the whole load.
      if (countTriggers.some((t) => t.name === "comments_counts_write")) {
        await step("recount_comments", sql`SELECT article_comment_counts_recount()`);
        await step("tag_listing", sql`SELECT article_tag_listing_rebuild()`);
        await step("list_versions", sql`SELECT article_list_bump(l.type, l.lang) FROM (SELECT DISTINCT type, lang FROM articles ORDER BY 1, 2) l`);
      }
      for (const t of countTriggers) await tx.execute(sql.raw(`ALTER TABLE ${t.relation} ENABLE TRIGGER ${t.name}`));
    }
  });
  // The site search's index, made by the importer's own sync (terms in Node), with the lexicon's
  // trigger off and the lexicon rebuilt once at the end, as for the kept counts above.
  const indexed = performance.now();
  await db.execute(sql`ALTER TABLE search_documents DISABLE TRIGGER search_documents_lexicon`);
  try {
    await syncSearchIndex(db, createLogger("warn"));
  } finally {
    await db.execute(sql`ALTER TABLE search_documents ENABLE TRIGGER search_documents_lexicon`);
  }
  await db.execute(sql`SELECT search_lexicon_rebuild()`);
  steps.search_index = Math.round(performance.now() - indexed);
  // Visibility map and statistics as autovacuum keeps them on a live site: plans (index-only
  // scans among them) are judged on what a running site would have.
  const vacuumed = performance.now();
  await db.execute(sql`VACUUM (ANALYZE)`);
  steps.vacuum = Math.round(performance.now() - vacuumed);
  return { rows, seeded: true, counts: await countGrowingTables(db), steps, ms: performance.now() - started };
}

export const GROWING_TABLES = [
  "articles",
  "article_tags",
  "comments",
  "article_reads",
  "usage_events",
  "help_votes",
  "help_article_views",
  "search_misses",
  "search_documents",
  "search_lexicon",
  "booking_slots",
  "bookings",
] as const;

async function countGrowingTables(db: Database): Promise<Record<string, number>> {
  const { rows } = await db.execute<Record<string, number>>(
    sql.raw(`SELECT ${GROWING_TABLES.map((t) => `(SELECT count(*)::int FROM ${t}) AS ${t}`).join(", ")}`),
  );
  return rows[0]!;
}

// ---- standalone ----------------------------------------------------------------------------

if (import.meta.url === `file://${process.argv[1]}`) {
  const { withBenchDatabase } = await import("./scratch-database");
  const rows = Number(process.argv[2] ?? 100_000);
  const bodies: LargeBodies = process.argv.includes("--short-bodies") ? "generated" : "demo";
  await withBenchDatabase("large-data", async (db) => {
    const summary = await seedLargeData(db, { rows, bodies });
    console.log(`${summary.seeded ? "seeded" : "already seeded"} in ${(summary.ms / 1000).toFixed(1)} s`);
    console.table(summary.counts);
    console.table(summary.steps);
  });
}
