/**
 * Staff accounts, passwords, sessions and the audit log (docs/decisions/0020).
 * - Passwords: scrypt from node:crypto (memory-hard, no native add-on), parameters stored with
 *   each hash so they can be raised later; compared in constant time.
 * - Sessions: a random id in an HttpOnly cookie, only its hash in staff_sessions; a new id on every
 *   sign-in; valid while used within STAFF_IDLE_MINUTES and never longer than STAFF_SESSION_HOURS.
 *   Checking a session and sliding its idle time is one conditional UPDATE ... RETURNING.
 * - Sign-in attempts are spent through the abuse-limit mechanism per address and per account
 *   before the password is looked at, and an unknown account costs the same scrypt as a known one.
 * - TOTP (RFC 6238) with `otpauth`, optional per account.
 * - Every change to an account or a session is written to the audit log in the transaction that
 *   makes it (who, what, when, before and after).
 */
import { createHash, randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { sql } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import type { StaffIdentity, StaffRole } from "@contracts/staff-access";
import type { Database, Executor } from "../db/client.server";
import { isoUtc } from "../db/sql-helpers.server";
import { spendAllowance } from "../infrastructure/abuse-limits.server";

export const STAFF_IDLE_MINUTES = 60;
export const STAFF_SESSION_HOURS = 12;
export const PASSWORD_LINK_HOURS = 48;
const TOTP_ISSUER = "Facet Browser staff";

const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url");
const randomToken = () => randomBytes(32).toString("base64url");

// ---- passwords -----------------------------------------------------------------------------

/** OWASP's scrypt setting of N=2^15, r=8, p=3 (32 MiB, about 0.1 s here). */
const SCRYPT = { N: 2 ** 15, r: 8, p: 3, keyLength: 32 };

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password.normalize("NFKC"), salt, keyLength, { ...options, maxmem: 256 * 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, SCRYPT.keyLength, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p });
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

/** A hash of nothing anyone knows, so an unknown account takes as long as a wrong password. */
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const encoded = stored ?? (await (decoyHash ??= hashPassword(randomToken())));
  const parts = encoded.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [, n, r, p, salt, key] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(key, "base64url");
  const actual = await scrypt(password, Buffer.from(salt, "base64url"), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  return stored !== null && timingSafeEqual(actual, expected);
}

// ---- accounts ------------------------------------------------------------------------------

export type StaffRow = {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  created_at: string;
  disabled_at: string | null;
  has_password: boolean;
  totp_enabled: boolean;
  last_seen_at: string | null;
};

export class StaffConflict extends Error {}

/** Who did something, as the audit log records it: a staff member, or the command line (no account). */
export type AuditActor = { id: number | null; email: string };
/** `npm run staff:create` acts without an account. */
export const COMMAND_LINE: AuditActor = { id: null, email: "npm run staff:create" };

/** A new account without a password (it gets one through the returned one-time link token). */
export async function createStaff(
  db: Database,
  input: { email: string; name?: string; role: StaffRole },
  actor: AuditActor = COMMAND_LINE,
): Promise<{ id: number; token: string }> {
  return db.transaction(async (tx) => {
    const email = input.email.toLowerCase();
    const { rows } = await tx.execute<{ id: number }>(sql`
      INSERT INTO staff_users (email, name, role) VALUES (${email}, ${input.name ?? ""}, ${input.role})
      ON CONFLICT ((lower(email))) DO NOTHING RETURNING id`);
    if (!rows[0]) throw new StaffConflict(input.email);
    await audit(tx, actor, { action: "invite", entity: "staff", entityId: rows[0].id, after: { email, name: input.name ?? "", role: input.role } });
    return { id: rows[0].id, token: await issuePasswordToken(tx, rows[0].id) };
  });
}

