import { describe, expect, it } from "vitest";
import { seal } from "../../app/lib/seal";
import { pruneUsageEvents, usageReport } from "../../server/services/usage.server";
import * as trackingApi from "../../server/api/endpoints/tracking.server";
import { apiUrl, readAnswer } from "../support/api-answers";
import { serveForFile, type TestServer, queryRows } from "../support/api-server";

let server: TestServer;
serveForFile((started) => (server = started));

const q = <T>(text: string, params: unknown[] = []) => queryRows<T>(server, text, params);

const base = (kind: string, codes: [number, number], extra: Record<string, unknown> = {}) => ({
  kind,
  event_type: codes[0],
  object_type: codes[1],
  at: Date.now(),
  url: "https://www.facet.test/th/Pricing?x=1",
  title: "ราคา | Facet Browser",
  referrer: "",
  lang: "th",
  device_id: "device-1234-abcd",
  user_id: "",
  os: "linux",
  ua: "Mozilla/5.0",
  screen_w: 1280,
  screen_h: 800,
  dpr: 1,
  app_version: "",
  ...extra,
});

let visitor = 0;
const trackConfig = async () => (await readAnswer(await fetch(apiUrl(server.baseUrl, trackingApi.trackConfig)), trackingApi.trackConfig)).body.data;
async function sealBatch(events: unknown[]): Promise<Record<string, string>> {
  const config = await trackConfig();
  return (await seal(JSON.stringify(events), config.public_key, config.key_id)) as unknown as Record<string, string>;
}
async function send(sealed: Record<string, string>, address = `100.95.0.${++visitor}`) {
  const form = new FormData();
  for (const [k, v] of Object.entries(sealed)) form.set(k, v);
  const res = await fetch(apiUrl(server.baseUrl, trackingApi.trackCollect), { method: "POST", body: form, headers: { "x-forwarded-for": address } });
  return { status: res.status, text: await res.text() };
}
async function collect(events: unknown[], tamper?: (s: Record<string, string>) => void, address?: string) {
  const sealed = await sealBatch(events);
  tamper?.(sealed);
  return send(sealed, address);
}
const storedEvents = async () => (await q<{ n: number }>("SELECT count(*)::int AS n FROM usage_events"))[0].n;

