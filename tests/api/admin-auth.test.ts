/**
 * Staff access (issue 13, docs/decisions/0020): the session cookie, rotation and idle expiry,
 * sign-out, sign-in limits and identical refusals, one-time password links, the second factor,
 * CSRF, the audit log, and a role matrix over every staff endpoint the API declares.
 */
import { createHash, randomBytes } from "node:crypto";
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canUse, STAFF_ROLES, type StaffRole } from "@contracts/staff-access";
import { ENDPOINTS } from "../../server/api/router.server";
import { ABUSE_RULES } from "../../server/infrastructure/abuse-limits.server";
import { beginTotp, currentTotp } from "../../server/services/staff.server";
import { startTestServer, type TestServer } from "../support/api-server";
import { createStaffAccount, signInAs, STAFF_TEST_PASSWORD, type StaffClient } from "../support/admin";
import type { Endpoint } from "../../server/api/endpoint.server";
import * as adminStaffApi from "../../server/api/endpoints/admin-staff.server";
import { apiUrl, type ApiAnswer, type ApiData } from "../support/api-answers";

let server: TestServer;
let admin: StaffClient;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAs(server, "admin");
});
afterAll(async () => {
  await server.close();
});

let addressSeq = 0;
/** A new client address for each attempt unless a test says otherwise (the sign-in limits count per address). */
const nextAddress = () => `100.70.${(++addressSeq >> 8) & 255}.${addressSeq & 255}`;

type RequestOptions = { cookie?: string; csrf?: string; body?: Record<string, unknown>; headers?: Record<string, string> };

/** A call to `endpoint` (its answer typed by it), or to a path that is meant to miss every endpoint. */
async function request<E extends Endpoint>(method: "get" | "post", endpoint: E, options?: RequestOptions): Promise<ApiAnswer<ApiData<E>>>;
async function request(method: "get" | "post", path: string, options?: RequestOptions): Promise<ApiAnswer<unknown>>;
async function request(method: "get" | "post", target: Endpoint | string, options: RequestOptions = {}): Promise<ApiAnswer<unknown>> {
  const headers: Record<string, string> = { "x-forwarded-for": nextAddress(), ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.csrf) headers["x-csrf-token"] = options.csrf;
  let url = apiUrl(server.baseUrl, target);
  const init: RequestInit = { method: method.toUpperCase(), headers, redirect: "manual" };
  if (method === "post") {
    headers["content-type"] = "application/json";
    init.body = JSON.stringify({ lang: "en", ...options.body });
  } else {
    url += `?${new URLSearchParams({ lang: "en", ...(options.body as Record<string, string>) })}`;
  }
  const res = await fetch(url, init);
  const text = await res.text();
  let body: ApiAnswer<unknown>["body"];
  try {
    body = JSON.parse(text) as ApiAnswer<unknown>["body"];
  } catch {
    body = { code: Number.NaN, msg: text.slice(0, 200), data: null };
  }
  return { status: res.status, headers: res.headers, body };
}

interface SignedIn extends ApiAnswer<ApiData<typeof adminStaffApi.staffSignIn>> {
  setCookie: string;
  /** "name=value" for a Cookie header. */
  cookie: string;
  csrf: string;
}

async function signIn(email: string, password: string, options: { code?: string; cookie?: string; headers?: Record<string, string> } = {}): Promise<SignedIn> {
  const answer = await request("post", adminStaffApi.staffSignIn, {
    body: { email, password, ...(options.code ? { code: options.code } : {}) },
    cookie: options.cookie,
    headers: options.headers,
  });
  const setCookie = answer.headers.getSetCookie().find((c) => /staff_session=/.test(c)) ?? "";
  return { ...answer, setCookie, cookie: setCookie.split(";")[0]!, csrf: answer.body.data?.csrf_token ?? "" };
}

/** Whether a session cookie is signed in: an admin-only list answers 200 with it. */
async function sessionWorks(cookie: string, headers: Record<string, string> = {}): Promise<number> {
  const answer = await request("get", adminStaffApi.staffList, { cookie, headers });
  return answer.body.code;
}

const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url");
const db = () => server.database.pool;

