/**
 * Content editing in the staff area (docs/decisions/0020). A document is the text of one content
 * file; the editor keeps a draft, publishes it now or at a set time, and every publish goes
 * through the importer (content/documents.server.ts), inside the transaction that records it, so
 * an invalid document is refused with the importer's own message and nothing half-imported stays.
 * Public pages read PostgreSQL on every request, so a publish is live at once in every process.
 */
import { announcePageChanges, EVERY_PAGE } from "../infrastructure/page-changes.server";
import { createHmac, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import type { StaffIdentity } from "@contracts/staff-access";
import type { Database, Executor } from "../db/client.server";
import { isoUtc } from "../db/sql-helpers.server";
import type { Logger } from "../logger.server";
import { publishedDocuments, withContentOverlay } from "../content/content-files.server";
import {
  contentFilesOnDisk,
  contentKind,
  describeImportError,
  documentFormat,
  fileText,
  matchDocument,
  type ContentKindKey,
  type DocumentMatch,
} from "../content/documents.server";
import { PREVIEW_TTL_MS } from "../infrastructure/previews.server";
import { getSecret } from "../infrastructure/secrets.server";
import { audit } from "./staff.server";
import { SEARCH_KINDS_OF_DOCUMENT, syncSearchIndex } from "../infrastructure/search-index.server";

export class ContentInvalid extends Error {}
export class ContentConflict extends Error {}

export type DocumentState = "file" | "published" | "draft" | "scheduled" | "new";

export interface DocumentSummary {
  path: string;
  kind: ContentKindKey;
  lang: string | null;
  item: string;
  state: DocumentState;
  updated_at: string | null;
  updated_by: string | null;
  publish_at: string | null;
}

type DocumentRow = {
  path: string;
  draft_source: string;
  published_source: string | null;
  publish_at: string | null;
  revision: number;
  updated_at: string;
  updated_by: string | null;
  published_at: string | null;
  publish_error: string | null;
};

async function documentRows(db: Executor, paths?: string[]): Promise<Map<string, DocumentRow>> {
  const { rows } = await db.execute<DocumentRow>(sql`
    SELECT d.path, d.draft_source, d.published_source, ${isoUtc(sql`d.publish_at`)} AS publish_at, d.revision,
           ${isoUtc(sql`d.updated_at`)} AS updated_at, s.email AS updated_by, ${isoUtc(sql`d.published_at`)} AS published_at, d.publish_error
    FROM content_documents d LEFT JOIN staff_users s ON s.id = d.updated_by
    ${paths ? sql`WHERE d.path IN (${sql.join(paths.length ? paths.map((p) => sql`${p}`) : [sql`NULL`], sql`, `)})` : sql``}`);
  return new Map(rows.map((r) => [r.path, r]));
}

/**
 * What decides a staff document's state: whether its draft is what the site shows. `draft_is_live`
 * is null when nothing was published from the staff area, and the file on disk is what is live.
 */
type StateRow = { path: string; publish_at: string | null; draft_is_live: boolean | null; draft_source: string | null };

function stateOf(row: StateRow | undefined, onDisk: boolean): DocumentState {
  if (!row) return onDisk ? "file" : "new";
  if (row.publish_at) return "scheduled";
  if (row.draft_is_live !== null) return row.draft_is_live ? "published" : "draft";
  return onDisk && fileText(row.path) === row.draft_source ? "published" : "draft";
}

const stateOfRow = (row: DocumentRow): StateRow => ({
  ...row,
  draft_is_live: row.published_source === null ? null : row.published_source === row.draft_source,
});

type ListedRow = StateRow & { updated_at: string; updated_by: string | null };

/**
 * Every staff document's state for the list, compared in PostgreSQL: only a draft of a file never
 * published from the staff area is sent (to compare with the file), never every draft's text.
 */
async function listedRows(db: Executor): Promise<Map<string, ListedRow>> {
  const { rows } = await db.execute<ListedRow>(sql`
    SELECT d.path, ${isoUtc(sql`d.publish_at`)} AS publish_at, ${isoUtc(sql`d.updated_at`)} AS updated_at, s.email AS updated_by,
           CASE WHEN d.published_source IS NOT NULL THEN d.draft_source = d.published_source END AS draft_is_live,
           CASE WHEN d.published_source IS NULL AND d.publish_at IS NULL THEN d.draft_source END AS draft_source
    FROM content_documents d LEFT JOIN staff_users s ON s.id = d.updated_by`);
  return new Map(rows.map((r) => [r.path, r]));
}

/** Every editable document: the files and the staff documents, with their state. */
export async function listDocuments(db: Executor, filter: { kind?: ContentKindKey; lang?: string; q?: string } = {}): Promise<DocumentSummary[]> {
  const rows = await listedRows(db);
  const onDisk = new Set(contentFilesOnDisk());
  const paths = [...new Set([...onDisk, ...rows.keys()])].sort();
  const list: DocumentSummary[] = [];
  for (const p of paths) {
    const match = matchDocument(p);
    if (!match) continue;
    if (filter.kind && match.kind !== filter.kind) continue;
    if (filter.lang && match.lang !== filter.lang) continue;
    if (filter.q && !p.toLowerCase().includes(filter.q.toLowerCase())) continue;
    const row = rows.get(p);
    list.push({
      path: p,
      kind: match.kind,
      lang: match.lang,
      item: match.item,
      state: stateOf(row, onDisk.has(p)),
      updated_at: row?.updated_at ?? null,
      updated_by: row?.updated_by ?? null,
      publish_at: row?.publish_at ?? null,
    });
  }
  return list;
}

export interface EditorDocument {
  path: string;
  kind: ContentKindKey;
  lang: string | null;
  format: "markdown" | "yaml" | "json";
  state: DocumentState;
  /** What the editor starts from: the draft, else the live text, else the source it translates, else a template. */
  source: string;
  /** What the public site shows now ("" when nothing yet). */
  live: string;
  /** 0 when the document has never been saved from the staff area. */
  revision: number;
  publish_at: string | null;
  updated_at: string | null;
  updated_by: string | null;
  published_at: string | null;
  publish_error: string | null;
  /** The public page (when the document is live). */
  public_path: string | null;
}

const TEMPLATES: Partial<Record<ContentKindKey, (m: DocumentMatch) => string>> = {
  article: (m) =>
    `---\ntitle: ""\nsummary: ""\ncategory: ${m.groups[2] === "news" ? "product-updates" : "guides"}\ntags: []\nauthor: ""\npublished_at: ${new Date().toISOString().slice(0, 19)}Z\nstatus: published\n---\n\n`,
  help: () => `---\ntitle: ""\nsummary: ""\ncategory: getting-started\nauthor: ""\nupdated_at: ${new Date().toISOString().slice(0, 10)}\nsort: 0\n---\n\n`,
};

export async function openDocument(db: Executor, relative: string, from?: string): Promise<EditorDocument | null> {
  const match = matchDocument(relative);
  if (!match) return null;
  const row = (await documentRows(db, [relative])).get(relative);
  const disk = fileText(relative);
  const live = row?.published_source ?? disk ?? "";
  let start = row?.draft_source ?? (live || null);
  if (start === null && from && matchDocument(from)?.kind === match.kind) {
    const source = (await documentRows(db, [from])).get(from);
    start = source?.published_source ?? fileText(from);
  }
  const state = stateOf(row && stateOfRow(row), disk !== null);
  return {
    path: relative,
    kind: match.kind,
    lang: match.lang,
    format: documentFormat(relative),
    state,
    source: start ?? TEMPLATES[match.kind]?.(match) ?? "",
    live,
    revision: row?.revision ?? 0,
    publish_at: row?.publish_at ?? null,
    updated_at: row?.updated_at ?? null,
    updated_by: row?.updated_by ?? null,
    published_at: row?.published_at ?? null,
    publish_error: row?.publish_error ?? null,
    public_path: live ? await contentKind(match.kind).publicPath(db, match) : null,
  };
}

/**
 * Imports `source` as the document at `relative` inside `tx` (with every other published
 * document standing in for its file). Throws ContentInvalid with the importer's message.
 */
export async function importDocumentText(tx: Database, logger: Logger, relative: string, source: string): Promise<DocumentMatch> {
  const match = matchDocument(relative);
  if (!match) throw new ContentInvalid(`${relative}: not an editable content path`);
  const documents = await publishedDocuments(tx);
  documents.set(relative, source);
  try {
    // A savepoint: a failed import leaves the caller's transaction usable (and rolls back its part).
    await tx.transaction((inner) =>
      withContentOverlay(documents, () => contentKind(match.kind).importDocument(inner as unknown as Database, logger, match, relative)),
    );
  } catch (err) {
    throw new ContentInvalid(describeImportError(err));
  }
  // The search index follows in the same transaction: a rolled-back check or publish leaves it as it was.
  await syncSearchIndex(tx, logger, SEARCH_KINDS_OF_DOCUMENT[match.kind] ?? []);
  // Sent when the caller's transaction commits (never for a check, which rolls back): a document
  // can show on many pages (lists, the home page, the shell's base info), so every page is dropped.
  await announcePageChanges(tx, [EVERY_PAGE]);
  return match;
}

/**
 * Saves the draft. `revision` is the one the editor started from: if someone saved in between,
 * nothing is written (ContentConflict). The first save of a document inserts it (revision 0 → 1).
 */
export async function saveDraft(db: Database, staff: StaffIdentity, input: { path: string; source: string; revision: number }): Promise<{ revision: number }> {
  const match = matchDocument(input.path);
  if (!match) throw new ContentInvalid(`${input.path}: not an editable content path`);
  return db.transaction(async (tx) => {
    const before = (await documentRows(tx, [input.path])).get(input.path);
    const { rows } = await tx.execute<{ revision: number }>(sql`
      INSERT INTO content_documents (path, kind, lang, draft_source, revision, updated_by, updated_at)
      VALUES (${input.path}, ${match.kind}, ${match.lang}, ${input.source}, 1, ${staff.id}, now())
      ON CONFLICT (path) DO UPDATE SET draft_source = excluded.draft_source, revision = content_documents.revision + 1,
        updated_by = excluded.updated_by, updated_at = now()
      WHERE content_documents.revision = ${input.revision}
      RETURNING revision`);
    if (!rows[0] || (input.revision === 0 && rows[0].revision !== 1)) throw new ContentConflict(input.path);
    await audit(tx, staff, {
      action: "save-draft",
      entity: "content",
      entityId: input.path,
      before: before ? { source: before.draft_source } : null,
      after: { source: input.source },
    });
    return { revision: rows[0].revision };
  });
}

/** Publishes the saved draft now: imported in the same transaction, audited, any schedule cleared. */
export async function publishNow(db: Database, logger: Logger, staff: StaffIdentity, input: { path: string; revision: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockDocument(tx, input.path, input.revision);
    const live = row.published_source ?? fileText(input.path);
    await importDocumentText(tx, logger, input.path, row.draft_source);
    await tx.execute(sql`
      UPDATE content_documents SET published_source = draft_source, publish_at = NULL, published_at = now(), publish_error = NULL
      WHERE path = ${input.path}`);
    await audit(tx, staff, {
      action: "publish",
      entity: "content",
      entityId: input.path,
      before: live === null ? null : { source: live },
      after: { source: row.draft_source },
    });
  });
}

