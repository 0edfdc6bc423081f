/**
 * What a first visit to one page downloads, in bytes on the wire for a browser that accepts gzip
 * (`Accept-Encoding: gzip`, the figure the issue's budgets are in): the HTML, the JavaScript the
 * HTML loads before the page is interactive (its module scripts, their static imports as React
 * Router lists them in `modulepreload` links or its deferred bootstrap adds them, and the modules
 * its inline bootstrap imports), and its stylesheets. The server sends assets precompressed at build time (zopfli gzip) and cached
 * pages compressed once; a response it sends uncompressed counts at its full size. Fonts are
 * counted apart, from what Chromium fetches (measureFontDownloads, issue 30). Alongside,
 * `…Zlib` figures are zlib's default level on the plain bytes (what Vite prints), for comparison.
 * KB are 1,000 bytes.
 */
import http from "node:http";
import https from "node:https";
import { gunzipSync, gzipSync } from "node:zlib";
import { latinOnlyChromium, recordLayoutShifts } from "../tests/support/chromium";

export interface PageBytes {
  /** Bytes sent for the HTML with `Accept-Encoding: gzip`. */
  htmlGzip: number;
  /** Sum over the distinct scripts below: the entry, every modulepreload, every module the inline bootstrap imports. */
  jsGzip: number;
  /** The same scripts gzipped by zlib at its default level (Vite's figure). */
  jsZlib: number;
  cssGzip: number;
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

/** Script, modulepreload and stylesheet addresses in the HTML, in document order. */
export function pageAssets(html: string): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attr(tag, "rel")?.toLowerCase();
    const href = attr(tag, "href");
    if (!href) continue;
    if (rel === "modulepreload") js.add(href);
    else if (rel === "stylesheet") css.add(href);
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
  return { js: [...js], css: [...css] };
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

/** Bytes on the wire of a page's HTML alone, for `Accept-Encoding: gzip` (any status). */
export async function htmlGzipBytes(baseUrl: string, path: string): Promise<number> {
  return (await fetchBody(new URL(path, baseUrl).href, { page: true })).wire;
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

  const sum = (list: { gzip: number }[]) => list.reduce((a, b) => a + b.gzip, 0);
  return {
    htmlGzip: html.wire,
    jsGzip: sum(js),
    jsZlib: js.reduce((a, b) => a + b.zlib, 0),
    cssGzip: sum(css),
    js: js.sort((a, b) => b.gzip - a.gzip),
    css,
  };
}

export interface FontDownloads {
  path: string;
  /** Font responses Chromium received, and their bodies' bytes as sent (woff2 is sent as it is). */
  files: number;
  bytes: number;
  fileNames: string[];
  /** Sum of the layout shifts from the start (no input). */
  layoutShift: number;
  /** Elements showing CJK text, and the CJK glyphs of those drawn by a system font (empty boxes on a machine without one). */
  scriptElements: number;
  tofu: number;
}

/**
 * What a first visit downloads in fonts, counted from what Chromium fetches (not from the
 * stylesheets: the zh, tc and jp pages carry their rules inline): each page in a new context (an
 * empty cache) on a machine without CJK fonts, loaded until the network is idle, hydrated (the
 * late font stylesheet linked) and `document.fonts.ready`. Also its layout shift and, asked of
 * Chromium for each element showing CJK text, how many of those glyphs a system font drew.
 * `visited` first: pages opened before in the same context (a second page, with the first's cache).
 */
export async function measureFontDownloads(baseUrl: string, paths: string[], options: { width?: number; visited?: string[] } = {}): Promise<FontDownloads[]> {
  const browser = await latinOnlyChromium();
  try {
    const out: FontDownloads[] = [];
    for (const pagePath of paths) {
      const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: 900 } });
      await context.addInitScript(recordLayoutShifts);
      const page = await context.newPage();
      const open = async (target: string) => {
        await page.goto(new URL(target, baseUrl).href, { waitUntil: "networkidle" });
        await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"), undefined, { timeout: 15_000 }).catch(() => undefined);
        await page.waitForFunction(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((l) => l.sheet !== null));
        await page.evaluate(() => document.fonts.ready);
        await page.waitForLoadState("networkidle");
      };
      for (const before of options.visited ?? []) await open(before);
      const loads: Promise<{ file: string; bytes: number }>[] = [];
      page.on("requestfinished", (request) => {
        if (request.resourceType() !== "font") return;
        const file = new URL(request.url()).pathname;
        loads.push(request.sizes().then((sizes) => ({ file, bytes: sizes.responseBodySize })));
      });
      await open(pagePath);
      // A font the page takes from the cache (a second page) comes with no body: not a download.
      const fonts = (await Promise.all(loads)).filter((f) => f.bytes > 0);
      const layoutShift = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((a, b) => a + b, 0));
      const { scriptElements, tofu } = await systemDrawnScriptGlyphs(page);
      out.push({
        path: pagePath,
        files: fonts.length,
        bytes: fonts.reduce((a, b) => a + b.bytes, 0),
        fileNames: fonts.map((f) => f.file),
        layoutShift,
        scriptElements,
        tofu,
      });
      await context.close();
    }
    return out;
  } finally {
    await browser.close();
  }
}

