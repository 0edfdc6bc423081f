import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.server";

const cache = new Map<string, string>();

/**
 * A server secret made on first use and kept in the database, so every process (and every
 * restart) agrees on it without configuration. Concurrent first uses converge on one value.
 */
export async function getSecret(db: Database, name: string, make: () => string = () => randomBytes(32).toString("base64url")): Promise<string> {
  const known = cache.get(name);
  if (known) return known;
  const candidate = make();
  await db.execute(sql`INSERT INTO app_secrets (name, value) VALUES (${name}, ${candidate}) ON CONFLICT (name) DO NOTHING`);
  const { rows } = await db.execute<{ value: string }>(sql`SELECT value FROM app_secrets WHERE name = ${name}`);
  const value = rows[0]!.value;
  cache.set(name, value);
  return value;
}
