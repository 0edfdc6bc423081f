import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { parsePublicKey } from "./infrastructure/release-signing.server";
import type { HostPlan } from "~/lib/urls/hosts";

const booleanFlag = z.enum(["true", "false", "1", "0", "yes", "no"]).transform((v) => v === "true" || v === "1" || v === "yes");

/** A list of https origins (https://www.googletagmanager.com), space- or comma-separated. */
const originList = z
  .string()
  .transform((text) => text.split(/[\s,]+/).filter(Boolean))
  .pipe(z.array(z.url({ protocol: /^https$/ }).transform((u) => new URL(u).origin)))
  .default([]);

/** Every environment variable the server reads. Documented in .env.example. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  /**
   * How many processes serve (docs/decisions/0024): 1 runs everything in one process; more (or
   * "auto", one per core) start a primary that runs the database tasks and forks that many workers.
   */
  WEB_CONCURRENCY: z
    .union([z.literal("auto"), z.coerce.number().int().min(1).max(256)])
    .default(1)
    .transform((v) => (v === "auto" ? os.availableParallelism() : v)),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SEED_DEMO_CONTENT: booleanFlag.default(true),
  SITE_ORIGIN: z.url({ protocol: /^https?$/ }).default("http://localhost:3000"),
  /**
   * The reverse proxies whose X-Forwarded-For / X-Forwarded-Proto are believed: addresses, CIDR
   * ranges or Express's names (loopback, linklocal, uniquelocal), comma-separated. Unset: none,
   * so a client cannot choose the address it is rate-limited under.
   */
  TRUSTED_PROXIES: z
    .string()
    .transform((text) =>
      text
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.string().regex(/^(loopback|linklocal|uniquelocal|[0-9a-fA-F:.]+(\/\d{1,3})?)$/, "must be addresses, CIDR ranges or loopback/linklocal/uniquelocal"),
      ),
    )
    .default([]),
  /** Longest a database statement may run, and longest a query waits for the database, before it fails. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(4_000),
  /** Longest a request may wait for its answer to start before it is answered 503. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(500).max(600_000).default(8_000),
  /**
   * How long an idle keep-alive connection stays open. Longer than the idle timeout of the proxies
   * and load balancers in front (60 s for most), so they, not this server, close it: a connection
   * closed by the server just as a proxy reuses it resets that request (Node's default is 5 s).
   */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(65_000),
  /**
   * Load shedding (docs/decisions/0012): the most requests that need the database or a render
   * worked on at once per process (fewer while work is slow, never fewer than DATABASE_POOL_MAX),
   * and how many more may wait (a quarter of REQUEST_TIMEOUT_MS at most) for a place; beyond that
   * they are answered 503 with Retry-After at once. Cached pages never wait.
   */
  REQUEST_CONCURRENCY: z.coerce.number().int().min(1).max(1_000).default(32),
  REQUEST_QUEUE: z.coerce.number().int().min(0).max(10_000).default(256),
  /** The time zone pre-sales slots are defined and shown in (an IANA name). */
  BUSINESS_TIME_ZONE: z
    .string()
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat("en", { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, "must be an IANA time zone such as Asia/Shanghai")
    .default("Asia/Shanghai"),
  /** Where each new booking and cancellation is POSTed (JSON); unset: they are logged. */
  BOOKING_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Signs webhook bodies (X-Signature: sha256=<HMAC>) so the receiver can trust them. */
  BOOKING_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** How often each process looks for outbox messages to deliver (ms). */
  OUTBOX_POLL_MS: z.coerce.number().int().min(200).max(600_000).default(5_000),
  /** How often scheduled content is checked for publishing (a scheduled item goes live within this time). */
  CONTENT_PUBLISH_POLL_MS: z.coerce.number().int().min(200).max(60_000).default(15_000),
  /** Memory for rendered public pages (docs/decisions/0021), in MB per process; 0 turns the cache off. */
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(128),
  /**
   * How much V8's heap may grow past what survived a full collection before the next one, in %
   * (docs/decisions/0039); 0 leaves V8's own policy (up to 300 %).
   */
  HEAP_GROWING_PERCENT: z.coerce.number().int().min(0).max(300).default(50),
  /** Every this many seconds each serving process logs its memory (RSS, heap, page cache; docs/decisions/0039); 0: never. */
  MEMORY_LOG_SECONDS: z.coerce.number().int().min(0).max(86_400).default(0),
  /** Longest a cached page is served before it is rendered again, for what no change announces (seconds). */
  PAGE_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  /**
   * How long past that lifetime a page is still served while it is rendered again in the background
   * (docs/decisions/0040); older, its visitor waits for the render (seconds).
   */
  PAGE_CACHE_STALE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
  /** Background renders of changed or old pages at once, per process (docs/decisions/0040). */
  PAGE_REFRESH_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /** s-maxage on public pages: how long a CDN may serve one without asking (seconds). */
  CDN_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /** stale-while-revalidate on public pages: how long a CDN may serve an old copy while it asks (seconds). */
  CDN_STALE_SECONDS: z.coerce.number().int().min(0).max(604_800).default(600),
  /** How many days usage events (docs/decisions/0019) are kept before they are pruned. */
  USAGE_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Where client installers are downloaded from (an https base, or a path on this site). */
  DOWNLOAD_BASE_URL: z.union([z.url({ protocol: /^https?$/ }), z.string().regex(/^\/[\w\-/]*$/)]).default("/downloads"),
  /** Extra script origins the Content-Security-Policy allows (editors' statistics snippets), space- or comma-separated. */
  CSP_SCRIPT_SOURCES: originList,
  /** Extra origins scripts may connect to (the statistics services those snippets report to). */
  CSP_CONNECT_SOURCES: originList,
  /** The one visitor address that gets no chat set-up (the company's own office, say). */
  CHAT_EXCLUDED_IP: z.union([z.ipv4(), z.ipv6()]).optional(),
  /** Countries (ISO codes) whose visitors the chat choice sends to easemob; everyone else to the sales chat. */
  CHAT_EASEMOB_COUNTRIES: z
    .string()
    .default("CN")
    .transform((v) =>
      v
        .split(/[\s,]+/)
        .filter(Boolean)
        .map((c) => c.toUpperCase()),
    )
    .pipe(z.array(z.string().regex(/^[A-Z]{2}$/))),
  /** The fixed script HUAN_XIN loads (easemob's web widget). */
  CHAT_HUANXIN_SCRIPT: z
    .string()
    .regex(/^https:\/\/[^\s"<>]+\.js$/)
    .default("https://kefu.easemob.com/webim/easemob.js"),
  /** Google one-tap: the OAuth client id; unset, no prompt is shown. */
  GOOGLE_CLIENT_ID: z
    .string()
    .regex(/^[\w.-]+$/)
    .optional(),
  /** Google's published ID-token signing keys (tests point this at their own key set). */
  GOOGLE_JWKS_URL: z.url({ protocol: /^https?$/ }).default("https://www.googleapis.com/oauth2/v3/certs"),
  /** The application address that redeems a sign-in code: opened with ?t=<cpl>. */
  APP_LOGIN_URL: z.url({ protocol: /^https?$/ }).default("https://app.facetbrowser.example/login"),
  /** The application's registration page: the header's "Sign up" (with ?lang= and any ?ref=, ?invite=). */
  APP_SIGNUP_URL: z.url({ protocol: /^https?$/ }).default("https://app.facetbrowser.example/register"),
  SITE_MODE: z.enum(["development", "pro", "pre", "wx", "jen"]).default("development"),
  LANGUAGE_HOSTS: z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "must be JSON" });
        return z.NEVER;
      }
    })
    .pipe(z.partialRecord(z.enum(["development", "pro", "pre", "wx", "jen"]), z.object({ en: z.url(), zh: z.url().optional() })))
    .optional(),
  /**
   * The release-signing public key the site publishes (docs/decisions/0041): the raw Ed25519 key in
   * base64, or PEM. Unset: the demo's own key under DATA_DIR/release-signing.
   */
  RELEASE_SIGNING_PUBLIC_KEY: z
    .string()
    .refine((text) => {
      try {
        parsePublicKey(text);
        return true;
      } catch {
        return false;
      }
    }, "must be an Ed25519 public key: 32 bytes in base64, or PEM")
    .optional(),
  /** The private half (PEM), read by `npm run release:add` only: keep it off the web servers. */
  RELEASE_SIGNING_KEY_FILE: z.string().min(1).optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
});