/** A one-time link token to set a password; earlier unused links of the account stop working. */
export async function issuePasswordToken(db: Executor, staffId: number): Promise<string> {
  const token = randomToken();
  await db.execute(sql`DELETE FROM staff_password_tokens WHERE staff_id = ${staffId} AND used_at IS NULL`);
  await db.execute(sql`
    INSERT INTO staff_password_tokens (hash, staff_id, expires_at)
    VALUES (${sha256(token)}, ${staffId}, now() + make_interval(hours => ${PASSWORD_LINK_HOURS}))`);
  return token;
}

/** A new password link for an account (earlier unused links stop working); null when there is no such account. */
export async function resetPasswordLink(db: Database, actor: AuditActor, staffId: number): Promise<string | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: number }>(sql`SELECT id FROM staff_users WHERE id = ${staffId} FOR UPDATE`);
    if (!rows[0]) return null;
    const token = await issuePasswordToken(tx, staffId);
    await audit(tx, actor, { action: "password-link", entity: "staff", entityId: staffId });
    return token;
  });
}

/** The account a password link is for, if it is unused and unexpired. */
export async function passwordTokenAccount(db: Executor, token: string): Promise<{ email: string } | null> {
  const { rows } = await db.execute<{ email: string }>(sql`
    SELECT s.email FROM staff_password_tokens t JOIN staff_users s ON s.id = t.staff_id
    WHERE t.hash = ${sha256(token)} AND t.used_at IS NULL AND t.expires_at > now() AND s.disabled_at IS NULL`);
  return rows[0] ?? null;
}

/**
 * Uses a password link once: the conditional UPDATE lets exactly one of two concurrent uses
 * through. Every session of the account ends (a new password is a fresh start).
 */
export async function setPasswordWithToken(db: Database, token: string, password: string): Promise<{ id: number; email: string } | null> {
  const hash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ staff_id: number }>(sql`
      UPDATE staff_password_tokens SET used_at = now()
      WHERE hash = ${sha256(token)} AND used_at IS NULL AND expires_at > now() RETURNING staff_id`);
    if (!rows[0]) return null;
    const updated = await tx.execute<{ id: number; email: string }>(sql`
      UPDATE staff_users SET password_hash = ${hash} WHERE id = ${rows[0].staff_id} AND disabled_at IS NULL RETURNING id, email`);
    if (!updated.rows[0]) return null;
    const ended = await tx.execute(sql`DELETE FROM staff_sessions WHERE staff_id = ${rows[0].staff_id}`);
    await audit(tx, updated.rows[0], { action: "set-password", entity: "staff", entityId: updated.rows[0].id, after: { sessions_ended: ended.rowCount ?? 0 } });
    return updated.rows[0];
  });
}

