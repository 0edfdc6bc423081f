import { createHmac } from "node:crypto";
import type { Database } from "../db/client.server";
import { getSecret } from "./secrets.server";

/**
 * A stable, keyed hash of the visitor's address and browser: enough to count reads and apply
 * rate limits per visitor, without storing who they are.
 */
export async function visitorHash(db: Database, ip: string | undefined, userAgent: string | undefined): Promise<string> {
  const key = await getSecret(db, "visitor-hash");
  return createHmac("sha256", key)
    .update(`${ip ?? "unknown"}|${userAgent ?? ""}`)
    .digest("base64url")
    .slice(0, 32);
}
