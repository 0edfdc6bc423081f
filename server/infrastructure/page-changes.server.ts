/**
 * Changes to what public pages show, announced to every server process through PostgreSQL
 * (docs/decisions/0021). A write calls `announcePageChanges` inside its own transaction, so the
 * notice goes out when, and only if, the write commits; each process listens on one connection
 * of its own and drops the cached pages that carry the tags.
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Executor } from "../db/client.server";
import type { Logger } from "../logger.server";

export const PAGE_CHANGES_CHANNEL = "page_cache";
/** Every cached page: for changes that reach many pages (a content publish, an import). */
export const EVERY_PAGE = "*";

export const articlePageTag = (id: number) => `article:${id}`;
export const helpPageTag = (id: number) => `help:${id}`;

export async function announcePageChanges(db: Executor, tags: readonly string[]): Promise<void> {
  if (tags.length === 0) return;
  await db.execute(sql`SELECT pg_notify(${PAGE_CHANGES_CHANNEL}, ${JSON.stringify(tags)})`);
}

export interface PageChangeListener {
  stop(): Promise<void>;
}

/**
 * Listens for announced changes. `onSynced(false)` is called whenever the connection is lost (a
 * change may be missed until it is back, so cached pages must not be trusted), `onSynced(true)`
 * once it listens again.
 */
export function listenForPageChanges(
  url: string,
  logger: Logger,
  handlers: { onChange: (tags: string[]) => void; onSynced: (synced: boolean) => void },
): PageChangeListener {
  let client: pg.Client | undefined;
  let stopped = false;
  let retryMs = 500;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const connect = async () => {
    if (stopped) return;
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000, keepAlive: true });
    client = next;
    next.on("notification", (message) => {
      if (message.channel !== PAGE_CHANGES_CHANNEL) return;
      handlers.onChange(parseTags(message.payload));
    });
    next.on("error", (err) => lost(next, err));
    next.on("end", () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${PAGE_CHANGES_CHANNEL}`);
      retryMs = 500;
      handlers.onSynced(true);
    } catch (err) {
      lost(next, err);
    }
  };

  const lost = (which: pg.Client, err?: unknown) => {
    if (which !== client || stopped) return;
    client = undefined;
    handlers.onSynced(false);
    logger.warn({ err, retryMs }, "page change channel lost; cached pages are off until it is back");
    which.end().catch(() => {});
    timer = setTimeout(() => void connect(), retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, 30_000);
  };

  handlers.onSynced(false);
  void connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}

function parseTags(payload: string | undefined): string[] {
  try {
    const value: unknown = JSON.parse(payload ?? "");
    if (Array.isArray(value) && value.every((t) => typeof t === "string")) return value;
  } catch {
    // A notice not written by announcePageChanges: treat it as touching everything.
  }
  return [EVERY_PAGE];
}