export type Config = Omit<z.infer<typeof EnvSchema>, "DATA_DIR"> & { DATA_DIR: string };

/** The hosts of the current mode; one origin (SITE_ORIGIN) for every language when none are configured. */
export function hostPlanOf(config: Pick<Config, "SITE_MODE" | "LANGUAGE_HOSTS" | "SITE_ORIGIN">): HostPlan {
  const hosts = config.LANGUAGE_HOSTS?.[config.SITE_MODE];
  const trim = (o: string) => o.replace(/\/+$/, "");
  return hosts ? { en: trim(hosts.en), ...(hosts.zh ? { zh: trim(hosts.zh) } : {}) } : { en: trim(config.SITE_ORIGIN) };
}

export class ConfigError extends Error {}

/** Parses the environment once at boot. A bad value stops start-up with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (FOO=) means "not set", as in most twelve-factor setups.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  return { ...parsed.data, DATA_DIR: path.resolve(parsed.data.DATA_DIR) };
}

/**
 * Reads `.env` from the working directory (where `npm start` runs) into process.env, when the
 * file exists. Variables already set in the environment win, as with Node's --env-file.
 */
export function loadDotEnv(file = path.resolve(".env")): boolean {
  if (!fs.existsSync(file)) return false;
  process.loadEnvFile(file);
  return true;
}
