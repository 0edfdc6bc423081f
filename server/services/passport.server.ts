/**
 * Google one-tap sign-in (docs/decisions/0018): the server issues a nonce, opens the sealed
 * credential, verifies the ID token with `jose` against Google's published keys (signature,
 * audience and authorized party, issuer, expiry and issue time, and the nonce it issued, once),
 * finds or creates the user by Google subject, and answers a single-use, short-lived code (`cpl`)
 * stored only as a hash, which the application redeems once.
 */
import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from "jose";
import type { Database } from "../db/client.server";
import type { Logger } from "../logger.server";

export interface PassportSettings {
  /** GOOGLE_CLIENT_ID: one-tap is offered only when set. */
  googleClientId?: string;
  /** GOOGLE_JWKS_URL: Google's published signing keys (tests serve their own). */
  googleJwksUrl: string;
  /** APP_LOGIN_URL: the application address that redeems `?t=<cpl>`. */
  appLoginUrl: string;
}

export const GOOGLE_ISSUERS = ["https://accounts.google.com", "accounts.google.com"];
export const NONCE_TTL_SECONDS = 10 * 60;
/** Google's ID tokens live an hour; one issued longer ago is refused whatever its expiry says. */
export const ID_TOKEN_MAX_AGE_SECONDS = 60 * 60;
/** How far Google's clock may run ahead of ours for the issue time; the expiry gets no slack. */
export const ISSUED_AT_TOLERANCE_SECONDS = 60;
export const CPL_TTL_SECONDS = 120;

const hash = (value: string) => createHash("sha256").update(value).digest("base64url");
const token = () => randomBytes(32).toString("base64url");

const keySets = new Map<string, JWTVerifyGetKey>();
function googleKeys(url: string): JWTVerifyGetKey {
  let keys = keySets.get(url);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(url), { timeoutDuration: 5_000, cooldownDuration: 30_000 });
    keySets.set(url, keys);
  }
  return keys;
}

/** A nonce for one prompt: kept hashed until used once or expired. */
export async function issueNonce(db: Pick<Database, "execute">): Promise<string> {
  const nonce = token();
  await db.execute(sql`INSERT INTO login_nonces (hash, expires_at) VALUES (${hash(nonce)}, now() + make_interval(secs => ${NONCE_TTL_SECONDS}))`);
  return nonce;
}

export interface OneTapInput {
  credential: string;
  inviteCode: string;
  language: string;
  source: string;
  referer: string;
  regParam: string;
}

export type OneTapOutcome = { ok: true; cpl: string; userId: number; created: boolean } | { ok: false; reason: string };

/**
 * What jwtVerify leaves to us of Google's rules for ID tokens (and OpenID Connect core 3.1.3.7),
 * after it checked the signature, `iss`, that `aud` contains the client id and that `exp` has not
 * passed: a token for several audiences is ours only when we are its authorized party (`azp`),
 * and `azp`, when given, must be us; `iat` may not lie ahead of our clock by more than a little,
 * nor further back than a token lives. The broken rule, or null.
 */
export function googleRuleBroken(claims: JWTPayload & { azp?: unknown }, clientId: string, nowSeconds: number): string | null {
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (audiences.length > 1 && claims.azp !== clientId) return "several audiences, and we are not the authorized party";
  if (claims.azp !== undefined && claims.azp !== clientId) return "authorized party is another client";
  if (typeof claims.iat !== "number") return "no issue time";
  if (claims.iat > nowSeconds + ISSUED_AT_TOLERANCE_SECONDS) return "issued in the future";
  if (claims.iat < nowSeconds - ID_TOKEN_MAX_AGE_SECONDS - ISSUED_AT_TOLERANCE_SECONDS) return "issued too long ago";
  return null;
}

/**
 * Verifies a one-tap credential and signs the user in. Every check happens before anything is
 * written; the reason of a failure is for the log, never for the visitor.
 */
