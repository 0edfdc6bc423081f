/**
 * Loads the demo content from content/ into PostgreSQL. Idempotent: languages are synced from
 * the code's list; content rows are inserted only where missing, so edits made by editors in the
 * database survive restarts. `overwrite` (npm run db:seed -- --overwrite) resets them to the files.
 * The import runs in parts, and a part whose files and import rules are unchanged since its last
 * import is skipped, so a start with unchanged content imports nothing (docs/decisions/0024).
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { z } from "zod";
import { LANGUAGES, LANG_KEYS } from "~/i18n/languages";
import type { Database } from "../db/client.server";
import { categories, categoryTranslations, languages, siteSettings, tags, tagTranslations, CATEGORY_TYPES } from "../db/schema";
import { importArticles, importHelpArticles, type ImportResult } from "../content/import.server";
import { importGrowthContent } from "../content/growth-import.server";
import { importProductContent, readReleases, readYaml } from "../content/product-import.server";
import { installerName } from "@contracts/release-checksums";
import { recordReleaseFile, signReleaseChecksums, unsignedReleases } from "../services/releases.server";
import type { ReleaseSigner } from "../infrastructure/release-signing.server";
import { generateSlots } from "../services/bookings.server";
import type { Logger } from "../logger.server";
import { CONTENT_DIR } from "../paths.server";
import { contentFs, withPublishedDocuments } from "../content/content-files.server";
import { RESERVED_SEGMENTS } from "~/lib/urls/page-paths";
import { contentFingerprint, storedFingerprint, storeFingerprint } from "./fingerprint.server";
import { syncSearchIndex } from "../infrastructure/search-index.server";

/** A tag's slug is the last segment of a tag page's path: it must not be a page's own segment. */
const TagSlug = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
  .refine((slug) => !RESERVED_SEGMENTS.has(slug), { message: "is a page's path segment; tag pages with it would be unreachable" });

const TagsFile = z.array(
  z.object({
    slug: TagSlug,
    names: z.record(z.enum(LANG_KEYS), z.string().min(1)),
  }),
);

export const SiteSettingsFile = z.object({
  title: z.string().min(1),
  keywords: z.string(),
  description: z.string(),
  statistical_title: z.string().optional(),
  statistical_body: z.string().optional(),
});

const CategoriesFile = z.array(
  z.object({
    type: z.enum(CATEGORY_TYPES),
    slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
    sort: z.number().int(),
    parent: z.string().optional(),
    names: z.record(z.enum(LANG_KEYS), z.string().min(1)),
    /** Help categories: the id and /docs/{slug} paths of the old documentation, per language group. */
    legacy_id: z.number().int().positive().optional(),
    docs: z.partialRecord(z.enum(["zh-en", "ru", "pt", "vn"]), z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)).optional(),
  }),
);

const Time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
const ScheduleFile = z.object({
  rules: z.array(
    z.object({
      weekdays: z.array(z.number().int().min(0).max(6)).min(1),
      start: Time,
      end: Time,
      slot_minutes: z.number().int().min(10).max(480),
      capacity: z.number().int().min(1).max(1000),
    }),
  ),
  closed: z.array(z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), reason: z.string() })),
});

function readJson<T>(file: string, schema: z.ZodType<T>): T {
  const full = path.join(CONTENT_DIR, file);
  const parsed = schema.safeParse(JSON.parse(contentFs.readFileSync(full, "utf8")));
  if (!parsed.success) {
    const issues = parsed.error.issues;
    const shown = issues.slice(0, 5).map((i) => `  ${i.path.join(".")}: ${i.message}`);
    if (issues.length > shown.length) shown.push(`  …and ${issues.length - shown.length} more`);
    throw new Error(`content/${file} is invalid:\n${shown.join("\n")}`);
  }
  return parsed.data;
}

export interface SeedOptions {
  overwrite?: boolean;
  /** Imports every part even when its fingerprint says nothing changed (npm run content:import). */
  force?: boolean;
  /** BUSINESS_TIME_ZONE, for the booking slots made from the schedule. */
  timeZone?: string;
  /** Where the demo's stand-in installers are written (served under /downloads); none: no files are made. */
  downloadsDir?: string;
  /** Signs the releases' checksum lists not yet signed by its key (the demo's key; docs/decisions/0041). */
  releaseSigner?: ReleaseSigner;
}

/**
 * The import in parts, each with the content paths it reads (a file or a folder under content/;
 * what a part depends on counts as read). Every other file under content/ is read at every start
 * (EVERY_START_READS): those steps only fill what is missing and cost a few queries.
 */