/** The importer's objection to `source` as this document, or null: imported in a savepoint that is always rolled back. */
export async function checkDocument(db: Database, logger: Logger, relative: string, source: string): Promise<string | null> {
  try {
    await db.transaction(async (tx) => {
      await importDocumentText(tx, logger, relative, source);
      throw new RollbackCheck();
    });
  } catch (err) {
    if (err instanceof RollbackCheck) return null;
    if (err instanceof ContentInvalid) return err.message;
    throw err;
  }
  return null;
}

/** Schedules the saved draft (checked now, so it will import at that time). */
export async function schedulePublish(db: Database, logger: Logger, staff: StaffIdentity, input: { path: string; revision: number; at: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockDocument(tx, input.path, input.revision);
    // Checked now (the site does not change yet), so it will import when its time comes.
    const problem = await checkDocument(tx as unknown as Database, logger, input.path, row.draft_source);
    if (problem) throw new ContentInvalid(problem);
    await tx.execute(sql`UPDATE content_documents SET publish_at = ${input.at.toISOString()}, publish_error = NULL WHERE path = ${input.path}`);
    await audit(tx, staff, {
      action: "schedule",
      entity: "content",
      entityId: input.path,
      before: { publish_at: row.publish_at },
      after: { publish_at: input.at.toISOString() },
    });
  });
}

