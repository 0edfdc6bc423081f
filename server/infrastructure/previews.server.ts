import { createHmac, timingSafeEqual } from "node:crypto";
import type { Database } from "../db/client.server";
import { getSecret } from "./secrets.server";

/** Spec section 4/9: a preview link is valid for 10 minutes. */
export const PREVIEW_TTL_MS = 10 * 60 * 1000;

function sign(key: string, payload: string): string {
  return createHmac("sha256", key).update(payload).digest("base64url");
}

/** A signed token that shows one unpublished article until it expires. */
export async function createPreviewToken(db: Database, articleId: number, now = Date.now()): Promise<string> {
  const payload = `${articleId}.${now + PREVIEW_TTL_MS}`;
  return `${payload}.${sign(await getSecret(db, "preview-links"), payload)}`;
}

/** True only for an untampered, unexpired token for this article; anything else is "no token". */
export async function verifyPreviewToken(db: Database, articleId: number, token: string | null | undefined, now = Date.now()): Promise<boolean> {
  if (!token) return false;
  const match = /^(\d+)\.(\d+)\.([\w-]+)$/.exec(token);
  if (!match || Number(match[1]) !== articleId || Number(match[2]) <= now) return false;
  const expected = Buffer.from(sign(await getSecret(db, "preview-links"), `${match[1]}.${match[2]}`));
  const given = Buffer.from(match[3]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
