import { createHmac, randomBytes } from "node:crypto";
import type { Request, Response } from "express";
import { readCookie } from "~/lib/preferences";

/** A first-party, random visitor id: "one vote per visitor" without knowing who anyone is. */
export const VISITOR_COOKIE = "fb_vid";
const VALID = /^[A-Za-z0-9_-]{22}$/;
const ONE_YEAR_S = 365 * 24 * 60 * 60;

/**
 * The visitor's id from the cookie, or a new one (set on the response). HttpOnly and SameSite=Lax:
 * only the server reads it, and it is never sent with cross-site writes.
 */
export function visitorId(req: Request, res: Response): string {
  const known = readCookie(req.headers.cookie, VISITOR_COOKIE);
  if (known && VALID.test(known)) return known;
  const id = randomBytes(16).toString("base64url");
  res.append(
    "Set-Cookie",
    `${VISITOR_COOKIE}=${id}; Path=/; Max-Age=${ONE_YEAR_S}; HttpOnly; SameSite=Lax${req.secure ? "; Secure" : ""}`,
  );
  return id;
}

/** What is stored of a visitor id: a keyed hash. */
export function hashVisitorId(id: string, key: string): string {
  return createHmac("sha256", key).update(`visitor:${id}`).digest("base64url").slice(0, 32);
}
