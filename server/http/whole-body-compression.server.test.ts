import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { chooseEncoding, compressWhole, etagForEncoding } from "./whole-body-compression.server";

describe("chooseEncoding", () => {
  it("prefers brotli, then gzip, honouring q=0", () => {
    expect(chooseEncoding("gzip, deflate, br")).toBe("br");
    expect(chooseEncoding("gzip, br;q=0")).toBe("gzip");
    expect(chooseEncoding("identity")).toBe("identity");
    expect(chooseEncoding(undefined)).toBe("identity");
    expect(chooseEncoding("*")).toBe("br");
  });

  it("weighs q values: the client's highest wins, brotli first among equals", () => {
    expect(chooseEncoding("gzip, br;q=0.5")).toBe("gzip");
    expect(chooseEncoding("br;q=0")).toBe("identity");
    expect(chooseEncoding("br;q=0, *")).toBe("gzip");
    expect(chooseEncoding("gzip;q=0.2, identity;q=0.5")).toBe("identity");
    expect(chooseEncoding("identity;q=0, gzip;q=0.1")).toBe("gzip");
    expect(chooseEncoding("*;q=0.3, br;q=0.2")).toBe("gzip");
    expect(chooseEncoding("GZIP, BR")).toBe("br");
    expect(chooseEncoding("br;q=0, gzip;q=0, identity;q=0")).toBe("identity");
  });
});

describe("etagForEncoding", () => {
  it("gives each encoding its own tag, weak or strong as the body's", () => {
    expect(etagForEncoding('"abc"', "br")).toBe('"abc-br"');
    expect(etagForEncoding('W/"abc"', "gzip")).toBe('W/"abc-gzip"');
    expect(etagForEncoding('"abc"', "identity")).toBe('"abc"');
  });
});

describe("compressWhole", () => {
  const page = Buffer.from(`<!DOCTYPE html><html lang="th"><body>${"<p>ข้อความภาษาไทย และ English text</p>".repeat(800)}</body></html>`);

  it("gives bytes that decompress to the page, smaller than it", async () => {
    const br = compressWhole(page, "br");
    const gz = compressWhole(page, "gzip");
    expect(zlib.brotliDecompressSync(br).equals(page)).toBe(true);
    expect(zlib.gunzipSync(gz).equals(page)).toBe(true);
    expect(br.length).toBeLessThan(page.length / 10);
    expect(gz.length).toBeLessThan(page.length / 10);
  });

  it("sends the page itself when nothing is accepted", async () => {
    expect(compressWhole(page, "identity")).toBe(page);
  });
});
