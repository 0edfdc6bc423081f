/**
 * Operator-facing behaviour of the built server: a copied .env is read at start, and editors'
 * statistics snippets run under the Content-Security-Policy (by hash on pages for everyone, by
 * nonce on pages for one visitor; their script origins allowed by configuration).
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/database";
import { freePort, SERVER_ENTRY, startServerOnTestDatabase, waitUntilReady, type ServerProcess } from "../support/server-process";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe(".env", () => {
  it("is read at start from the working directory, and the environment wins over it", { timeout: 60_000 }, async () => {
    const database = await createTestDatabase();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dotenv-"));
    const port = await freePort();
    fs.writeFileSync(
      path.join(dir, ".env"),
      [
        `DATABASE_URL=${database.url}`,
        `PORT=${port}`,
        "HOST=127.0.0.1",
        "SITE_ORIGIN=https://dotenv.example",
        "LOG_LEVEL=warn",
        "SEED_DEMO_CONTENT=false",
      ].join("\n"),
    );
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", LOG_LEVEL: "error" };
    for (const key of ["DATABASE_URL", "PORT", "HOST", "SITE_ORIGIN", "SEED_DEMO_CONTENT"]) delete env[key];
    const child = spawn(process.execPath, [SERVER_ENTRY], { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"] });
    const logs: string[] = [];
    child.stdout.on("data", (c: Buffer) => logs.push(c.toString()));
    child.stderr.on("data", (c: Buffer) => logs.push(c.toString()));
    const server: ServerProcess = {
      child,
      port,
      baseUrl: `http://127.0.0.1:${port}`,
      logs,
      exited: new Promise((resolve) => child.on("exit", (code) => resolve(code))),
    };
    cleanups.push(async () => {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await server.exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
      await database.drop();
    });
    await waitUntilReady(server);
    const html = await (await fetch(`${server.baseUrl}/about-us`)).text();
    expect(html).toContain('<link rel="canonical" href="https://dotenv.example/about-us"/>');
    expect(logs.join("")).not.toMatch(/"level":30/); // LOG_LEVEL=error from the environment beat the file's warn
  });
});

describe("statistics snippets", () => {
  it(
    "run under the policy: by hash on a page for everyone (every language's, for a language change), by nonce on a page for one visitor",
    { timeout: 60_000 },
    async () => {
      const site = await startServerOnTestDatabase({
        CSP_SCRIPT_SOURCES: "https://stats.example https://tags.example/path",
        CSP_CONNECT_SOURCES: "https://collect.example",
      });
      cleanups.push(() => site.stop());
      await site.database.pool.query(
        `UPDATE site_settings SET statistical_title = '<script async src="https://stats.example/s.js"></script>',
       statistical_body = '<script>window.__stats = 1;</script><noscript><img src="https://stats.example/p.gif" alt=""></noscript>' WHERE lang = 'en'`,
      );
      await site.database.pool.query(`UPDATE site_settings SET statistical_body = '<script>window.__stats = "zh";</script>' WHERE lang = 'zh'`);
      const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

      // A page for everyone (the page cache): no nonce anywhere, the snippets' scripts by hash.
      const res = await fetch(`${site.server.baseUrl}/about-us`);
      const csp = res.headers.get("content-security-policy")!;
      expect(csp).not.toMatch(/nonce-/);
      const scriptSrc = /script-src ([^;]*);/.exec(csp)![1]!.split(" ");
      expect(scriptSrc.slice(0, 1)).toEqual(["'self'"]);
      expect(scriptSrc).toEqual(
        expect.arrayContaining(["https://stats.example", "https://tags.example", sha("window.__stats = 1;"), sha('window.__stats = "zh";')]),
      );
      expect(csp).toMatch(/connect-src 'self' https:\/\/collect\.example;/);
      const html = await res.text();
      expect(html).toContain(`<script async src="https://stats.example/s.js"></script></head>`);
      expect(html).toContain(`<script>window.__stats = 1;</script>`);

      // A page for one visitor (a search is never cached): a fresh nonce on every script the server wrote.
      const own = await fetch(`${site.server.baseUrl}/helps?keyword=proxy`);
      const ownCsp = own.headers.get("content-security-policy")!;
      const nonce = /'nonce-([^']+)'/.exec(ownCsp)![1]!;
      expect(ownCsp).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/stats\.example https:\/\/tags\.example;/);
      const ownHtml = await own.text();
      expect(ownHtml).toContain(`<script nonce="${nonce}" async src="https://stats.example/s.js"></script></head>`);
      expect(ownHtml).toContain(`<script nonce="${nonce}">window.__stats = 1;</script>`);
      // Every script the server wrote carries this response's nonce (JSON-LD blocks are data).
      const scripts = [...ownHtml.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !tag.includes("application/ld+json"));
      expect(scripts.length).toBeGreaterThan(3);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    },
  );
});
