/**
 * The transactional outbox: what staff must learn of (a new booking, a cancellation) is written
 * in the same transaction as the change itself, then delivered to BOOKING_WEBHOOK_URL with
 * retries and growing back-off, so nothing is lost while the webhook is down and each message
 * is delivered once it is back. Any number of processes may deliver: rows are claimed with
 * `FOR UPDATE SKIP LOCKED` and a lease. With no URL configured, deliveries are logged.
 */
import { createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import type { DeliveryState, DeliveryStatus } from "@contracts/staff-inbox-delivery";
import type { InboxStatus } from "@contracts/staff-inbox";
import type { StaffIdentity } from "@contracts/staff-access";
import type { Database, Executor } from "../db/client.server";
import { isoUtc } from "../db/sql-helpers.server";
import type { Logger } from "../logger.server";
import { audit } from "../services/staff.server";

export async function enqueue(tx: Executor, topic: string, payload: Record<string, unknown>): Promise<void> {
  await tx.execute(sql`INSERT INTO outbox (topic, payload) VALUES (${topic}, ${JSON.stringify(payload)}::jsonb)`);
}

export interface DeliveryOptions {
  webhookUrl?: string;
  /** Signs each body (X-Signature: sha256=<hex HMAC>) so the receiver can trust it. */
  webhookSecret?: string;
  logger: Logger;
  batch?: number;
  timeoutMs?: number;
}

/** Back-off after the n-th failed attempt: 5 s, 10 s, 20 s … at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 5 * 2 ** Math.max(0, attempts - 1));
}

/** Delivers the messages that are due; returns how many were delivered and how many failed. */
export async function deliverDue(db: Database, options: DeliveryOptions): Promise<{ delivered: number; failed: number }> {
  const { rows } = await db.execute<{ id: number; topic: string; payload: unknown; attempts: number; created_at: Date }>(sql`
    UPDATE outbox SET locked_until = now() + interval '60 seconds'
    WHERE id IN (
      SELECT id FROM outbox
      WHERE delivered_at IS NULL AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
      ORDER BY id LIMIT ${options.batch ?? 20}
      FOR UPDATE SKIP LOCKED)
    RETURNING id, topic, payload, attempts, created_at`);
  let delivered = 0;
  let failed = 0;
  for (const message of rows.sort((a, b) => a.id - b.id)) {
    const body = JSON.stringify({ id: message.id, topic: message.topic, created_at: new Date(message.created_at).toISOString(), data: message.payload });
    try {
      if (options.webhookUrl) {
        const headers: Record<string, string> = { "content-type": "application/json", "x-outbox-id": String(message.id) };
        if (options.webhookSecret) headers["x-signature"] = `sha256=${createHmac("sha256", options.webhookSecret).update(body).digest("hex")}`;
        const res = await fetch(options.webhookUrl, { method: "POST", headers, body, signal: AbortSignal.timeout(options.timeoutMs ?? 5_000) });
        if (!res.ok) throw new Error(`webhook answered ${res.status}`);
      } else {
        options.logger.info({ outbox: message.id, topic: message.topic, data: message.payload }, "outbox message (no BOOKING_WEBHOOK_URL configured)");
      }
      await db.execute(sql`UPDATE outbox SET delivered_at = now(), locked_until = NULL, attempts = attempts + 1, last_error = NULL WHERE id = ${message.id}`);
      delivered++;
    } catch (err) {
      failed++;
      const attempts = message.attempts + 1;
      await db.execute(sql`
        UPDATE outbox SET attempts = ${attempts}, locked_until = NULL, last_error = ${String((err as Error).message).slice(0, 500)},
          next_attempt_at = now() + make_interval(secs => ${retryDelaySeconds(attempts)})
        WHERE id = ${message.id}`);
      options.logger.warn({ err, outbox: message.id, attempts }, "outbox delivery failed; will retry");
    }
  }
  return { delivered, failed };
}

/** Delivers due messages every `intervalMs` until stopped. */
export function startOutboxWorker(db: Database, options: DeliveryOptions & { intervalMs: number }): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    deliverDue(db, options)
      .catch((err) => options.logger.warn({ err }, "outbox worker pass failed"))
      .finally(() => (running = false));
  }, options.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

