/**
 * Who may do what in the staff area (docs/decisions/0020). Shared by the server (every /admin
 * page and /api/admin call checks it) and the admin pages (the navigation shows what a role may open).
 */
export const STAFF_ROLES = ["admin", "editor", "support"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Each area of the staff area and the roles that may use it. Admins may use everything. */
export const STAFF_AREAS = {
  /** Own account: password, second factor, sign out everywhere. */
  account: ["admin", "editor", "support"],
  /** The start page: counts of what waits for each role. */
  dashboard: ["admin", "editor", "support"],
  staff: ["admin"],
  audit: ["admin"],
  content: ["admin", "editor"],
  coverage: ["admin", "editor"],
  usage: ["admin", "editor"],
  feedback: ["admin", "editor", "support"],
  bookings: ["admin", "support"],
  inbox: ["admin", "support"],
  comments: ["admin", "support"],
} as const satisfies Record<string, readonly StaffRole[]>;
export type StaffArea = keyof typeof STAFF_AREAS;

export function canUse(role: StaffRole, area: StaffArea): boolean {
  return (STAFF_AREAS[area] as readonly StaffRole[]).includes(role);
}

/** The signed-in staff member as pages and handlers see them. */
export interface StaffIdentity {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  csrfToken: string;
  totpEnabled: boolean;
}

/** Sign-in form rules, the same in the browser and on the server (its schemas: staff-access.server.ts). */
export const PASSWORD_MIN_LENGTH = 12;

/** The header that carries the session's CSRF token on every state-changing /api/admin call. */
export const CSRF_HEADER = "x-csrf-token";

/**
 * A request path of the staff area (/admin, /admin/..., /admin.data) in the form React Router
 * matches it (percent-decoded, any letter case, runs of slashes or backslashes as one), or null
 * for any other path. The /admin guard and the root loader both use it, so no spelling of an
 * /admin address reaches a staff route without the guard's headers and session check.
 */
export function staffAreaPath(pathname: string): string | null {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    /* a malformed escape: matched as written */
  }
  path = path.replace(/[\\/]+/g, "/").toLowerCase();
  return /^\/admin(\/|\.data$|$)/.test(path) ? path : null;
}

/**
 * Where sign-in goes afterwards: a page of the staff area on this site, normalised (no "..",
 * no other host however the address is spelled), else the overview.
 */
export function staffNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith("/")) return "/admin";
  try {
    const base = "http://staff.invalid";
    const url = new URL(next, base);
    if (url.origin !== base || !/^\/admin(\/|$)/.test(url.pathname) || url.pathname.includes("//")) return "/admin";
    return `${url.pathname}${url.search}`;
  } catch {
    return "/admin";
  }
}