/** A new password for the signed-in account (the current one is checked); its other sessions end. */
export async function changePassword(db: Database, staff: { id: number; email: string }, current: string, next: string, keepSession: string): Promise<boolean> {
  const { rows } = await db.execute<{ password_hash: string | null }>(sql`SELECT password_hash FROM staff_users WHERE id = ${staff.id}`);
  if (!(await verifyPassword(current, rows[0]?.password_hash ?? null))) return false;
  const hash = await hashPassword(next);
  await db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE staff_users SET password_hash = ${hash} WHERE id = ${staff.id}`);
    const ended = await tx.execute(sql`DELETE FROM staff_sessions WHERE staff_id = ${staff.id} AND hash <> ${sha256(keepSession)}`);
    await audit(tx, staff, { action: "change-password", entity: "staff", entityId: staff.id, after: { other_sessions_ended: ended.rowCount ?? 0 } });
  });
  return true;
}

export async function listStaff(db: Executor): Promise<StaffRow[]> {
  const { rows } = await db.execute<StaffRow>(sql`
    SELECT s.id, s.email, s.name, s.role, ${isoUtc(sql`s.created_at`)} AS created_at, ${isoUtc(sql`s.disabled_at`)} AS disabled_at,
           s.password_hash IS NOT NULL AS has_password, s.totp_enabled_at IS NOT NULL AS totp_enabled,
           ${isoUtc(sql`(SELECT max(last_seen_at) FROM staff_sessions WHERE staff_id = s.id)`)} AS last_seen_at
    FROM staff_users s ORDER BY s.disabled_at IS NOT NULL, s.role, s.email`);
  return rows;
}

export async function staffById(db: Executor, id: number): Promise<StaffRow | null> {
  return (await listStaff(db)).find((s) => s.id === id) ?? null;
}

/**
 * Changes an account's role or disables it, keeping at least one active admin: the check and the
 * change are one statement over a locked set of admins, so two admins cannot demote each other.
 * The audit entry (before and after) is written in the same transaction, when something changed.
 */
export async function updateStaff(
  db: Database,
  actor: AuditActor,
  id: number,
  change: { role?: StaffRole; disabled?: boolean },
): Promise<StaffRow | "last-admin" | null> {
  return db.transaction(async (tx) => {
    // Lock the active admins first: two admins demoting each other at once queue here.
    await tx.execute(sql`SELECT id FROM staff_users WHERE role = 'admin' AND disabled_at IS NULL ORDER BY id FOR UPDATE`);
    const others = await tx.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM staff_users WHERE role = 'admin' AND disabled_at IS NULL AND id <> ${id}`,
    );
    const current = await staffById(tx, id);
    if (!current) return null;
    const role = change.role ?? current.role;
    const disabled = change.disabled ?? current.disabled_at !== null;
    if (others.rows[0]!.n === 0 && current.role === "admin" && !current.disabled_at && (role !== "admin" || disabled)) return "last-admin";
    await tx.execute(sql`
      UPDATE staff_users SET role = ${role}, disabled_at = CASE WHEN ${disabled} THEN coalesce(disabled_at, now()) ELSE NULL END
      WHERE id = ${id}`);
    if (disabled) await tx.execute(sql`DELETE FROM staff_sessions WHERE staff_id = ${id}`);
    const before = { role: current.role, disabled: current.disabled_at !== null };
    const after = { role, disabled };
    if (before.role !== after.role || before.disabled !== after.disabled) {
      await audit(tx, actor, { action: "update", entity: "staff", entityId: id, before, after });
    }
    return (await staffById(tx, id))!;
  });
}

// ---- sign-in and sessions ------------------------------------------------------------------

export type SignInOutcome = { ok: true; staffId: number; sessionId: string; csrfToken: string } | { ok: false; reason: "failed" | "second-factor" };

/**
 * Checks an email and password (and the TOTP code when the account has one). Spends one attempt
 * per address and per account first, committed on its own, so failed attempts count.
 */
export async function signIn(
  db: Database,
  input: { email: string; password: string; code?: string; ip: string | undefined; userAgent: string; replaceSession?: string },
): Promise<SignInOutcome> {
  const email = input.email.toLowerCase();
  await db.transaction((tx) => spendAllowance(tx, "staff-sign-in", { ip: input.ip, target: email }));
  const { rows } = await db.execute<{
    id: number;
    email: string;
    password_hash: string | null;
    totp_secret: string | null;
    totp_enabled_at: string | null;
  }>(sql`
    SELECT id, email, password_hash, totp_secret, totp_enabled_at FROM staff_users WHERE lower(email) = ${email} AND disabled_at IS NULL`);
  const account = rows[0];
  const passwordOk = await verifyPassword(input.password, account?.password_hash ?? null);
  if (!account || !passwordOk) return { ok: false, reason: "failed" };
  if (account.totp_enabled_at && account.totp_secret) {
    if (!input.code) return { ok: false, reason: "second-factor" };
    if (!(await acceptTotp(db, account.id, account.totp_secret, input.code))) return { ok: false, reason: "failed" };
  }
  const session = await startSession(db, account, input.userAgent, input.replaceSession);
  return { ok: true, staffId: account.id, ...session };
}

