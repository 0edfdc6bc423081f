import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { QueryResult, QueryResultRow } from "pg";
import type { Database } from "./client.server";

/** A database or a transaction: anything that runs statements through drizzle's session. */
export type StatementRunner = Pick<Database, "execute" | "_">;

const dialect = new PgDialect();

/**
 * `db.execute` as a named prepared statement, for the statements a page runs on every cache miss.
 * PostgreSQL spent 11-12 ms planning the article and list pages' single statements on every
 * request, more than running them; prepared once per connection, a plan is reused (PostgreSQL
 * moves to a generic plan after five runs when it costs no more), and the same statement costs
 * 4.6 ms instead of 12.9 (docs/decisions/0022).
 *
 * The name is a hash of the statement's text, so one text always has one name (node-postgres
 * refuses a name reused for another text) and each connection holds one prepared statement per
 * text. Use it only for statements whose text takes a few shapes (values are parameters, never
 * spliced in): every distinct text stays prepared on every connection until it closes.
 */
export function executePrepared<Row extends QueryResultRow>(db: StatementRunner, query: SQL): Promise<QueryResult<Row>> {
  const built = dialect.sqlToQuery(query);
  const name = `p_${createHash("sha1").update(built.sql).digest("base64url").slice(0, 24)}`;
  return db._.session.prepareQuery(built, undefined, name, false).execute() as Promise<QueryResult<Row>>;
}
