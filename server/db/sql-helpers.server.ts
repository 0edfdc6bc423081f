import { sql, type SQL } from "drizzle-orm";

/** A timestamptz as ISO 8601 in UTC ("2026-11-23T02:02:19Z"), the API's time format. */
export function isoUtc(column: SQL): SQL {
  return sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
}
