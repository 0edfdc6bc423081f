import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Endpoint } from "../../server/api/endpoint.server";
import { apiUrl, readAnswer, type ApiQuery } from "../support/api-answers";
import { startTestServer, type TestServer, queryRows } from "../support/api-server";
import * as visitorApi from "../../server/api/endpoints/visitor.server";

const EXCLUDED = "203.0.113.9";
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ chat: { excludedIp: EXCLUDED, easemobCountries: ["CN"], huanxinScript: "https://kefu.easemob.com/webim/easemob.js" } });
});
afterAll(async () => {
  await server.close();
});

const q = <T>(text: string, params: unknown[] = []) => queryRows<T>(server, text, params);

async function get<E extends Endpoint>(endpoint: E, query: ApiQuery = "", ip = "198.51.100.20", base = server.baseUrl) {
  return readAnswer(await fetch(apiUrl(base, endpoint, query), { headers: { "x-forwarded-for": ip } }), endpoint);
}

describe("visitor/ip", () => {
  it("answers the forwarded address behind a trusted proxy and its country from the IP database", async () => {
    expect((await get(visitorApi.visitorIp, "", "8.8.8.8")).body.data).toEqual({ ip: "8.8.8.8", ip_data: { country: "US" } });
    expect((await get(visitorApi.visitorIp, "", "1.2.4.8")).body.data).toEqual({ ip: "1.2.4.8", ip_data: { country: "CN" } });
    expect((await get(visitorApi.visitorIp, "", "2001:da8::1")).body.data.ip_data.country).toBe("CN");
    expect((await get(visitorApi.visitorIp, "", "10.1.2.3")).body.data).toEqual({ ip: "10.1.2.3", ip_data: { country: null } });
    expect((await get(visitorApi.visitorIp, "", "8.8.8.8")).headers.get("cache-control")).toMatch(/no-store/);
  });

  it("ignores X-Forwarded-For from a peer that is not a trusted proxy", async () => {
    const direct = await startTestServer({ trustedProxies: [], database: server.database });
    try {
      const { body } = await get(visitorApi.visitorIp, "", "8.8.8.8", direct.baseUrl);
      expect(body.data.ip).toMatch(/127\.0\.0\.1$/);
      expect(body.data.ip_data.country).toBeNull();
    } finally {
      await direct.close();
    }
  });
});

describe("third/chat/config and choose", () => {
  it("answers each language's chat type with its https .js script tag", async () => {
    const en = (await get(visitorApi.chatConfigEndpoint, "type=www&lang=en")).body.data;
    expect(en).toMatchObject({ chat: "SS_HUMAN", setup: true, autostart: false });
    expect(en.chat_info.js).toMatch(/^<script src="https:\/\/[^"]+\.js" async><\/script>$/);
    const zh = (await get(visitorApi.chatConfigEndpoint, "type=www&lang=zh")).body.data;
    expect(zh).toMatchObject({ chat: "HUAN_XIN", chat_info: { js: '<script src="https://kefu.easemob.com/webim/easemob.js" async></script>' } });
    expect((await get(visitorApi.chatConfigEndpoint, "type=www&lang=ru")).body.data.chat).toBe("SS_ROBOT");
    expect((await get(visitorApi.chatConfigEndpoint, "type=app")).body).toMatchObject({ code: 10101, data: { field: "type" } });
  });

  it("keeps the config in the database, per language", async () => {
    await q("UPDATE chat_settings SET chat_type = 'SS_ROBOT', autostart = true WHERE lang = 'th'");
    expect((await get(visitorApi.chatConfigEndpoint, "lang=th")).body.data).toMatchObject({ chat: "SS_ROBOT", autostart: true });
    await expect(q("UPDATE chat_settings SET script_url = 'http://chat.test/x.js' WHERE lang = 'th'")).rejects.toThrow(/chat_settings_script_check/);
  });

  it("sets no chat up for the one excluded visitor address", async () => {
    expect((await get(visitorApi.chatConfigEndpoint, "lang=en", EXCLUDED)).body.data.setup).toBe(false);
    expect((await get(visitorApi.chatConfigEndpoint, "lang=en", "203.0.113.10")).body.data.setup).toBe(true);
  });

  it("chooses easemob for the configured countries and the sales chat elsewhere", async () => {
    expect((await get(visitorApi.chatChoose, "ip=1.2.4.8")).body.data).toEqual({ type: "easemob" });
    expect((await get(visitorApi.chatChoose, "ip=8.8.8.8")).body.data).toEqual({ type: "ss" });
    expect((await get(visitorApi.chatChoose, "", "1.2.4.8")).body.data).toEqual({ type: "easemob" });
    expect((await get(visitorApi.chatChoose, "ip=not-an-ip")).body).toMatchObject({ code: 10101, data: { field: "ip" } });
  });
});

describe("home/leave-message", () => {
  let visitor = 0;
  const send = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    fetch(apiUrl(server.baseUrl, visitorApi.leaveMessageEndpoint), {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `100.80.${++visitor >> 8}.${visitor & 255}`, ...headers },
      body: JSON.stringify(body),
    }).then((res) => readAnswer(res, visitorApi.leaveMessageEndpoint));
  const VALID = {
    lang: "th",
    name: "Somchai",
    contact: "somchai@example.com",
    message: "Do you offer team discounts?",
    page: "https://www.facet.test/th/Pricing",
  };

  it("stores the message and announces it through the outbox", async () => {
    const res = await send(VALID);
    expect(res.body).toMatchObject({ code: 0, data: { reference: expect.stringMatching(/^MS-[A-Z2-9]{8}$/) } });
    const [row] = await q<{ id: number }>("SELECT * FROM visitor_messages WHERE id = $1", [res.body.data.id]);
    expect(row).toMatchObject({ name: "Somchai", contact: "somchai@example.com", lang: "th", page_url: VALID.page, status: "new" });
    const [message] = await q<{ payload: unknown }>("SELECT payload FROM outbox WHERE topic = 'visitor.message' AND payload->>'id' = $1", [String(row.id)]);
    expect(message.payload).toMatchObject({ reference: res.body.data.reference, message: VALID.message });
  });

  it("refuses empty fields (10100) and over-long ones (10101), in the request's language", async () => {
    for (const field of ["name", "contact", "message"]) {
      expect(await send({ ...VALID, [field]: " " }), field).toMatchObject({ status: 400, body: { code: 10100, data: { field } } });
    }
    const long = await send({ ...VALID, message: "x".repeat(3001) });
    expect(long).toMatchObject({ status: 400, body: { code: 10101, data: { field: "message" } } });
    expect(long.body.msg).toMatch(/[\u0E00-\u0E7F]/);
  });

  it("limits messages per visitor (10030, Retry-After) and stores nothing refused", async () => {
    const me = { "x-forwarded-for": "198.51.100.99" };
    for (let i = 0; i < 3; i++) expect((await send(VALID, me)).status).toBe(200);
    const refused = await send(VALID, me);
    expect(refused).toMatchObject({ status: 429, body: { code: 10030 } });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const [{ n }] = await q<{ n: number }>(
      "SELECT count(*)::int AS n FROM visitor_messages WHERE client_hash = (SELECT client_hash FROM visitor_messages ORDER BY id DESC LIMIT 1)",
    );
    expect(n).toBe(3);
  });

  it("refuses a cross-site submission", async () => {
    expect(await send(VALID, { "sec-fetch-site": "cross-site", origin: "https://evil.example" })).toMatchObject({ status: 403, body: { code: 10403 } });
  });
});
