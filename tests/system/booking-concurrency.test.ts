/**
 * 200 booking attempts at once on a slot with 5 places, sent to two server processes that share
 * one PostgreSQL: exactly 5 bookings, every other attempt 10043, nothing 5xx. And retries of one
 * submission (one idempotency key) racing others for a slot's last place: all get the same answer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { startServerOnTestDatabase } from "../support/server-process";

let database: TestDatabase;
let servers: Awaited<ReturnType<typeof startServerOnTestDatabase>>[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const env = { TRUSTED_PROXIES: "loopback", DATABASE_STATEMENT_TIMEOUT_MS: "15000", REQUEST_TIMEOUT_MS: "30000" };
  servers = await Promise.all([startServerOnTestDatabase(env, database), startServerOnTestDatabase(env, database)]);
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await database.drop();
});

describe("booking one slot from two processes at once", () => {
  it("never overbooks", { timeout: 120_000 }, async () => {
    const { rows } = await database.pool.query(
      "INSERT INTO booking_slots (starts_at, ends_at, capacity) VALUES (now() + interval '3 days 7 minutes', now() + interval '3 days 67 minutes', 5) RETURNING id",
    );
    const slotId = rows[0].id as number;
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        fetch(`${servers[i % 2]!.server.baseUrl}/api/help/subscribe-add`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": `100.70.${i >> 8}.${i & 255}` },
          body: JSON.stringify({
            lang: i % 3 === 0 ? "zh" : "en",
            slot_id: slotId,
            company: `Racer ${i}`,
            account: "none",
            phone: "13800138000",
            chat_app: "no",
            content: "Concurrency test",
            contact_from: "14:00",
            contact_to: "15:00",
          }),
        }).then(async (res) => ({ status: res.status, code: ((await res.json()) as { code: number }).code })),
      ),
    );
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 409 && r.code === 10043)).toHaveLength(195);
    const stored = await database.pool.query("SELECT count(*)::int AS n FROM bookings WHERE slot_id = $1", [slotId]);
    expect(stored.rows[0].n).toBe(5);
    const slot = await database.pool.query("SELECT booked FROM booking_slots WHERE id = $1", [slotId]);
    expect(slot.rows[0].booked).toBe(5);
  });

  it("answers every retry of one submission alike when they race others for the last place", { timeout: 120_000 }, async () => {
    for (let round = 0; round < 5; round++) {
      const { rows } = await database.pool.query(
        "INSERT INTO booking_slots (starts_at, ends_at, capacity) VALUES (now() + interval '4 days' + make_interval(mins => $1), now() + interval '4 days 1 hour', 1) RETURNING id",
        [7 + round],
      );
      const slotId = rows[0].id as number;
      const key = `retried-submission-${round}`;
      const attempts = Array.from({ length: 20 }, (_, i) => ({ i, key: i % 5 === 4 ? `someone-else-${round}-${i}` : key }));
      const results = await Promise.all(
        attempts.map(({ i, key: attemptKey }) =>
          fetch(`${servers[i % 2]!.server.baseUrl}/api/help/subscribe-add`, {
            method: "POST",
            headers: { "content-type": "application/json", "x-forwarded-for": `100.71.${round}.${i}`, "idempotency-key": attemptKey },
            body: JSON.stringify({
              lang: "en",
              slot_id: slotId,
              company: "Retry Co",
              account: "none",
              phone: "13800138000",
              chat_app: "no",
              content: "Retry test",
              contact_from: "14:00",
              contact_to: "15:00",
            }),
          }).then(async (res) => ({ key: attemptKey, status: res.status, body: (await res.json()) as { code: number; data: { id: number } | null } })),
        ),
      );
      expect(results.filter((r) => r.status >= 500)).toEqual([]);
      const stored = await database.pool.query("SELECT idempotency_key FROM bookings WHERE slot_id = $1", [slotId]);
      expect(stored.rows).toHaveLength(1);
      const winner = stored.rows[0].idempotency_key as string;
      for (const r of results) {
        if (r.key === winner) expect([r.status, r.body.code]).toEqual([200, 0]);
        else expect([r.status, r.body.code]).toEqual([409, 10043]);
      }
      expect(new Set(results.filter((r) => r.key === winner).map((r) => r.body.data!.id)).size).toBe(1);
    }
  });
});
