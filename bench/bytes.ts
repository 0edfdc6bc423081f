/**
 * What a first visit to one page downloads, in bytes on the wire for a browser that accepts gzip
 * (`Accept-Encoding: gzip`, the figure the issue's budgets are in): the HTML, the JavaScript the
 * HTML loads before the page is interactive (its module scripts, their static imports as React
 * Router lists them in `modulepreload` links or its deferred bootstrap adds them, and the modules
 * its inline bootstrap imports), and its stylesheets. The server sends assets precompressed at build time (zopfli gzip) and cached
 * pages compressed once; a response it sends uncompressed counts at its full size. Fonts are
 * reported apart (issue 14: they have their own budget); woff2 is counted as it is. Alongside,
 * `…Zlib` figures are zlib's default level on the plain bytes (what Vite prints), for comparison.
 * KB are 1,000 bytes.
 */
import http from "node:http";
import https from "node:https";
import { gunzipSync, gzipSync } from "node:zlib";

export interface PageBytes {
  /** Bytes sent for the HTML with `Accept-Encoding: gzip`. */
  htmlGzip: number;
  /** Sum over the distinct scripts below: the entry, every modulepreload, every module the inline bootstrap imports. */
  jsGzip: number;
  /** The same scripts gzipped by zlib at its default level (Vite's figure). */
  jsZlib: number;
  cssGzip: number;
  /** Preloaded fonts and the font files the stylesheets name, when there are any. */
  fontsNote?: string;
  /** Site paths of the scripts counted in jsGzip, largest first, with their gzip size. */
  js: { path: string; gzip: number; zlib: number }[];
  css: { path: string; gzip: number; zlib: number }[];
}

const gzipSize = (body: Buffer | string) => gzipSync(body).length;

interface Fetched {
  /** The decoded body. */
  body: Buffer;
  /** Bytes of the body as sent (compressed or not). */
  wire: number;
}

function attr(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, "i").exec(tag)?.[1] ?? new RegExp(`\\s${name}\\s*=\\s*'([^']*)'`, "i").exec(tag)?.[1];
}

/** Script, modulepreload, stylesheet and font-preload addresses in the HTML, in document order. */
export function pageAssets(html: string): { js: string[]; css: string[]; fonts: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const fonts = new Set<string>();
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attr(tag, "rel")?.toLowerCase();
    const href = attr(tag, "href");
    if (!href) continue;
    if (rel === "modulepreload") js.add(href);
    else if (rel === "stylesheet") css.add(href);
    else if (rel === "preload" && attr(tag, "as") === "font") fonts.add(href);
    else if (rel === "preload" && attr(tag, "as") === "script") js.add(href);
  }
  for (const [, open, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const src = attr(open!, "src");
    if (src) js.add(src);
    if (attr(open!, "type") !== "module") continue;
    // React Router's bootstrap: `import * as route0 from "/assets/…"` and `import("/assets/entry.client-….js")`.
    for (const [, spec] of body!.matchAll(/\bimport\s*(?:[^"'()]*?\bfrom\s*)?\(?\s*["']([^"']+\.m?js)["']/g)) js.add(spec!);
    // The same module rewritten to run after the first paint (app/lib/finish-document.server.ts)
    // adds the head's modulepreloads itself: `for (const href of ["/assets/…", …])`.
    const deferred = /for \(const href of (\[[^\]]*\])\)/.exec(body!)?.[1];
    if (deferred) for (const href of JSON.parse(deferred) as string[]) js.add(href);
  }
  return { js: [...js], css: [...css], fonts: [...fonts] };
}

/** `page`: any status (a 404 page is a page too); anything else must be there. */
function fetchBody(url: string, { page = false } = {}): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const get = url.startsWith("https:") ? https.get : http.get;
    const req = get(url, { headers: { "accept-encoding": "gzip" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        const status = res.statusCode ?? 0;
        if (status >= 400 && !(page && res.headers["content-type"]?.startsWith("text/html"))) return reject(new Error(`${url}: HTTP ${status}`));
        const raw = Buffer.concat(chunks);
        const encoding = res.headers["content-encoding"];
        if (encoding && encoding !== "gzip" && encoding !== "identity") return reject(new Error(`${url}: sent as ${encoding} to a gzip-only client`));
        resolve({ body: encoding === "gzip" ? gunzipSync(raw) : raw, wire: raw.length });
      });
    });
    req.on("error", reject);
  });
}

export async function measurePageBytes(baseUrl: string, path: string): Promise<PageBytes> {
  const pageUrl = new URL(path, baseUrl);
  const html = await fetchBody(pageUrl.href, { page: true });
  const assets = pageAssets(html.body.toString("utf8"));
  const sized = (list: string[]) =>
    Promise.all(
      list.map(async (href) => {
        const { body, wire } = await fetchBody(new URL(href, pageUrl).href);
        return { path: new URL(href, pageUrl).pathname, gzip: wire, zlib: gzipSize(body) };
      }),
    );
  const [js, css] = await Promise.all([sized(assets.js), sized(assets.css)]);

  const fontFiles = new Map<string, number>();
  for (const href of assets.fonts) fontFiles.set(new URL(href, pageUrl).pathname, 0);
  for (const sheet of assets.css) {
    const text = (await fetchBody(new URL(sheet, pageUrl).href)).body.toString("utf8");
    for (const [, url] of text.matchAll(/url\(\s*["']?([^"')]+\.(?:woff2?|ttf|otf))["']?\s*\)/gi)) {
      fontFiles.set(new URL(url!, new URL(sheet, pageUrl)).pathname, 0);
    }
  }
  for (const file of fontFiles.keys()) fontFiles.set(file, (await fetchBody(new URL(file, pageUrl).href)).wire);
  const preloaded = assets.fonts.map((f) => new URL(f, pageUrl).pathname);
  const fontsNote = fontFiles.size
    ? `${fontFiles.size} font file(s) named, ${[...fontFiles.values()].reduce((a, b) => a + b, 0)} bytes in all` +
      ` (a page downloads only the unicode-range subsets its text uses); preloaded: ` +
      (preloaded.length ? preloaded.map((f) => `${f} ${fontFiles.get(f)} B`).join(", ") : "none")
    : undefined;

  const sum = (list: { gzip: number }[]) => list.reduce((a, b) => a + b.gzip, 0);
  return {
    htmlGzip: html.wire,
    jsGzip: sum(js),
    jsZlib: js.reduce((a, b) => a + b.zlib, 0),
    cssGzip: sum(css),
    ...(fontsNote ? { fontsNote } : {}),
    js: js.sort((a, b) => b.gzip - a.gzip),
    css,
  };
}

// `npx tsx bench/bytes.ts <base URL> <path>...`: the figures for a few pages of a running server.
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const [baseUrl, ...paths] = process.argv.slice(2);
  if (!baseUrl || !paths.length) throw new Error("usage: tsx bench/bytes.ts <base URL> <path>...");
  const kb = (n: number) => (n / 1000).toFixed(1);
  for (const path of paths) {
    const page = await measurePageBytes(baseUrl, path);
    console.log(
      `${path}\thtml ${kb(page.htmlGzip)} KB\tjs ${kb(page.jsGzip)} KB (zlib ${kb(page.jsZlib)}; ${page.js.length} files)\tcss ${kb(page.cssGzip)} KB${page.fontsNote ? `\t${page.fontsNote}` : ""}`,
    );
    if (process.env.BYTES_VERBOSE) for (const f of page.js) console.log(`\t${kb(f.gzip)}\t(zlib ${kb(f.zlib)})\t${f.path}`);
  }
}
