import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seal } from "../../app/lib/seal";
import { usageReport } from "../../server/services/usage.server";
import { startTestServer, type TestServer } from "../support/api-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const q = <T,>(text: string, params: unknown[] = []) => server.database.pool.query(text, params).then((r) => r.rows as [T, ...T[]]);

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
async function collect(events: unknown[], tamper?: (s: Record<string, string>) => void) {
  const config = ((await (await fetch(`${server.baseUrl}/api/track/config`)).json()) as { data: { key_id: string; public_key: string } }).data;
  const sealed = (await seal(JSON.stringify(events), config.public_key, config.key_id)) as unknown as Record<string, string>;
  tamper?.(sealed);
  const form = new FormData();
  for (const [k, v] of Object.entries(sealed)) form.set(k, v);
  const res = await fetch(`${server.baseUrl}/api/track/collect`, { method: "POST", body: form, headers: { "x-forwarded-for": `100.95.0.${++visitor}` } });
  return { status: res.status, text: await res.text() };
}

describe("usage tracking", () => {
  it("answers its settings: the sealing key and the batching rules", async () => {
    const { data } = (await (await fetch(`${server.baseUrl}/api/track/config`)).json()) as any;
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
    const rows = await q<{ kind: string; event_type: number; object_type: number; lang: string }>("SELECT kind, event_type, object_type, lang FROM usage_events ORDER BY id");
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
    const plain = await fetch(`${server.baseUrl}/api/track/collect`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify([base("view", [0, 22])]) });
    expect(plain.status).toBe(400);
    expect((await q<{ n: number }>("SELECT count(*)::int AS n FROM usage_events"))[0].n).toBe(before);
  });
});
