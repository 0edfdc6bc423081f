/**
 * The staff area's pages on the built server (issue 13 "Access"): every /admin route of
 * app/routes.ts is tried without a session (a redirect to sign-in, never data, for documents and
 * `.data` requests alike) and with each role (403 where the role may not use the area), every
 * answer is no-store and noindex, and no public page links to /admin.
 */
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { ADMIN_NAV } from "~/components/admin/AdminShell";
import { canUse, STAFF_ROLES, type StaffArea, type StaffRole } from "@contracts/staff-access";
import { createStaff, setPasswordWithToken } from "../../server/services/staff.server";
import { startServerOnTestDatabase } from "../support/server-process";

let site: Awaited<ReturnType<typeof startServerOnTestDatabase>>;
const sessions = {} as Record<StaffRole, string>;
const csrfTokens = {} as Record<StaffRole, string>;
/** Text only a signed-in page could show: an account's email. */
const SECRET_EMAIL = `admin-pages-${randomBytes(4).toString("hex")}@example.com`;

beforeAll(async () => {
  site = await startServerOnTestDatabase();
  const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url");
  for (const role of STAFF_ROLES) {
    const email = role === "admin" ? SECRET_EMAIL : `${role}-${randomBytes(4).toString("hex")}@example.com`;
    const { id, token } = await createStaff(site.database.db, { email, role, name: `Test ${role}` });
    await setPasswordWithToken(site.database.db, token, "a long system-test password");
    const sessionId = randomBytes(32).toString("base64url");
    csrfTokens[role] = randomBytes(32).toString("base64url");
    await site.database.pool.query("INSERT INTO staff_sessions (hash, staff_id, csrf_token, expires_at) VALUES ($1, $2, $3, now() + interval '1 hour')", [
      sha256(sessionId),
      id,
      csrfTokens[role],
    ]);
    sessions[role] = `staff_session=${sessionId}`;
  }
}, 120_000);
afterAll(async () => {
  await site?.stop();
});

// ---- the routes, from app/routes.ts itself --------------------------------------------------

