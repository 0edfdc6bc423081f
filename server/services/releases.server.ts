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
import { checksumList, CLIENT_SYSTEMS, isSignableFileName, type ClientSystem } from "@contracts/release-checksums";
import type { SignedRelease } from "@contracts/release-verification";
import type { Database, Executor } from "../db/client.server";
import type { ReleaseSigner } from "../infrastructure/release-signing.server";

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

/**
 * Signs the release's checksum list as it now stands in the database (docs/decisions/0041). The
 * release row is locked, so two runs recording files of one release sign one after the other and
 * the last signature covers every file. Names that do not carry the version are refused: the
 * signed list must say which release it is.
 */
export async function signReleaseChecksums(db: Database, q: { version: string; signer: ReleaseSigner }): Promise<{ checksums: string; signature: string }> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: number }>(sql`SELECT id FROM releases WHERE version = ${q.version} FOR UPDATE`);
    if (!rows[0]) throw new Error(`no release ${q.version}`);
    const { rows: files } = await tx.execute<{ file_name: string; sha256: string }>(sql`
      SELECT file_name, sha256 FROM release_files WHERE release_id = ${rows[0].id}`);
    if (files.length === 0) throw new Error(`release ${q.version} has no files to sign`);
    const unsignable = files.find((f) => !isSignableFileName(f.file_name, q.version));
    if (unsignable) throw new Error(`${unsignable.file_name}: a signed file name must contain its version ${q.version} and only letters, digits and ._+-`);
    const checksums = checksumList(files.map((f) => ({ fileName: f.file_name, sha256: f.sha256 })));
    const signature = q.signer.sign(checksums);
    await tx.execute(sql`
      INSERT INTO release_signatures (release_id, key_id, signature) VALUES (${rows[0].id}, ${q.signer.key.keyId}, ${signature})
      ON CONFLICT (release_id) DO UPDATE SET key_id = excluded.key_id, signature = excluded.signature, signed_at = now()`);
    return { checksums, signature };
  });
}

/**
 * The versions with files and no signature. Never "signed by another key" or "no longer matching":
 * re-signing those at start would sign whatever the database now says, a changed checksum included.
 */
export async function unsignedReleases(db: Executor): Promise<string[]> {
  const { rows } = await db.execute<{ version: string }>(sql`
    SELECT r.version FROM releases r
    WHERE EXISTS (SELECT 1 FROM release_files f WHERE f.release_id = r.id)
      AND NOT EXISTS (SELECT 1 FROM release_signatures s WHERE s.release_id = r.id)
    ORDER BY r.released_at`);
  return rows.map((r) => r.version);
}

type SignedReleaseRow = {
  id: number;
  version: string;
  released_at: string;
  key_id: string | null;
  signature: string | null;
  files: { system: ClientSystem; file_name: string; size: number; sha256: string }[];
};

const SIGNED_RELEASE_COLUMNS = sql`
  r.id, r.version, to_char(r.released_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS released_at,
  s.key_id, s.signature,
  (SELECT coalesce(json_agg(json_build_object('system', f.system, 'file_name', f.file_name, 'size', f.size, 'sha256', f.sha256) ORDER BY f.file_name), '[]')
     FROM release_files f WHERE f.release_id = r.id) AS files`;

function signedRelease(row: SignedReleaseRow, base: string): SignedRelease {
  return {
    id: row.id,
    version: row.version,
    releasedAt: row.released_at,
    keyId: row.key_id,
    signature: row.signature,
    files: row.files.map((f) => ({ system: f.system, fileName: f.file_name, size: f.size, sha256: f.sha256, url: downloadUrl(base, f.file_name) })),
  };
}

/** The newest releases with files, each with its files and signature as recorded (the verify page checks them). */
export async function signedReleases(db: Executor, q: { limit: number; downloadBase: string }): Promise<SignedRelease[]> {
  const { rows } = await db.execute<SignedReleaseRow>(sql`
    SELECT ${SIGNED_RELEASE_COLUMNS} FROM releases r LEFT JOIN release_signatures s ON s.release_id = r.id
    WHERE EXISTS (SELECT 1 FROM release_files f WHERE f.release_id = r.id)
    ORDER BY r.released_at DESC, r.id DESC LIMIT ${sql.raw(String(Math.trunc(q.limit)))}`);
  return rows.map((r) => signedRelease(r, q.downloadBase));
}

/** The releases that recorded a file with this SHA-256 (one, unless the same build was recorded twice). */
export async function releasesWithChecksum(db: Executor, q: { sha256: string; downloadBase: string }): Promise<SignedRelease[]> {
  const { rows } = await db.execute<SignedReleaseRow>(sql`
    SELECT ${SIGNED_RELEASE_COLUMNS} FROM releases r LEFT JOIN release_signatures s ON s.release_id = r.id
    WHERE r.id IN (SELECT release_id FROM release_files WHERE sha256 = ${q.sha256})
    ORDER BY r.released_at DESC, r.id DESC LIMIT 5`);
  return rows.map((r) => signedRelease(r, q.downloadBase));
}

/** One release's SHA256SUMS text and signature, for the files a visitor checks by hand. */
export async function releaseChecksumFile(
  db: Executor,
  version: string,
): Promise<{ checksums: string; signature: string | null; keyId: string | null } | null> {
  const { rows } = await db.execute<SignedReleaseRow>(sql`
    SELECT ${SIGNED_RELEASE_COLUMNS} FROM releases r LEFT JOIN release_signatures s ON s.release_id = r.id WHERE r.version = ${version}`);
  const row = rows[0];
  if (!row || row.files.length === 0) return null;
  return { checksums: checksumList(row.files.map((f) => ({ fileName: f.file_name, sha256: f.sha256 }))), signature: row.signature, keyId: row.key_id };
}