export async function oneTapSignIn(db: Database, settings: PassportSettings, input: OneTapInput): Promise<OneTapOutcome> {
  if (!settings.googleClientId) return { ok: false, reason: "one-tap is not configured" };
  let claims: JWTPayload & { email?: unknown; email_verified?: unknown; name?: unknown; nonce?: unknown; azp?: unknown };
  try {
    ({ payload: claims } = await jwtVerify(input.credential, googleKeys(settings.googleJwksUrl), {
      audience: settings.googleClientId,
      issuer: GOOGLE_ISSUERS,
      algorithms: ["RS256"],
      requiredClaims: ["sub", "exp", "iat"],
    }));
  } catch (err) {
    return { ok: false, reason: `token: ${(err as { code?: string }).code ?? (err as Error).message}` };
  }
  const refused = googleRuleBroken(claims, settings.googleClientId, Math.floor(Date.now() / 1000));
  if (refused) return { ok: false, reason: `token: ${refused}` };
  if (typeof claims.nonce !== "string" || !claims.sub) return { ok: false, reason: "token has no nonce or subject" };
  const nonce = claims.nonce;
  const sub = claims.sub;
  // Only an address Google verified is kept: an unverified one says nothing about who signed in.
  const email = (claims.email_verified === true || claims.email_verified === "true") && typeof claims.email === "string" ? claims.email : "";
  const name = typeof claims.name === "string" ? claims.name : "";
  return db.transaction(async (tx) => {
    const used = await tx.execute(sql`DELETE FROM login_nonces WHERE hash = ${hash(nonce)} AND expires_at > now() RETURNING 1`);
    if (!used.rows.length) return { ok: false, reason: "nonce unknown, expired or used" } as const;
    const { rows } = await tx.execute<{ id: number; created: boolean }>(sql`
      INSERT INTO users (google_sub, email, name, invite_code, reg_param, source, language, referer)
      VALUES (${sub}, ${email}, ${name}, ${input.inviteCode}, ${input.regParam}, ${input.source}, ${input.language}, ${input.referer})
      ON CONFLICT (google_sub) DO UPDATE SET email = CASE WHEN excluded.email <> '' THEN excluded.email ELSE users.email END,
                                             name = excluded.name, last_login_at = now()
      RETURNING id, (xmax = 0) AS created`);
    const user = rows[0]!;
    const cpl = token();
    await tx.execute(sql`
      INSERT INTO login_codes (hash, user_id, expires_at) VALUES (${hash(cpl)}, ${user.id}, now() + make_interval(secs => ${CPL_TTL_SECONDS}))`);
    return { ok: true, cpl, userId: user.id, created: user.created } as const;
  });
}

/** Redeems a `cpl` once: the user it was made for, or null (unknown, expired or already used). */
export async function redeemCode(db: Pick<Database, "execute">, cpl: string): Promise<{ id: number; email: string; name: string } | null> {
  const { rows } = await db.execute<{ id: number; email: string; name: string }>(sql`
    WITH used AS (
      UPDATE login_codes SET used_at = now() WHERE hash = ${hash(cpl)} AND used_at IS NULL AND expires_at > now() RETURNING user_id)
    SELECT u.id, u.email, u.name FROM users u JOIN used ON used.user_id = u.id`);
  return rows[0] ?? null;
}

/** Expired nonces and codes carry nothing; dropped now and then. */
export async function pruneLogins(db: Pick<Database, "execute">, logger: Logger): Promise<void> {
  const nonces = await db.execute(sql`DELETE FROM login_nonces WHERE expires_at < now()`);
  const codes = await db.execute(sql`DELETE FROM login_codes WHERE expires_at < now() - interval '1 day'`);
  if ((nonces.rowCount ?? 0) + (codes.rowCount ?? 0) > 0) logger.debug({ nonces: nonces.rowCount, codes: codes.rowCount }, "pruned logins");
}