async function startSession(
  db: Database,
  staff: { id: number; email: string },
  userAgent: string,
  replace?: string,
): Promise<{ sessionId: string; csrfToken: string }> {
  const sessionId = randomToken();
  const csrfToken = randomToken();
  await db.transaction(async (tx) => {
    // Rotation: whatever session the browser had before signing in ends here.
    if (replace) await tx.execute(sql`DELETE FROM staff_sessions WHERE hash = ${sha256(replace)}`);
    await tx.execute(sql`
      INSERT INTO staff_sessions (hash, staff_id, csrf_token, expires_at, user_agent)
      VALUES (${sha256(sessionId)}, ${staff.id}, ${csrfToken}, now() + make_interval(hours => ${STAFF_SESSION_HOURS}), ${userAgent.slice(0, 300)})`);
    await tx.execute(sql`DELETE FROM staff_sessions WHERE expires_at < now() OR last_seen_at < now() - make_interval(mins => ${STAFF_IDLE_MINUTES})`);
    await audit(tx, staff, { action: "sign-in", entity: "staff", entityId: staff.id });
  });
  return { sessionId, csrfToken };
}

/** The staff member of a session id, sliding its idle time; null when unknown, idle, expired or disabled. */
export async function authenticate(db: Executor, sessionId: string | undefined): Promise<StaffIdentity | null> {
  if (!sessionId || sessionId.length > 100) return null;
  const { rows } = await db.execute<{ id: number; email: string; name: string; role: StaffRole; csrf_token: string; totp: boolean }>(sql`
    UPDATE staff_sessions ss SET last_seen_at = now()
    FROM staff_users s
    WHERE ss.hash = ${sha256(sessionId)} AND s.id = ss.staff_id AND s.disabled_at IS NULL
      AND ss.expires_at > now() AND ss.last_seen_at > now() - make_interval(mins => ${STAFF_IDLE_MINUTES})
    RETURNING s.id, s.email, s.name, s.role, ss.csrf_token, s.totp_enabled_at IS NOT NULL AS totp`);
  const row = rows[0];
  return row ? { id: row.id, email: row.email, name: row.name, role: row.role, csrfToken: row.csrf_token, totpEnabled: row.totp } : null;
}

/** Signs out: this session ends (written to the audit log when it was one). */
export async function endSession(db: Database, staff: { id: number; email: string }, sessionId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { rowCount } = await tx.execute(sql`DELETE FROM staff_sessions WHERE hash = ${sha256(sessionId)} AND staff_id = ${staff.id}`);
    if (rowCount) await audit(tx, staff, { action: "sign-out", entity: "staff", entityId: staff.id });
  });
}

/** Sign out everywhere: every session of the account, this one included. */
export async function endAllSessions(db: Database, staff: { id: number; email: string }): Promise<number> {
  return db.transaction(async (tx) => {
    const { rowCount } = await tx.execute(sql`DELETE FROM staff_sessions WHERE staff_id = ${staff.id}`);
    await audit(tx, staff, { action: "sign-out-everywhere", entity: "staff", entityId: staff.id, after: { sessions_ended: rowCount ?? 0 } });
    return rowCount ?? 0;
  });
}

export type StaffSessionRow = { created_at: string; last_seen_at: string; expires_at: string; user_agent: string; current: boolean };

/** The account's live sessions (devices signed in), newest use first; `current` marks the asking one. */
export async function listSessions(db: Executor, staffId: number, currentSessionId: string | undefined): Promise<StaffSessionRow[]> {
  const { rows } = await db.execute<StaffSessionRow>(sql`
    SELECT ${isoUtc(sql`created_at`)} AS created_at, ${isoUtc(sql`last_seen_at`)} AS last_seen_at, ${isoUtc(sql`expires_at`)} AS expires_at,
           user_agent, hash = ${sha256(currentSessionId ?? "")} AS current
    FROM staff_sessions
    WHERE staff_id = ${staffId} AND expires_at > now() AND last_seen_at > now() - make_interval(mins => ${STAFF_IDLE_MINUTES})
    ORDER BY staff_sessions.last_seen_at DESC LIMIT 50`);
  return rows;
}

// ---- second factor -------------------------------------------------------------------------

function totpFor(email: string, secret: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ issuer: TOTP_ISSUER, label: email, algorithm: "SHA1", digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret) });
}

