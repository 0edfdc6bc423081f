/**
 * Glyph subsets made from the characters a Chinese or Japanese page shows (docs/decisions/0036).
 *
 * A page's first paint on a machine without CJK fonts fetched the whole unicode-range slices its
 * characters fall in: 14-37 files, 0.6-0.9 MB. Now the server cuts, from one static regular
 * (wght 400) instance of the same Noto font, a font with just the page's characters: one file for
 * the characters of the site's header and footer (the same on every page of the language, so
 * fetched once) and one for the rest of the page. Bold is synthesized by the browser.
 *
 * The URL carries the set of code points itself (sorted, delta-coded, deflated, base64url) and an
 * HMAC of it under a secret every process shares (server/infrastructure/secrets.server.ts): any
 * process can make the font from the URL alone, the same set always has the same URL (cached for a
 * year, immutable), and a URL the server did not write is refused before any work, so a visitor
 * cannot make it cut arbitrary sets. Made fonts are kept in a bounded memory cache and on disk.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { deflateRawSync, inflateRawSync } from "node:zlib";
import type { LangKey } from "~/i18n/languages";
import { mergeTrueType } from "./truetype-merge.server";

const require = createRequire(import.meta.url);

/** The Noto package whose numbered (CJK) slices make each language's source font. */
export const SUBSET_FONTS = {
  zh: { pkg: "@fontsource-variable/noto-sans-sc", family: "Noto Sans SC Page" },
  tc: { pkg: "@fontsource-variable/noto-sans-tc", family: "Noto Sans TC Page" },
  jp: { pkg: "@fontsource-variable/noto-sans-jp", family: "Noto Sans JP Page" },
} as const satisfies Partial<Record<LangKey, { pkg: string; family: string }>>;
export type SubsetLang = keyof typeof SUBSET_FONTS;

export const isSubsetLang = (lang: string): lang is SubsetLang => Object.hasOwn(SUBSET_FONTS, lang);

/** The weight every subset is pinned to; the browser synthesizes bold from it. */
export const SUBSET_WEIGHT = 400;
/** More code points than any page shows (the longest article has about 1,300): a bound on work per URL. */
export const MAX_SUBSET_CODE_POINTS = 4000;
/** The encoded set's length bound, checked before anything is decoded. */
const MAX_PAYLOAD_CHARS = 8000;
/** Bumped when the way fonts are made changes, so no cache keeps an old one under the same URL. */
const MAKER_VERSION = "1";

function packageVersion(pkg: string): string {
  return (JSON.parse(fs.readFileSync(require.resolve(`${pkg}/package.json`), "utf8")) as { version: string }).version;
}

const versions = new Map<SubsetLang, string>();
/** Part of every URL: a new font package or maker gives new URLs. */
export function fontVersion(lang: SubsetLang): string {
  let version = versions.get(lang);
  if (!version) {
    version = createHmac("sha256", MAKER_VERSION)
      .update(`${SUBSET_FONTS[lang].pkg}@${packageVersion(SUBSET_FONTS[lang].pkg)}`)
      .digest("hex")
      .slice(0, 8);
    versions.set(lang, version);
  }
  return version;
}

/** Sorted distinct code points as unsigned LEB128 deltas, deflated, in base64url. */
export function encodeCodePoints(codePoints: readonly number[]): string {
  const bytes: number[] = [];
  let previous = -1;
  for (const cp of codePoints) {
    if (!Number.isInteger(cp) || cp <= previous || cp > 0x10ffff) throw new Error("code points must be distinct, sorted and valid");
    let delta = cp - previous - 1;
    previous = cp;
    do {
      bytes.push((delta & 0x7f) | (delta > 0x7f ? 0x80 : 0));
      delta >>>= 7;
    } while (delta > 0);
  }
  return deflateRawSync(Buffer.from(bytes), { level: 9 }).toString("base64url");
}

/** The code points of a payload, or null when it is not one encodeCodePoints could have written. */
export function decodeCodePoints(payload: string): number[] | null {
  if (payload.length === 0 || payload.length > MAX_PAYLOAD_CHARS || !/^[\w-]+$/.test(payload)) return null;
  let bytes: Buffer;
  try {
    // A set of MAX_SUBSET_CODE_POINTS takes at most 3 bytes each: anything that inflates past that is not ours.
    bytes = inflateRawSync(Buffer.from(payload, "base64url"), { maxOutputLength: MAX_SUBSET_CODE_POINTS * 3 });
  } catch {
    return null;
  }
  const out: number[] = [];
  let previous = -1;
  for (let i = 0; i < bytes.length;) {
    let delta = 0;
    let shift = 0;
    for (;;) {
      if (i >= bytes.length || shift > 21) return null;
      const byte = bytes[i++]!;
      delta |= (byte & 0x7f) << shift;
      shift += 7;
      if (!(byte & 0x80)) break;
    }
    previous += delta + 1;
    if (previous > 0x10ffff || out.length >= MAX_SUBSET_CODE_POINTS) return null;
    out.push(previous);
  }
  return out.length ? out : null;
}