/**
 * For every laid-out element with CJK characters of its own, how many of the CJK characters in it
 * (with its descendants, as Chromium reports) were not drawn by a web font: its CJK characters less
 * the glyphs web fonts drew there (a system font's glyph for one of them is an empty box here).
 */
export async function systemDrawnScriptGlyphs(page: import("@playwright/test").Page): Promise<{ scriptElements: number; tofu: number }> {
  const marked = await page.evaluate(() => {
    const script = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
    const out: { id: string; scriptChars: number }[] = [];
    let n = 0;
    for (const el of document.body.querySelectorAll("*")) {
      if (!(el instanceof HTMLElement) || !el.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true })) continue;
      // Text cut by line-clamp is not all drawn.
      if (getComputedStyle(el).webkitLineClamp !== "none" && el.scrollHeight > el.clientHeight + 1) continue;
      const own = [...el.childNodes]
        .filter((c) => c.nodeType === Node.TEXT_NODE)
        .map((c) => c.textContent ?? "")
        .join("");
      if (![...own].some((c) => script.test(c))) continue;
      const id = `b${n++}`;
      el.setAttribute("data-bench-font", id);
      // A select's options are drawn inside the control, which Chromium reports apart (if at all).
      // (No named functions in here: tsx would wrap them in a helper the page lacks.)
      const scriptRun = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;
      let scriptChars = (el.textContent ?? "").match(scriptRun)?.length ?? 0;
      for (const option of el.querySelectorAll("option")) scriptChars -= (option.textContent ?? "").match(scriptRun)?.length ?? 0;
      out.push({ id, scriptChars });
    }
    return out;
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  const { root } = await cdp.send("DOM.getDocument", { depth: -1 });
  let tofu = 0;
  let scriptElements = 0;
  for (const m of marked) {
    const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector: `[data-bench-font="${m.id}"]` });
    const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
    if (fonts.length === 0) continue;
    scriptElements++;
    tofu += Math.max(0, m.scriptChars - fonts.filter((f) => f.isCustomFont).reduce((sum, f) => sum + f.glyphCount, 0));
  }
  await cdp.detach();
  return { scriptElements, tofu };
}

/**
 * The CJK pages whose fonts the bench counts (issue 30, target 3): the home pages of zh, tc and jp,
 * zh pricing, the newest zh and jp blog article and the first zh help article.
 */
export async function fontBenchPaths(baseUrl: string): Promise<string[]> {
  const newest = async (lang: string) =>
    ((await (await fetch(new URL(`/api/home/article-list?type=blog&lang=${lang}&page_size=1`, baseUrl))).json()) as { data: { list: { id: number }[] } }).data
      .list[0]?.id;
  const help = /href="(\/zh\/helps\/\d+)"/.exec(await (await fetch(new URL("/zh/helps", baseUrl))).text())?.[1];
  const [zh, jp] = [await newest("zh"), await newest("jp")];
  return ["/zh", "/tc", "/jp", "/zh/pricing", ...(zh ? [`/zh/blog/${zh}`] : []), ...(jp ? [`/jp/blog/${jp}`] : []), ...(help ? [help] : [])];
}

// `npx tsx bench/bytes.ts <base URL> <path>...`: the figures for a few pages of a running server.
// `npx tsx bench/bytes.ts --fonts <base URL> [<path>...]`: only what Chromium fetches in fonts
// (without paths: fontBenchPaths); BYTES_WIDTHS=390,1280 for several viewports.
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const fontsOnly = process.argv[2] === "--fonts";
  const [baseUrl, ...given] = process.argv.slice(fontsOnly ? 3 : 2);
  if (!baseUrl || (!given.length && !fontsOnly)) throw new Error("usage: tsx bench/bytes.ts [--fonts] <base URL> <path>...");
  const paths = given.length ? given : await fontBenchPaths(baseUrl);
  const kb = (n: number) => (n / 1000).toFixed(1);
  if (!fontsOnly)
    for (const path of paths) {
      const page = await measurePageBytes(baseUrl, path);
      console.log(
        `${path}\thtml ${kb(page.htmlGzip)} KB\tjs ${kb(page.jsGzip)} KB (zlib ${kb(page.jsZlib)}; ${page.js.length} files)\tcss ${kb(page.cssGzip)} KB`,
      );
      if (process.env.BYTES_VERBOSE) for (const f of page.js) console.log(`\t${kb(f.gzip)}\t(zlib ${kb(f.zlib)})\t${f.path}`);
    }
  for (const width of process.env.BYTES_WIDTHS?.split(",").map(Number) ?? [1280]) {
    for (const f of await measureFontDownloads(baseUrl, paths, { width })) {
      console.log(
        `${f.path}\t${width}px\tfonts ${f.files} files, ${kb(f.bytes)} KB\tCLS ${f.layoutShift.toFixed(4)}\tCJK glyphs drawn by a system font: ${f.tofu} (in ${f.scriptElements} elements)`,
      );
      if (process.env.BYTES_VERBOSE) for (const file of f.fileNames) console.log(`\t${file.length > 90 ? `${file.slice(0, 60)}…${file.slice(-30)}` : file}`);
    }
  }
}
