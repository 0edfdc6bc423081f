/**
 * Compression of a whole rendered answer in one call (docs/decisions/0028).
 *
 * Rendered documents are complete before they are sent (app/entry.server.tsx), so they are
 * compressed in one call sized to the body, rather than through the compression middleware's
 * stream, whose brotli encoder is made for a 4 MB window on every response.
 *
 * - Quality: brotli 5 and gzip 6 take one to two milliseconds for a 70 KB page. Brotli 9, which
 *   stored pages used before, took about 90 ms for 1 % fewer bytes; that was most of a cache miss.
 * - On the main thread: the render before it holds the thread for several milliseconds anyway, and
 *   handing each body to the thread pool cost more CPU than compressing it on a busy 2-core
 *   machine (a cache miss went from about 55 to about 80 pages a second when it stopped).
 */
import zlib from "node:zlib";

export type ContentEncoding = "br" | "gzip" | "identity";

const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;

export function compressWhole(body: Buffer, encoding: ContentEncoding): Buffer {
  if (encoding === "identity") return body;
  if (encoding === "gzip") return zlib.gzipSync(body, { level: GZIP_LEVEL });
  return zlib.brotliCompressSync(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      // A window no larger than the body: the default (4 MB) is allocated and zeroed by every
      // encoder, which cost more than the compression itself with twenty pages under way.
      [zlib.constants.BROTLI_PARAM_LGWIN]: windowBitsFor(body.length),
    },
  });
}

function windowBitsFor(length: number): number {
  return Math.min(zlib.constants.BROTLI_MAX_WINDOW_BITS, Math.max(zlib.constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(length + 1))));
}

/** The encoding to send: brotli, then gzip, then none, as the request accepts them. */
export function chooseEncoding(acceptEncoding: string | undefined): ContentEncoding {
  if (!acceptEncoding) return "identity";
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name!.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (ok("br")) return "br";
  if (ok("gzip")) return "gzip";
  return "identity";
}