export const IMPORT_PARTS = [
  { key: "site", reads: ["categories.json", "tags.json", "site"] },
  { key: "articles", reads: ["categories.json", "tags.json", "articles"] },
  { key: "help", reads: ["categories.json", "help"] },
  { key: "product", reads: ["pricing.yaml", "pricing", "faq", "releases.yaml", "releases", "about", "links.yaml", "links"] },
  { key: "growth", reads: ["use-cases.yaml", "use-cases", "solutions", "partners.yaml", "partners", "referral.yaml", "referral", "partner-plan"] },
] as const satisfies readonly { key: string; reads: readonly string[] }[];
export type ImportPartKey = (typeof IMPORT_PARTS)[number]["key"];
export const EVERY_START_READS = ["booking-schedule.json", "chat.yaml", "releases.yaml"] as const;

export interface SeedResult {
  /** The parts that were imported (changed, forced or never imported into this database). */
  imported: ImportPartKey[];
  /** The parts left alone because nothing they read changed. */
  unchanged: ImportPartKey[];
  /** Rows inserted, updated and left alone, for the parts that count them. */
  counts: { articles?: ImportResult; help?: ImportResult };
}

/** Arbitrary constant: one import at a time on a database. */
const IMPORT_LOCK_KEY = 7_314_202;

/**
 * Runs an import holding an advisory lock, so servers on several machines starting at once import
 * one after another and the later ones find the fingerprints current. The lock is held by a
 * connection of its own (made like the pool's, outside it: a pool of one must not wait on itself)
 * and is polled for, since an import outlasts the request time limits a wait would run into.
 */
async function withImportLock<T>(db: Database, run: () => Promise<T>): Promise<T> {
  const pool = (db as Database & { $client: pg.Pool }).$client;
  const holder = new pg.Client(pool.options);
  // A lost connection fails the next query (and frees the lock); unheard, its 'error' event would end the process.
  holder.on("error", () => {});
  await holder.connect();
  try {
    for (;;) {
      const { rows } = await holder.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [IMPORT_LOCK_KEY]);
      if (rows[0]!.locked) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    return await run();
  } finally {
    // Ending the session releases the lock as well, should the unlock itself fail.
    await holder.query("SELECT pg_advisory_unlock($1)", [IMPORT_LOCK_KEY]).catch(() => undefined);
    await holder.end().catch(() => undefined);
  }
}

/** Loads content/ with the staff area's published documents standing in for their files (docs/decisions/0020). */
export async function seedDatabase(db: Database, logger: Logger, options: SeedOptions = {}): Promise<SeedResult> {
  return withImportLock(db, () => withPublishedDocuments(db, () => seedFromContent(db, logger, options)));
}

/**
 * The content parts alone (npm run content:import), with published documents standing in for
 * their files; `force` imports every part whatever its fingerprint says.
 */
export async function importContentParts(db: Database, logger: Logger, options: { force?: boolean; overwrite?: boolean } = {}): Promise<SeedResult> {
  return withImportLock(db, () => withPublishedDocuments(db, () => runParts(db, logger, options)));
}

async function runParts(db: Database, logger: Logger, options: { force?: boolean; overwrite?: boolean }): Promise<SeedResult> {
  const result: SeedResult = { imported: [], unchanged: [], counts: {} };
  for (const part of IMPORT_PARTS) {
    const fingerprint = contentFingerprint(part.reads);
    if (!options.force && !options.overwrite && (await storedFingerprint(db, part.key)) === fingerprint) {
      result.unchanged.push(part.key);
      continue;
    }
    const started = performance.now();
    await importPart(db, logger, part.key, options, result);
    // Stored only after the part succeeded: a failed import is tried again at the next start.
    await storeFingerprint(db, part.key, fingerprint);
    result.imported.push(part.key);
    logger.debug({ part: part.key, ms: Math.round(performance.now() - started) }, "content part imported");
  }
  // Every import ends here: the search index follows what changed (only that is indexed again),
  // also when no part changed but the index is new or its term maker is (docs/decisions/0030).
  await syncSearchIndex(db, logger);
  return result;
}

async function importPart(db: Database, logger: Logger, key: ImportPartKey, options: { overwrite?: boolean }, result: SeedResult): Promise<void> {
  switch (key) {
    case "site":
      return importSiteBasics(db, options);
    case "articles":
      result.counts.articles = await importArticles(db, logger);
      return;
    case "help":
      result.counts.help = await importHelpArticles(db, logger);
      return;
    case "product":
      return importProductContent(db, logger, { overwrite: options.overwrite });
    case "growth":
      return importGrowthContent(db, logger);
  }
}

