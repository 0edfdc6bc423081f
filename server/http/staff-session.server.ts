/**
 * The staff session on the wire (docs/decisions/0020): the cookie, the /admin page guard and the
 * checks every /api/admin call passes (session, role, CSRF token).
 */
import { timingSafeEqual } from "node:crypto";
import type { Request, RequestHandler, Response } from "express";
import { data, redirect } from "react-router";
import { readCookie } from "~/lib/preferences";
import { canUse, CSRF_HEADER, staffAreaPath, type StaffArea, type StaffIdentity } from "@contracts/staff-access";
import { ApiError } from "../api/envelope.server";
import type { Database } from "../db/client.server";
import { authenticate, STAFF_SESSION_HOURS } from "../services/staff.server";

/** Over https the cookie is __Host- prefixed (Secure, Path=/, no Domain: it cannot be set by a sibling host). */
const SECURE_COOKIE = "__Host-staff_session";
const PLAIN_COOKIE = "staff_session";

/** /admin pages that answer without a session. */
const PUBLIC_ADMIN_PATHS = new Set(["/admin/sign-in", "/admin/set-password"]);

export function readStaffSessionId(req: Request): string | undefined {
  const header = req.headers.cookie;
  return readCookie(header, req.secure ? SECURE_COOKIE : PLAIN_COOKIE) ?? undefined;
}

/** The session id of a page request as a loader sees it (a Fetch request whose URL carries the scheme). */
export function staffSessionIdOf(request: globalThis.Request): string | undefined {
  const secure = new URL(request.url).protocol === "https:";
  return readCookie(request.headers.get("cookie"), secure ? SECURE_COOKIE : PLAIN_COOKIE);
}

export function setStaffCookie(req: Request, res: Response, sessionId: string): void {
  res.cookie(req.secure ? SECURE_COOKIE : PLAIN_COOKIE, sessionId, {
    httpOnly: true,
    secure: req.secure,
    sameSite: "lax",
    path: "/",
    maxAge: STAFF_SESSION_HOURS * 3600_000,
  });
}

export function clearStaffCookie(req: Request, res: Response): void {
  res.clearCookie(req.secure ? SECURE_COOKIE : PLAIN_COOKIE, { httpOnly: true, secure: req.secure, sameSite: "lax", path: "/" });
}

const locals = (res: Response) => res.locals as { staff?: StaffIdentity | null };

/** The session's staff member, looked up once per request. */
export async function currentStaff(db: Database, req: Request, res: Response): Promise<StaffIdentity | null> {
  const known = locals(res).staff;
  if (known !== undefined) return known;
  const staff = await authenticate(db, readStaffSessionId(req));
  locals(res).staff = staff;
  return staff;
}

function sameToken(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Session, role and (for writes) CSRF token of a staff API call; throws the API error otherwise. */
export async function requireStaffSession(
  db: Database,
  req: Request,
  res: Response,
  area: StaffArea,
  method: string,
  /** A form's hidden field carries it (server/http/form-actions.server.ts); the API, the header. */
  csrfToken: string | undefined = req.get(CSRF_HEADER),
): Promise<StaffIdentity> {
  res.setHeader("Cache-Control", "no-store");
  const staff = await currentStaff(db, req, res);
  if (!staff) throw new ApiError("sessionRequired");
  if (!canUse(staff.role, area)) throw new ApiError("forbidden");
  if (method !== "get" && !sameToken(csrfToken, staff.csrfToken)) throw new ApiError("csrfTokenInvalid");
  return staff;
}

/**
 * Every /admin response: never cached, never indexed. A page request without a session goes to
 * the sign-in page (the pages' loaders check the role; client data requests are redirected there).
 */
export function staffPages(db: Database): RequestHandler {
  return async (req, res, next) => {
    // However the path is spelled (/ADMIN, /%61dmin): React Router matches it case-insensitively and decoded.
    const path = staffAreaPath(req.path);
    if (!path) return next();
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("X-Robots-Tag", "noindex, nofollow");
    try {
      const staff = await currentStaff(db, req, res);
      const page = path.replace(/\.data$/, "").replace(/\/$/, "") || "/admin";
      if (!staff && !PUBLIC_ADMIN_PATHS.has(page) && !path.endsWith(".data") && (req.method === "GET" || req.method === "HEAD")) {
        return res.redirect(303, `/admin/sign-in?next=${encodeURIComponent(req.originalUrl)}`);
      }
      next();
    } catch (err) {
      next(err);
    }
  };
}

/**
 * For /admin page loaders: the staff member, or a redirect to sign-in (no session) or a 403
 * (a role that may not use this area). Every admin loader calls it, so no page data leaks.
 */
export function requireStaffPage(context: { staff: StaffIdentity | null }, request: Request | globalThis.Request, area: StaffArea): StaffIdentity {
  const staff = context.staff;
  if (!staff) {
    const url = new URL(request.url, "http://x");
    const next = `${url.pathname.replace(/\.data$/, "")}${url.search}`;
    throw redirect(`/admin/sign-in?next=${encodeURIComponent(next)}`);
  }
  if (!canUse(staff.role, area)) throw data({ reason: "forbidden" }, { status: 403 });
  return staff;
}
