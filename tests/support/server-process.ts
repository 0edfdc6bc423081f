import { TEST_DATA_DIR } from "./global-setup";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { createTestDatabase, type TestDatabase } from "./database";

export const SERVER_ENTRY = path.resolve("build/server/index.js");

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  logs: string[];
  exited: Promise<number | null>;
}

/** Runs the compiled server (`npm run build` first) as its own process, as `npm start` does; `nodeArgs` go before the entry (V8 flags). */
export function spawnServer(env: Record<string, string>, port: number, nodeArgs: readonly string[] = []): ServerProcess {
  if (!fs.existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run npm run build first`);
  const child = spawn(process.execPath, [...nodeArgs, SERVER_ENTRY], {
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: string[] = [];
  const collect = (chunk: Buffer) => logs.push(...chunk.toString().split("\n").filter(Boolean));
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, port, baseUrl: `http://127.0.0.1:${port}`, logs, exited };
}

export async function waitUntilReady(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void server.exited.then((c) => (exitCode = c));
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`server exited (${exitCode}) before it was ready:\n${server.logs.join("\n")}`);
    try {
      const res = await fetch(`${server.baseUrl}/readyz`);
      if (res.status === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server was not ready in ${timeoutMs} ms:\n${server.logs.join("\n")}`);
}

/** The server's JSON log lines so far (pino writes one object a line; anything else is skipped). */
export function logEntries(server: ServerProcess): Record<string, unknown>[] {
  return server.logs.flatMap((line) => {
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}

/** The pids of the workers a `WEB_CONCURRENCY` > 1 server has started so far, in order. */
export const servingWorkers = (server: ServerProcess): number[] =>
  logEntries(server)
    .filter((e) => e.msg === "worker is serving")
    .map((e) => e.workerPid as number);

/** Whether a process of ours is still running (signal 0 only checks). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The embedded database's port, from the server's own start-up log line. */
export function embeddedPort(server: ServerProcess): number {
  for (const line of server.logs) {
    try {
      const entry = JSON.parse(line) as { msg?: string; port?: number };
      if (entry.msg === "embedded PostgreSQL is up" && entry.port) return entry.port;
    } catch {
      /* not JSON */
    }
  }
  throw new Error("no embedded PostgreSQL port in the logs");
}

/**
 * The built server in a mode with an English and a mainland-China host, on a scratch data
 * directory; `stop()` shuts it down and removes the directory.
 */
export async function startModeHostServer(name: string, hosts: { en: string; zh: string }) {
  const { default: fs } = await import("node:fs");
  const dataDir = path.resolve(".tmp", `${name}-${process.pid}`);
  const server = spawnServer(
    { DATA_DIR: dataDir, LOG_LEVEL: "warn", SITE_MODE: "pro", LANGUAGE_HOSTS: JSON.stringify({ pro: hosts, pre: { en: "http://pre.facet.test" } }) },
    await freePort(),
  );
  await waitUntilReady(server);
  return {
    server,
    async stop() {
      server.child.kill("SIGTERM");
      await server.exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The built server as its own process over a fresh copy of the seeded test database (no
 * embedded PostgreSQL to start, so it is up in a second or two). `stop()` ends both.
 */
export async function startServerOnTestDatabase(env: Record<string, string> = {}, database?: TestDatabase) {
  const db = database ?? (await createTestDatabase());
  const port = await freePort();
  const server = spawnServer(
    // DATA_DIR: where the seeded template's stand-in installers are (tests/support/global-setup.ts).
    {
      DATABASE_URL: db.url,
      DATA_DIR: TEST_DATA_DIR,
      LOG_LEVEL: "warn",
      SITE_ORIGIN: `http://127.0.0.1:${port}`,
      SEED_DEMO_CONTENT: "false",
      ...env,
    },
    port,
  );
  try {
    await waitUntilReady(server);
  } catch (err) {
    server.child.kill("SIGKILL");
    if (!database) await db.drop();
    throw err;
  }
  return {
    server,
    database: db,
    async stop() {
      if (server.child.exitCode === null) {
        server.child.kill("SIGTERM");
        await server.exited;
      }
      if (!database) await db.drop();
    },
  };
}

/** Whether a process of this pid still runs (signal 0 only asks). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
