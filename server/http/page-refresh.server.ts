/**
 * Renders of the page cache that no visitor waits for (docs/decisions/0040).
 *
 * - One render per page at a time: visitors who miss a page another visitor's render is already
 *   making wait for that render (`RenderFlights`), instead of each rendering it again.
 * - A stale page (changed, or past its lifetime) is served as it is while one render replaces it
 *   in the background; the pages a change touches are queued at once, the most asked for first,
 *   so most are new again before anyone asks (`PageRefresher`).
 *
 * Both are per process: each process keeps its own cache, so each renders its own pages once.
 */
import type { Logger } from "../logger.server";
import type { CachedPage, PageCache } from "./page-cache.server";

/** Renders being made for the cache, by key: a second visitor of the same page waits for the first's. */
export class RenderFlights {
  private readonly flights = new Map<string, Promise<CachedPage | null>>();

  /** The render under way for a key, if any: its page, or null when it made none that may be shared. */
  joining(key: string): Promise<CachedPage | null> | undefined {
    return this.flights.get(key);
  }

  /**
   * Opens the flight of a key: later visitors of the key wait for it until `land` is called with
   * the page (or null). Only the first call of `land` counts, so it may also be called on the way out.
   */
  open(key: string): (page: CachedPage | null) => void {
    let resolve!: (page: CachedPage | null) => void;
    const flight = new Promise<CachedPage | null>((settle) => (resolve = settle));
    this.flights.set(key, flight);
    let landed = false;
    return (page) => {
      if (landed) return;
      landed = true;
      if (this.flights.get(key) === flight) this.flights.delete(key);
      resolve(page);
    };
  }
}

/**
 * What became of a background render: stored; refused (the page may not be kept now: gone,
 * private); outdated (something changed while it rendered: it is rendered again); or failed.
 */
export type RefreshOutcome = "stored" | "refused" | "outdated" | "failed";

export interface PageRefresherOptions {
  cache: PageCache;
  flights: RenderFlights;
  /** Renders the page of a key again, as a visitor without cookies would get it, and stores it. */
  render: (key: string, page: CachedPage) => Promise<{ page: CachedPage | null; outcome: RefreshOutcome }>;
  logger: Logger;
  /** Background renders at once, per process: they share the cores with visitors' requests. */
  concurrency: number;
  /** Most pages one change queues: the rest are rendered again when next asked for. */
  queueLimit: number;
}

export class PageRefresher {
  /**
   * Keys waiting for their render: those a visitor was served stale go first, then those a change
   * touched (Sets keep order and have no repeats). A key in both is rendered once: the second time
   * it is fresh, or under way, and skipped.
   */
  private readonly asked = new Set<string>();
  private readonly changed = new Set<string>();
  private running = 0;
  readonly stats = { stored: 0, refused: 0, outdated: 0, failed: 0 };

  constructor(private readonly options: PageRefresherOptions) {
    // The pages a change made stale are rendered again before a visitor asks, most asked for first.
    options.cache.onStale((keys) => {
      for (const key of keys.slice(0, options.queueLimit)) this.changed.add(key);
      // After the change's other listeners (the shared-data cache) have heard of it too.
      setImmediate(() => this.pump());
    });
  }

  /** A visitor was served a stale copy of this key: render it again, first, unless that is under way. */
  refresh(key: string): void {
    // Asked for now: ahead of the pages queued only because they changed. Constant work per
    // request: every visitor of a stale page lands here until its render is in.
    if (this.options.flights.joining(key) || this.asked.has(key)) return;
    this.asked.add(key);
    this.pump();
  }

  /** How many renders are waiting or under way. */
  get pending(): number {
    return this.asked.size + this.changed.size + this.running;
  }

  private pump(): void {
    const { cache, flights, concurrency } = this.options;
    while (this.running < concurrency && this.asked.size + this.changed.size > 0) {
      const queue = this.asked.size > 0 ? this.asked : this.changed;
      const key = queue.values().next().value as string;
      queue.delete(key);
      const held = cache.peek(key);
      // Gone meanwhile (evicted, or the cache went off), fresh again, or already being rendered.
      if (!held || held.fresh || flights.joining(key)) continue;
      this.running++;
      const land = flights.open(key);
      void this.options
        .render(key, held.page)
        .catch((err: unknown) => {
          this.options.logger.warn({ err, key }, "a page could not be rendered again in the background");
          return { page: null, outcome: "failed" as const };
        })
        .then(({ page, outcome }) => {
          land(page);
          this.stats[outcome]++;
          if (!cache.holds(key, held.page)) return;
          // Its data may predate the change that came meanwhile: once more, after what is queued.
          if (outcome === "outdated") this.changed.add(key);
          // A page that may not be kept any more (gone, private) is rendered for its next visitor.
          // One that failed (the database away) is still served while it is only old; one whose
          // content changed is not: what it shows is known to be wrong.
          else if (outcome === "refused" || (outcome === "failed" && cache.peek(key)?.changed)) cache.drop(key);
        })
        .finally(() => {
          land(null);
          this.running--;
          this.pump();
        });
    }
  }
}