describe("the session cookie", () => {
  it("is HttpOnly, SameSite=Lax, for the whole site, and not Secure over plain http", async () => {
    const account = await createStaffAccount(server, "admin");
    const answer = await signIn(account.email, STAFF_TEST_PASSWORD);
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(0);
    expect(answer.body.data).toEqual({ csrf_token: expect.any(String), role: "admin" });
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const attributes = answer.setCookie.split(/;\s*/).map((a) => a.toLowerCase());
    expect(answer.setCookie).toMatch(/^staff_session=[\w-]{40,};/);
    expect(attributes).toContain("httponly");
    expect(attributes).toContain("samesite=lax");
    expect(attributes).toContain("path=/");
    expect(attributes).not.toContain("secure");
    expect(attributes.some((a) => a.startsWith("domain="))).toBe(false);
    expect(await sessionWorks(answer.cookie)).toBe(0);
  });

  it("is Secure and __Host- prefixed when the request came over https through a trusted proxy", async () => {
    const account = await createStaffAccount(server, "admin");
    const https = { "x-forwarded-proto": "https" };
    const answer = await signIn(account.email, STAFF_TEST_PASSWORD, { headers: https });
    expect(answer.status).toBe(200);
    expect(answer.setCookie).toMatch(/^__Host-staff_session=[\w-]{40,};/);
    const attributes = answer.setCookie.split(/;\s*/).map((a) => a.toLowerCase());
    expect(attributes).toContain("secure");
    expect(attributes).toContain("httponly");
    expect(attributes).toContain("samesite=lax");
    expect(attributes).toContain("path=/");
    expect(attributes.some((a) => a.startsWith("domain="))).toBe(false);
    expect(await sessionWorks(answer.cookie, https)).toBe(0);
    // Over https only the __Host- cookie counts: a plain one (settable by a sibling host) does not.
    expect(await sessionWorks(answer.cookie.replace("__Host-", ""), https)).toBe(10401);
  });

  it("is a new session on every sign-in: the one the browser had before stops working", async () => {
    const account = await createStaffAccount(server, "admin");
    const first = await signIn(account.email, STAFF_TEST_PASSWORD);
    expect(await sessionWorks(first.cookie)).toBe(0);
    const second = await signIn(account.email, STAFF_TEST_PASSWORD, { cookie: first.cookie });
    expect(second.status).toBe(200);
    expect(second.cookie).not.toBe(first.cookie);
    expect(second.csrf).not.toBe(first.csrf);
    expect(await sessionWorks(first.cookie)).toBe(10401);
    expect(await sessionWorks(second.cookie)).toBe(0);
  });

  it("expires after an hour without use", async () => {
    const account = await createStaffAccount(server, "admin");
    const session = await signIn(account.email, STAFF_TEST_PASSWORD);
    expect(await sessionWorks(session.cookie)).toBe(0);
    await db().query("UPDATE staff_sessions SET last_seen_at = now() - interval '61 minutes' WHERE staff_id = $1", [account.id]);
    const answer = await request("get", adminStaffApi.staffList, { cookie: session.cookie });
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe(10401);
  });

  it("slides with use: a session used 59 minutes ago still works and is fresh again", async () => {
    const account = await createStaffAccount(server, "admin");
    const session = await signIn(account.email, STAFF_TEST_PASSWORD);
    await db().query("UPDATE staff_sessions SET last_seen_at = now() - interval '59 minutes' WHERE staff_id = $1", [account.id]);
    expect(await sessionWorks(session.cookie)).toBe(0);
    const { rows } = await db().query("SELECT now() - last_seen_at < interval '1 minute' AS fresh FROM staff_sessions WHERE staff_id = $1", [account.id]);
    expect(rows[0].fresh).toBe(true);
  });

  it("ends at its 12-hour limit however much it is used", async () => {
    const account = await createStaffAccount(server, "admin");
    const session = await signIn(account.email, STAFF_TEST_PASSWORD);
    await db().query("UPDATE staff_sessions SET expires_at = now() - interval '1 second' WHERE staff_id = $1", [account.id]);
    expect(await sessionWorks(session.cookie)).toBe(10401);
  });
});

