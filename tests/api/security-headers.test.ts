import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/api-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ trustedProxies: ["loopback"] });
});
afterAll(async () => {
  await server.close();
});

describe("security headers", () => {
  it("send a nonce-based CSP, Permissions-Policy and COOP on every response, a new nonce each time", async () => {
    const a = await fetch(`${server.baseUrl}/api/home/base-info?lang=en`);
    const b = await fetch(`${server.baseUrl}/api/home/base-info?lang=en`);
    const csp = a.headers.get("content-security-policy")!;
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(csp).not.toMatch(/unsafe-inline[^;]*;.*script|script-src[^;]*unsafe-inline/);
    expect(csp).toMatch(/report-uri \/api\/csp-report/);
    expect(/'nonce-([^']+)'/.exec(csp)![1]).not.toBe(/'nonce-([^']+)'/.exec(b.headers.get("content-security-policy")!)![1]);
    expect(a.headers.get("permissions-policy")).toMatch(/camera=\(\)/);
    expect(a.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    expect(a.headers.get("x-content-type-options")).toBe("nosniff");
    expect(a.headers.get("x-powered-by")).toBeNull();
  });

  it("send HSTS only over https (as a trusted proxy reports it)", async () => {
    const plain = await fetch(`${server.baseUrl}/api/home/base-info?lang=en`);
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    const secure = await fetch(`${server.baseUrl}/api/home/base-info?lang=en`, { headers: { "x-forwarded-proto": "https" } });
    expect(secure.headers.get("strict-transport-security")).toMatch(/max-age=31536000; includeSubDomains/);
  });

  it("answer OPTIONS with Allow and no CORS grant", async () => {
    const res = await fetch(`${server.baseUrl}/api/home/base-info`, { method: "OPTIONS", headers: { origin: "http://evil.example" } });
    expect(res.status).toBe(204);
    expect(res.headers.get("allow")).toMatch(/GET/);
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
  });
});