interface RouteEntry {
  id?: string;
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

function adminPaths(list: readonly RouteEntry[]): string[] {
  return list.flatMap((r) => [...(r.path && /^admin(\/|$)/.test(r.path) ? [`/${r.path}`] : []), ...adminPaths(r.children ?? [])]);
}

/** A concrete address for each route pattern (parameters filled in, the catch-all made up). */
const SAMPLES: Record<string, string> = {
  "/admin/bookings/:id": "/admin/bookings/1",
  "/admin/inbox/:kind/:id": "/admin/inbox/message/1",
  "/admin/content/edit": "/admin/content/edit?path=faq/en.yaml",
  "/admin/*": "/admin/no-such-page",
};
const PUBLIC = new Set(["/admin/sign-in", "/admin/set-password"]);

const PATTERNS = [...new Set(adminPaths(routes as readonly RouteEntry[]))];
const PAGES = PATTERNS.map((pattern) => {
  if (/[:*]/.test(pattern) && !SAMPLES[pattern]) throw new Error(`tests/system/admin-pages.test.ts: give ${pattern} a sample address in SAMPLES`);
  return SAMPLES[pattern] ?? pattern;
});
const PRIVATE = PAGES.filter((p) => !PUBLIC.has(p));

/** The area a page belongs to: the navigation entry its path falls under (the longest that matches). */
function areaOf(address: string): StaffArea {
  const path = address.split("?")[0]!;
  const match = ADMIN_NAV.filter((n) => n.to !== "/admin" && (path === n.to || path.startsWith(`${n.to}/`))).sort((a, b) => b.to.length - a.to.length)[0];
  return match?.area ?? "dashboard";
}

/** The single-fetch data address of a page, as React Router's client asks for it. */
function dataAddress(address: string): string {
  const [path, query] = address.split("?");
  return `${path === "/admin" ? "/admin" : path}.data${query ? `?${query}` : ""}`;
}

async function get(address: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${site.server.baseUrl}${address}`, { redirect: "manual", headers });
  return { status: res.status, headers: res.headers, body: await res.text() };
}

function expectStaffHeaders(res: { headers: Headers }, label: string) {
  expect(res.headers.get("cache-control"), `${label}: Cache-Control`).toMatch(/\bno-store\b/);
  expect(res.headers.get("x-robots-tag"), `${label}: X-Robots-Tag`).toMatch(/\bnoindex\b/);
}

describe("the /admin routes", () => {
  it("are read from app/routes.ts, each with a sample address and an area", () => {
    expect(PAGES).toEqual(
      expect.arrayContaining([
        "/admin",
        "/admin/account",
        "/admin/staff",
        "/admin/audit",
        "/admin/bookings/1",
        "/admin/inbox/message/1",
        "/admin/content/edit?path=faq/en.yaml",
      ]),
    );
    expect(PRIVATE.length).toBeGreaterThanOrEqual(15);
    expect(areaOf("/admin/bookings/1")).toBe("bookings");
    expect(areaOf("/admin/translations")).toBe("coverage");
    expect(areaOf("/admin/content/edit?path=x")).toBe("content");
  });
});

describe.each(PRIVATE)("%s", (address) => {
  const area = areaOf(address);

  it("without a session: a redirect to sign-in that comes back here, never the page", async () => {
    const res = await get(address, { accept: "text/html" });
    expect([302, 303], `${address} answered ${res.status}`).toContain(res.status);
    const location = new URL(res.headers.get("location")!, site.server.baseUrl);
    expect(location.pathname).toBe("/admin/sign-in");
    expect(location.searchParams.get("next")).toBe(address);
    expect(res.body).not.toContain(SECRET_EMAIL);
    expectStaffHeaders(res, address);
  });

  it("without a session: its .data request gives no data", async () => {
    const res = await get(dataAddress(address));
    expect(res.status, `${dataAddress(address)}: ${res.body.slice(0, 300)}`).not.toBe(200);
    expect(res.status).toBeLessThan(500);
    // React Router's answer is a redirect to sign-in and nothing else (no route's data).
    expect(res.body).toMatch(/SingleFetchRedirect/);
    expect(res.body).toContain("/admin/sign-in?next=");
    expect(res.body).not.toMatch(/"data"/);
    expect(res.body).not.toContain(SECRET_EMAIL);
    expect(res.body).not.toMatch(/csrfToken/);
    expectStaffHeaders(res, dataAddress(address));
  });

  it.each(STAFF_ROLES)(`as %s: open exactly when the role may use the area "${area}"`, async (role) => {
    const res = await get(address, { cookie: sessions[role] });
    expectStaffHeaders(res, `${address} as ${role}`);
    if (canUse(role, area)) {
      expect(res.status, `${address} as ${role}: ${res.status}`).not.toBe(403);
      expect([200, 404]).toContain(res.status);
    } else {
      expect(res.status, `${address} as ${role}`).toBe(403);
      // The shell names the signed-in member; nothing of anyone else's (the admin's email) is on the page.
      if (role !== "admin") expect(res.body).not.toContain(SECRET_EMAIL);
    }
  });

  it.each(STAFF_ROLES.filter((role) => !canUse(role, area)))("as %s: its .data request is refused too", async (role) => {
    const res = await get(dataAddress(address), { cookie: sessions[role] });
    expectStaffHeaders(res, `${dataAddress(address)} as ${role}`);
    expect(res.status).toBe(403);
  });
});

describe("the staff pages' actions (controls posted by a fetcher, issue 29)", () => {
  /** A staff form posted to its page as a document POST; the status is the action's. */
  async function post(address: string, role: StaffRole, fields: Record<string, string>, withToken = true) {
    const body = new URLSearchParams({ ...fields, ...(withToken ? { csrf_token: csrfTokens[role] } : {}) });
    const res = await fetch(`${site.server.baseUrl}${address}`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: sessions[role], "content-type": "application/x-www-form-urlencoded" },
      body,
    });
    return { status: res.status, body: await res.text() };
  }
  const VERSION = "0123456789abcdef";

  it.each([
    ["periods that are not JSON", "not json", 400],
    ["periods of the wrong shape", JSON.stringify([{ weekday: "monday", start_time: 9 }]), 400],
    ["overlapping periods", JSON.stringify([1, 1].map(() => ({ weekday: 1, start_time: "09:00", end_time: "12:00", slot_minutes: 30, capacity: 1 }))), 400],
    [
      "good periods over a schedule changed since",
      JSON.stringify([{ weekday: 1, start_time: "09:00", end_time: "12:00", slot_minutes: 30, capacity: 1 }]),
      409,
    ],
  ])("the weekly hours refuse %s with the endpoint's status", async (_label, periods, status) => {
    const res = await post("/admin/bookings/schedule", "admin", { intent: "schedule-save", periods, version: VERSION });
    expect(res.status, res.body.slice(0, 300)).toBe(status);
    expect(res.body).not.toMatch(/SyntaxError|at [\w.<>]+ \([^)]*:\d+:\d+\)/);
  });

  it("audit restore takes digits as its id and refuses anything else", async () => {
    expect((await post("/admin/audit", "admin", { intent: "audit-restore", id: "1.5" })).status).toBe(400);
    expect((await post("/admin/audit", "admin", { intent: "audit-restore", id: "true" })).status).toBe(400);
    expect((await post("/admin/audit", "admin", { intent: "audit-restore", id: "2147483000" })).status).toBe(404);
  });

  it("refuses an intent the page has no form for, a missing CSRF token and a role without the area", async () => {
    expect((await post("/admin/staff", "admin", { intent: "no-such-form", id: "1" })).status).toBe(400);
    expect((await post("/admin/staff", "admin", { intent: "staff-update", id: "1", role: "editor" }, false)).status).toBe(403);
    expect((await post("/admin/staff", "editor", { intent: "staff-update", id: "1", role: "admin" })).status).toBe(403);
    expect((await post("/admin/content/edit?path=faq/en.yaml", "support", { intent: "content-publish", revision: "1" })).status).toBe(403);
  });
});

describe("the sign-in and set-password pages", () => {
  it.each([...PUBLIC])("%s answers without a session, never cached or indexed", async (address) => {
    const res = await get(address);
    expect(res.status).toBe(200);
    expectStaffHeaders(res, address);
    expect(res.body).toMatch(/<meta name="robots" content="noindex, nofollow"/);
    expect(res.body).not.toContain(SECRET_EMAIL);
  });

  it("sign-in sends a signed-in member only to an /admin address, never to another site", async () => {
    for (const next of ["https://evil.example/x", "//evil.example/x", "/\\evil.example", "/admin/../../evil.example", "javascript:alert(1)"]) {
      const res = await get(`/admin/sign-in?next=${encodeURIComponent(next)}`, { cookie: sessions.admin });
      const hrefs = [...res.body.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1]!);
      expect(
        hrefs.some((h) => /evil|javascript:/i.test(h)),
        `${next}: ${hrefs.join(" ")}`,
      ).toBe(false);
      expect(hrefs).toContain("/admin");
    }
    const res = await get(`/admin/sign-in?next=${encodeURIComponent("/admin/audit?entity=staff")}`, { cookie: sessions.admin });
    expect(res.body).toMatch(/href="\/admin\/audit\?entity=staff"/);
  });

  it("a set-password link that is not valid says so and shows no form", async () => {
    const res = await get(`/admin/set-password?token=${"x".repeat(43)}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatch(/expired or has already been used/);
    expect(res.body).not.toMatch(/name="password"/);
  });
});

