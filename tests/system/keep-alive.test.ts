/**
 * An idle keep-alive connection outlives the proxy's (KEEP_ALIVE_TIMEOUT_MS, 65 s by default). With
 * Node's 5 s a connection the server closed just as a client or proxy reused it reset that request:
 * CI saw it as `read ECONNRESET` on a request sent after a few seconds' pause. A stopping server
 * still closes a connection as soon as its last answer is sent, not after that idle timeout.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerOnTestDatabase } from "../support/server-process";

let site: Awaited<ReturnType<typeof startServerOnTestDatabase>>;
beforeAll(async () => {
  site = await startServerOnTestDatabase({});
});
afterAll(async () => {
  await site?.stop();
});

/** One connection that sends GETs one at a time and reads each whole answer (bodies sent with Content-Length). */
function connection(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  let buffered = "";
  let closed = false;
  let waiting: (() => void) | undefined;
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    buffered += chunk;
    waiting?.();
  });
  socket.on("close", () => {
    closed = true;
    waiting?.();
  });
  socket.on("error", () => undefined);
  const answer = (): Promise<string | undefined> =>
    new Promise((resolve) => {
      const check = () => {
        const end = buffered.indexOf("\r\n\r\n");
        const length = end < 0 ? undefined : Number(/\r\ncontent-length: (\d+)/i.exec(buffered.slice(0, end))?.[1] ?? 0);
        if (end >= 0 && length !== undefined && Buffer.byteLength(buffered.slice(end + 4)) >= length) {
          const whole = buffered;
          buffered = "";
          waiting = undefined;
          resolve(whole.slice(0, end));
        } else if (closed) {
          waiting = undefined;
          resolve(undefined);
        }
      };
      waiting = check;
      check();
    });
  return {
    get: (path: string) => {
      if (!closed) socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      return answer();
    },
    isClosed: () => closed,
    destroy: () => socket.destroy(),
  };
}

describe("an idle keep-alive connection", () => {
  it("announces the server's idle timeout and is still open after Node's 5 s default", { timeout: 30_000 }, async () => {
    const client = connection(site.server.port);
    try {
      const first = await client.get("/healthz");
      expect(first).toMatch(/^HTTP\/1\.1 200 /);
      expect(first).toMatch(/\r\nKeep-Alive: timeout=65(\r\n|$)/i);
      await new Promise((resolve) => setTimeout(resolve, 6_500));
      expect(client.isClosed()).toBe(false);
      expect(await client.get("/healthz")).toMatch(/^HTTP\/1\.1 200 /);
    } finally {
      client.destroy();
    }
  });
});

describe("a connection answering while the server stops", () => {
  it("is closed once its answer is sent, and the process exits without waiting for the idle timeout", { timeout: 60_000 }, async () => {
    const stopping = await startServerOnTestDatabase({ SHUTDOWN_TIMEOUT_MS: "20000" });
    try {
      const socket = net.connect(stopping.server.port, "127.0.0.1");
      socket.setEncoding("utf8");
      let received = "";
      socket.on("data", (chunk: string) => (received += chunk));
      socket.on("error", () => undefined);
      const socketClosed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
      await new Promise<void>((resolve) => socket.on("connect", () => resolve()));
      // A request under way (its head not finished) when the server is told to stop...
      socket.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n");
      await new Promise((resolve) => setTimeout(resolve, 300));
      const signalled = Date.now();
      stopping.server.child.kill("SIGTERM");
      await new Promise((resolve) => setTimeout(resolve, 500));
      // ...is answered, then its connection closes and the process exits, well before SHUTDOWN_TIMEOUT_MS.
      socket.write("\r\n");
      await socketClosed;
      expect(received).toMatch(/^HTTP\/1\.1 200 /);
      expect(await stopping.server.exited).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(10_000);
    } finally {
      await stopping.stop();
    }
  });
});
