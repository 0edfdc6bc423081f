/**
 * WEB_CONCURRENCY=2 (docs/decisions/0024): the primary starts the embedded database and forks two
 * workers that both answer on the one port; a killed worker is replaced; SIGTERM drains the
 * workers and then stops the database; workers do not outlive a killed primary. Which process
 * answered is read from the request log lines (pino's pid), not from anything a visitor sees.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, logEntries, type ServerProcess, servingWorkers, spawnServer, waitUntilReady, processAlive } from "../support/server-process";

const dataDir = path.resolve(".tmp", `cluster-${process.pid}`);
const running: ServerProcess[] = [];

async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A request on a connection of its own, so the primary hands it to the next worker in turn. */
function getOnNewConnection(port: number, requestPath: string): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path: requestPath, agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0 }));
    });
    req.on("error", reject);
  });
}

/** The pids that answered: each request's log line carries the pid of the process that served it. */
async function answeringPids(server: ServerProcess, requests: number): Promise<Set<number>> {
  const statuses: number[] = [];
  for (let i = 0; i < requests; i++) statuses.push((await getOnNewConnection(server.port, `/healthz?n=${i}-${Date.now()}`)).status);
  expect(statuses.every((s) => s === 200)).toBe(true);
  await new Promise((r) => setTimeout(r, 300)); // log lines are written after the response
  return new Set(
    logEntries(server)
      .filter((e) => e.msg === "request" && e.path === "/healthz")
      .map((e) => e.pid as number),
  );
}

afterAll(async () => {
  for (const s of running) if (s.child.exitCode === null) s.child.kill("SIGKILL");
  const pidFile = path.join(dataDir, "pg", "postmaster.pid");
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
    if (pid && processAlive(pid)) process.kill(pid, "SIGINT");
    for (let i = 0; i < 50 && pid && processAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("several processes (WEB_CONCURRENCY)", () => {
  let server: ServerProcess;

  it("starts the database once and two workers that both answer", { timeout: 180_000 }, async () => {
    server = spawnServer({ DATA_DIR: dataDir, WEB_CONCURRENCY: "2", SEED_DEMO_CONTENT: "false", LOG_LEVEL: "info" }, await freePort());
    running.push(server);
    await waitUntilReady(server, 150_000);
    const workers = await waitFor("two workers", () => (servingWorkers(server).length >= 2 ? servingWorkers(server) : undefined), 120_000);
    expect(new Set(workers).size).toBe(2);
    expect(workers).not.toContain(server.child.pid);
    // Two malloc arenas per worker unless the environment says otherwise (docs/decisions/0039).
    for (const pid of workers) expect(fs.readFileSync(`/proc/${pid}/environ`, "utf8").split("\0")).toContain("MALLOC_ARENA_MAX=2");
    // One embedded PostgreSQL, started by the primary; the workers connect to it.
    expect(logEntries(server).filter((e) => e.msg === "embedded PostgreSQL is up")).toHaveLength(1);
    expect(logEntries(server).filter((e) => e.msg === "database migrations are up to date")).toHaveLength(1);

    const pids = await answeringPids(server, 8);
    expect([...pids].sort()).toEqual([...workers].sort());
    const res = await fetch(`${server.baseUrl}/readyz`);
    expect(res.status).toBe(200);
  });

  it("starts another worker when one dies, and it answers", { timeout: 120_000 }, async () => {
    const [victim, survivor] = servingWorkers(server);
    process.kill(victim!, "SIGKILL");
    const replacement = await waitFor("a replacement worker", () => servingWorkers(server).find((pid) => pid !== victim && pid !== survivor), 90_000);
    expect(logEntries(server).some((e) => e.msg === "worker died; starting another" && e.workerPid === victim)).toBe(true);
    const before = new Set(
      logEntries(server)
        .filter((e) => e.msg === "request")
        .map((e) => e.reqId),
    );
    await answeringPids(server, 8);
    const after = logEntries(server).filter((e) => e.msg === "request" && !before.has(e.reqId));
    expect(new Set(after.map((e) => e.pid))).toEqual(new Set([replacement, survivor]));
  });

  it("on SIGTERM lets the workers finish, then stops the database and exits cleanly", { timeout: 60_000 }, async () => {
    const workers = servingWorkers(server).filter(processAlive);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    for (const pid of workers) expect(processAlive(pid)).toBe(false);
    const messages = logEntries(server).map((e) => e.msg);
    expect(messages.lastIndexOf("embedded PostgreSQL stopped")).toBeGreaterThan(messages.lastIndexOf("shutting down"));
    expect(fs.existsSync(path.join(dataDir, "pg", "postmaster.pid"))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(false);
  });

  it("does not leave workers serving when the primary is killed", { timeout: 180_000 }, async () => {
    const again = spawnServer({ DATA_DIR: dataDir, WEB_CONCURRENCY: "2", SEED_DEMO_CONTENT: "false", LOG_LEVEL: "info" }, await freePort());
    running.push(again);
    await waitUntilReady(again, 150_000);
    const workers = await waitFor("two workers", () => (servingWorkers(again).length >= 2 ? servingWorkers(again) : undefined), 120_000);
    again.child.kill("SIGKILL");
    await again.exited;
    await waitFor("the workers to exit", () => (workers.some(processAlive) ? undefined : true), 30_000);
  });
});