describe("usage tracking", () => {
  it("answers its settings: the sealing key and the batching rules", async () => {
    const data = await trackConfig();
    expect(data).toMatchObject({ enabled: true, key_id: "k1", batch_size: 20, flush_ms: 10000 });
    expect(data.public_key.length).toBeGreaterThan(300);
  });

  it("opens a batch sealed by the browser code, stores the four kinds and drops and counts anything else", async () => {
    const res = await collect([
      base("view", [0, 22], { load_ms: 840 }),
      base("click", [3, 23], { key: "pricing-cta", content: "See pricing", el_type: "a", el_class: "btn", target_url: "https://www.facet.test/Pricing" }),
      base("expose", [5, 24], { key: "plan-pro", content: "Pro" }),
      base("error", [6, 25], { error_type: 100102, error_message: "x is not defined", target_url: "" }),
      base("purchase", [9, 99]),
      { kind: "view" },
      base("error", [6, 25], { error_type: 123, error_message: "" }),
    ]);
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    const rows = await q<{ kind: string; event_type: number; object_type: number; lang: string }>(
      "SELECT kind, event_type, object_type, lang FROM usage_events ORDER BY id",
    );
    expect(rows.map((r) => [r.kind, r.event_type, r.object_type])).toEqual([
      ["view", 0, 22],
      ["click", 3, 23],
      ["expose", 5, 24],
      ["error", 6, 25],
    ]);
    expect((await q<{ n: number }>("SELECT sum(count)::int AS n FROM usage_dropped"))[0].n).toBe(3);
    const report = await usageReport(server.database.db, 30);
    expect(report.views).toEqual([expect.objectContaining({ path: "/th/Pricing", lang: "th", views: 1 })]);
    expect(report.clicks[0]).toMatchObject({ key: "pricing-cta", clicks: 1 });
    expect(report.errors).toEqual([{ error_type: 100102, errors: 1 }]);
    expect(report.dropped).toBe(3);
  });

  it("refuses a batch that does not open (tampered, unknown key, not sealed)", async () => {
    const before = (await q<{ n: number }>("SELECT count(*)::int AS n FROM usage_events"))[0].n;
    const flip = (s: Record<string, string>) => {
      const bytes = Buffer.from(s.payload!, "base64");
      bytes[0]! ^= 1;
      s.payload = bytes.toString("base64");
    };
    expect((await collect([base("view", [0, 22])], flip)).status).toBe(400);
    expect((await collect([base("view", [0, 22])], (s) => void (s.key_id = "k7"))).status).toBe(400);
    const plain = await fetch(apiUrl(server.baseUrl, trackingApi.trackCollect), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify([base("view", [0, 22])]),
    });
    expect(plain.status).toBe(400);
    expect((await q<{ n: number }>("SELECT count(*)::int AS n FROM usage_events"))[0].n).toBe(before);
  });

  it("refuses event and object types other than the spec's pair for the kind, 32-bit or not, with a 400 and never a 500", async () => {
    const before = await storedEvents();
    for (const codes of [
      [2 ** 32, 22],
      [0, 2 ** 31],
      [-(2 ** 31) - 1, 22],
      [2 ** 53 - 1, 2 ** 53 - 1],
      [3, 23],
      [0, 0],
    ] as [number, number][]) {
      const res = await collect([base("view", codes)]);
      expect(res.status, JSON.stringify(codes)).toBe(400);
      expect(JSON.parse(res.text), JSON.stringify(codes)).toMatchObject({ code: 10101, data: { field: "payload" } });
    }
    // Beside a valid event, a bad one is dropped and counted like any malformed event.
    expect((await collect([base("view", [0, 22]), base("click", [2 ** 32, 23])])).status).toBe(204);
    expect(await storedEvents()).toBe(before + 1);
  });

  it("stores a beacon once: sent again as it is, or sealed again, it adds nothing", async () => {
    const events = [base("view", [0, 22], { url: "https://www.facet.test/en/replayed" }), base("expose", [5, 24], { key: "replayed" })];
    const sealed = await sealBatch(events);
    expect((await send(sealed)).status).toBe(204);
    const stored = await storedEvents();
    expect((await send(sealed)).status).toBe(204);
    expect((await send(sealed, "100.95.9.9")).status).toBe(204);
    expect((await collect(events)).status).toBe(204);
    expect(await storedEvents()).toBe(stored);
    expect((await q<{ n: number }>("SELECT count(*)::int AS n FROM usage_events WHERE url = 'https://www.facet.test/en/replayed'"))[0].n).toBe(1);
  });

  it("drops events older than the replay window, so a beacon replayed after its digest is pruned stores nothing", async () => {
    const old = Date.now() - 49 * 3_600_000;
    expect((await collect([base("view", [0, 22], { at: old })])).status).toBe(400);
    expect((await q<{ n: number }>("SELECT count(*)::int AS n FROM usage_events WHERE occurred_at < now() - interval '48 hours'"))[0].n).toBe(0);
  });

  it("counts events, not beacons: one address stores at most 200 events a minute, then 429", async () => {
    const address = "100.95.200.1";
    const statuses: number[] = [];
    for (let beacon = 0; beacon < 6; beacon++) {
      const events = Array.from({ length: 50 }, (_, i) => base("click", [3, 23], { key: `flood-${beacon}-${i}`, target_url: "https://www.facet.test/x" }));
      statuses.push((await collect(events, undefined, address)).status);
    }
    expect(statuses.slice(0, 4)).toEqual([204, 204, 204, 204]);
    expect(statuses.slice(4)).toEqual([429, 429]);
    expect((await q<{ n: number }>("SELECT count(*)::int AS n FROM usage_events WHERE data->>'key' LIKE 'flood-%'"))[0].n).toBe(200);
  });

  it("stores only the known fields of an event, each bounded", async () => {
    const res = await collect([
      base("view", [0, 22], { url: "https://www.facet.test/en/bounded", padding: "p".repeat(30_000) }),
      base("view", [0, 22], { referrer: "r".repeat(1001) }),
    ]);
    expect(res.status).toBe(204);
    const [row] = await q<{ size: number; padding: string | null }>(
      "SELECT pg_column_size(data) AS size, data->>'padding' AS padding FROM usage_events WHERE url = 'https://www.facet.test/en/bounded'",
    );
    expect(row.padding).toBeNull();
    expect(row.size).toBeLessThan(5_000);
  });

  it("prunes replay digests older than the window with the events' own pruning", async () => {
    await q("INSERT INTO usage_beacons (digest, received_at) VALUES ('old-digest', now() - interval '49 hours'), ('new-digest', now())");
    await pruneUsageEvents(server.database.db, 90);
    expect((await q<{ digest: string }>("SELECT digest FROM usage_beacons WHERE digest IN ('old-digest', 'new-digest')")).map((r) => r.digest)).toEqual([
      "new-digest",
    ]);
  });
});
