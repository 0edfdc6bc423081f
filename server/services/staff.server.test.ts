import { randomBytes, scryptSync } from "node:crypto";
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database";
import {
  authenticate,
  beginTotp,
  confirmTotp,
  createStaff,
  currentTotp,
  disableTotp,
  hashPassword,
  setPasswordWithToken,
  signIn,
  updateStaff,
  verifyPassword,
} from "./staff.server";

describe("passwords", () => {
  it("are stored as scrypt with their parameters, salt and key", async () => {
    const stored = await hashPassword("correct horse battery staple");
    const [scheme, n, r, p, salt, key] = stored.split("$");
    expect(scheme).toBe("scrypt");
    expect([Number(n), Number(r), Number(p)]).toEqual([2 ** 15, 8, 3]);
    expect(Buffer.from(salt!, "base64url")).toHaveLength(16);
    expect(Buffer.from(key!, "base64url")).toHaveLength(32);
    expect(stored).not.toContain("correct horse");
  });

  it("verify the right password only", async () => {
    const stored = await hashPassword("correct horse battery staple");
    expect(await verifyPassword("correct horse battery staple", stored)).toBe(true);
    expect(await verifyPassword("correct horse battery stapl", stored)).toBe(false);
    expect(await verifyPassword("Correct horse battery staple", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("get a different salt each time, so equal passwords have different hashes", async () => {
    const [a, b] = await Promise.all([hashPassword("the same password"), hashPassword("the same password")]);
    expect(a).not.toBe(b);
    expect(a.split("$")[4]).not.toBe(b.split("$")[4]);
    expect(await verifyPassword("the same password", a)).toBe(true);
    expect(await verifyPassword("the same password", b)).toBe(true);
  });

  it("are checked with the parameters stored beside them (so they can be raised later)", async () => {
    const salt = randomBytes(16);
    const key = scryptSync("an older password", salt, 32, { N: 2 ** 10, r: 8, p: 1 });
    const old = `scrypt$${2 ** 10}$8$1$${salt.toString("base64url")}$${key.toString("base64url")}`;
    expect(await verifyPassword("an older password", old)).toBe(true);
    expect(await verifyPassword("another password", old)).toBe(false);
  });

  it("are compared in one Unicode form (NFKC), however the keyboard composed them", async () => {
    const stored = await hashPassword("Crème brûlée for twelve");
    expect(await verifyPassword("Cre\u0300me bru\u0302le\u0301e for twelve", stored)).toBe(true);
  });

  it("are never right for an account without one, or for a malformed hash", async () => {
    expect(await verifyPassword("anything at all", null)).toBe(false);
    expect(await verifyPassword("anything at all", "plain-text")).toBe(false);
    expect(await verifyPassword("anything at all", "bcrypt$1$2$3$4$5")).toBe(false);
  });
});

describe("with a database", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  let seq = 0;
  async function account(role: "admin" | "editor" | "support" = "editor", password = "a long unit-test password") {
    const email = `unit-${++seq}-${Date.now()}@example.com`;
    const { id, token } = await createStaff(database.db, { email, role });
    await setPasswordWithToken(database.db, token, password);
    return { id, email, password };
  }
  const auditOf = async (staffId: number) =>
    (
      await database.pool.query("SELECT action, staff_email, before, after FROM audit_log WHERE entity = 'staff' AND entity_id = $1 ORDER BY id", [
        String(staffId),
      ])
    ).rows;
  let address = 0;
  const ip = () => `192.0.2.${++address}`;
  /** A code no step within the allowed drift has. */
  const wrongCode = (secret: string) => {
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" });
    const near = [-60_000, -30_000, 0, 30_000, 60_000].map((d) => totp.generate({ timestamp: Date.now() + d }));
    return ["000000", "111111", "222222", "333333", "444444", "555555"].find((c) => !near.includes(c))!;
  };

  describe("TOTP", () => {
    it("accepts a current code once: the same code again is refused, and so is an older one after a newer", async () => {
      const staff = await account();
      const started = await beginTotp(database.db, staff);
      expect(started).not.toBeNull();
      const { secret, uri } = started!;
      expect(uri).toMatch(/^otpauth:\/\/totp\//);
      expect(uri).toContain(encodeURIComponent(staff.email));

      const code = currentTotp(secret);
      expect(await confirmTotp(database.db, staff, code, "")).toBe(true);
      // The same code, replayed within its 30 seconds, is refused (by confirm and by sign-in).
      expect(await confirmTotp(database.db, staff, code, "")).toBe(false);
      const replay = await signIn(database.db, { email: staff.email, password: staff.password, code, ip: ip(), userAgent: "test" });
      expect(replay).toEqual({ ok: false, reason: "failed" });

      // The next step's code (within the allowed drift) is new, and passes once.
      const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" });
      const next = totp.generate({ timestamp: Date.now() + 30_000 });
      const signedIn = await signIn(database.db, { email: staff.email, password: staff.password, code: next, ip: ip(), userAgent: "test" });
      expect(signedIn.ok).toBe(true);
      // After it, a code of an earlier step is never accepted again.
      expect((await signIn(database.db, { email: staff.email, password: staff.password, code, ip: ip(), userAgent: "test" })).ok).toBe(false);
    });

    it("is asked for when on, and a wrong code fails like a wrong password", async () => {
      const staff = await account();
      const { secret } = (await beginTotp(database.db, staff))!;
      const wrong = wrongCode(secret);
      expect(await confirmTotp(database.db, staff, wrong, "")).toBe(false);
      expect(await confirmTotp(database.db, staff, currentTotp(secret), "")).toBe(true);
      expect(await signIn(database.db, { email: staff.email, password: staff.password, ip: ip(), userAgent: "test" })).toEqual({
        ok: false,
        reason: "second-factor",
      });
      expect(await signIn(database.db, { email: staff.email, password: staff.password, code: wrong, ip: ip(), userAgent: "test" })).toEqual({
        ok: false,
        reason: "failed",
      });
    });

    it("cannot be replaced without the password while on, and is turned off only with it", async () => {
      const staff = await account();
      const { secret } = (await beginTotp(database.db, staff))!;
      expect(await confirmTotp(database.db, staff, currentTotp(secret), "")).toBe(true);
      expect(await beginTotp(database.db, staff)).toBeNull();
      expect(await disableTotp(database.db, staff, "not the password")).toBe(false);
      expect(await disableTotp(database.db, staff, staff.password)).toBe(true);
      const { rows } = await database.pool.query("SELECT totp_secret, totp_enabled_at FROM staff_users WHERE id = $1", [staff.id]);
      expect(rows[0]).toEqual({ totp_secret: null, totp_enabled_at: null });
      expect((await auditOf(staff.id)).map((e) => e.action)).toEqual(["invite", "set-password", "totp-begin", "totp-enable", "totp-disable"]);
    });
  });

  describe("password links", () => {
    it("work once, even when used twice at the same moment", async () => {
      const { id, token } = await createStaff(database.db, { email: `race-${Date.now()}@example.com`, role: "support" });
      const results = await Promise.all([
        setPasswordWithToken(database.db, token, "first racing password"),
        setPasswordWithToken(database.db, token, "second racing password"),
      ]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await setPasswordWithToken(database.db, token, "third password, too late")).toBeNull();
      expect((await auditOf(id)).filter((e) => e.action === "set-password")).toHaveLength(1);
    });
  });

  describe("sessions", () => {
    it("end after an hour without use", async () => {
      const staff = await account();
      const outcome = await signIn(database.db, { email: staff.email, password: staff.password, ip: ip(), userAgent: "test" });
      if (!outcome.ok) throw new Error("sign-in failed");
      expect((await authenticate(database.db, outcome.sessionId))?.id).toBe(staff.id);
      await database.pool.query("UPDATE staff_sessions SET last_seen_at = now() - interval '61 minutes' WHERE staff_id = $1", [staff.id]);
      expect(await authenticate(database.db, outcome.sessionId)).toBeNull();
    });
  });

  describe("roles", () => {
    it("keep one active admin: the last cannot be demoted or disabled, and two admins demoting each other at once leave one", async () => {
      // Only admins made here exist in this database's staff.
      await database.pool.query("UPDATE staff_users SET disabled_at = now() WHERE role = 'admin'");
      const a = await account("admin");
      expect(await updateStaff(database.db, a, a.id, { role: "editor" })).toBe("last-admin");
      expect(await updateStaff(database.db, a, a.id, { disabled: true })).toBe("last-admin");

      const b = await account("admin");
      const outcomes = await Promise.all([updateStaff(database.db, a, b.id, { role: "support" }), updateStaff(database.db, b, a.id, { role: "support" })]);
      expect(outcomes.filter((o) => o === "last-admin")).toHaveLength(1);
      const { rows } = await database.pool.query("SELECT count(*)::int AS n FROM staff_users WHERE role = 'admin' AND disabled_at IS NULL");
      expect(rows[0].n).toBe(1);
      // The one change that happened is in the audit log with its before and after; the refused ones are not.
      const updates = [...(await auditOf(a.id)), ...(await auditOf(b.id))].filter((e) => e.action === "update");
      expect(updates).toHaveLength(1);
      expect(updates[0]).toMatchObject({ before: { role: "admin", disabled: false }, after: { role: "support", disabled: false } });
    });
  });
});
