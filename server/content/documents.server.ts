/**
 * The content the staff area edits, as documents: one document is one content file (its path
 * under content/), in the file's own format, imported by the importer's own functions and rules
 * (docs/decisions/0020). Each kind says which paths it owns, how to import one document, and
 * which public page shows it (for previews and the editor's "view" link).
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { isLangKey, LANG_KEYS, type LangKey } from "~/i18n/languages";
import { localizePath } from "~/lib/urls/paths";
import type { Database, Executor } from "../db/client.server";
import type { Logger } from "../logger.server";
import { CONTENT_DIR } from "../paths.server";
import { absoluteContentPath, contentFs, relativeContentPath } from "./content-files.server";
import { importPartners, importUseCases } from "./growth-import.server";
import { importArticles, importHelpArticles, parseArticleFile, parseContentFile, HelpFrontMatter } from "./import.server";
import { importFaq, importReleases } from "./product-import.server";
import { SiteSettingsFile } from "../seed/seed.server";


export const CONTENT_KIND_KEYS = ["article", "help", "faq", "release-list", "release-notes", "partner-list", "partner-texts", "use-case-list", "use-case", "site"] as const;
export type ContentKindKey = (typeof CONTENT_KIND_KEYS)[number];

export interface DocumentMatch {
  kind: ContentKindKey;
  lang: LangKey | null;
  /** The part of the path that names the item within its kind (article key, version, slug). */
  item: string;
  groups: string[];
}

interface ContentKind {
  key: ContentKindKey;
  pattern: RegExp;
  /** Which capture group is the language (0 = none) and which the item. */
  langGroup: number;
  itemOf: (groups: string[]) => string;
  format: "markdown" | "yaml" | "json";
  /** Where its files live, to list them (relative to content/). */
  dirs: (lang: LangKey) => string[];
  /** Imports this document (under the overlay, inside the caller's transaction). */
  importDocument: (db: Database, logger: Logger, match: DocumentMatch, relative: string) => Promise<void>;
  /** The public page that shows it, once imported (inside the same transaction). */
  publicPath: (db: Executor, match: DocumentMatch) => Promise<string | null>;
  /** Previews show a draft even when its own fields keep it off the site (status: draft, a future date). */
  revealForPreview?: (db: Executor, match: DocumentMatch) => Promise<void>;
}

const LANG = `(${LANG_KEYS.join("|")})`;
const SLUG = "([a-z0-9]+(?:-[a-z0-9]+)*)";

async function firstValue<T>(db: Executor, query: ReturnType<typeof sql>): Promise<T | null> {
  const { rows } = await db.execute<{ value: T }>(query);
  return rows[0]?.value ?? null;
}

