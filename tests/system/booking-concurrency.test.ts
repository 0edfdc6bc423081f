/**
 * 200 booking attempts at once on a slot with 5 places, sent to two server processes that share
 * one PostgreSQL: exactly 5 bookings, every other attempt 10043, nothing 5xx.
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
});
