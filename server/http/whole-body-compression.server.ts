/**
 * Compression of a whole rendered answer in one call (docs/decisions/0028).
 *
 * Rendered documents are complete before they are sent (app/entry.server.tsx), so they are
 * compressed in one call sized to the body, rather than through the compression middleware's
 * stream, whose brotli encoder is made for a 4 MB window on every response.
 *
 * - Quality: brotli 5 and gzip 6 take one to two milliseconds for a 70 KB page. Brotli 9, which
 *   stored pages used before, took about 90 ms for 1 % fewer bytes; that was most of a cache miss.
 *   A body a visitor waits for is compressed fast, and a stored page again at its best once it is
 *   sent a second time, off the request path (`CompressionEffort`, docs/decisions/0040).
 * - On the main thread: the render before it holds the thread for several milliseconds anyway, and
 *   handing each body to the thread pool cost more CPU than compressing it on a busy 2-core
 *   machine (a cache miss went from about 55 to about 80 pages a second when it stopped).
 */
import { createHash } from "node:crypto";
import zlib from "node:zlib";
import type { Request, Response } from "express";
import Negotiator from "negotiator";

export type ContentEncoding = "br" | "gzip" | "identity";

/**
 * How hard to compress. "fast" (brotli 2, gzip 1) is for a body a visitor is waiting for that may
 * never be sent again: a cache miss, a page for one visitor. It costs a fifth to a half of "best"
 * for 10-15 % more bytes. "best" (brotli 5, gzip 6) is for the stored copy of a page that is sent
 * again, made where no one waits (docs/decisions/0040).
 */
export type CompressionEffort = "fast" | "best";

const BROTLI_QUALITY: Record<CompressionEffort, number> = { fast: 2, best: 5 };
const GZIP_LEVEL: Record<CompressionEffort, number> = { fast: 1, best: 6 };

export function compressWhole(body: Buffer, encoding: ContentEncoding, effort: CompressionEffort = "best"): Buffer {
  if (encoding === "identity") return body;
  if (encoding === "gzip") return zlib.gzipSync(body, { level: GZIP_LEVEL[effort] });
  return zlib.brotliCompressSync(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[effort],
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

interface PreferringNegotiator {
  encoding(available: string[], preferred: string[]): string | undefined;
}

/** Encodings the site sends, best first when the client likes several equally. */
const OFFERED: ContentEncoding[] = ["br", "gzip", "identity"];

/**
 * The encoding to send, for pages, feeds and assets alike: the one the client weighs highest
 * (`q`, RFC 9110 section 12.5.3), brotli before gzip before none among equals. `br;q=0` is never
 * brotli and `gzip, br;q=0.5` is gzip. When nothing offered is acceptable (`identity;q=0` alone)
 * the body goes uncompressed, as the compression middleware does, rather than not at all.
 */
export function chooseEncoding(acceptEncoding: string | string[] | undefined): ContentEncoding {
  if (acceptEncoding === undefined) return "identity";
  // negotiator 0.6.4 breaks ties by a preferred order (its second argument, missing from @types/negotiator).
  const negotiator = new Negotiator({ headers: { "accept-encoding": acceptEncoding } }) as Negotiator & PreferringNegotiator;
  const chosen = negotiator.encoding(OFFERED, OFFERED);
  return (chosen as ContentEncoding | undefined) ?? "identity";
}

/** A weak entity tag of a body's bytes: the same in every process for the same bytes. */
export function weakEtagOf(identity: Buffer): string {
  return `W/"${createHash("sha1").update(identity).digest("base64url").slice(0, 22)}"`;
}

/**
 * The entity tag of one encoding of a body: each content coding is its own representation
 * (RFC 9110 section 8.8.3), so caches never answer a gzip request with brotli bytes they
 * revalidated under the same tag. Identity keeps the body's own tag.
 */
export function etagForEncoding(etag: string, encoding: ContentEncoding): string {
  if (encoding === "identity") return etag;
  return `${etag.slice(0, -1)}-${encoding}"`;
}

/** Whether an If-None-Match header names this entity tag (weak comparison, as for GET). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === bare);
}

/**
 * Sends a whole body (a page, a feed, a sitemap) in the encoding the request weighs highest, with
 * that encoding's own entity tag and `Vary: Accept-Encoding`, or 304 when the client holds that
 * representation. HEAD gets the same headers as GET and no body. Headers already set (type,
 * language, caching) go out as they are; Content-Encoding being set keeps the compression
 * middleware from compressing the body again.
 */
export function sendWholeBody(req: Request, res: Response, answer: { status: number; etag?: string; bodyIn: (encoding: ContentEncoding) => Buffer }): void {
  const encoding = chooseEncoding(req.headers["accept-encoding"]);
  res.vary("Accept-Encoding");
  const etag = answer.etag ? etagForEncoding(answer.etag, encoding) : undefined;
  if (etag) {
    res.setHeader("ETag", etag);
    if (answer.status === 200 && matchesEtag(req.headers["if-none-match"], etag)) {
      res.status(304).end();
      return;
    }
  }
  // Compressed once per encoding when the caller keeps it (the page cache), else for this answer.
  const body = answer.bodyIn(encoding);
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.status(answer.status);
  if (req.method === "HEAD") res.end();
  else res.end(body);
}
