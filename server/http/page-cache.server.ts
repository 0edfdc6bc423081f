/**
 * The rendered-page cache (docs/decisions/0021): whole responses of public pages (HTML and the
 * single-fetch `.data` answers of client navigations), kept per host and URL (the URL and host
 * decide the language), compressed once when stored, dropped when what they show changes.
 *
 * Each entry carries tags ("article:12"); a change names the tags it touches, or "*" for all.
 * Changes arrive from every process through PostgreSQL (server/infrastructure/page-changes.server.ts):
 * while that channel is down the cache is switched off, since a change could be missed.
 *
 * A changed or expired entry is not dropped but marked stale (docs/decisions/0040): it is still
 * served while one render replaces it in the background (server/http/page-refresh.server.ts), so
 * no visitor waits for a render once a page has been seen. Listeners hear which entries went stale,
 * the most asked for first, to render them again before anyone asks.
 */
import { EVERY_PAGE } from "../infrastructure/page-changes.server";
import { compressWhole, type ContentEncoding } from "./whole-body-compression.server";

type Compressed = Exclude<ContentEncoding, "identity">;

/** One stored answer: its bytes and what is needed to send them again. */
export interface CachedPage {
  status: number;
  headers: ReadonlyArray<readonly [string, string]>;
  identity: Buffer;
  /**
   * Its bytes compressed, each encoding made when first asked for: browsers ask for brotli, while
   * a CDN in front may ask for gzip only (docs/decisions/0028).
   */
  encoded: Partial<Record<Compressed, Buffer>>;
  /**
   * The encodings made at their best. One made while a visitor waited (a cache miss) is made fast,
   * and again at its best, off the request path, when the page is sent a second time.
   */
  polished: Partial<Record<Compressed, true>>;
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
  /** The address it was rendered for (protocol, host, path and query), to render it again. */
  url: string;
  /** Which render made it (the `detail` of its Cache-Status header): tells one render from the next. */
  renderId: string;
}

/** A stored answer as found: fresh, or stale (changed or past its lifetime) and to be replaced. */
export interface CacheLookup {
  page: CachedPage;
  fresh: boolean;
  /** Seconds it stays fresh (RFC 9211 `ttl`); 0 or less when stale. */
  ttlSeconds: number;
}

interface HeldPage {
  page: CachedPage;
  /** Times asked for: the pages a change touches are rendered again most asked for first. */
  hits: number;
  /** Something it shows changed: served only until its new render is stored. */
  changed: boolean;
}

export interface PageCacheOptions {
  /** Most bytes held (all encodings counted); the least recently used entries go first. */
  maxBytes: number;
  /**
   * Longest an entry is served without rendering again. Changes are announced, so this only
   * bounds what nothing announces: time passing (a dated item coming due, read counts).
   */
  ttlMs: number;
  /**
   * How long past its lifetime an entry may still be served while it is rendered again; an entry
   * older than that (a page nobody asked for in a long while) is rendered while its visitor waits.
   */
  staleMs: number;
  now?: () => number;
}

