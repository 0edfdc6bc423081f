/**
 * Previews of content documents as the real page (docs/decisions/0020). The draft is imported
 * inside a transaction, the page that shows it is rendered by the site's own routes reading that
 * transaction, and the transaction is rolled back: nothing of the draft (nor a read counted by the
 * page) ever reaches the database. The preview is a snapshot without scripts, never cached or indexed.
 * - POST /admin/preview (staff editing content; fields path, source, csrf): the editor's live preview.
 * - GET /preview/:token: the signed 10-minute link to a saved draft, for anyone who has it.
 */
import { timingSafeEqual } from "node:crypto";
import { drizzle } from "drizzle-orm/node-postgres";
import express, { type Request, type RequestHandler, type Response } from "express";
import pg from "pg";
import { canUse } from "@contracts/staff-access";
import { CONTENT_BODY_LIMIT_BYTES } from "../api/body-parsers.server";
import { contentKind } from "../content/documents.server";
import type { Database, DatabaseHandle } from "../db/client.server";
import * as schema from "../db/schema";
import type { Logger } from "../logger.server";
import { ContentInvalid, draftText, importDocumentText, verifyDocumentPreviewToken } from "../services/content.server";
import { currentStaff } from "./staff-session.server";

class PreviewRendered extends Error {}

export interface PreviewLocals {
  /** The transaction the previewed page reads (load context `db`). */
  db?: Database;
  /** Render without scripts, with the preview ribbon. */
  preview?: boolean;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function problemPage(res: Response, status: number, title: string, detail: string): void {
  res
    .status(status)
    .type("html")
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head>` +
        `<body style="font:15px/1.5 system-ui,sans-serif;margin:2rem;color:#0f172a"><h1 style="font-size:1.2rem">${escapeHtml(title)}</h1>` +
        `<pre style="white-space:pre-wrap;background:#fef2f2;border:1px solid #fca5a5;padding:1rem;border-radius:6px">${escapeHtml(detail)}</pre></body></html>`,
    );
}

async function renderPreview(
  database: DatabaseHandle,
  logger: Logger,
  ssr: RequestHandler,
  req: Request,
  res: Response,
  relative: string,
  source: string,
): Promise<void> {
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("X-Robots-Tag", "noindex, nofollow");
  // A connection of its own, never the pool's: a page whose visitor went away may still have a
  // loader running when the transaction ends, and that query must fail here, not land in
  // another request's session on a pooled connection.
  const client = new pg.Client({
    connectionString: database.url,
    connectionTimeoutMillis: 5_000,
    statement_timeout: 8_000,
    idle_in_transaction_session_timeout: 30_000,
  });
  client.on("error", (err) => logger.warn({ err }, "preview database connection failed"));
  await client.connect();
  try {
    await drizzle(client, { schema }).transaction(async (tx) => {
      const match = await importDocumentText(tx as unknown as Database, logger, relative, source);
      const kind = contentKind(match.kind);
      await kind.revealForPreview?.(tx, match);
      const page = await kind.publicPath(tx, match);
      if (!page) throw new ContentInvalid(`${relative}: no page shows this document`);
      // The page's own Cache-Control (e.g. an article's) must not replace no-store on a preview.
      const setHeader = res.setHeader.bind(res);
      res.setHeader = ((name: string, value: number | string | readonly string[]) =>
        name.toLowerCase() === "cache-control" ? res : setHeader(name, value)) as typeof res.setHeader;
      req.method = "GET";
      req.url = page;
      req.originalUrl = page;
      Object.assign(res.locals as PreviewLocals, { db: tx, preview: true });
      const finished = new Promise<void>((resolve) => {
        res.once("finish", resolve);
        res.once("close", resolve);
      });
      let failure: unknown;
      // The handler's promise settles once the page is rendered and sent (or given up on).
      await ssr(req, res, (err?: unknown) => {
        failure = err;
      });
      await finished;
      if (failure && !res.headersSent) throw failure;
      throw new PreviewRendered();
    });
  } catch (err) {
    if (err instanceof PreviewRendered) return;
    if (err instanceof ContentInvalid) return problemPage(res, 422, "This draft cannot be shown yet", err.message);
    throw err;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function sameToken(given: unknown, expected: string): boolean {
  if (typeof given !== "string") return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function contentPreview(database: DatabaseHandle, logger: Logger, ssr: RequestHandler): express.Router {
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: CONTENT_BODY_LIMIT_BYTES, parameterLimit: 10 });

  router.post("/admin/preview", form, async (req, res, next) => {
    try {
      const staff = await currentStaff(database.db, req, res);
      if (!staff) return problemPage(res, 401, "Sign in again", "Your staff session has ended. Sign in again to see the preview.");
      if (!canUse(staff.role, "content")) return problemPage(res, 403, "Not allowed", "Your role cannot preview content.");
      const body = (req.body ?? {}) as Record<string, unknown>;
      if (!sameToken(body.csrf, staff.csrfToken))
        return problemPage(res, 403, "Reload the editor", "This editor page is out of date. Reload it and try again.");
      const relative = typeof body.path === "string" ? body.path : "";
      const source = typeof body.source === "string" ? body.source : "";
      await renderPreview(database, logger, ssr, req, res, relative, source);
    } catch (err) {
      next(err);
    }
  });

  router.get("/preview/:token", async (req, res, next) => {
    try {
      const relative = await verifyDocumentPreviewToken(database.db, req.params.token ?? "");
      if (!relative) {
        res.setHeader("Cache-Control", "no-store");
        return problemPage(res, 410, "This preview link has expired", "Preview links work for 10 minutes. Ask for a new one in the staff area.");
      }
      const source = await draftText(database.db, relative);
      if (source === null) return problemPage(res, 404, "Nothing to preview", "This document has no draft any more.");
      await renderPreview(database, logger, ssr, req, res, relative, source);
    } catch (err) {
      next(err);
    }
  });
  return router;
}
