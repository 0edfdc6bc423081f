import { z } from "zod";
import { spendAllowance } from "../../infrastructure/abuse-limits.server";
import { issueNonce, oneTapSignIn, redeemCode } from "../../services/passport.server";
import { SealedSchema, sealingPublicKey, unseal } from "../../infrastructure/sealing.server";
import { ApiError } from "../envelope.server";
import { defineEndpoint, LangParam } from "../endpoint.server";

export const oneTapConfig = defineEndpoint({
  methods: ["get"],
  path: "/passport/one-tap",
  summary:
    "What the one-tap prompt needs: the Google client id (null: one-tap is off), a nonce issued for this prompt (valid 10 minutes, accepted once), the sealing public key and its id, and the application address that redeems a sign-in code",
  tag: "passport",
  input: z.object({ lang: LangParam }),
  output: z.object({ client_id: z.string().nullable(), nonce: z.string().nullable(), key_id: z.string(), public_key: z.string(), app_login_url: z.string() }),
  errors: [],
  async handler(_input, { db, res, settings }) {
    res.setHeader("Cache-Control", "private, no-store");
    const clientId = settings.passport.googleClientId ?? null;
    const { key_id, public_key } = await sealingPublicKey(db);
    return { client_id: clientId, nonce: clientId ? await issueNonce(db) : null, key_id, public_key, app_login_url: settings.passport.appLoginUrl };
  },
});

export const authorizedLogin = defineEndpoint({
  methods: ["post"],
  path: "/sys/user/passport/authorized-login",
  summary:
    "Google one-tap sign-in, also served at /sys/user/passport/authorized-login (the spec's address, multipart). `redirect_data` is the ID token sealed for the server (JSON { key_id, key, iv, payload }: AES-GCM, the key wrapped with RSA-OAEP/SHA-256). The token's signature, audience (several only with `azp` = the client id), issuer, expiry, issue time (not ahead of the server's clock by more than 60 s, at most an hour old) and nonce are checked, and only a verified email is kept; the answer is a single-use code `cpl` (2 minutes) for the application's ?t=. Any failure: 10101 (the reason is logged, not answered); too many attempts: 10030/10042",
  tag: "passport",
  input: z.object({
    lang: LangParam,
    third_party: z.literal("google"),
    third_party_action_type: z.literal("one_tap"),
    invite_code: z
      .string()
      .trim()
      .max(64)
      .regex(/^[\w-]*$/)
      .default(""),
    language: z.string().trim().max(10).default(""),
    source: z.string().trim().max(50).default(""),
    referer: z.string().trim().max(500).default(""),
    regParam: z
      .string()
      .trim()
      .max(64)
      .regex(/^[\w-]*$/)
      .default(""),
    redirect_data: z.string().min(1).max(20_000),
  }),
  output: z.object({ cpl: z.string() }),
  errors: ["fieldRequired", "invalidValue", "tooManyRequests", "tooManyRecent"],
  async handler(input, { db, req, logger, settings }) {
    // Every attempt counts, failed ones included: this is where guessing would happen.
    await db.transaction((tx) => spendAllowance(tx, "sign-in", { ip: req.ip }));
    let sealed: unknown;
    try {
      sealed = JSON.parse(input.redirect_data);
    } catch {
      sealed = null;
    }
    const parsed = SealedSchema.safeParse(sealed);
    const credential = parsed.success ? await unseal(db, parsed.data) : null;
    if (!credential) {
      logger.warn({ reason: "credential could not be unsealed" }, "one-tap sign-in refused");
      throw new ApiError("invalidValue", "redirect_data");
    }
    const outcome = await oneTapSignIn(db, settings.passport, {
      credential,
      inviteCode: input.invite_code,
      language: input.language,
      source: input.source,
      referer: input.referer,
      regParam: input.regParam,
    });
    if (!outcome.ok) {
      logger.warn({ reason: outcome.reason }, "one-tap sign-in refused");
      throw new ApiError("invalidValue", "redirect_data");
    }
    logger.info({ userId: outcome.userId, created: outcome.created }, "one-tap sign-in");
    return { cpl: outcome.cpl };
  },
});

export const redeem = defineEndpoint({
  methods: ["post"],
  path: "/sys/user/passport/redeem",
  summary: "The application redeems a sign-in code `t` (also at /sys/user/passport/redeem): the user, once; an unknown, expired or used code is 10404",
  tag: "passport",
  input: z.object({
    lang: LangParam,
    t: z
      .string()
      .trim()
      .regex(/^[\w-]{20,100}$/),
  }),
  output: z.object({ user: z.object({ id: z.number().int(), email: z.string(), name: z.string() }) }),
  errors: ["fieldRequired", "invalidValue", "notFound", "tooManyRequests"],
  async handler({ t }, { db, req }) {
    await db.transaction((tx) => spendAllowance(tx, "sign-in", { ip: req.ip }));
    const user = await redeemCode(db, t);
    if (!user) throw new ApiError("notFound");
    return { user };
  },
});