const KINDS: readonly ContentKind[] = [
  {
    key: "article",
    pattern: new RegExp(`^articles/${LANG}/(blog|news)/${SLUG}\\.md$`),
    langGroup: 1,
    itemOf: (g) => `${g[2]}/${g[3]}`,
    format: "markdown",
    dirs: (lang) => [`articles/${lang}/blog`, `articles/${lang}/news`],
    async importDocument(db, logger, m, relative) {
      const file = absoluteContentPath(relative);
      const [, lang, type, key] = m.groups as [string, LangKey, "blog" | "news", string];
      await importArticles(db, logger, [{ file, lang, type, key, ...parseArticleFile(file, contentFs.readFileSync(file, "utf8")) }]);
    },
    async publicPath(db, m) {
      const [, lang, type, key] = m.groups as [string, LangKey, string, string];
      const id = await firstValue<number>(db, sql`SELECT id AS value FROM articles WHERE lang = ${lang} AND type = ${type} AND key = ${key}`);
      return id === null ? null : localizePath(`/${type}/${id}`, lang);
    },
    async revealForPreview(db, m) {
      const [, lang, type, key] = m.groups as [string, string, string, string];
      await db.execute(sql`UPDATE articles SET status = 'published', published_at = least(published_at, now()) WHERE lang = ${lang} AND type = ${type} AND key = ${key}`);
    },
  },
  {
    key: "help",
    pattern: new RegExp(`^help/${LANG}/${SLUG}\\.md$`),
    langGroup: 1,
    itemOf: (g) => g[2]!,
    format: "markdown",
    dirs: (lang) => [`help/${lang}`],
    async importDocument(db, logger, m, relative) {
      const file = absoluteContentPath(relative);
      const [, lang, key] = m.groups as [string, LangKey, string];
      await importHelpArticles(db, logger, [{ file, lang, key, ...parseContentFile(file, contentFs.readFileSync(file, "utf8"), HelpFrontMatter) }]);
    },
    async publicPath(db, m) {
      const [, lang, key] = m.groups as [string, LangKey, string];
      const id = await firstValue<number>(db, sql`SELECT id AS value FROM help_articles WHERE lang = ${lang} AND key = ${key}`);
      return id === null ? null : localizePath(`/helps/${id}`, lang);
    },
    async revealForPreview(db, m) {
      const [, lang, key] = m.groups as [string, string, string];
      await db.execute(sql`UPDATE help_articles SET status = 'published' WHERE lang = ${lang} AND key = ${key}`);
    },
  },
  {
    key: "faq",
    pattern: new RegExp(`^faq/${LANG}\\.yaml$`),
    langGroup: 1,
    itemOf: () => "faq",
    format: "yaml",
    dirs: () => ["faq"],
    importDocument: (db) => importFaq(db),
    publicPath: async (_db, m) => localizePath("/faq", m.lang!),
  },
  {
    key: "release-list",
    pattern: /^releases\.yaml$/,
    langGroup: 0,
    itemOf: () => "releases",
    format: "yaml",
    dirs: () => [""],
    importDocument: (db) => importReleases(db),
    publicPath: async () => "/release",
  },
  {
    key: "release-notes",
    pattern: new RegExp(`^releases/${LANG}/(\\d+\\.\\d+\\.\\d+)\\.yaml$`),
    langGroup: 1,
    itemOf: (g) => g[2]!,
    format: "yaml",
    dirs: (lang) => [`releases/${lang}`],
    importDocument: (db) => importReleases(db),
    async publicPath(db, m) {
      const id = await firstValue<number>(db, sql`SELECT id AS value FROM releases WHERE version = ${m.item}`);
      return id === null ? localizePath("/release", m.lang!) : localizePath(`/release/${id}`, m.lang!);
    },
  },
  {
    key: "partner-list",
    pattern: /^partners\.yaml$/,
    langGroup: 0,
    itemOf: () => "partners",
    format: "yaml",
    dirs: () => [""],
    importDocument: (db) => importPartners(db),
    publicPath: async () => "/partner",
  },
  {
    key: "partner-texts",
    pattern: new RegExp(`^partners/${LANG}\\.yaml$`),
    langGroup: 1,
    itemOf: () => "partners",
    format: "yaml",
    dirs: () => ["partners"],
    importDocument: (db) => importPartners(db),
    publicPath: async (_db, m) => localizePath("/partner", m.lang!),
  },
  {
    key: "use-case-list",
    pattern: /^use-cases\.yaml$/,
    langGroup: 0,
    itemOf: () => "use-cases",
    format: "yaml",
    dirs: () => [""],
    importDocument: (db) => importUseCases(db),
    publicPath: async () => "/scenarios",
  },
  {
    key: "use-case",
    pattern: new RegExp(`^(use-cases|solutions)/${LANG}/${SLUG}\\.md$`),
    langGroup: 2,
    itemOf: (g) => `${g[1]}/${g[3]}`,
    format: "markdown",
    dirs: (lang) => [`use-cases/${lang}`, `solutions/${lang}`],
    importDocument: (db) => importUseCases(db),
    publicPath: async (_db, m) => localizePath(`/${m.groups[1] === "solutions" ? "solutions" : "scenarios"}/${m.groups[3]}`, m.lang!),
  },
  {
    key: "site",
    pattern: new RegExp(`^site/${LANG}\\.json$`),
    langGroup: 1,
    itemOf: () => "site",
    format: "json",
    dirs: () => ["site"],
    async importDocument(db, _logger, m, relative) {
      const file = absoluteContentPath(relative);
      let json: unknown;
      try {
        json = JSON.parse(contentFs.readFileSync(file, "utf8"));
      } catch (err) {
        throw new Error(`${file}: not valid JSON (${(err as Error).message})`);
      }
      const parsed = SiteSettingsFile.safeParse(json);
      if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
      const d = parsed.data;
      await db.execute(sql`
        INSERT INTO site_settings (page, lang, title, keywords, description, statistical_title, statistical_body, updated_at)
        VALUES ('home', ${m.lang!}, ${d.title}, ${d.keywords}, ${d.description}, ${d.statistical_title ?? ""}, ${d.statistical_body ?? ""}, now())
        ON CONFLICT (page, lang) DO UPDATE SET title = excluded.title, keywords = excluded.keywords, description = excluded.description,
          statistical_title = excluded.statistical_title, statistical_body = excluded.statistical_body, updated_at = now()`);
    },
    publicPath: async (_db, m) => localizePath("/", m.lang!),
  },
];

const byKey = new Map(KINDS.map((k) => [k.key, k]));

/** The content path a staff member may edit: a known kind's file, nothing else under content/. */
export const ContentPath = z
  .string()
  .trim()
  .max(200)
  .refine((p) => matchDocument(p) !== null, { message: "not an editable content path" });

export function matchDocument(relative: string): DocumentMatch | null {
  if (relative.includes("..") || relative.startsWith("/")) return null;
  for (const kind of KINDS) {
    const found = kind.pattern.exec(relative);
    if (!found) continue;
    const groups = [...found];
    const lang = kind.langGroup ? groups[kind.langGroup] : null;
    if (lang !== null && (lang === undefined || !isLangKey(lang))) return null;
    return { kind: kind.key, lang: lang as LangKey | null, item: kind.itemOf(groups), groups };
  }
  return null;
}

export function contentKind(key: ContentKindKey): ContentKind {
  return byKey.get(key)!;
}

export function documentFormat(relative: string): "markdown" | "yaml" | "json" {
  return contentKind(matchDocument(relative)!.kind).format;
}

/** The file's text on disk, if there is a file. */
export function fileText(relative: string): string | null {
  const file = absoluteContentPath(relative);
  return fs.existsSync(file) ? fs.readFileSync(file, "utf8") : null;
}

/** Every editable file on disk, by kind (the staff documents are added by the caller). */
export function contentFilesOnDisk(): string[] {
  const found = new Set<string>();
  for (const kind of KINDS) {
    for (const lang of LANG_KEYS) {
      for (const dir of kind.dirs(lang)) {
        const full = path.join(CONTENT_DIR, dir);
        if (!fs.existsSync(full)) continue;
        for (const name of fs.readdirSync(full)) {
          const relative = relativeContentPath(path.join(full, name));
          if (matchDocument(relative)) found.add(relative);
        }
      }
    }
  }
  return [...found].sort();
}

/** An importer's error names the absolute file; staff see the content path. */
export function describeImportError(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.split(CONTENT_DIR + path.sep).join("").split(CONTENT_DIR).join("content");
}
