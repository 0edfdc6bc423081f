import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { Logger } from "../logger.server";
import { MIGRATIONS_DIR } from "../paths.server";
import * as schema from "./schema";

export type Database = NodePgDatabase<typeof schema>;

export interface DatabaseHandle {
  db: Database;
  url: string;
  pool: pg.Pool;
  close(): Promise<void>;
}

export interface PoolOptions {
  poolMax?: number;
  /**
   * Longest a statement may run (server side) and a query may wait for an answer or a
   * connection (client side, which also covers a database that has stopped answering).
   * 0 turns the limits off, for migrations and bulk imports.
   */
  statementTimeoutMs?: number;
}

export function connectDatabase(url: string, logger: Logger, options: PoolOptions = {}): DatabaseHandle {
  const { poolMax = 10, statementTimeoutMs = 4_000 } = options;
  const limits = statementTimeoutMs
    ? {
        statement_timeout: statementTimeoutMs,
        lock_timeout: statementTimeoutMs,
        idle_in_transaction_session_timeout: statementTimeoutMs * 4,
        // A little longer than the server's own limit, so a live server's clean cancel wins.
        query_timeout: statementTimeoutMs + 1_000,
        connectionTimeoutMillis: statementTimeoutMs,
      }
    : { connectionTimeoutMillis: 30_000 };
  const pool = new pg.Pool({ connectionString: url, max: poolMax, idleTimeoutMillis: 30_000, keepAlive: true, ...limits });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", (err) => logger.warn({ err }, "idle database client failed"));
  const db = drizzle(pool, { schema });
  let closed = false;
  return {
    db,
    url,
    pool,
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

const UNAVAILABLE_CODES = new Set(["57014", "57P01", "57P02", "57P03", "53300", "ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENOTFOUND"]);
const UNAVAILABLE_MESSAGES = /Query read timeout|timeout exceeded when trying to connect|Connection terminated|connection error|Connection refused|Client was closed/i;

/**
 * Whether an error means "the database is not answering" (stopped, restarting, too slow,
 * cancelled by the time limit) rather than a fault in the request or the code: such failures
 * answer 503 with Retry-After. Looks through wrappers (drizzle's DrizzleQueryError) to the cause.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || code.startsWith("08"))) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.test(message)) return true;
  }
  return false;
}

/** Arbitrary constant: serialises migrations when several servers start at once on one database. */
const MIGRATION_LOCK_KEY = 7_314_201;

/** Runs on a connection of its own, without the request time limits: migrations may take a while. */
export async function runMigrations(handle: Pick<DatabaseHandle, "url">, logger: Logger): Promise<void> {
  const client = new pg.Client({ connectionString: handle.url, connectionTimeoutMillis: 30_000 });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    logger.info("database migrations are up to date");
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

export async function isDatabaseReachable(handle: DatabaseHandle, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const probe = handle.pool.query("SELECT 1").then(() => true);
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    return await Promise.race([probe, timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
