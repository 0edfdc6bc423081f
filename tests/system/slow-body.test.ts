/**
 * A request whose body never finishes (issue 26): the client's doing, answered 408 after
 * REQUEST_TIMEOUT_MS with the connection closed, in the API's envelope; never a 503, and not
 * logged as a server failure. (Pages have no actions: a POST to one is 405 without its body.)
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerOnTestDatabase } from "../support/server-process";

const REQUEST_TIMEOUT_MS = 1_000;

let site: Awaited<ReturnType<typeof startServerOnTestDatabase>>;
beforeAll(async () => {
  site = await startServerOnTestDatabase({ LOG_LEVEL: "info", REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) });
});
afterAll(async () => {
  await site?.stop();
});

/** Sends the head and part of the body it announces, then nothing more; reads until the server closes. */
function sendPartOfBody(port: number, path: string, contentType: string): Promise<{ text: string; ms: number; closedByServer: boolean }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve({ text: Buffer.concat(chunks).toString("utf8"), ms: Date.now() - started, closedByServer: false });
    }, REQUEST_TIMEOUT_MS * 8);
    socket.on("connect", () => {
      socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${contentType}\r\nContent-Length: 200\r\n\r\n{"lang":"en",`);
    });
    socket.on("data", (c: Buffer) => chunks.push(c));
    socket.on("error", reject);
    socket.on("close", () => {
      clearTimeout(giveUp);
      resolve({ text: Buffer.concat(chunks).toString("utf8"), ms: Date.now() - started, closedByServer: true });
    });
  });
}

function logEntries(): { msg?: string; level?: number; status?: number; path?: string }[] {
  return site.server.logs.flatMap((l) => {
    try {
      return [JSON.parse(l)];
    } catch {
      return [];
    }
  });
}

describe("a request body that never finishes", () => {
  it("is answered 408 in the API's envelope with the connection closed, not 503", { timeout: 30_000 }, async () => {
    const answer = await sendPartOfBody(site.server.port, "/api/home/article-comment", "application/json");
    expect(answer.closedByServer).toBe(true);
    expect(answer.ms).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
    const [head, body] = answer.text.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 408 /);
    expect(head).toMatch(/\r\nConnection: close\r\n/i);
    expect(head).not.toMatch(/Retry-After/i);
    expect(JSON.parse(body!)).toMatchObject({ code: 10480, data: null });
    // One answer only.
    expect(answer.text.match(/HTTP\/1\.1 /g)).toHaveLength(1);
  });

  it("is logged as the client's doing, not as a server failure", async () => {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const entries = logEntries();
    const slow = entries.filter((e) => e.msg === "request" && e.status === 408);
    expect(slow.map((e) => e.path)).toEqual(["/api/home/article-comment"]);
    expect(slow.every((e) => e.level === 30)).toBe(true);
    expect(entries.filter((e) => e.msg === "request failed" || (e.level ?? 0) >= 50)).toEqual([]);
  });
});
