import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seal } from "../../app/lib/seal";
import { createLogger } from "../../server/logger.server";
import { pruneLogins } from "../../server/services/passport.server";
import * as passportApi from "../../server/api/endpoints/passport.server";
import { apiUrl, readAnswer } from "../support/api-answers";
import { startTestServer, type TestServer, queryRows } from "../support/api-server";

const CLIENT_ID = "1234-test.apps.googleusercontent.com";
let server: TestServer;
let jwks: http.Server;
let google: Awaited<ReturnType<typeof generateKeyPair>>;
let impostor: Awaited<ReturnType<typeof generateKeyPair>>;

beforeAll(async () => {
  // A stand-in for Google's published key set: the same JWKS document at a local address.
  google = await generateKeyPair("RS256", { extractable: true });
  impostor = await generateKeyPair("RS256", { extractable: true });
  const jwk = { ...(await exportJWK(google.publicKey)), kid: "google-1", alg: "RS256", use: "sig" };
  jwks = http.createServer((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ keys: [jwk] })));
  await new Promise<void>((resolve) => jwks.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/oauth2/v3/certs`;
  server = await startTestServer({ passport: { googleClientId: CLIENT_ID, googleJwksUrl: url, appLoginUrl: "https://app.test/login" } });
});
afterAll(async () => {
  await server.close();
  jwks.close();
});

const q = <T>(text: string, params: unknown[] = []) => queryRows<T>(server, text, params);
let visitor = 0;
const nextIp = () => `100.90.${++visitor >> 8}.${visitor & 255}`;

async function config(ip = nextIp()) {
  const res = await fetch(apiUrl(server.baseUrl, passportApi.oneTapConfig, "lang=en"), { headers: { "x-forwarded-for": ip } });
  return (await readAnswer(res, passportApi.oneTapConfig)).body.data;
}

async function idToken(
  claims: JWTPayload,
  options: { key?: CryptoKey; audience?: string | string[]; issuer?: string; expires?: string | number; issuedAt?: number } = {},
) {
  return new SignJWT({ email: "ann@example.com", email_verified: true, name: "Ann", ...claims })
    .setProtectedHeader({ alg: "RS256", kid: "google-1", typ: "JWT" })
    .setIssuer(options.issuer ?? "https://accounts.google.com")
    .setAudience(options.audience ?? CLIENT_ID)
    .setSubject(String(claims.sub ?? "google-sub-1"))
    .setIssuedAt(options.issuedAt)
    .setExpirationTime(options.expires ?? "5m")
    .sign(options.key ?? google.privateKey);
}

/** Posts as the site's browser code does: multipart, the credential sealed with app/lib/seal.ts. */
async function signIn(credential: string, cfg: Awaited<ReturnType<typeof config>>, extra: Record<string, string> = {}, ip = nextIp()) {
  const form = new FormData();
  const fields: Record<string, string> = {
    third_party: "google",
    invite_code: "INV-42",
    language: "en",
    source: "www",
    referer: "https://www.facet.test/Pricing",
    third_party_action_type: "one_tap",
    regParam: "partner7",
    redirect_data: JSON.stringify(await seal(credential, cfg.public_key, cfg.key_id)),
    ...extra,
  };
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const res = await fetch(`${server.baseUrl}/sys/user/passport/authorized-login`, { method: "POST", body: form, headers: { "x-forwarded-for": ip } });
  return readAnswer(res, passportApi.authorizedLogin);
}

const redeem = (t: string) =>
  fetch(`${server.baseUrl}/sys/user/passport/redeem`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": nextIp() },
    body: JSON.stringify({ t }),
  }).then((res) => readAnswer(res, passportApi.redeem));

describe("one-tap sign-in", () => {
  it("offers the client id, a fresh nonce and the sealing key", async () => {
    const a = await config();
    const b = await config();
    expect(a).toMatchObject({ client_id: CLIENT_ID, key_id: "k1", app_login_url: "https://app.test/login" });
    expect(a.nonce).not.toBe(b.nonce);
    expect(a.public_key).toBe(b.public_key);
  });

  it("verifies a good token, creates the user with the invite code and answers a code the application redeems once", async () => {
    const cfg = await config();
    const res = await signIn(await idToken({ nonce: cfg.nonce, sub: "google-sub-good" }), cfg);
    expect(res.body).toMatchObject({ code: 0, data: { cpl: expect.stringMatching(/^[\w-]{43}$/) } });
    const [user] = await q<{ id: number }>("SELECT * FROM users WHERE google_sub = 'google-sub-good'");
    expect(user).toMatchObject({ email: "ann@example.com", invite_code: "INV-42", reg_param: "partner7", source: "www", language: "en" });
    // Only a hash of the code is stored.
    expect((await q<{ n: number }>("SELECT count(*)::int AS n FROM login_codes WHERE hash = $1", [res.body.data.cpl]))[0].n).toBe(0);
    const first = await redeem(res.body.data.cpl);
    expect(first.body).toMatchObject({ code: 0, data: { user: { id: user.id, email: "ann@example.com" } } });
    expect((await redeem(res.body.data.cpl)).body).toMatchObject({ code: 10404 });
    // Signing in again finds the same user.
    const cfg2 = await config();
    expect((await signIn(await idToken({ nonce: cfg2.nonce, sub: "google-sub-good" }), cfg2)).body.code).toBe(0);
    expect((await q<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE google_sub = 'google-sub-good'"))[0].n).toBe(1);
  });

  it("refuses a wrong audience, issuer, signature, an expired token, an unknown or replayed nonce, and leaves nothing behind", async () => {
    const before = (await q<{ n: number }>("SELECT count(*)::int AS n FROM users"))[0].n;
    const cases: [string, (nonce: string) => Promise<string>][] = [
      ["audience", (nonce) => idToken({ nonce, sub: "x1" }, { audience: "someone-else.apps.googleusercontent.com" })],
      ["issuer", (nonce) => idToken({ nonce, sub: "x2" }, { issuer: "https://evil.example" })],
      ["signature", (nonce) => idToken({ nonce, sub: "x3" }, { key: impostor.privateKey })],
      ["expiry", (nonce) => idToken({ nonce, sub: "x4" }, { expires: Math.floor(Date.now() / 1000) - 120 })],
      ["nonce not issued", () => idToken({ nonce: "made-up-nonce", sub: "x5" })],
      ["no nonce", () => idToken({ sub: "x6" })],
    ];
    for (const [name, make] of cases) {
      const cfg = await config();
      const res = await signIn(await make(cfg.nonce!), cfg);
      expect(res.body, name).toMatchObject({ code: 10101, data: { field: "redirect_data" } });
      expect(res.body.msg).not.toMatch(/audience|issuer|signature|nonce|expired/i);
    }
    // A replayed nonce: the first use signs in, the second is refused.
    const cfg = await config();
    const token = await idToken({ nonce: cfg.nonce, sub: "x7" });
    expect((await signIn(token, cfg)).body.code).toBe(0);
    expect((await signIn(token, cfg)).body.code).toBe(10101);
    expect((await q<{ n: number }>("SELECT count(*)::int AS n FROM users"))[0].n).toBe(before + 1);
  });

  it("follows Google's rules for the audience, the issue time and the email (issue 26)", async () => {
    const before = (await q<{ n: number }>("SELECT count(*)::int AS n FROM users"))[0].n;
    const now = Math.floor(Date.now() / 1000);
    const refused: [string, (nonce: string) => Promise<string>][] = [
      // Several audiences, ours among them: only when we are the authorized party.
      ["a list of audiences without azp", (nonce) => idToken({ nonce, sub: "y1" }, { audience: [CLIENT_ID, "other.apps.googleusercontent.com"] })],
      [
        "a list of audiences for another party",
        (nonce) => idToken({ nonce, sub: "y2", azp: "other.apps.googleusercontent.com" }, { audience: [CLIENT_ID, "other.apps.googleusercontent.com"] }),
      ],
      ["our audience authorized for another party", (nonce) => idToken({ nonce, sub: "y3", azp: "other.apps.googleusercontent.com" })],
      ["an issue time a day ahead", (nonce) => idToken({ nonce, sub: "y4" }, { issuedAt: now + 86_400, expires: now + 86_400 + 3600 })],
      ["an issue time five minutes ahead", (nonce) => idToken({ nonce, sub: "y5" }, { issuedAt: now + 300 })],
      ["a token issued two hours ago that claims to live on", (nonce) => idToken({ nonce, sub: "y6" }, { issuedAt: now - 7200, expires: now + 3600 })],
      ["an expiry just passed", (nonce) => idToken({ nonce, sub: "y7" }, { issuedAt: now - 3600, expires: now - 5 })],
    ];
    for (const [name, make] of refused) {
      const cfg = await config();
      expect((await signIn(await make(cfg.nonce!), cfg)).body, name).toMatchObject({ code: 10101, data: { field: "redirect_data" } });
    }
    expect((await q<{ n: number }>("SELECT count(*)::int AS n FROM users"))[0].n).toBe(before);

    const accepted: [string, (nonce: string) => Promise<string>][] = [
      [
        "several audiences with us as the authorized party",
        (nonce) => idToken({ nonce, sub: "z1", azp: CLIENT_ID }, { audience: [CLIENT_ID, "other.apps.googleusercontent.com"] }),
      ],
      ["the issuer without https://", (nonce) => idToken({ nonce, sub: "z2", azp: CLIENT_ID }, { issuer: "accounts.google.com" })],
      ["a clock a few seconds ahead of ours", (nonce) => idToken({ nonce, sub: "z3" }, { issuedAt: now + 20 })],
    ];
    for (const [name, make] of accepted) {
      const cfg = await config();
      expect((await signIn(await make(cfg.nonce!), cfg)).body.code, name).toBe(0);
    }
    // An address Google has not verified signs in but is not kept as the user's email.
    const cfg = await config();
    expect((await signIn(await idToken({ nonce: cfg.nonce, sub: "z4", email: "unverified@example.com", email_verified: false }), cfg)).body.code).toBe(0);
    expect((await q<{ email: string }>("SELECT email FROM users WHERE google_sub = 'z4'"))[0].email).toBe("");
  });

  it("refuses credentials that are not sealed for this server, or tampered with", async () => {
    const cfg = await config();
    const token = await idToken({ nonce: cfg.nonce, sub: "x8" });
    expect((await signIn(token, cfg, { redirect_data: token })).body.code).toBe(10101);
    const sealed = await seal(token, cfg.public_key, cfg.key_id);
    const flipped = Buffer.from(sealed.payload, "base64");
    flipped[5]! ^= 1;
    expect((await signIn(token, cfg, { redirect_data: JSON.stringify({ ...sealed, payload: flipped.toString("base64") }) })).body.code).toBe(10101);
    expect((await signIn(token, cfg, { redirect_data: JSON.stringify({ ...sealed, key_id: "k9" }) })).body.code).toBe(10101);
    expect((await signIn(token, cfg, { third_party: "facebook" })).body).toMatchObject({ code: 10101, data: { field: "third_party" } });
  });

  it("limits attempts per visitor, failed ones included", async () => {
    const ip = "198.51.100.77";
    const cfg = await config(ip);
    const bad = await idToken({ nonce: cfg.nonce, sub: "x9" }, { audience: "nope" });
    for (let i = 0; i < 10; i++) expect((await signIn(bad, cfg, {}, ip)).body.code).toBe(10101);
    expect(await signIn(bad, cfg, {}, ip)).toMatchObject({ status: 429, body: { code: 10030 } });
  });

  it("drops expired nonces and codes when pruning, and keeps live ones", async () => {
    await config();
    await q("UPDATE login_nonces SET expires_at = now() - interval '1 minute' WHERE hash IN (SELECT hash FROM login_nonces LIMIT 1)");
    await q("UPDATE login_codes SET expires_at = now() - interval '2 days' WHERE hash IN (SELECT hash FROM login_codes LIMIT 1)");
    await pruneLogins(server.database.db, createLogger("silent"));
    expect((await q<{ n: number }>("SELECT count(*)::int AS n FROM login_nonces WHERE expires_at < now()"))[0].n).toBe(0);
    expect((await q<{ n: number }>("SELECT count(*)::int AS n FROM login_codes WHERE expires_at < now() - interval '1 day'"))[0].n).toBe(0);
    expect((await q<{ n: number }>("SELECT count(*)::int AS n FROM login_nonces"))[0].n).toBeGreaterThan(0);
  });
});