describe("signing out", () => {
  it("ends this session and clears the cookie", async () => {
    const account = await createStaffAccount(server, "editor");
    const session = await signIn(account.email, STAFF_TEST_PASSWORD);
    const other = await signIn(account.email, STAFF_TEST_PASSWORD);
    const answer = await request("post", adminStaffApi.staffSignOut, { cookie: session.cookie, csrf: session.csrf });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ signed_out: true });
    const cleared = answer.headers.getSetCookie().find((c) => c.startsWith("staff_session="));
    expect(cleared).toMatch(/^staff_session=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
    const after = await request("post", adminStaffApi.staffSignOut, { cookie: session.cookie, csrf: session.csrf });
    expect(after.body.code).toBe(10401);
    // The account's other device stays signed in.
    expect((await request("post", adminStaffApi.totpDisable, { cookie: other.cookie, csrf: other.csrf, body: { password: "x" } })).body.code).not.toBe(10401);
  });

  it("everywhere ends every session of the account, this one included, and no one else's", async () => {
    const account = await createStaffAccount(server, "admin");
    const phone = await signIn(account.email, STAFF_TEST_PASSWORD);
    const laptop = await signIn(account.email, STAFF_TEST_PASSWORD);
    const answer = await request("post", adminStaffApi.staffSignOutEverywhere, { cookie: laptop.cookie, csrf: laptop.csrf });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ sessions_ended: 2 });
    expect(await sessionWorks(phone.cookie)).toBe(10401);
    expect(await sessionWorks(laptop.cookie)).toBe(10401);
    expect(await sessionWorks(admin.cookie)).toBe(0);
  });
});