describe("other spellings of /admin addresses", () => {
  it.each(["/ADMIN/staff", "/Admin/Audit", "/%61dmin/staff", "/admin/staff/", "//admin/staff", "/admin//staff"])(
    "%s never shows the page without a session",
    async (address) => {
      const res = await get(address);
      expect(res.status, `${address}: ${res.status}`).not.toBe(200);
      expect(res.status).toBeLessThan(500);
      expect(res.body).not.toContain(SECRET_EMAIL);
      if (res.status >= 300 && res.status < 400) expect(new URL(res.headers.get("location")!, site.server.baseUrl).origin).toBe(site.server.baseUrl);
    },
  );

  it.each(["/ADMIN/staff", "/%61dmin/staff"])("%s is still a staff answer: never cached or indexed, refused to a role without the area", async (address) => {
    expectStaffHeaders(await get(address), address);
    const refused = await get(address, { cookie: sessions.support });
    expectStaffHeaders(refused, address);
    expect(refused.status).toBe(403);
  });
});

describe("the usage report", () => {
  it("names each language in its own script, marked for the language names' font (no empty boxes without a font for it)", async () => {
    // One view in each of three scripts today (the daily roll-up keeps them, docs/decisions/0054).
    for (const [lang, url] of [
      ["th", "https://www.facet.test/th"],
      ["hi", "https://www.facet.test/hi"],
      ["jp", "https://www.facet.test/jp"],
    ])
      await site.database.pool.query(
        "INSERT INTO usage_events (kind, event_type, object_type, occurred_at, url, lang, device_id, data) VALUES ('view', 0, 22, now(), $1, $2, 'device-names-0001', '{}')",
        [url, lang],
      );
    const res = await get("/admin/usage?days=7", { cookie: sessions.admin });
    expect(res.status).toBe(200);
    for (const [tag, name, key] of [
      ["th", "ไทย", "th"],
      ["hi", "हिन्दी", "hi"],
      ["ja", "日本語", "jp"],
    ])
      expect(res.body).toContain(`<span data-language-names=""><span lang="${tag}">${name}</span> (<!-- -->${key}<!-- -->)</span>`);
  });
});

describe("a site language in a staff list", () => {
  it("is named in its own script, marked for the language names' font", async () => {
    await site.database.pool.query(
      "INSERT INTO search_misses (lang, scope, query) VALUES ('th', 'site', 'ทดสอบชื่อภาษา') ON CONFLICT (lang, scope, query) DO UPDATE SET count = search_misses.count + 1",
    );
    const res = await get("/admin/feedback", { cookie: sessions.admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatch(/<span class="[^"]*" data-language-names=""><span class="[^"]*">th<\/span><span class="ml-1" lang="th">ไทย<\/span><\/span>/);
  });
});

describe("the public site", () => {
  it.each(["/", "/zh", "/th"])("%s does not link to /admin", async (address) => {
    const res = await get(address);
    expect(res.status).toBe(200);
    expect(res.body).not.toMatch(/href="(https?:\/\/[^"/]+)?\/admin/i);
    expect(res.headers.get("x-robots-tag") ?? "").not.toMatch(/noindex/);
  });

  it("the sitemap never lists /admin", async () => {
    const sitemap = await get("/sitemap.xml");
    expect(sitemap.body).not.toMatch(/\/admin/);
  });
});
