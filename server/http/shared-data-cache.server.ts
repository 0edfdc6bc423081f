/**
 * Reference data that many pages show and only content imports and publishes change (the site's
 * base info, the price catalogue, the FAQ, releases), read once per process instead of once per
 * page view (docs/decisions/0021, issue 14: "no per-request work that could be done once").
 *
 * It hears the same announcements as the page cache (server/infrastructure/page-changes.server.ts):
 * a change to every page ("*", which every content write announces) drops everything; a change
 * to one article or help article (a comment, a vote) touches none of this. While that channel
 * is down, a change could be missed, so every read goes to the database.
 *
 * Values are shared by every request that reads them: they are frozen, so a caller that tried to
 * change one would fail loudly instead of changing it for everyone.
 */
import { EVERY_PAGE } from "../infrastructure/page-changes.server";

export interface SharedDataCacheOptions {
  /** Longest a value is kept: bounds what nothing announces (an item coming due on its own). */
  ttlMs: number;
  now?: () => number;
}

/** How a loader reads shared data: the cache, or straight from the database (previews, development). */
export type SharedRead = <T>(key: string, load: () => Promise<T>) => Promise<T>;

export const readThrough: SharedRead = (_key, load) => load();

export class SharedDataCache {
  private readonly entries = new Map<string, { value: Promise<unknown>; storedAt: number }>();
  private synced = true;
  private changes = 0;
  readonly stats = { hits: 0, loads: 0 };

  constructor(private readonly options: SharedDataCacheOptions) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** The value under `key`, loaded once and shared by concurrent and later readers until a change. */
  read: SharedRead = <T>(key: string, load: () => Promise<T>): Promise<T> => {
    if (!this.synced || this.options.ttlMs <= 0) return load();
    const entry = this.entries.get(key);
    if (entry && this.now() - entry.storedAt < this.options.ttlMs) {
      this.stats.hits++;
      return entry.value as Promise<T>;
    }
    this.stats.loads++;
    const generation = this.changes;
    const value = load().then(deepFreeze);
    const stored = { value, storedAt: this.now() };
    this.entries.set(key, stored);
    // A failed read is not kept, and neither is one that began before a change (it may predate it).
    const forget = () => {
      if (this.entries.get(key) === stored) this.entries.delete(key);
    };
    value.then(() => {
      if (this.changes !== generation) forget();
    }, forget);
    return value;
  };

  /** A change was announced: these tags changed. */
  invalidate(tags: Iterable<string>): void {
    for (const tag of tags) {
      if (tag !== EVERY_PAGE) continue;
      this.changes++;
      this.entries.clear();
      return;
    }
  }

  /** The announcement channel is up (true) or down (false). */
  setSynced(synced: boolean): void {
    this.synced = synced;
    this.changes++;
    this.entries.clear();
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !ArrayBuffer.isView(value) && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
