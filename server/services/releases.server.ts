/**
 * Client versions and releases (api.md "Client versions and releases"): one releases table feeds
 * the download page, the version endpoint, the release list and detail pages and the feed.
 * Files are recorded from real files (size and SHA-256), never typed in.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { DEFAULT_LANG, type LangKey } from "~/i18n/languages";
import type { Executor } from "../db/client.server";
import { CLIENT_SYSTEMS, type ClientSystem } from "../db/schema";

export type ReleaseSections = Record<"added" | "changed" | "fixed" | "security", string[]>;
export const SECTION_KINDS = ["added", "changed", "fixed", "security"] as const;

export interface ReleaseFileView {
  system: ClientSystem;
  url: string;
  size: number;
  sha256: string;
}

export interface ReleaseSummary {
  id: number;
  version: string;
  released_at: string;
  summary: string;
}

export interface ReleaseDetail extends ReleaseSummary {
  sections: { kind: (typeof SECTION_KINDS)[number]; items: string[] }[];
  downloads: ReleaseFileView[];
  prev: { id: number; version: string } | null;
  next: { id: number; version: string } | null;
}

/** Where files are downloaded from: DOWNLOAD_BASE_URL (default: this site's /downloads). */
export function downloadUrl(base: string, fileName: string): string {
  return `${base.replace(/\/+$/, "")}/${encodeURIComponent(fileName)}`;
}

/** The release's notes in the language, English where that language has none. */
const NOTES = (lang: LangKey) => sql`
  LEFT JOIN LATERAL (
    SELECT summary, sections FROM release_notes n WHERE n.release_id = r.id AND n.lang IN (${lang}, ${DEFAULT_LANG})
    ORDER BY (n.lang = ${lang}) DESC LIMIT 1) notes ON true`;

export async function listReleases(db: Executor, q: { lang: LangKey; page: number; pageSize: number }) {
  const offset = (q.page - 1) * q.pageSize;
  const [{ rows }, { rows: count }] = await Promise.all([
    db.execute<ReleaseSummary & Record<string, unknown>>(sql`
      SELECT r.id, r.version, to_char(r.released_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS released_at, coalesce(notes.summary, '') AS summary
      FROM releases r ${NOTES(q.lang)}
      ORDER BY r.released_at DESC, r.id DESC LIMIT ${q.pageSize} OFFSET ${offset}`),
    db.execute<{ total: number }>(sql`SELECT count(*)::int AS total FROM releases`),
  ]);
  return { list: rows, total: count[0]!.total, page: q.page, page_size: q.pageSize };
}

async function filesOf(db: Executor, releaseId: number, base: string): Promise<ReleaseFileView[]> {
  const { rows } = await db.execute<{ system: ClientSystem; file_name: string; size: number; sha256: string }>(sql`
    SELECT system, file_name, size, sha256 FROM release_files WHERE release_id = ${releaseId}`);
  return rows
    .sort((a, b) => CLIENT_SYSTEMS.indexOf(a.system) - CLIENT_SYSTEMS.indexOf(b.system))
    .map((f) => ({ system: f.system, url: downloadUrl(base, f.file_name), size: f.size, sha256: f.sha256 }));
}

