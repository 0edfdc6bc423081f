/**
 * The one abuse-limit mechanism for every public write (comments, votes, bookings,
 * applications, messages, sign-in, CSP reports). See docs/decisions/0012.
 *
 * Each rule is a generic cell rate algorithm (GCRA) cell kept in PostgreSQL: one row per
 * (rule, subject) holding the "theoretical arrival time". An attempt is admitted when pushing
 * that time one interval further keeps it within the rule's period of now, and the row is only
 * written when the attempt is admitted, so a refused attempt never extends a lockout. All of an
 * action's rules are taken inside the caller's transaction, in a fixed order: if any refuses, or
 * the write itself fails, the transaction rolls back and nothing was spent.
 */
import { createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import type { ApiErrorKey } from "@contracts/api-errors";
import type { Database, Executor } from "../db/client.server";
import { clientAddressKey } from "../http/client-address.server";
import { getSecret } from "./secrets.server";

export interface AbuseRule {
  /**
   * Counted per client address, per target (an article, a slot), per client address and target
   * together (one address's votes on one article), or once for the whole site.
   */
  per: "client" | "target" | "client-target" | "site";
  max: number;
  periodSeconds: number;
  /** The API error a refusal answers with (spec section 8: 10030 short window, 10042 longer). */
  error: Extract<ApiErrorKey, "tooManyRequests" | "tooManyRecent">;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Every public write and its limits. A new write adds its action here; nothing else. */
export const ABUSE_RULES = {
  comment: [
    { per: "client", max: 3, periodSeconds: MINUTE, error: "tooManyRequests" },
    { per: "client", max: 10, periodSeconds: HOUR, error: "tooManyRecent" },
    { per: "target", max: 30, periodSeconds: HOUR, error: "tooManyRecent" },
    { per: "site", max: 600, periodSeconds: HOUR, error: "tooManyRecent" },
  ],
  /**
   * One address's votes on one article (a changed vote counts too): a script that takes a fresh
   * visitor cookie for each vote still stops at a few; people sharing an address rarely vote on
   * the same article within minutes (docs/decisions/0013).
   */
  "help-vote": [
    { per: "client", max: 20, periodSeconds: MINUTE, error: "tooManyRequests" },
    { per: "client", max: 200, periodSeconds: DAY, error: "tooManyRecent" },
    { per: "client-target", max: 5, periodSeconds: 10 * MINUTE, error: "tooManyRequests" },
    { per: "client-target", max: 20, periodSeconds: DAY, error: "tooManyRecent" },
  ],
  /** 10042: too many bookings from one visitor (spec section 8). Capacity itself is the slot's guard. */
  booking: [
    { per: "client", max: 3, periodSeconds: DAY, error: "tooManyRecent" },
    { per: "site", max: 300, periodSeconds: HOUR, error: "tooManyRecent" },
  ],
  /** Partner programme applications: a business applies once or twice, not every minute. */
  "partner-apply": [
    { per: "client", max: 3, periodSeconds: DAY, error: "tooManyRecent" },
    { per: "site", max: 200, periodSeconds: HOUR, error: "tooManyRecent" },
  ],
  /** One-tap sign-in and code redemption: every attempt, failed ones included. */
  "sign-in": [
    { per: "client", max: 10, periodSeconds: 10 * MINUTE, error: "tooManyRequests" },
    { per: "client", max: 60, periodSeconds: DAY, error: "tooManyRecent" },
    { per: "site", max: 3_000, periodSeconds: HOUR, error: "tooManyRecent" },
  ],
  /**
   * Staff sign-in (/admin): per address, and per account (the target is the email given), so
   * guessing one account's password from many addresses stops too. Unknown accounts count alike.
   */
  "staff-sign-in": [
    { per: "client", max: 10, periodSeconds: 10 * MINUTE, error: "tooManyRequests" },
    { per: "target", max: 5, periodSeconds: 15 * MINUTE, error: "tooManyRequests" },
    { per: "client", max: 50, periodSeconds: DAY, error: "tooManyRecent" },
  ],
  /** Staff actions that send nothing to the public (setting a password from a link, second-factor codes). */
  "staff-link": [{ per: "client", max: 20, periodSeconds: 10 * MINUTE, error: "tooManyRequests" }],
  /** Usage beacons, counted before one is opened (RSA work): a busy visitor sends a few a minute; more is a script. */
  track: [
    { per: "client", max: 60, periodSeconds: MINUTE, error: "tooManyRequests" },
    { per: "site", max: 30_000, periodSeconds: HOUR, error: "tooManyRecent" },
  ],
  /**
   * Usage events, counted one by one once a beacon is opened (a beacon carries up to 50), so the
   * stored rows are bounded, not the beacons (docs/decisions/0019). A busy reader makes about 40 a
   * page; the site-wide hour bounds what the disk takes in (at most ~1 M events, ~1 GB, a day).
   */
  "track-events": [
    { per: "client", max: 200, periodSeconds: MINUTE, error: "tooManyRequests" },
    { per: "client", max: 2_000, periodSeconds: HOUR, error: "tooManyRecent" },
    { per: "client", max: 10_000, periodSeconds: DAY, error: "tooManyRecent" },
    { per: "site", max: 40_000, periodSeconds: HOUR, error: "tooManyRecent" },
  ],
  /** Reads of articles and help articles sent by their pages (counted once per visitor and day anyway): more is a script. */
  read: [
    { per: "client", max: 60, periodSeconds: MINUTE, error: "tooManyRequests" },
    { per: "site", max: 40_000, periodSeconds: HOUR, error: "tooManyRecent" },
  ],
  /** Messages left through the chat's fallback form. */
  message: [
    { per: "client", max: 3, periodSeconds: 10 * MINUTE, error: "tooManyRequests" },
    { per: "client", max: 10, periodSeconds: DAY, error: "tooManyRecent" },
    { per: "site", max: 500, periodSeconds: HOUR, error: "tooManyRecent" },
  ],
  "booking-cancel": [{ per: "client", max: 10, periodSeconds: HOUR, error: "tooManyRecent" }],
  /** Recording help searches without results (editors' list): over the limit, misses are just not recorded. */
  "search-miss": [
    { per: "client", max: 30, periodSeconds: HOUR, error: "tooManyRecent" },
    { per: "site", max: 2_000, periodSeconds: HOUR, error: "tooManyRecent" },
  ],
  "csp-report": [
    { per: "client", max: 20, periodSeconds: MINUTE, error: "tooManyRequests" },
    { per: "site", max: 2_000, periodSeconds: HOUR, error: "tooManyRecent" },
  ],
} as const satisfies Record<string, readonly AbuseRule[]>;

export type AbuseAction = keyof typeof ABUSE_RULES;

/** Who is attempting the write: the request's address (req.ip) and, for per-target rules, what it writes to. */
export interface AbuseSubject {
  ip: string | undefined;
  target?: string | number;
}

export class AbuseLimitExceeded extends Error {
  constructor(
    readonly error: AbuseRule["error"],
    readonly retryAfterSeconds: number,
  ) {
    super(`abuse limit: ${error}`);
  }
}

/** A keyed hash of the client's address: enough to count, not enough to identify. */
export async function clientHash(db: Executor, ip: string | undefined): Promise<string> {
  const key = await getSecret(db as Database, "abuse-limit");
  return createHmac("sha256", key).update(clientAddressKey(ip)).digest("base64url").slice(0, 32);
}

/**
 * Spends `units` attempts of `action` (1; a usage beacon spends one per event it carries) for the
 * subject, all or none, or throws AbuseLimitExceeded. Call it inside the transaction that
 * performs the write, so a refused or failed write spends nothing.
 */
export async function spendAllowance(tx: Executor, action: AbuseAction, subject: AbuseSubject, units = 1): Promise<void> {
  const client = await clientHash(tx, subject.ip);
  const rules: readonly AbuseRule[] = ABUSE_RULES[action];
  for (const [index, rule] of rules.entries()) {
    const name = `${action}:${index}`;
    const target = `target:${String(subject.target ?? "")}`;
    const key = rule.per === "client" ? client : rule.per === "target" ? target : rule.per === "client-target" ? `${client}:${target}` : "site";
    // Spending n units at once is n intervals: the cell's time moves as far as n single attempts would.
    if (units > rule.max) throw new AbuseLimitExceeded(rule.error, rule.periodSeconds);
    const intervalMs = (rule.periodSeconds * 1000 * units) / rule.max;
    const { rows } = await tx.execute<{ admitted: boolean; wait_ms: number }>(sql`
      WITH admitted AS (
        INSERT INTO abuse_limits AS l (rule, subject, tat)
        VALUES (${name}, ${key}, now() + make_interval(secs => ${intervalMs / 1000}))
        ON CONFLICT (rule, subject) DO UPDATE
          SET tat = greatest(l.tat, now()) + make_interval(secs => ${intervalMs / 1000})
          WHERE greatest(l.tat, now()) + make_interval(secs => ${intervalMs / 1000}) <= now() + make_interval(secs => ${rule.periodSeconds})
        RETURNING 1
      )
      SELECT EXISTS (SELECT 1 FROM admitted) AS admitted,
        coalesce((SELECT extract(epoch FROM (l.tat - now()))::float8 * 1000 + ${intervalMs} - ${rule.periodSeconds * 1000}
                  FROM abuse_limits l WHERE l.rule = ${name} AND l.subject = ${key}), 0) AS wait_ms`);
    const row = rows[0]!;
    if (!row.admitted) throw new AbuseLimitExceeded(rule.error, Math.max(1, Math.ceil(row.wait_ms / 1000)));
  }
}

/** Rows whose cell has fully drained carry no information; dropped now and then. */
export async function pruneAbuseLimits(db: Executor): Promise<number> {
  const { rowCount } = await db.execute(sql`DELETE FROM abuse_limits WHERE tat < now() - interval '1 minute'`);
  return rowCount ?? 0;
}