// ---- staff area ----------------------------------------------------------------------------

/**
 * How the announcement of a record went: delivered; pending (not yet tried); failing (the last
 * attempt failed, the next is due at `next_attempt_at`); missing (no outbox message names the
 * record, e.g. one stored before the outbox existed).
 */
export type { DeliveryState, DeliveryStatus };

const MISSING: DeliveryStatus = {
  state: "missing",
  outbox_id: null,
  attempts: 0,
  created_at: null,
  delivered_at: null,
  next_attempt_at: null,
  last_error: null,
};

/**
 * The delivery status of the outbox messages of `topic` announcing the given records, by the
 * record's reference (the payload's `reference`, written with the record in one transaction).
 * One query for a whole page of records; a reference without a message is "missing".
 */
export async function deliveryStatuses(db: Executor, topic: string, references: readonly string[]): Promise<Map<string, DeliveryStatus>> {
  const found = new Map<string, DeliveryStatus>();
  if (references.length) {
    const { rows } = await db.execute<Omit<DeliveryStatus, "state"> & { reference: string }>(sql`
      SELECT DISTINCT ON (payload->>'reference') payload->>'reference' AS reference, id AS outbox_id, attempts, last_error,
             ${isoUtc(sql`created_at`)} AS created_at, ${isoUtc(sql`delivered_at`)} AS delivered_at, ${isoUtc(sql`next_attempt_at`)} AS next_attempt_at
      FROM outbox
      WHERE topic = ${topic} AND payload->>'reference' IN (${sql.join(
        references.map((r) => sql`${r}`),
        sql`, `,
      )})
      ORDER BY payload->>'reference', id DESC`);
    for (const { reference, ...row } of rows) {
      const state: DeliveryState = row.delivered_at ? "delivered" : row.last_error ? "failing" : "pending";
      found.set(reference, { ...row, state, next_attempt_at: row.delivered_at ? null : row.next_attempt_at });
    }
  }
  return new Map(references.map((r) => [r, found.get(r) ?? MISSING]));
}

/**
 * Marks a record that was announced through the outbox (a visitor message, a partner
 * application) handled or new, with its audit entry, in one transaction. The row is locked and
 * the UPDATE is conditional, so marking it twice (or two staff at once) changes it and audits it
 * once; `changed` says whether this call did. Null when there is no such record.
 */
export async function setAnnouncedRecordStatus(
  db: Database,
  staff: Pick<StaffIdentity, "id" | "email">,
  record: { table: "visitor_messages" | "partner_applications"; entity: string; id: number },
  status: InboxStatus,
): Promise<{ changed: boolean } | null> {
  const table = sql.identifier(record.table);
  return db.transaction(async (tx) => {
    const { rows: locked } = await tx.execute<{ status: InboxStatus; handled_at: string | null }>(sql`
      SELECT status, ${isoUtc(sql`handled_at`)} AS handled_at FROM ${table} WHERE id = ${record.id} FOR UPDATE`);
    const before = locked[0];
    if (!before) return null;
    const { rows: updated } = await tx.execute<{ status: InboxStatus; handled_at: string | null }>(sql`
      UPDATE ${table} SET status = ${status}, handled_at = ${status === "handled" ? sql`now()` : sql`NULL`}
      WHERE id = ${record.id} AND status <> ${status}
      RETURNING status, ${isoUtc(sql`handled_at`)} AS handled_at`);
    const after = updated[0];
    if (!after) return { changed: false };
    await audit(tx, staff, { action: status === "handled" ? "mark-handled" : "mark-new", entity: record.entity, entityId: record.id, before, after });
    return { changed: true };
  });
}