let signingKey: string | null = null;

/** The shared secret the URLs are signed with (every process must have the same). Until set, pages use the slices. */
export function setSubsetSigningKey(key: string | null): void {
  signingKey = key;
}

export const subsetSigningReady = () => signingKey !== null;

function signature(key: string, lang: SubsetLang, payload: string): string {
  return createHmac("sha256", key)
    .update(`${lang}\n${fontVersion(lang)}\n${payload}`)
    .digest("base64url")
    .slice(0, 16);
}

/** The URL of the subset of `codePoints` (sorted, distinct), or null when URLs cannot be signed yet. */
export function subsetUrl(lang: SubsetLang, codePoints: readonly number[]): string | null {
  if (!signingKey || codePoints.length === 0 || codePoints.length > MAX_SUBSET_CODE_POINTS) return null;
  const payload = encodeCodePoints(codePoints);
  return `/fonts/${lang}-${fontVersion(lang)}/${payload}.${signature(signingKey, lang, payload)}.woff2`;
}

/** The language and code points of a subset URL's path, or null when this server did not write it. */
export function parseSubsetPath(urlPath: string): { lang: SubsetLang; codePoints: number[]; key: string } | null {
  const match = /^\/fonts\/([a-z]{2})-([0-9a-f]{8})\/([\w-]{1,8000})\.([\w-]{16})\.woff2$/.exec(urlPath);
  if (!match || !signingKey) return null;
  const [, lang = "", version, payload = "", sig = ""] = match;
  if (!isSubsetLang(lang) || version !== fontVersion(lang)) return null;
  if (!timingSafeEqual(Buffer.from(signature(signingKey, lang, payload)), Buffer.from(sig))) return null;
  const codePoints = decodeCodePoints(payload);
  return codePoints ? { lang, codePoints, key: `${lang}-${version}-${sig}` } : null;
}

// ---------------------------------------------------------------------------------------------
// Making the fonts.

/** The numbered slices of a fontsource variable package: its CJK glyphs, about a hundred files. */
function sliceFiles(pkg: string): string[] {
  const dir = path.dirname(require.resolve(`${pkg}/package.json`));
  const css = fs.readFileSync(path.join(dir, "wght.css"), "utf8");
  const files: string[] = [];
  for (const [, file] of css.matchAll(/\/\*\s*[^*]*-\[\d+\]-wght-normal\s*\*\/\s*@font-face\s*\{[^}]*?url\(\.\/files\/([^)]+\.woff2)\)/g))
    files.push(path.join(dir, "files", file!));
  if (files.length === 0) throw new Error(`${pkg}: no numbered slices in wght.css`);
  return files;
}

/**
 * One static TrueType font with every CJK glyph of the package at SUBSET_WEIGHT: each slice
 * instanced by harfbuzz (wght pinned) and the slices joined. About 4-6 MB, made once per font
 * version and kept in `cacheDir` (a second process or a restart reads it).
 */