/**
 * A code is accepted within one step of clock drift, and never twice: the step it matched is
 * remembered (a code seen by someone over the shoulder cannot be replayed in the same 30 s).
 */
async function acceptTotp(db: Executor, staffId: number, secret: string, code: string): Promise<boolean> {
  const delta = totpFor("", secret).validate({ token: code, window: 1 });
  if (delta === null) return false;
  const step = Math.floor(Date.now() / 30_000) + delta;
  const { rowCount } = await db.execute(sql`
    UPDATE staff_users SET totp_last_step = ${step} WHERE id = ${staffId} AND (totp_last_step IS NULL OR totp_last_step < ${step})`);
  return (rowCount ?? 0) === 1;
}

/**
 * Starts setting up a second factor: a new secret (not active until confirmed with a code).
 * Refused (null) while a second factor is on: replacing it would turn it off without the
 * password, which only disableTotp may do.
 */
export async function beginTotp(db: Database, staff: { id: number; email: string }): Promise<{ secret: string; uri: string } | null> {
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  return db.transaction(async (tx) => {
    const { rowCount } = await tx.execute(sql`
      UPDATE staff_users SET totp_secret = ${secret}, totp_last_step = NULL WHERE id = ${staff.id} AND totp_enabled_at IS NULL`);
    if (!rowCount) return null;
    await audit(tx, staff, { action: "totp-begin", entity: "staff", entityId: staff.id });
    return { secret, uri: totpFor(staff.email, secret).toString() };
  });
}

/**
 * Turns the second factor on with a current code of the secret beginTotp made, and ends the
 * account's other sessions (this one, `keepSession`, stays): a session opened with the password
 * alone, perhaps by whoever made the account need a second factor, must sign in again with it.
 */
export async function confirmTotp(db: Database, staff: { id: number; email: string }, code: string, keepSession: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ totp_secret: string | null; enabled: boolean }>(sql`
      SELECT totp_secret, totp_enabled_at IS NOT NULL AS enabled FROM staff_users WHERE id = ${staff.id} FOR UPDATE`);
    const secret = rows[0]?.totp_secret;
    if (!secret || !(await acceptTotp(tx, staff.id, secret, code))) return false;
    if (rows[0]!.enabled) return true;
    await tx.execute(sql`UPDATE staff_users SET totp_enabled_at = now() WHERE id = ${staff.id}`);
    const ended = await tx.execute(sql`DELETE FROM staff_sessions WHERE staff_id = ${staff.id} AND hash <> ${sha256(keepSession)}`);
    await audit(tx, staff, {
      action: "totp-enable",
      entity: "staff",
      entityId: staff.id,
      before: { totp: false },
      after: { totp: true, other_sessions_ended: ended.rowCount ?? 0 },
    });
    return true;
  });
}

/** Turns the second factor off; the password is asked again, so a walked-away session cannot. */
export async function disableTotp(db: Database, staff: { id: number; email: string }, password: string): Promise<boolean> {
  const { rows } = await db.execute<{ password_hash: string | null }>(sql`SELECT password_hash FROM staff_users WHERE id = ${staff.id}`);
  if (!(await verifyPassword(password, rows[0]?.password_hash ?? null))) return false;
  await db.transaction(async (tx) => {
    const { rows: was } = await tx.execute<{ enabled: boolean }>(sql`
      SELECT totp_enabled_at IS NOT NULL AS enabled FROM staff_users WHERE id = ${staff.id} FOR UPDATE`);
    await tx.execute(sql`UPDATE staff_users SET totp_secret = NULL, totp_enabled_at = NULL, totp_last_step = NULL WHERE id = ${staff.id}`);
    await audit(tx, staff, { action: "totp-disable", entity: "staff", entityId: staff.id, before: { totp: was[0]?.enabled ?? false }, after: { totp: false } });
  });
  return true;
}

/** The current code of a secret (tests and the e2e scenario sign in with it). */
export function currentTotp(secret: string): string {
  return totpFor("", secret).generate();
}