describe("refused sign-ins", () => {
  it("answer exactly the same for an unknown account, a wrong password, an account without a password and a disabled one", async () => {
    const known = await createStaffAccount(server, "support");
    const disabled = await createStaffAccount(server, "support");
    await db().query("UPDATE staff_users SET disabled_at = now() WHERE id = $1", [disabled.id]);
    await admin.post(adminStaffApi.staffInvite, { email: `never-set-${Date.now()}@example.com`, role: "editor" });
    const { rows } = await db().query("SELECT email FROM staff_users WHERE password_hash IS NULL ORDER BY id DESC LIMIT 1");
    const attempts = [
      await signIn(`nobody-${Date.now()}@example.com`, STAFF_TEST_PASSWORD),
      await signIn(known.email, "not the right password"),
      await signIn(rows[0].email, STAFF_TEST_PASSWORD),
      await signIn(disabled.email, STAFF_TEST_PASSWORD),
    ];
    for (const attempt of attempts) {
      expect({ status: attempt.status, body: attempt.body, cookie: attempt.setCookie }).toEqual({
        status: 401,
        body: { code: 10402, msg: attempts[0]!.body.msg, data: null },
        cookie: "",
      });
    }
    expect(attempts[0]!.body.msg).toBe("The email address or password is not correct.");
  });

  it("are limited per account, across different addresses: then even the right password waits (429 10030)", async () => {
    const account = await createStaffAccount(server, "editor");
    const perAccount = ABUSE_RULES["staff-sign-in"].find((r) => r.per === "target")!.max;
    for (let i = 0; i < perAccount; i++) {
      const attempt = await signIn(account.email, `wrong password ${i}`);
      expect(attempt.body.code).toBe(10402);
    }
    const blocked = await signIn(account.email, STAFF_TEST_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe(10030);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(blocked.setCookie).toBe("");
    // The limit counts the address too: it is spent for unknown accounts the same way.
    const unknown = `ghost-${Date.now()}@example.com`;
    for (let i = 0; i < perAccount; i++) expect((await signIn(unknown, "whatever")).body.code).toBe(10402);
    expect((await signIn(unknown, "whatever")).body.code).toBe(10030);
  });

  it("are limited per address, whichever accounts it tries (429 10030)", async () => {
    const perAddress = ABUSE_RULES["staff-sign-in"].find((r) => r.per === "client")!.max;
    const address = { "x-forwarded-for": "100.71.0.1" };
    for (let i = 0; i < perAddress; i++) {
      const attempt = await signIn(`spray-${i}-${Date.now()}@example.com`, "password123456", { headers: address });
      expect(attempt.body.code).toBe(10402);
    }
    const account = await createStaffAccount(server, "editor");
    const blocked = await signIn(account.email, STAFF_TEST_PASSWORD, { headers: address });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe(10030);
    // Another address is not affected.
    expect((await signIn(account.email, STAFF_TEST_PASSWORD)).status).toBe(200);
  });
});

describe("one-time password links", () => {
  it("set a password once (a second use is 10410) and end the account's sessions", async () => {
    const account = await createStaffAccount(server, "support");
    const session = await signIn(account.email, STAFF_TEST_PASSWORD);
    const link = await admin.post(adminStaffApi.staffResetLink, { id: account.id });
    expect(link.status).toBe(200);
    const token = new URL(link.body.data.link).searchParams.get("token")!;
    expect(link.body.data.link).toMatch(/\/admin\/set-password\?token=/);

    const check = await request("get", adminStaffApi.passwordLinkCheck, { body: { token } });
    expect(check.body).toMatchObject({ code: 0, data: { email: account.email } });

    const used = await request("post", adminStaffApi.passwordSet, { body: { token, password: "a brand new password" } });
    expect(used.status).toBe(200);
    expect(used.body.data).toEqual({ email: account.email });
    expect((await request("post", adminStaffApi.staffSignOut, { cookie: session.cookie, csrf: session.csrf })).body.code).toBe(10401);

    const again = await request("post", adminStaffApi.passwordSet, { body: { token, password: "another new password" } });
    expect(again.status).toBe(410);
    expect(again.body.code).toBe(10410);
    expect((await request("get", adminStaffApi.passwordLinkCheck, { body: { token } })).body.code).toBe(10410);
    expect((await signIn(account.email, "a brand new password")).status).toBe(200);
    expect((await signIn(account.email, STAFF_TEST_PASSWORD)).body.code).toBe(10402);
  });

  it("stop working when a newer link is made, and refuse a short password", async () => {
    const account = await createStaffAccount(server, "support");
    const first = new URL((await admin.post(adminStaffApi.staffResetLink, { id: account.id })).body.data.link).searchParams.get("token")!;
    const second = new URL((await admin.post(adminStaffApi.staffResetLink, { id: account.id })).body.data.link).searchParams.get("token")!;
    expect((await request("post", adminStaffApi.passwordSet, { body: { token: first, password: "a perfectly long password" } })).body.code).toBe(10410);
    const short = await request("post", adminStaffApi.passwordSet, { body: { token: second, password: "short" } });
    expect(short.body).toMatchObject({ code: 10101, data: { field: "password" } });
    expect((await request("post", adminStaffApi.passwordSet, { body: { token: second, password: "a perfectly long password" } })).status).toBe(200);
  });

  it("expire after 48 hours", async () => {
    const account = await createStaffAccount(server, "support");
    const token = new URL((await admin.post(adminStaffApi.staffResetLink, { id: account.id })).body.data.link).searchParams.get("token")!;
    await db().query("UPDATE staff_password_tokens SET expires_at = now() - interval '1 second' WHERE staff_id = $1 AND used_at IS NULL", [account.id]);
    expect((await request("post", adminStaffApi.passwordSet, { body: { token, password: "a perfectly long password" } })).body.code).toBe(10410);
  });
});

describe("the second factor", () => {
  it("is set up with a QR code and confirmed with a current code; it cannot be set up again while on", async () => {
    const account = await createStaffAccount(server, "editor");
    const me = await signInAs(server, "editor", account);
    const begun = await me.post(adminStaffApi.totpBegin);
    expect(begun.status).toBe(200);
    expect(begun.body.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(begun.body.data.uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(begun.body.data.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(begun.body.data.qr_svg).not.toMatch(/<script|on\w+=/i);

    const wrong = await me.post(adminStaffApi.totpConfirm, { code: "12345" });
    expect(wrong.body).toMatchObject({ code: 10101, data: { field: "code" } });
    const confirmed = await me.post(adminStaffApi.totpConfirm, { code: currentTotp(begun.body.data.secret) });
    expect(confirmed.body).toMatchObject({ code: 0, data: { enabled: true } });
    const again = await me.post(adminStaffApi.totpBegin);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(10409);

    const off = await me.post(adminStaffApi.totpDisable, { password: "not my password" });
    expect(off.body).toMatchObject({ code: 10402, data: { field: "password" } });
    expect((await me.post(adminStaffApi.totpDisable, { password: STAFF_TEST_PASSWORD })).body.data).toEqual({ enabled: false });
  });

  it("ends the account's other sessions when it is turned on, as a new password does, and keeps this one (issue 26)", async () => {
    const account = await createStaffAccount(server, "admin");
    const me = await signInAs(server, "admin", account);
    const laptop = await signInAs(server, "admin", account);
    const changed = await me.post(adminStaffApi.passwordChange, { current: STAFF_TEST_PASSWORD, password: "a changed long password" });
    expect(changed.body.code).toBe(0);
    expect(await sessionWorks(laptop.cookie)).toBe(10401);
    expect(await sessionWorks(me.cookie)).toBe(0);

    const phone = await signIn(account.email, "a changed long password");
    expect(await sessionWorks(phone.cookie)).toBe(0);
    const begun = await me.post(adminStaffApi.totpBegin);
    expect((await me.post(adminStaffApi.totpConfirm, { code: currentTotp(begun.body.data.secret) })).body.data).toEqual({ enabled: true });
    // Whoever had the password alone must now sign in again, with the code.
    expect(await sessionWorks(phone.cookie)).toBe(10401);
    expect(await sessionWorks(me.cookie)).toBe(0);
    const [entry] = (await db().query("SELECT after FROM audit_log WHERE action = 'totp-enable' AND entity_id = $1", [String(account.id)])).rows;
    expect(entry.after).toEqual({ totp: true, other_sessions_ended: 1 });
  });

  it("makes sign-in ask for the code (10406), accept a current one, and refuse it replayed", async () => {
    const account = await createStaffAccount(server, "support");
    const { secret } = (await beginTotp(server.database.db, account))!;
    await db().query("UPDATE staff_users SET totp_enabled_at = now() WHERE id = $1", [account.id]);

    // A wrong password says nothing about the second factor.
    expect((await signIn(account.email, "wrong password")).body.code).toBe(10402);
    const asked = await signIn(account.email, STAFF_TEST_PASSWORD);
    expect(asked.status).toBe(401);
    expect(asked.body.code).toBe(10406);
    expect(asked.setCookie).toBe("");

    const code = currentTotp(secret);
    const accepted = await signIn(account.email, STAFF_TEST_PASSWORD, { code });
    expect(accepted.status).toBe(200);
    expect(accepted.setCookie).toMatch(/^staff_session=/);

    const replayed = await signIn(account.email, STAFF_TEST_PASSWORD, { code });
    expect(replayed.status).toBe(401);
    expect(replayed.body.code).toBe(10402);
    expect(replayed.setCookie).toBe("");
  });

  it("accepts the next step's code once the current one is used (clock drift), never an older one after it", async () => {
    const account = await createStaffAccount(server, "support");
    const { secret } = (await beginTotp(server.database.db, account))!;
    await db().query("UPDATE staff_users SET totp_enabled_at = now() WHERE id = $1", [account.id]);
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" });
    expect((await signIn(account.email, STAFF_TEST_PASSWORD, { code: totp.generate({ timestamp: Date.now() + 30_000 }) })).status).toBe(200);
    expect((await signIn(account.email, STAFF_TEST_PASSWORD, { code: currentTotp(secret) })).body.code).toBe(10402);
  });
});

describe("cross-site request forgery", () => {
  it("refuses a staff POST without the session's X-CSRF-Token, or with a wrong one (403 10408)", async () => {
    const missing = await request("post", adminStaffApi.staffInvite, {
      cookie: admin.cookie,
      body: { email: `csrf-${Date.now()}@example.com`, role: "editor" },
    });
    expect(missing.status).toBe(403);
    expect(missing.body.code).toBe(10408);
    const wrong = await request("post", adminStaffApi.staffInvite, {
      cookie: admin.cookie,
      csrf: randomBytes(32).toString("base64url"),
      body: { email: `csrf-${Date.now()}@example.com`, role: "editor" },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe(10408);
    // Another session's token is just as wrong.
    const other = await signInAs(server, "admin");
    const borrowed = await request("post", adminStaffApi.staffInvite, {
      cookie: admin.cookie,
      csrf: other.csrf,
      body: { email: `csrf-${Date.now()}@example.com`, role: "editor" },
    });
    expect(borrowed.body.code).toBe(10408);
    const { rows } = await db().query("SELECT count(*)::int AS n FROM staff_users WHERE email LIKE 'csrf-%'");
    expect(rows[0].n).toBe(0);
  });

  it("refuses a POST a browser sends for another site (403 10403), whatever else it carries", async () => {
    const body = { email: `xsite-${Date.now()}@example.com`, role: "editor" };
    const evil = await request("post", adminStaffApi.staffInvite, {
      cookie: admin.cookie,
      csrf: admin.csrf,
      body,
      headers: { origin: "https://evil.example" },
    });
    expect(evil.status).toBe(403);
    expect(evil.body.code).toBe(10403);
    const crossSite = await request("post", adminStaffApi.staffInvite, {
      cookie: admin.cookie,
      csrf: admin.csrf,
      body,
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.code).toBe(10403);
    const signInFromElsewhere = await request("post", adminStaffApi.staffSignIn, {
      body: { email: admin.email, password: STAFF_TEST_PASSWORD },
      headers: { origin: "https://evil.example" },
    });
    expect(signInFromElsewhere.body.code).toBe(10403);
    const { rows } = await db().query("SELECT count(*)::int AS n FROM staff_users WHERE email LIKE 'xsite-%'");
    expect(rows[0].n).toBe(0);
  });

  it("lets the same origin through", async () => {
    const answer = await request("post", adminStaffApi.staffInvite, {
      cookie: admin.cookie,
      csrf: admin.csrf,
      body: { email: `same-origin-${Date.now()}@example.com`, role: "editor" },
      headers: { origin: server.baseUrl, "sec-fetch-site": "same-origin" },
    });
    expect(answer.status).toBe(200);
  });
});

describe("the audit log", () => {
  it("records sign-in, invite, role change and set-password, with who, when, before and after", async () => {
    const boss = await signInAs(server, "admin");
    const email = `audited-${Date.now()}@example.com`;
    const invite = await boss.post(adminStaffApi.staffInvite, { email, name: "Audited Person", role: "support" });
    expect(invite.status).toBe(200);
    const id = invite.body.data.id;
    const token = new URL(invite.body.data.link).searchParams.get("token")!;
    expect((await request("post", adminStaffApi.passwordSet, { body: { token, password: "audited password here" } })).status).toBe(200);
    const changed = await boss.post(adminStaffApi.staffUpdate, { id, role: "editor" });
    expect(changed.body.data).toMatchObject({ id, role: "editor", has_password: true });

    const log = await boss.get(adminStaffApi.auditList, { entity: "staff", page_size: "50" });
    expect(log.status).toBe(200);
    const entries = (
      log.body.data.list as { action: string; staff_email: string; entity_id: string; subject: string | null; before: unknown; after: unknown; at: string }[]
    ).filter((e) => e.entity_id === String(id) || (e.entity_id === String(boss.id) && e.action === "sign-in"));
    const byAction = Object.fromEntries(entries.map((e) => [e.action, e]));
    expect(byAction["sign-in"]).toMatchObject({ staff_email: boss.email, entity_id: String(boss.id) });
    expect(byAction.invite).toMatchObject({ staff_email: boss.email, subject: email, after: { email, name: "Audited Person", role: "support" } });
    expect(byAction["set-password"]).toMatchObject({ staff_email: email, subject: email });
    expect(byAction.update).toMatchObject({
      staff_email: boss.email,
      before: { role: "support", disabled: false },
      after: { role: "editor", disabled: false },
    });
    for (const e of entries) expect(Date.now() - Date.parse(e.at)).toBeLessThan(60_000);
    // Newest first.
    const order = entries.map((e) => e.action);
    expect(order.indexOf("update")).toBeLessThan(order.indexOf("set-password"));
    expect(order.indexOf("set-password")).toBeLessThan(order.indexOf("invite"));

    const mine = await boss.get(adminStaffApi.auditList, { staff: email.toUpperCase() });
    expect(mine.body.data.list.map((e: { action: string }) => e.action)).toEqual(["set-password"]);
  });

  it("records nothing for a refused change: the last admin stays, with the reason in detail", async () => {
    await db().query("UPDATE staff_users SET role = 'editor' WHERE role = 'admin' AND id <> $1", [admin.id]);
    const before = (await db().query("SELECT count(*)::int AS n FROM audit_log")).rows[0].n;
    const refused = await admin.post(adminStaffApi.staffUpdate, { id: admin.id, role: "support" });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 10409, data: { field: "role", detail: expect.stringMatching(/admin/) } });
    const disable = await admin.post(adminStaffApi.staffUpdate, { id: admin.id, disabled: "true" });
    expect(disable.body.code).toBe(10409);
    // "false" as text means false (not the truthy string it would be to a plain coercion).
    const noop = await admin.post(adminStaffApi.staffUpdate, { id: admin.id, disabled: "false" });
    expect(noop.body.data).toMatchObject({ id: admin.id, role: "admin", disabled_at: null });
    expect((await db().query("SELECT count(*)::int AS n FROM audit_log")).rows[0].n).toBe(before);
  });
});

describe("staff API answers", () => {
  it("are never cached, refusals and invalid input included", async () => {
    for (const answer of [
      await request("get", adminStaffApi.staffList),
      await request("post", adminStaffApi.staffSignIn, { body: { email: "not-an-email", password: "x" } }),
      await request("get", "/admin/no-such-endpoint"),
      await request("get", adminStaffApi.staffList, { cookie: admin.cookie }),
    ]) {
      expect(answer.headers.get("cache-control")).toBe("no-store");
    }
  });
});

// ---- role matrix -------------------------------------------------------------------------
// Every staff endpoint the API declares, tried without a session and with each role: what a
// role may do is settled before the handler by canUse(role, area), so endpoints added later
// are covered here without anyone listing them.

const STAFF_CALLS = ENDPOINTS.filter((ep) => ep.staff).flatMap((ep) =>
  ep.methods.map((method) => ({ method, path: ep.path.replace(/:(\w+)/g, "1"), area: ep.staff!, label: `${method.toUpperCase()} ${ep.path} (${ep.staff})` })),
);

/** A session made straight in the database, so the matrix is not slowed or limited by sign-ins. */
async function mintSession(staffId: number): Promise<{ cookie: string; csrf: string }> {
  const id = randomBytes(32).toString("base64url");
  const csrf = randomBytes(32).toString("base64url");
  await db().query("INSERT INTO staff_sessions (hash, staff_id, csrf_token, expires_at) VALUES ($1, $2, $3, now() + interval '1 hour')", [
    sha256(id),
    staffId,
    csrf,
  ]);
  return { cookie: `staff_session=${id}`, csrf };
}

describe("role matrix", () => {
  const accounts = {} as Record<StaffRole, { id: number; email: string }>;
  beforeAll(async () => {
    for (const role of STAFF_ROLES) accounts[role] = await createStaffAccount(server, role);
  });

  it("covers every staff endpoint (and they all live under /admin)", () => {
    const paths = STAFF_CALLS.map((c) => c.label);
    expect(paths).toEqual(
      expect.arrayContaining([
        "GET /admin/staff (staff)",
        "GET /admin/audit (audit)",
        "POST /admin/account/password (account)",
        "POST /admin/staff/update (staff)",
      ]),
    );
    for (const call of STAFF_CALLS) expect(call.path).toMatch(/^\/admin\//);
  });

  describe.each(STAFF_CALLS)("$label", ({ method, path, area }) => {
    it("answers 401 10401 without a session, and with an unknown one", async () => {
      const none = await request(method, path);
      expect({ status: none.status, code: none.body.code }).toEqual({ status: 401, code: 10401 });
      const forged = await request(method, path, { cookie: `staff_session=${randomBytes(32).toString("base64url")}`, csrf: "x" });
      expect({ status: forged.status, code: forged.body.code }).toEqual({ status: 401, code: 10401 });
    });

    it.each(STAFF_ROLES)("as %s: passes the access check exactly when canUse says so", async (role) => {
      const session = await mintSession(accounts[role].id);
      const answer = await request(method, path, session);
      if (canUse(role, area)) {
        expect([10401, 10407, 10408], `${role} was refused: ${answer.status} ${JSON.stringify(answer.body)}`).not.toContain(answer.body.code);
        expect(answer.status).toBeLessThan(500);
      } else {
        expect({ status: answer.status, code: answer.body.code }).toEqual({ status: 403, code: 10407 });
      }
    });
  });
});
