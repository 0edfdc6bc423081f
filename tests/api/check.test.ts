import { describe, expect, it } from "vitest";
import { apiUrl, readAnswer } from "../support/api-answers";
import { serveForFile, startTestServer, type TestServer } from "../support/api-server";
import * as checkApi from "../../server/api/endpoints/check.server";

let server: TestServer;
serveForFile((started) => (server = started));

async function seen(headers: Record<string, string>, base = server.baseUrl) {
  return readAnswer(await fetch(apiUrl(base, checkApi.checkSeen, "lang=en"), { headers }), checkApi.checkSeen);
}

describe("check/seen", () => {
  it("reflects the address a trusted proxy forwarded, its kind and country, never cached", async () => {
    const answer = await seen({ "x-forwarded-for": "8.8.8.8" });
    expect(answer.body.data).toMatchObject({ ip: "8.8.8.8", family: "ipv4", kind: "public", country: "US" });
    expect(answer.headers.get("cache-control")).toMatch(/no-store/);
    expect((await seen({ "x-forwarded-for": "2001:da8::1" })).body.data).toMatchObject({ family: "ipv6", kind: "public", country: "CN" });
    expect((await seen({ "x-forwarded-for": "::ffff:1.2.4.8" })).body.data).toMatchObject({ ip: "1.2.4.8", family: "ipv4", country: "CN" });
  });

  it("names private, CGNAT and loopback addresses and gives them no country", async () => {
    expect((await seen({ "x-forwarded-for": "10.1.2.3" })).body.data).toMatchObject({ kind: "private", country: null });
    expect((await seen({ "x-forwarded-for": "100.72.0.9" })).body.data).toMatchObject({ kind: "cgnat", country: null });
    expect((await seen({ "x-forwarded-for": "fd12::1" })).body.data).toMatchObject({ kind: "private", family: "ipv6", country: null });
    expect((await seen({ "x-forwarded-for": "192.0.2.1" })).body.data).toMatchObject({ kind: "other", country: null });
  });

  it("reflects the browser's own headers in a fixed order and never cookies or forwarding headers", async () => {
    const { body } = await seen({
      "x-forwarded-for": "8.8.8.8",
      "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Test/1.0",
      "accept-language": "de-DE,de;q=0.9",
      "sec-ch-ua-platform": '"Linux"',
      "sec-gpc": "1",
      dnt: "1",
      cookie: "session=secret",
      authorization: "Bearer secret",
    });
    const names = body.data.headers.map((h) => h.name);
    expect(names).toEqual(expect.arrayContaining(["user-agent", "accept-language", "sec-ch-ua-platform", "dnt", "sec-gpc"]));
    expect(names.indexOf("user-agent")).toBeLessThan(names.indexOf("accept-language"));
    expect(body.data.headers.find((h) => h.name === "accept-language")?.value).toBe("de-DE,de;q=0.9");
    expect(JSON.stringify(body.data)).not.toMatch(/secret|x-forwarded-for|cookie/i);
  });

  it("shows the peer's own address when the peer is not a trusted proxy", async () => {
    const direct = await startTestServer({ trustedProxies: [], database: server.database });
    try {
      const { body } = await seen({ "x-forwarded-for": "8.8.8.8" }, direct.baseUrl);
      expect(body.data).toMatchObject({ ip: "127.0.0.1", kind: "loopback", country: null });
    } finally {
      await direct.close();
    }
  });

  it("cuts a very long header instead of refusing the request", async () => {
    const { status, body } = await seen({ "x-forwarded-for": "8.8.8.8", "user-agent": "x".repeat(5_000) });
    expect(status).toBe(200);
    expect(body.data.headers.find((h) => h.name === "user-agent")?.value).toHaveLength(2_000);
  });
});
