import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { embeddedPort, freePort, processAlive, spawnServer, waitUntilReady, type ServerProcess } from "../support/server-process";
import * as siteApi from "../../server/api/endpoints/site.server";
import { apiUrl, readAnswer } from "../support/api-answers";

const dataDir = path.resolve(".tmp", `lifecycle-${process.pid}`);
const running: ServerProcess[] = [];

afterAll(async () => {
  for (const s of running) if (s.child.exitCode === null) s.child.kill("SIGKILL");
  // A SIGKILLed server leaves its database running; the next start would stop it, so do that here.
  const pidFile = path.join(dataDir, "pg", "postmaster.pid");
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
    if (pid && processAlive(pid)) process.kill(pid, "SIGINT");
    for (let i = 0; i < 50 && pid && processAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function start(env: Record<string, string> = {}) {
  const server = spawnServer({ DATA_DIR: dataDir, ...env }, await freePort());
  running.push(server);
  return server;
}

async function enTitle(server: ServerProcess) {
  const res = await fetch(apiUrl(server.baseUrl, siteApi.baseInfo, "lang=en"));
  return (await readAnswer(res, siteApi.baseInfo)).body.data.title;
}

describe("the server process and its embedded database", () => {
  it("creates the database on first start and serves pages and the API", { timeout: 120_000 }, async () => {
    const server = await start();
    await waitUntilReady(server);
    expect(fs.existsSync(path.join(dataDir, "pg", "PG_VERSION"))).toBe(true);
    const home = await fetch(`${server.baseUrl}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<html lang="en"');
    expect(await enTitle(server)).toMatch(/Facet Browser/);
  });

  it("refuses a second server on the same data directory with a clear message", { timeout: 60_000 }, async () => {
    const second = await start();
    const code = await second.exited;
    expect(code).not.toBe(0);
    expect(second.logs.join("\n")).toMatch(/in use by another server \(pid \d+\)/);
    expect(await enTitle(running[0]!)).toMatch(/Facet Browser/); // the first one is unharmed
  });

  it("comes back after SIGKILL with its data, recovering the database left running", { timeout: 120_000 }, async () => {
    const first = running[0]!;
    const client = new pg.Client({
      host: "127.0.0.1",
      port: embeddedPort(first),
      user: "postgres",
      password: JSON.parse(fs.readFileSync(path.join(dataDir, "pg-credentials.json"), "utf8")).password,
      database: "site",
    });
    await client.connect();
    await client.query("UPDATE site_settings SET title = 'Marker title written before the crash' WHERE lang = 'en'");
    await client.end();

    first.child.kill("SIGKILL");
    await first.exited;

    const again = await start();
    await waitUntilReady(again);
    expect(again.logs.join("\n")).toMatch(/left behind by an earlier run/);
    // Demo content is only inserted where missing, so the edit survives the restart too.
    expect(await enTitle(again)).toBe("Marker title written before the crash");

    again.child.kill("SIGTERM");
    expect(await again.exited).toBe(0);
    expect(again.logs.join("\n")).toMatch(/embedded PostgreSQL stopped/);
    expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, "pg", "postmaster.pid"))).toBe(false);
  });

  it("stops start-up with a message naming a bad variable", { timeout: 30_000 }, async () => {
    const bad = await start({ PORT: "not-a-port" });
    expect(await bad.exited).toBe(1);
    expect(bad.logs.join("\n")).toMatch(/PORT/);
  });
});
