import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Request, Response } from "express";
import { readCookie } from "~/lib/preferences";

/**
 * A first-party, random visitor id: "one vote per visitor" without knowing who anyone is. The
 * cookie is `<id>.<signature>`: only ids this server issued count, so a client cannot invent a
 * new visitor for every vote (docs/decisions/0013). Ids from before signing (the bare id) are
 * signed again when seen, so their votes stay theirs.
 */
export const VISITOR_COOKIE = "fb_vid";
const ID = /^[A-Za-z0-9_-]{22}$/;
const SIGNED = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/;
const ONE_YEAR_S = 365 * 24 * 60 * 60;

function signature(id: string, key: string): string {
  return createHmac("sha256", key).update(`visitor-cookie:${id}`).digest("base64url").slice(0, 22);
}

/** The id in the request's cookie: `signed` only when this server issued it (a bare id is from before signing). */
export function readVisitorId(req: Request, key: string): { id: string; signed: boolean } | null {
  const value = readCookie(req.headers.cookie, VISITOR_COOKIE);
  if (!value) return null;
  const match = SIGNED.exec(value);
  if (match) {
    const [, id, sig] = match as unknown as [string, string, string];
    return timingSafeEqual(Buffer.from(sig), Buffer.from(signature(id, key))) ? { id, signed: true } : null;
  }
  return ID.test(value) ? { id: value, signed: false } : null;
}

/**
 * Sets the visitor cookie: the bare id of `known` signed, or a new id. HttpOnly and
 * SameSite=Lax: only the server reads it, and it is never sent with cross-site writes.
 */
export function issueVisitorId(req: Request, res: Response, key: string, known?: string): string {
  const id = known && ID.test(known) ? known : randomBytes(16).toString("base64url");
  res.append(
    "Set-Cookie",
    `${VISITOR_COOKIE}=${id}.${signature(id, key)}; Path=/; Max-Age=${ONE_YEAR_S}; HttpOnly; SameSite=Lax${req.secure ? "; Secure" : ""}`,
  );
  return id;
}

/** What is stored of a visitor id: a keyed hash. */
export function hashVisitorId(id: string, key: string): string {
  return createHmac("sha256", key).update(`visitor:${id}`).digest("base64url").slice(0, 32);
}