async function seedFromContent(db: Database, logger: Logger, options: SeedOptions): Promise<SeedResult> {
  const result = await runParts(db, logger, options);
  if (options.downloadsDir) {
    const recorded = await seedReleaseFiles(db, options.downloadsDir);
    if (options.releaseSigner) {
      // What this start recorded, and what was never signed: nothing else, or a checksum changed
      // in the database would be signed with it (docs/decisions/0041).
      for (const version of new Set([...recorded, ...(await unsignedReleases(db))])) {
        await signReleaseChecksums(db, { version, signer: options.releaseSigner });
      }
    }
  }
  await seedSchedule(db, readJson("booking-schedule.json", ScheduleFile));
  await seedChat(db);
  const slots = await generateSlots(db, { timeZone: options.timeZone });
  logger.info(slots, "booking slots are up to date");
  logger.info(
    { imported: result.imported, unchanged: result.unchanged },
    result.imported.length ? "demo content is loaded" : "demo content is unchanged since its last import",
  );
  return result;
}

/** Languages from the code's list, then the home page's site texts, categories and tags. */
async function importSiteBasics(db: Database, options: { overwrite?: boolean }): Promise<void> {
  const categoryFile = readJson("categories.json", CategoriesFile);
  const tagFile = readJson("tags.json", TagsFile);
  const siteFiles = LANG_KEYS.map((lang) => ({ lang, data: readJson(`site/${lang}.json`, SiteSettingsFile) }));

  await db.transaction(async (tx) => {
    await tx
      .insert(languages)
      .values(LANGUAGES.map((l, sort) => ({ key: l.key, tag: l.tag, nativeName: l.nativeName, dir: l.dir, sort })))
      .onConflictDoUpdate({
        target: languages.key,
        set: { tag: sql`excluded.tag`, nativeName: sql`excluded.native_name`, dir: sql`excluded.dir`, sort: sql`excluded.sort` },
      });

    const settingsRows = siteFiles.map(({ lang, data }) => ({
      page: "home",
      lang,
      title: data.title,
      keywords: data.keywords,
      description: data.description,
      statisticalTitle: data.statistical_title ?? "",
      statisticalBody: data.statistical_body ?? "",
    }));
    const settingsInsert = tx.insert(siteSettings).values(settingsRows);
    await (options.overwrite
      ? settingsInsert.onConflictDoUpdate({
          target: [siteSettings.page, siteSettings.lang],
          set: {
            title: sql`excluded.title`,
            keywords: sql`excluded.keywords`,
            description: sql`excluded.description`,
            statisticalTitle: sql`excluded.statistical_title`,
            statisticalBody: sql`excluded.statistical_body`,
            updatedAt: sql`now()`,
          },
        })
      : settingsInsert.onConflictDoNothing());

    for (const entry of categoryFile) {
      // Upsert by the natural key (type, slug) and get the id back either way.
      const [row] = await tx
        .insert(categories)
        .values({ type: entry.type, slug: entry.slug, sort: entry.sort })
        .onConflictDoUpdate({
          target: [categories.type, categories.slug],
          set: options.overwrite ? { sort: entry.sort } : { slug: sql`categories.slug` },
        })
        .returning({ id: categories.id });
      for (const [langGroup, slug] of Object.entries(entry.docs ?? {})) {
        await tx.execute(sql`
          INSERT INTO help_category_docs (category_id, legacy_id, lang_group, slug)
          VALUES (${row!.id}, ${entry.legacy_id ?? row!.id}, ${langGroup}, ${slug})
          ON CONFLICT (category_id, lang_group) DO ${options.overwrite ? sql`UPDATE SET slug = excluded.slug, legacy_id = excluded.legacy_id` : sql`NOTHING`}`);
      }
      const names = Object.entries(entry.names).map(([lang, name]) => ({ categoryId: row!.id, lang, name }));
      const namesInsert = tx.insert(categoryTranslations).values(names);
      await (options.overwrite
        ? namesInsert.onConflictDoUpdate({
            target: [categoryTranslations.categoryId, categoryTranslations.lang],
            set: { name: sql`excluded.name` },
          })
        : namesInsert.onConflictDoNothing());
    }
    for (const entry of tagFile) {
      const [row] = await tx
        .insert(tags)
        .values({ slug: entry.slug })
        .onConflictDoUpdate({ target: tags.slug, set: { slug: sql`tags.slug` } })
        .returning({ id: tags.id });
      const names = tx.insert(tagTranslations).values(Object.entries(entry.names).map(([lang, name]) => ({ tagId: row!.id, lang, name })));
      await (options.overwrite
        ? names.onConflictDoUpdate({ target: [tagTranslations.tagId, tagTranslations.lang], set: { name: sql`excluded.name` } })
        : names.onConflictDoNothing());
    }
    for (const entry of categoryFile.filter((c) => c.parent)) {
      await tx.execute(sql`
        UPDATE categories c SET parent_id = p.id
        FROM categories p
        WHERE c.type = ${entry.type} AND c.slug = ${entry.slug} AND p.type = ${entry.type} AND p.slug = ${entry.parent!}`);
    }
  });
}

