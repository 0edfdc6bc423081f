import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/api-server";

let base: string;
let server: TestServer;
// Under a dot-folder, as DATA_DIR=.tmp/… puts it: files there must still be served.
const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), ".image-cache-"));

beforeAll(async () => {
  // With the client build served too, as in production: its copy of the originals must not answer ?w=.
  server = await startTestServer({ imageCacheDir: cacheDir, serveClientBuild: true });
  base = server.baseUrl;
});
afterAll(async () => {
  await server.close();
  fs.rmSync(cacheDir, { recursive: true, force: true });
});

describe("/images", () => {
  it("serves the original, and fit-within variants at the breakpoints, cached on disk", async () => {
    const original = await fetch(`${base}/images/product-overview.png`);
    expect(original.status).toBe(200);
    const originalBytes = (await original.arrayBuffer()).byteLength;
    const small = await fetch(`${base}/images/product-overview.png?w=640`);
    expect(small.status).toBe(200);
    const smallBytes = Buffer.from(await small.arrayBuffer());
    expect(smallBytes.byteLength).toBeLessThan(originalBytes);
    const meta = await sharp(smallBytes).metadata();
    expect(meta.width).toBe(640);
    expect(meta.height).toBe(336);
    expect(fs.readdirSync(cacheDir).length).toBe(1);
    // Never enlarged: the source is 1200 wide.
    const large = await sharp(Buffer.from(await (await fetch(`${base}/images/product-overview.png?w=1536`)).arrayBuffer())).metadata();
    expect(large.width).toBe(1200);
  });
  it("makes each breakpoint's variant of an article cover at that width, smaller than the original", async () => {
    const original = (await (await fetch(`${base}/images/covers/guides-1.png`)).arrayBuffer()).byteLength;
    for (const width of [640, 768, 1024]) {
      const res = await fetch(`${base}/images/covers/guides-1.png?w=${width}`);
      expect(res.status).toBe(200);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.byteLength, `w=${width}`).toBeLessThan(original);
      expect((await sharp(bytes).metadata()).width).toBe(width);
    }
    // A browser without WebP gets the original format, still at the width and smaller.
    const png = await fetch(`${base}/images/covers/guides-1.png?w=1024`, { headers: { accept: "image/png,image/*;q=0.8" } });
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(png.headers.get("vary")).toMatch(/Accept/);
    const pngBytes = Buffer.from(await png.arrayBuffer());
    expect(pngBytes.byteLength).toBeLessThan(original);
    expect((await sharp(pngBytes).metadata()).width).toBe(1024);
  });
  it("refuses other widths and paths outside the image folders", async () => {
    expect((await fetch(`${base}/images/product-overview.png?w=123`)).status).toBe(400);
    expect((await fetch(`${base}/images/nothing.png?w=640`)).status).toBe(404);
    expect((await fetch(`${base}/images/..%2F..%2Fpackage.json`)).status).toBe(404);
  });
});