export class PageCache {
  private readonly entries = new Map<string, HeldPage>();
  private readonly staleListeners: Array<(keys: string[]) => void> = [];
  private bytes = 0;
  private changes = 0;
  private synced = true;
  readonly stats = { hits: 0, stale: 0, misses: 0, stored: 0, changed: 0, dropped: 0 };

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
    this.clear();
    this.synced = synced;
  }

  /**
   * The entry for a key, fresh or stale. A stale one is for serving while it is rendered again;
   * one past its lifetime by more than `staleMs` is dropped and counts as a miss.
   */
  lookup(key: string): CacheLookup | undefined {
    if (!this.enabled) return undefined;
    const held = this.entries.get(key);
    if (!held) {
      this.stats.misses++;
      return undefined;
    }
    const age = this.now() - held.page.storedAt;
    if (age >= this.options.ttlMs + this.options.staleMs) {
      this.remove(key, held);
      this.stats.misses++;
      return undefined;
    }
    // Map order is insertion order: moving the entry to the end keeps the least recently used first.
    this.entries.delete(key);
    this.entries.set(key, held);
    held.hits++;
    const fresh = !held.changed && age < this.options.ttlMs;
    if (fresh) this.stats.hits++;
    else this.stats.stale++;
    const ttlSeconds = held.changed ? 0 : Math.floor((this.options.ttlMs - age) / 1000);
    return { page: held.page, fresh, ttlSeconds };
  }

  /** The entry for a key as it stands, without counting a request or touching its place in line. */
  peek(key: string): (CacheLookup & { changed: boolean }) | undefined {
    const held = this.entries.get(key);
    if (!held || !this.enabled) return undefined;
    const age = this.now() - held.page.storedAt;
    const fresh = !held.changed && age < this.options.ttlMs;
    return { page: held.page, fresh, ttlSeconds: held.changed ? 0 : Math.floor((this.options.ttlMs - age) / 1000), changed: held.changed };
  }

  /** Whether this very entry is still the one held for its key (not replaced, not dropped). */
  holds(key: string, page: CachedPage): boolean {
    return this.entries.get(key)?.page === page;
  }

  /** Drops one entry: its new render was refused (the page is gone, or private now). */
  drop(key: string): void {
    const held = this.entries.get(key);
    if (held) this.remove(key, held);
  }

  /** Hears the keys of entries a change made stale, the most asked for first. */
  onStale(listener: (keys: string[]) => void): void {
    this.staleListeners.push(listener);
  }

  /** Stores the entry unless something changed since its render began (`generation` then). */
  set(key: string, entry: CachedPage, generation: number): boolean {
    if (!this.enabled || generation !== this.changes) return false;
    const size = sizeOf(entry);
    if (size > this.options.maxBytes / 4) return false;
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    // A page asked for often stays first in line when it changes again.
    this.entries.set(key, { page: entry, hits: previous?.hits ?? 0, changed: false });
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

  /**
   * The entry's bytes in an encoding, kept with it. Made fast on its first request (a visitor is
   * waiting, and the page may never be asked for again); on a later request, made again at its
   * best once the answer is on its way (`polish`).
   */
  body(key: string, entry: CachedPage, encoding: ContentEncoding): Buffer {
    if (encoding === "identity") return entry.identity;
    const kept = entry.encoded[encoding];
    if (kept) {
      if (!entry.polished[encoding]) setImmediate(() => this.polish(key, entry, encoding));
      return kept;
    }
    const made = compressWhole(entry.identity, encoding, "fast");
    this.keep(key, entry, encoding, made);
    return made;
  }

  /** Compresses an entry at its best, where no visitor waits: a background render, a second request. */
  polish(key: string, entry: CachedPage, encoding: Compressed): void {
    if (entry.polished[encoding] || !this.holds(key, entry)) return;
    entry.polished[encoding] = true;
    this.keep(key, entry, encoding, compressWhole(entry.identity, encoding, "best"));
  }

  private keep(key: string, entry: CachedPage, encoding: Compressed, bytes: Buffer): void {
    const before = entry.encoded[encoding]?.length ?? 0;
    entry.encoded[encoding] = bytes;
    // Counted only while the entry is held: one already dropped was counted out without it.
    if (this.holds(key, entry)) {
      this.bytes += bytes.length - before;
      this.evictPastSize();
    }
  }

  /**
   * Marks every entry carrying one of the tags ("*": all) stale, and tells the listeners which,
   * most asked for first. Returns how many.
   */
  invalidate(tags: readonly string[]): number {
    this.changes++;
    const all = tags.includes(EVERY_PAGE);
    const changed: Array<[string, HeldPage]> = [];
    for (const [key, held] of this.entries) {
      if (!held.changed && (all || tags.some((tag) => held.page.tags.has(tag)))) {
        held.changed = true;
        changed.push([key, held]);
      }
    }
    this.stats.changed += changed.length;
    if (changed.length > 0 && this.staleListeners.length > 0) {
      const keys = changed.sort((a, b) => b[1].hits - a[1].hits).map(([key]) => key);
      for (const listener of this.staleListeners) listener(keys);
    }
    return changed.length;
  }

  /** Drops every entry: what they show may have changed unannounced. */
  private clear(): void {
    this.changes++;
    this.stats.dropped += this.entries.size;
    this.entries.clear();
    this.bytes = 0;
  }

  /**
   * What the entries' bytes really hold in memory: each distinct ArrayBuffer behind their bodies
   * counted whole, for the memory report (a body may be a slice of a larger allocation, which its
   * own length, and so the bound, does not see).
   */
  retainedBytes(): number {
    const held = new Set<ArrayBufferLike>();
    for (const { page } of this.entries.values()) {
      held.add(page.identity.buffer);
      if (page.encoded.br) held.add(page.encoded.br.buffer);
      if (page.encoded.gzip) held.add(page.encoded.gzip.buffer);
    }
    let bytes = 0;
    for (const buffer of held) bytes += buffer.byteLength;
    return bytes;
  }

  private remove(key: string, held: HeldPage): void {
    this.entries.delete(key);
    this.bytes -= sizeOf(held.page);
  }
}

function sizeOf(entry: CachedPage): number {
  return entry.identity.length + (entry.encoded.br?.length ?? 0) + (entry.encoded.gzip?.length ?? 0) + 512;
}

export { matchesEtag } from "./whole-body-compression.server";
