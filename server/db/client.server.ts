import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { Logger } from "../logger.server";
import { MIGRATIONS_DIR } from "../paths.server";
import * as schema from "./schema";

export type Database = NodePgDatabase<typeof schema>;

/** What a query needs: the pool or a transaction (`db` and `tx` alike). */
export type Executor = Pick<Database, "execute">;

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
  const pool = new CheckoutGuardingPool({ connectionString: url, max: poolMax, idleTimeoutMillis: 30_000, keepAlive: true, ...limits });
  // pg-pool listens for a client's errors only while the client is idle: an error on one checked
  // out (a transaction's) would be an unhandled 'error' event, which ends the process. Every
  // connection gets a listener of its own; the query in flight rejects by itself (503).
  pool.on("connect", (client) => {
    let reported = false;
    client.on("error", (err) => {
      if (reported) return; // the same loss is reported again as "Connection terminated unexpectedly"
      reported = true;
      logger.warn({ err }, "a database connection failed; it is discarded");
    });
  });
  // An idle client losing its connection: already logged above, and the pool drops it.
  pool.on("error", () => {});
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

/**
 * A pg.Pool whose checked-out clients (drizzle's transactions take them with `connect()`) are
 * given back to the pool, and destroyed, as soon as their connection fails, and may be released
 * more than once. Drizzle 0.45 runs BEGIN before the try whose finally releases the client, so a
 * BEGIN that fails (the database died or froze just then) would keep the client checked out for
 * good, and a pool of ten would be empty after ten such failures (drizzle-orm#6241, #6114); and
 * it releases a client without the error, so one whose query timed out with its statement still
 * running would be handed to the next request. `pool.query` (every statement outside a
 * transaction) does this itself and is left alone.
 */
class CheckoutGuardingPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void) {
    if (callback) return super.connect(callback);
    return super.connect().then(guardCheckout);
  }
}

function guardCheckout(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let released = false;
  let broken: Error | undefined;
  const giveBack = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener("error", onError);
    client.query = query;
    // With an error the pool ends the connection (which also rolls back an open transaction).
    release(err || broken);
  };
  const onError = (err: Error) => {
    broken = err;
    giveBack(err);
  };
  client.on("error", onError);
  client.release = giveBack;
  const query = client.query;
  client.query = function guardedQuery(this: pg.PoolClient, ...args: unknown[]) {
    const result = (query as (...a: unknown[]) => unknown).apply(this, args);
    if (result instanceof Promise) {
      result.catch((err: unknown) => {
        if (!isDatabaseUnavailable(err)) return;
        broken = err as Error;
        giveBack(broken);
      });
    }
    return result;
  } as typeof client.query;
  return client;
}

const UNAVAILABLE_CODES = new Set([
  "57014",
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
]);
const UNAVAILABLE_MESSAGES =
  /Query read timeout|timeout exceeded when trying to connect|Connection terminated|connection error|Connection refused|Client was closed/i;

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
  // A lost connection fails the migration's query; unheard, its 'error' event would end the process.
  client.on("error", (err) => logger.warn({ err }, "the migration's database connection failed"));
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
