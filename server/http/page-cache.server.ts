/**
 * The rendered-page cache (docs/decisions/0021): whole responses of public pages (HTML and the
 * single-fetch `.data` answers of client navigations), kept per host and URL (the URL and host
 * decide the language), compressed once when stored, dropped when what they show changes.
 *
 * Each entry carries tags ("article:12"); a change names the tags it touches, or "*" for all.
 * Changes arrive from every process through PostgreSQL (server/infrastructure/page-changes.server.ts):
 * while that channel is down the cache is switched off, since a change could be missed.
 */
import { EVERY_PAGE } from "../infrastructure/page-changes.server";
import { compressWhole, type ContentEncoding } from "./whole-body-compression.server";

/** One stored answer: its bytes and what is needed to send them again. */
export interface CachedPage {
  status: number;
  headers: ReadonlyArray<readonly [string, string]>;
  identity: Buffer;
  /**
   * Its bytes compressed, each encoding made when first asked for: browsers ask for brotli, while
   * a CDN in front may ask for gzip only (docs/decisions/0028).
   */
  encoded: Partial<Record<Exclude<ContentEncoding, "identity">, Buffer>>;
  /** Of the identity bytes; each encoding is sent with its own (etagForEncoding). */
  etag: string;
  /**
   * What its Content-Security-Policy allows scripts by, in place of a nonce: the hashes of its
   * inline scripts and what the browser may add later (docs/decisions/0021). Rendered for
   * everyone, the page carries no nonce, since every visitor could read it.
   */
  scriptSources: readonly string[];
  tags: ReadonlySet<string>;
  storedAt: number;
}

export interface PageCacheOptions {
  /** Most bytes held (all encodings counted); the least recently used entries go first. */
  maxBytes: number;
  /**
   * Longest an entry is served without rendering again. Changes are announced, so this only
   * bounds what nothing announces: time passing (a dated item coming due, read counts).
   */
  ttlMs: number;
  now?: () => number;
}

export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private bytes = 0;
  private changes = 0;
  private synced = true;
  readonly stats = { hits: 0, misses: 0, stored: 0, dropped: 0 };

  constructor(private readonly options: PageCacheOptions) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** Whether answers may be taken from or put into the cache right now. */
  get enabled(): boolean {
    return this.synced && this.options.maxBytes > 0;
  }

  /** Counts every change seen; a render that began before a change must not be stored after it. */
  get generation(): number {
    return this.changes;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /**
   * The channel that carries changes is up (true) or down (false). Either way the cache starts
   * over: a page rendered while it was down (from data read before a change it missed) must not
   * be stored once it is back up.
   */
  setSynced(synced: boolean): void {
    this.invalidate([EVERY_PAGE]);
    this.synced = synced;
  }

  get(key: string): CachedPage | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(key);
    if (!entry) {
      this.stats.misses++;
      return undefined;
    }
    if (this.now() - entry.storedAt >= this.options.ttlMs) {
      this.remove(key, entry);
      this.stats.misses++;
      return undefined;
    }
    // Map order is insertion order: moving the entry to the end keeps the least recently used first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.stats.hits++;
    return entry;
  }

  /** Stores the entry unless something changed since its render began (`generation` then). */
  set(key: string, entry: CachedPage, generation: number): boolean {
    if (!this.enabled || generation !== this.changes) return false;
    const size = sizeOf(entry);
    if (size > this.options.maxBytes / 4) return false;
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    this.entries.set(key, entry);
    this.bytes += size;
    this.stats.stored++;
    this.evictPastSize();
    return true;
  }

  private evictPastSize(): void {
    for (const [oldKey, old] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break;
      this.remove(oldKey, old);
    }
  }

  /** The entry's bytes in an encoding, compressed on the first request for it and kept with it. */
  body(key: string, entry: CachedPage, encoding: ContentEncoding): Buffer {
    if (encoding === "identity") return entry.identity;
    const kept = entry.encoded[encoding];
    if (kept) return kept;
    const made = compressWhole(entry.identity, encoding);
    entry.encoded[encoding] = made;
    // Counted only while the entry is held: one already dropped was counted out without it.
    if (this.entries.get(key) === entry) {
      this.bytes += made.length;
      this.evictPastSize();
    }
    return made;
  }

  /** Drops every entry carrying one of the tags ("*": all). Returns how many went. */
  invalidate(tags: readonly string[]): number {
    this.changes++;
    const all = tags.includes(EVERY_PAGE);
    let dropped = 0;
    for (const [key, entry] of this.entries) {
      if (all || tags.some((tag) => entry.tags.has(tag))) {
        this.remove(key, entry);
        dropped++;
      }
    }
    this.stats.dropped += dropped;
    return dropped;
  }

  /**
   * What the entries' bytes really hold in memory: each distinct ArrayBuffer behind their bodies
   * counted whole, for the memory report (a body may be a slice of a larger allocation, which its
   * own length, and so the bound, does not see).
   */
  retainedBytes(): number {
    const held = new Set<ArrayBufferLike>();
    for (const entry of this.entries.values()) {
      held.add(entry.identity.buffer);
      if (entry.encoded.br) held.add(entry.encoded.br.buffer);
      if (entry.encoded.gzip) held.add(entry.encoded.gzip.buffer);
    }
    let bytes = 0;
    for (const buffer of held) bytes += buffer.byteLength;
    return bytes;
  }

  private remove(key: string, entry: CachedPage): void {
    this.entries.delete(key);
    this.bytes -= sizeOf(entry);
  }
}

function sizeOf(entry: CachedPage): number {
  return entry.identity.length + (entry.encoded.br?.length ?? 0) + (entry.encoded.gzip?.length ?? 0) + 512;
}

export { matchesEtag } from "./whole-body-compression.server";