class RollbackCheck extends Error {}

export async function cancelSchedule(db: Database, staff: StaffIdentity, input: { path: string; revision: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockDocument(tx, input.path, input.revision);
    await tx.execute(sql`UPDATE content_documents SET publish_at = NULL WHERE path = ${input.path}`);
    await audit(tx, staff, {
      action: "unschedule",
      entity: "content",
      entityId: input.path,
      before: { publish_at: row.publish_at },
      after: { publish_at: null },
    });
  });
}

/** Throws away the draft: back to what is live (a never-published document disappears). */
export async function discardDraft(db: Database, staff: StaffIdentity, input: { path: string; revision: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockDocument(tx, input.path, input.revision);
    if (row.published_source === null) await tx.execute(sql`DELETE FROM content_documents WHERE path = ${input.path}`);
    else
      await tx.execute(sql`
        UPDATE content_documents SET draft_source = published_source, publish_at = NULL, revision = revision + 1, updated_by = ${staff.id}, updated_at = now()
        WHERE path = ${input.path}`);
    await audit(tx, staff, {
      action: "discard-draft",
      entity: "content",
      entityId: input.path,
      before: { source: row.draft_source },
      after: row.published_source === null ? null : { source: row.published_source },
    });
  });
}

async function lockDocument(tx: Executor, relative: string, revision: number): Promise<DocumentRow & { revision: number }> {
  const { rows } = await tx.execute<DocumentRow>(sql`
    SELECT path, draft_source, published_source, ${isoUtc(sql`publish_at`)} AS publish_at, revision, ${isoUtc(sql`updated_at`)} AS updated_at,
           NULL AS updated_by, ${isoUtc(sql`published_at`)} AS published_at, publish_error
    FROM content_documents WHERE path = ${relative} FOR UPDATE`);
  const row = rows[0];
  if (!row || row.revision !== revision) throw new ContentConflict(relative);
  return row;
}

