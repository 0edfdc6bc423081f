/**
 * Database outages, as an operator meets them: the embedded PostgreSQL stops answering
 * (SIGSTOP: pages answer 503 quickly instead of hanging), then dies (SIGKILL: the server brings
 * it back by itself, with every acknowledged comment), and an external DATABASE_URL server
 * that goes away and comes back is used again without a restart.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "../../server/db/embedded-postgres.server";
import { createLogger } from "../../server/logger.server";
import { alive, freePort, type ServerProcess, spawnServer, waitUntilReady } from "../support/server-process";

const STATEMENT_TIMEOUT_MS = 1500;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function postmasterPid(dataDir: string): number {
  return Number(fs.readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[0]);
}

/** The postmaster and its children (each backend leads its own process group, so -pid would miss them). */
function clusterPids(postmaster: number): number[] {
  const children = fs
    .readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const stat = fs.readFileSync(`/proc/${d}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

function signalAll(pids: number[], signal: NodeJS.Signals) {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      /* already gone */
    }
  }
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await work();
  return { value, ms: Date.now() - started };
}

async function postComment(server: ServerProcess, articleId: number, content: string) {
  const res = await fetch(`${server.baseUrl}/api/home/article-comment`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `203.0.113.${content.length % 250}` },
    body: JSON.stringify({ lang: "en", article_id: articleId, name: "Durable", content }),
  });
  return { status: res.status, body: (await res.json()) as { code: number; data: { id: number } | null } };
}

describe("the embedded PostgreSQL stalls, then dies", () => {
  it("pages answer 503 within the time limit, then the site recovers by itself with its data", { timeout: 180_000 }, async () => {
    const dataDir = path.resolve(".tmp", `outage-${process.pid}`);
    fs.rmSync(dataDir, { recursive: true, force: true });
    const server = spawnServer(
      {
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
        REQUEST_TIMEOUT_MS: "6000",
        TRUSTED_PROXIES: "loopback",
      },
      await freePort(),
    );
    let stalled: number[] = [];
    cleanups.push(async () => {
      signalAll(stalled, "SIGCONT");
      if (server.child.exitCode === null) {
        server.child.kill("SIGTERM");
        await server.exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    await waitUntilReady(server, 120_000);

    const list = (await (await fetch(`${server.baseUrl}/api/home/article-list?type=blog&lang=en&page_size=3`)).json()) as { data: { list: { id: number }[] } };
    const articleId = list.data.list[0]!.id;
    const acknowledged: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await postComment(server, articleId, `acknowledged before the outage ${i}`);
      expect(res.status).toBe(200);
      acknowledged.push(res.body.data!.id);
    }

    // Stall: the postmaster and every backend stop answering.
    const postmaster = postmasterPid(dataDir);
    stalled = clusterPids(postmaster);
    expect(stalled.length).toBeGreaterThan(1);
    signalAll(stalled, "SIGSTOP");

    const page = await timed(() => fetch(`${server.baseUrl}/blog`));
    expect(page.value.status).toBe(503);
    expect(page.value.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await page.value.text()).toContain('data-testid="countdown"'); // the 502 page, in the shell's language
    expect(page.ms).toBeLessThan(STATEMENT_TIMEOUT_MS * 4 + 1000);

    const api = await timed(() => fetch(`${server.baseUrl}/api/home/article-list?type=blog&lang=zh`));
    expect(api.value.status).toBe(503);
    expect(((await api.value.json()) as { code: number }).code).toBe(10503);
    expect(api.ms).toBeLessThan(STATEMENT_TIMEOUT_MS * 4 + 1000);

    expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(503);
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200); // the process itself is fine

    // Death: killed outright while stalled. No restart of the site.
    signalAll(stalled, "SIGKILL");
    const deadline = Date.now() + 30_000;
    let ready = false;
    while (Date.now() < deadline && !ready) {
      await new Promise((r) => setTimeout(r, 250));
      ready = (await fetch(`${server.baseUrl}/readyz`).catch(() => null))?.status === 200;
    }
    expect(ready, "ready again within 30 s").toBe(true);
    expect(alive(postmaster)).toBe(false);
    expect(postmasterPid(dataDir)).not.toBe(postmaster);
    stalled = [];
    expect(server.child.exitCode).toBeNull();

    expect((await fetch(`${server.baseUrl}/blog`)).status).toBe(200);
    const comments = (await (await fetch(`${server.baseUrl}/api/home/article-comment-list?article_id=${articleId}&page_size=50&lang=en`)).json()) as {
      data: { list: { id: number }[] };
    };
    const ids = comments.data.list.map((c) => c.id);
    for (const id of acknowledged) expect(ids).toContain(id);
    // And it takes new writes again.
    expect((await postComment(server, articleId, "written after the recovery")).status).toBe(200);
  });
});

describe("an external database (DATABASE_URL) goes away and comes back", () => {
  it("is used again without restarting the site", { timeout: 180_000 }, async () => {
    const logger = createLogger("silent");
    const dataDir = path.resolve(".tmp", `external-pg-${process.pid}`);
    fs.rmSync(dataDir, { recursive: true, force: true });
    const port = await freePort();
    let database = await startEmbeddedPostgres(dataDir, logger, { port });
    const server = spawnServer(
      { DATABASE_URL: database.url, LOG_LEVEL: "warn", DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS) },
      await freePort(),
    );
    cleanups.push(async () => {
      if (server.child.exitCode === null) {
        server.child.kill("SIGTERM");
        await server.exited;
      }
      await database.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    await waitUntilReady(server, 120_000);
    expect((await fetch(`${server.baseUrl}/blog`)).status).toBe(200);

    await database.stop();
    const down = await fetch(`${server.baseUrl}/blog`);
    expect(down.status).toBe(503);
    expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(503);

    database = await startEmbeddedPostgres(dataDir, logger, { port });
    await waitUntilReady(server, 30_000);
    expect((await fetch(`${server.baseUrl}/blog`)).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  });
});