// ---- audit log -----------------------------------------------------------------------------

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | number;
  before?: unknown;
  after?: unknown;
}

/** Writes one audit entry; call it in the transaction of the change it records. */
export async function audit(db: Executor, staff: Pick<StaffIdentity, "id" | "email"> | AuditActor, entry: AuditEntry): Promise<void> {
  await db.execute(sql`
    INSERT INTO audit_log (staff_id, staff_email, action, entity, entity_id, before, after)
    VALUES (${staff.id}, ${staff.email}, ${entry.action}, ${entry.entity}, ${String(entry.entityId ?? "")},
            ${entry.before === undefined ? null : JSON.stringify(entry.before)}::jsonb,
            ${entry.after === undefined ? null : JSON.stringify(entry.after)}::jsonb)`);
}

/**
 * Audit entries that keep enough to be undone from the log (POST /admin/audit/restore): a weekly
 * schedule save or restore (the whole schedule before and after) and a comment's deletion (the
 * whole comment). Other changes are undone by the opposite action in their own page.
 */
export const RESTORABLE_AUDIT: Readonly<Record<string, readonly string[]>> = {
  "booking-schedule": ["update", "restore"],
  comment: ["delete"],
};

const restorableSql = sql.join(
  Object.entries(RESTORABLE_AUDIT).map(
    ([entity, actions]) =>
      sql`(a.entity = ${entity} AND a.action IN (${sql.join(
        actions.map((x) => sql`${x}`),
        sql`, `,
      )}))`,
  ),
  sql` OR `,
);

/** The entity an audit entry is about; null when there is no such entry. */
export async function auditEntity(db: Executor, id: number): Promise<string | null> {
  const { rows } = await db.execute<{ entity: string }>(sql`SELECT entity FROM audit_log WHERE id = ${id}`);
  return rows[0]?.entity ?? null;
}

export type AuditRow = {
  id: number;
  staff_email: string;
  action: string;
  entity: string;
  entity_id: string;
  /** What the entry is about, in words, where the log can tell (a staff entry: the account's email). */
  subject: string | null;
  before: unknown;
  after: unknown;
  at: string;
  /** Whether the entry can be undone from the log (RESTORABLE_AUDIT). */
  restorable: boolean;
};

export async function listAudit(
  db: Executor,
  q: { page: number; pageSize: number; entity?: string; staff?: string },
): Promise<{ list: AuditRow[]; total: number }> {
  const entity = q.entity || null;
  const staff = q.staff?.toLowerCase() || null;
  const where = sql`(${entity}::text IS NULL OR entity = ${entity}) AND (${staff}::text IS NULL OR lower(staff_email) = ${staff})`;
  const [list, total] = await Promise.all([
    db.execute<AuditRow>(sql`
      SELECT a.id, a.staff_email, a.action, a.entity, a.entity_id, a.before, a.after, ${isoUtc(sql`a.at`)} AS at, (${restorableSql}) AS restorable,
             CASE WHEN a.entity = 'staff' THEN (SELECT s.email FROM staff_users s WHERE s.id::text = a.entity_id) END AS subject
      FROM audit_log a WHERE ${where}
      ORDER BY a.at DESC, a.id DESC LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`),
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log WHERE ${where}`),
  ]);
  return { list: list.rows, total: total.rows[0]!.n };
}

/** What the audit log can be filtered by: the entities and the staff emails it has entries for. */
export async function auditFacets(db: Executor): Promise<{ entities: string[]; staff: string[] }> {
  const [entities, staff] = await Promise.all([
    db.execute<{ entity: string }>(sql`SELECT DISTINCT entity FROM audit_log ORDER BY entity`),
    db.execute<{ staff_email: string }>(sql`SELECT DISTINCT staff_email FROM audit_log ORDER BY staff_email LIMIT 500`),
  ]);
  return { entities: entities.rows.map((r) => r.entity), staff: staff.rows.map((r) => r.staff_email) };
}