/**
 * Publishes the drafts whose time has come. Any process may run it: each due document is
 * taken with FOR UPDATE SKIP LOCKED, so two processes never publish the same one. A document
 * that no longer imports keeps its draft, loses its schedule and shows the error in the editor.
 */
export async function publishDue(db: Database, logger: Logger): Promise<number> {
  let published = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const { rows } = await tx.execute<{
        path: string;
        draft_source: string;
        published_source: string | null;
        updated_by: number | null;
        email: string | null;
      }>(sql`
        SELECT d.path, d.draft_source, d.published_source, d.updated_by, s.email
        FROM content_documents d LEFT JOIN staff_users s ON s.id = d.updated_by
        WHERE d.publish_at <= now() ORDER BY d.publish_at LIMIT 1 FOR UPDATE OF d SKIP LOCKED`);
      const row = rows[0];
      if (!row) return false;
      try {
        await importDocumentText(tx, logger, row.path, row.draft_source);
        await tx.execute(sql`
          UPDATE content_documents SET published_source = draft_source, publish_at = NULL, published_at = now(), publish_error = NULL WHERE path = ${row.path}`);
        await audit(
          tx,
          { id: row.updated_by ?? 0, email: row.email ?? "scheduler" },
          {
            action: "publish-scheduled",
            entity: "content",
            entityId: row.path,
            before: row.published_source === null ? null : { source: row.published_source },
            after: { source: row.draft_source },
          },
        );
        published++;
        logger.info({ path: row.path }, "scheduled content published");
      } catch (err) {
        if (!(err instanceof ContentInvalid)) throw err;
        logger.warn({ path: row.path, error: err.message }, "scheduled content could not be published");
        await tx.execute(sql`UPDATE content_documents SET publish_at = NULL, publish_error = ${err.message} WHERE path = ${row.path}`);
      }
      return true;
    });
    if (!done) return published;
  }
}

// ---- preview links -----------------------------------------------------------------------------

function sign(key: string, payload: string): string {
  return createHmac("sha256", key).update(payload).digest("base64url");
}

/** A signed link that shows a document's saved draft for 10 minutes, to anyone who has it. */
export async function createDocumentPreviewToken(db: Database, relative: string, now = Date.now()): Promise<string> {
  const payload = `${Buffer.from(relative).toString("base64url")}.${now + PREVIEW_TTL_MS}`;
  return `${payload}.${sign(await getSecret(db, "preview-links"), `doc:${payload}`)}`;
}

export async function verifyDocumentPreviewToken(db: Database, token: string, now = Date.now()): Promise<string | null> {
  const match = /^([\w-]+)\.(\d+)\.([\w-]+)$/.exec(token);
  if (!match || Number(match[2]) <= now) return null;
  const expected = Buffer.from(sign(await getSecret(db, "preview-links"), `doc:${match[1]}.${match[2]}`));
  const given = Buffer.from(match[3]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const relative = Buffer.from(match[1]!, "base64url").toString();
  return matchDocument(relative) ? relative : null;
}

/** The saved draft of a document (or its live text when there is no draft). */
export async function draftText(db: Executor, relative: string): Promise<string | null> {
  const row = (await documentRows(db, [relative])).get(relative);
  return row?.draft_source ?? fileText(relative);
}