const ChatEntry = z.object({
  chat: z.string().regex(/^[A-Z][A-Z0-9_]{1,30}$/),
  script: z
    .string()
    .regex(/^https:\/\/[^\s"<>]+\.js$/)
    .optional(),
  autostart: z.boolean().default(false),
});
export const ChatFile = z.object({ default: ChatEntry, languages: z.partialRecord(z.enum(LANG_KEYS), ChatEntry).default({}) });

/** Each language's chat config, only where the language has none: staff changes survive. */
async function seedChat(db: Database): Promise<void> {
  const { data } = readYaml(path.join(CONTENT_DIR, "chat.yaml"), ChatFile);
  for (const lang of LANG_KEYS) {
    const entry = data.languages[lang] ?? data.default;
    await db.execute(sql`
      INSERT INTO chat_settings (lang, chat_type, script_url, autostart)
      VALUES (${lang}, ${entry.chat}, ${entry.script ?? null}, ${entry.autostart})
      ON CONFLICT (lang) DO NOTHING`);
  }
}

/** The schedule is the seed's only while nobody has one: an edited schedule is never overwritten. */
async function seedSchedule(db: Database, file: z.infer<typeof ScheduleFile>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE booking_schedule IN SHARE ROW EXCLUSIVE MODE`);
    const { rows } = await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM booking_schedule`);
    if (rows[0]!.n > 0) return;
    for (const rule of file.rules) {
      for (const weekday of rule.weekdays) {
        await tx.execute(sql`
          INSERT INTO booking_schedule (weekday, start_time, end_time, slot_minutes, capacity)
          VALUES (${weekday}, ${rule.start}, ${rule.end}, ${rule.slot_minutes}, ${rule.capacity})`);
      }
    }
    for (const closed of file.closed) {
      await tx.execute(sql`INSERT INTO booking_closed_dates (day, reason) VALUES (${closed.day}, ${closed.reason}) ON CONFLICT DO NOTHING`);
    }
  });
}

/**
 * The demo has no real builds: for each release's systems it writes a small stand-in file and
 * records it the way `npm run release:add` records a real one, so every size and checksum on
 * the site belongs to a file that exists and can be downloaded. Real files are never replaced.
 */
async function seedReleaseFiles(db: Database, downloadsDir: string): Promise<string[]> {
  fs.mkdirSync(downloadsDir, { recursive: true });
  // One query for what is recorded; a stand-in is made only where a file or its record is missing.
  const { rows } = await db.execute<{ version: string; system: string; sha256: string }>(sql`
    SELECT r.version, f.system, f.sha256 FROM release_files f JOIN releases r ON r.id = f.release_id`);
  const known = new Map(rows.map((r) => [`${r.version}/${r.system}`, r.sha256]));
  const recorded = new Set<string>();
  for (const release of readReleases()) {
    for (const system of release.systems) {
      const file = path.join(downloadsDir, installerName(release.version, system));
      const sha256 = known.get(`${release.version}/${system}`);
      const exists = fs.existsSync(file);
      if (sha256 !== undefined) {
        if (exists) continue;
        // Another server seeded the database: its stand-in is the same bytes, so this one can serve it too.
        const standIn = standInInstaller(release.version, system);
        if (sha256 === createHash("sha256").update(standIn).digest("hex")) fs.writeFileSync(file, standIn);
        continue;
      }
      if (!exists) fs.writeFileSync(file, standInInstaller(release.version, system));
      await recordReleaseFile(db, { version: release.version, system, file });
      recorded.add(release.version);
    }
  }
  return [...recorded];
}

function standInInstaller(version: string, system: string): Buffer {
  const header = Buffer.from(`Facet Browser ${version} (${system}): demo stand-in for the installer. Real builds are recorded with npm run release:add.\n`);
  // Deterministic filler, so the same version and system always give the same checksum.
  const seed = createHash("sha256").update(`${version}/${system}`).digest();
  const size = 180_000 + (seed.readUInt16BE(0) % 60_000);
  const body = Buffer.alloc(size);
  let block = seed;
  for (let at = 0; at < size; at += block.length) {
    block = createHash("sha256").update(block).digest();
    block.copy(body, at);
  }
  return Buffer.concat([header, body]);
}