export async function getRelease(db: Executor, q: { id?: number; lang: LangKey; downloadBase: string }): Promise<ReleaseDetail | null> {
  const { rows } = await db.execute<ReleaseSummary & Record<string, unknown> & { sections: ReleaseSections | null; at: Date }>(sql`
    SELECT r.id, r.version, r.released_at AS at, to_char(r.released_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS released_at,
           coalesce(notes.summary, '') AS summary, notes.sections
    FROM releases r ${NOTES(q.lang)}
    ${q.id === undefined ? sql`ORDER BY r.released_at DESC, r.id DESC LIMIT 1` : sql`WHERE r.id = ${q.id}`}`);
  const row = rows[0];
  if (!row) return null;
  const neighbour = (direction: "prev" | "next") =>
    db.execute<{ id: number; version: string }>(sql`
      SELECT id, version FROM releases
      WHERE ${direction === "prev" ? sql`(released_at, id) < (${row.at}::timestamptz, ${row.id})` : sql`(released_at, id) > (${row.at}::timestamptz, ${row.id})`}
      ORDER BY ${direction === "prev" ? sql`released_at DESC, id DESC` : sql`released_at ASC, id ASC`} LIMIT 1`);
  const [prev, next, downloads] = await Promise.all([neighbour("prev"), neighbour("next"), filesOf(db, row.id, q.downloadBase)]);
  const sections = row.sections ?? { added: [], changed: [], fixed: [], security: [] };
  return {
    id: row.id,
    version: row.version,
    released_at: row.released_at,
    summary: row.summary,
    sections: SECTION_KINDS.map((kind) => ({ kind, items: sections[kind] ?? [] })).filter((s) => s.items.length > 0),
    downloads,
    prev: prev.rows[0] ?? null,
    next: next.rows[0] ?? null,
  };
}

/** The newest release that has a file for the system, with its notes as one HTML block. */
export async function latestVersion(db: Executor, q: { system: ClientSystem; lang: LangKey; downloadBase: string }) {
  const { rows } = await db.execute<{ id: number }>(sql`
    SELECT r.id FROM releases r JOIN release_files f ON f.release_id = r.id AND f.system = ${q.system}
    ORDER BY r.released_at DESC, r.id DESC LIMIT 1`);
  if (!rows[0]) return null;
  const release = (await getRelease(db, { id: rows[0].id, lang: q.lang, downloadBase: q.downloadBase }))!;
  const file = release.downloads.find((d) => d.system === q.system)!;
  const notes = release.sections.map((s) => `<ul>${s.items.map((i) => `<li>${i}</li>`).join("")}</ul>`).join("");
  return { version: release.version, released_at: release.released_at, url: file.url, size: file.size, sha256: file.sha256, notes, release_id: release.id };
}

/** SHA-256 and size of a file, read as a stream (installers are large). */
export async function fileDigest(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of fs.createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest("hex") };
}

/** Records a release file from the real file: the file name, size and checksum the page will show. */
export async function recordReleaseFile(db: Executor, q: { version: string; system: ClientSystem; file: string }): Promise<{ size: number; sha256: string }> {
  const digest = await fileDigest(q.file);
  const { rows } = await db.execute<{ id: number }>(sql`SELECT id FROM releases WHERE version = ${q.version}`);
  if (!rows[0]) throw new Error(`no release ${q.version}: add it to content/releases.yaml first`);
  await db.execute(sql`
    INSERT INTO release_files (release_id, system, file_name, size, sha256)
    VALUES (${rows[0].id}, ${q.system}, ${path.basename(q.file)}, ${digest.size}, ${digest.sha256})
    ON CONFLICT (release_id, system) DO UPDATE SET file_name = excluded.file_name, size = excluded.size, sha256 = excluded.sha256`);
  return digest;
}

/** The installer's file name for a version and system. */
export function installerName(version: string, system: ClientSystem): string {
  const suffix: Record<ClientSystem, string> = {
    win64: "win-x64.exe",
    win32: "win-x86.exe",
    "mac-x64": "mac-x64.dmg",
    "mac-arm64": "mac-arm64.dmg",
    linux: "linux-x64.AppImage",
  };
  return `FacetBrowser-${version}-${suffix[system]}`;
}

/** Which system a file name is for, from the same naming (for `npm run release:add`). */
export function systemOfFile(name: string): ClientSystem | null {
  const n = name.toLowerCase();
  if (/mac.*arm64|arm64.*\.dmg/.test(n)) return "mac-arm64";
  if (/mac|\.dmg$/.test(n)) return "mac-x64";
  if (/x86|win32|ia32/.test(n)) return "win32";
  if (/win|\.exe$|\.msi$/.test(n)) return "win64";
  if (/linux|\.appimage$|\.deb$|\.rpm$/.test(n)) return "linux";
  return null;
}
