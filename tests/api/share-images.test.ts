/**
 * /share/<lang>/<name>.png through the real router and database: the page's drawing and title
 * in its language, 1200x630 PNG, cached on disk and for a day; unknown names and languages 404.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import { shareImageRouter } from "../../server/http/share-images.server";
import { createLogger } from "../../server/logger.server";
import { startTestServer, type TestServer } from "../support/api-server";

let base: string;
let server: TestServer;
// Under a dot-folder, as DATA_DIR=.tmp/… puts it: files there must still be served.
const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), ".share-cache-"));

beforeAll(async () => {
  // These requests wait for their drawings, however busy the machine (the stand-in card has its own test below):
  // the request timeout too, which on a loaded CI machine answered a 1920x1200 screenshot with a 503 first.
  server = await startTestServer({ shareCacheDir: cacheDir, shareRenderWaitMs: 60_000, requestTimeoutMs: 90_000 });
  base = server.baseUrl;
});
afterAll(async () => {
  await server.close();
  fs.rmSync(cacheDir, { recursive: true, force: true });
});

async function png(res: Response) {
  expect([res.url, res.status]).toEqual([res.url, 200]);
  const bytes = Buffer.from(await res.arrayBuffer());
  return { bytes, meta: await sharp(bytes).metadata() };
}

describe("/share", () => {
  it("draws a use case's image in the page's language, once, and keeps it for a day", async () => {
    const res = await fetch(`${base}/share/th/scenarios-e-commerce.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    const first = await png(res);
    expect([first.meta.width, first.meta.height]).toEqual([1200, 630]);
    expect(fs.readdirSync(cacheDir)).toHaveLength(1);
    // The same request again is the file on disk; another language is another picture.
    const again = await png(await fetch(`${base}/share/th/scenarios-e-commerce.png`));
    expect(again.bytes.equals(first.bytes)).toBe(true);
    const zh = await png(await fetch(`${base}/share/zh/scenarios-e-commerce.png`));
    expect(zh.bytes.equals(first.bytes)).toBe(false);
    expect(fs.readdirSync(cacheDir)).toHaveLength(2);
  }, 60_000);

  it("renders concurrent requests for one image once", async () => {
    const answers = await Promise.all([0, 1, 2].map(() => fetch(`${base}/share/hi/solutions-chat-apps.png`)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const bodies = await Promise.all(answers.map((r) => r.arrayBuffer()));
    expect(new Set(bodies.map((b) => Buffer.from(b).toString("base64"))).size).toBe(1);
    // One file written, no render's temporary file left beside it.
    expect(fs.readdirSync(cacheDir).filter((f) => !f.endsWith(".png"))).toEqual([]);
  }, 60_000);

  it("has the home, pricing and download pages' images and the drawings alone as screenshots", async () => {
    for (const name of ["home", "pricing", "download"]) {
      const { meta } = await png(await fetch(`${base}/share/en/${name}.png`));
      expect([name, meta.width, meta.height]).toEqual([name, 1200, 630]);
    }
    const shot = await png(await fetch(`${base}/share/jp/screenshot-team.png`));
    expect([shot.meta.width, shot.meta.height]).toEqual([1920, 1200]);
  }, 120_000);

  it("answers 404 for a name or language it does not have", async () => {
    for (const url of [
      "/share/en/nope.png",
      "/share/xx/home.png",
      "/share/en/scenarios-nope.png",
      "/share/en/solutions-e-commerce.png",
      "/share/en/screenshot-nope.png",
      "/share/en/home.jpg",
    ]) {
      const res = await fetch(`${base}${url}`);
      expect([url, res.status]).toEqual([url, 404]);
    }
  });
});

describe("a drawing that takes longer than a request waits", () => {
  it("sends the generic card for now, uncached, and the real image once it is drawn", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "share-slow-"));
    const app = express().use(shareImageRouter({ db: server.database.db, cacheDir: dir, logger: createLogger("silent"), waitForRenderMs: 0 }));
    const slow = app.listen(0, "127.0.0.1");
    await new Promise((r) => slow.once("listening", r));
    const at = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/share/vn/download.png`;
    try {
      const first = await fetch(at, { redirect: "manual" });
      expect(first.status).toBe(302);
      expect(first.headers.get("location")).toBe("/og-image.png");
      expect(first.headers.get("cache-control")).toBe("no-store");
      await expect.poll(() => fs.readdirSync(dir).filter((f) => f.endsWith(".png")).length, { timeout: 20_000 }).toBe(1);
      const later = await fetch(at);
      expect(later.status).toBe(200);
      expect((await png(later)).meta).toMatchObject({ width: 1200, height: 630 });
    } finally {
      slow.closeAllConnections();
      slow.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