export async function sourceFont(lang: SubsetLang, cacheDir: string): Promise<string> {
  const file = path.join(cacheDir, `source-${lang}-${fontVersion(lang)}.ttf`);
  if (fs.existsSync(file)) return file;
  // Imported here, not at the top: subset-font instantiates harfbuzz's WebAssembly when imported
  // (two 16 MB memories), which a process that never makes a source font should not hold (0039).
  const subsetFont = (await import("subset-font")).default;
  const pinned: Buffer[] = [];
  for (const slice of sliceFiles(SUBSET_FONTS[lang].pkg)) {
    // One slice at a time (10-20 ms of wasm each), so requests are served in between.
    pinned.push(
      await subsetFont(fs.readFileSync(slice), "", {
        keepAllGlyphs: true,
        targetFormat: "truetype",
        variationAxes: { wght: SUBSET_WEIGHT },
        dropTables: ["GSUB", "GPOS", "GDEF", "vhea", "vmtx", "VORG", "STAT", "DSIG"],
      }),
    );
  }
  const merged = mergeTrueType(pinned);
  fs.mkdirSync(cacheDir, { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, merged);
  fs.renameSync(temporary, file);
  return file;
}

/**
 * The woff2 compression (brotli at its best) of a page's subset takes 1-2 s of CPU: it runs in a
 * worker thread so the process keeps serving, one font at a time. The worker ends when idle, which
 * gives its memory back.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const fs = require("node:fs");
const subsetFont = require(workerData.subsetFont);
parentPort.on("message", async ({ id, source, text }) => {
  try {
    const font = await subsetFont(fs.readFileSync(source), text, { targetFormat: "woff2" });
    parentPort.postMessage({ id, font });
  } catch (err) {
    parentPort.postMessage({ id, error: String(err && err.message || err) });
  }
});
`;

class SubsetWorker {
  private worker: Worker | null = null;
  private idle: ReturnType<typeof setTimeout> | undefined;
  private next = 0;
  private waiting = new Map<number, { resolve: (font: Buffer) => void; reject: (err: Error) => void }>();

  run(source: string, text: string): Promise<Buffer> {
    clearTimeout(this.idle);
    if (!this.worker) {
      const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { subsetFont: require.resolve("subset-font") } });
      worker.unref();
      worker.on("message", ({ id, font, error }: { id: number; font?: Uint8Array; error?: string }) => {
        const job = this.waiting.get(id);
        this.waiting.delete(id);
        if (font) job?.resolve(Buffer.from(font));
        else job?.reject(new Error(error ?? "subset failed"));
        if (this.waiting.size === 0) this.idle = setTimeout(() => void this.stop(), 30_000).unref();
      });
      worker.on("error", (err) => this.fail(err));
      worker.on("exit", () => this.fail(new Error("the font worker stopped")));
      this.worker = worker;
    }
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker!.postMessage({ id, source, text });
    });
  }

  private fail(err: Error) {
    this.worker = null;
    for (const job of this.waiting.values()) job.reject(err);
    this.waiting.clear();
  }

  async stop() {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }
}

export interface SubsetMakerOptions {
  cacheDir: string;
  /** Made fonts kept in memory, in bytes. */
  memoryBytes?: number;
  /** Made fonts kept on disk, in files (oldest dropped first). */
  diskFiles?: number;
  /** Fonts waiting to be made beyond which a request is refused (503) rather than queued. */
  queue?: number;
}

/** Makes, caches and bounds the subsets of one process. */
export class SubsetMaker {
  private readonly memory = new Map<string, Buffer>();
  private memoryUsed = 0;
  private readonly pending = new Map<string, Promise<Buffer>>();
  private readonly sources = new Map<SubsetLang, Promise<string>>();
  private readonly worker = new SubsetWorker();
  private readonly memoryBytes: number;
  private readonly diskFiles: number;
  private readonly queue: number;

  constructor(private readonly options: SubsetMakerOptions) {
    this.memoryBytes = options.memoryBytes ?? 16 * 1024 * 1024;
    this.diskFiles = options.diskFiles ?? 2000;
    this.queue = options.queue ?? 16;
  }

  /** The font, or null when too many are being made (the caller answers 503). */
  get(lang: SubsetLang, codePoints: readonly number[], key: string): Promise<Buffer> | null {
    const cached = this.memory.get(key);
    if (cached) {
      this.memory.delete(key);
      this.memory.set(key, cached);
      return Promise.resolve(cached);
    }
    const pending = this.pending.get(key);
    if (pending) return pending;
    if (this.pending.size >= this.queue) return null;
    const made = this.make(lang, codePoints, key).finally(() => this.pending.delete(key));
    this.pending.set(key, made);
    return made;
  }

  private async make(lang: SubsetLang, codePoints: readonly number[], key: string): Promise<Buffer> {
    const file = path.join(this.options.cacheDir, `${key}.woff2`);
    let font: Buffer;
    try {
      font = await fs.promises.readFile(file);
    } catch {
      let source = this.sources.get(lang);
      if (!source) {
        source = sourceFont(lang, this.options.cacheDir);
        this.sources.set(lang, source);
        source.catch(() => this.sources.delete(lang));
      }
      font = await this.worker.run(await source, String.fromCodePoint(...codePoints));
      await this.keepOnDisk(file, font);
    }
    this.memory.set(key, font);
    this.memoryUsed += font.length;
    for (const [old, oldFont] of this.memory) {
      if (this.memoryUsed <= this.memoryBytes) break;
      this.memory.delete(old);
      this.memoryUsed -= oldFont.length;
    }
    return font;
  }

  private async keepOnDisk(file: string, font: Buffer) {
    await fs.promises.mkdir(this.options.cacheDir, { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    await fs.promises.writeFile(temporary, font);
    await fs.promises.rename(temporary, file);
    const names = (await fs.promises.readdir(this.options.cacheDir)).filter((n) => n.endsWith(".woff2"));
    if (names.length <= this.diskFiles) return;
    const aged = await Promise.all(
      names.map(async (n) => ({ n, at: (await fs.promises.stat(path.join(this.options.cacheDir, n)).catch(() => null))?.mtimeMs ?? 0 })),
    );
    aged.sort((a, b) => a.at - b.at);
    for (const { n } of aged.slice(0, names.length - this.diskFiles)) await fs.promises.rm(path.join(this.options.cacheDir, n), { force: true });
  }

  stop(): Promise<void> {
    return this.worker.stop();
  }
}
