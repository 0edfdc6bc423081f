/**
 * The usage-event batcher (spec sections 7 and 9): events wait in local storage until sent, and
 * are flushed at 20 events, after 10 seconds, and when the page is hidden (visibilitychange or
 * pagehide, never unload). A batch goes out through sendBeacon; one the browser refuses (too
 * large) is split in halves and tried again; events leave storage only once a beacon has taken
 * them, so a failed send loses nothing and nothing is sent twice.
 */

export const BATCH_SIZE = 20;
export const FLUSH_MS = 10_000;
const STORAGE_KEY = "usage-events";
/** Beyond this the oldest events are dropped: a visitor who is never able to send must not fill storage. */
const MAX_STORED = 500;

export interface BatcherDeps<E> {
  storage: Pick<Storage, "getItem" | "setItem">;
  /** Seals and sends one batch; true when the browser has taken it (sendBeacon's answer). */
  send: (batch: E[]) => Promise<boolean>;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
}

export class Batcher<E> {
  private timer: unknown = null;
  private flushing: Promise<void> | null = null;

  constructor(private readonly deps: BatcherDeps<E>) {}

  private read(): E[] {
    try {
      const stored = JSON.parse(this.deps.storage.getItem(STORAGE_KEY) ?? "[]") as unknown;
      return Array.isArray(stored) ? (stored as E[]) : [];
    } catch {
      return [];
    }
  }

  private write(events: E[]): void {
    try {
      this.deps.storage.setItem(STORAGE_KEY, JSON.stringify(events.slice(-MAX_STORED)));
    } catch {
      /* storage full or blocked: the events stay in this page's memory only */
    }
  }

  pending(): number {
    return this.read().length;
  }

  add(event: E): void {
    const events = [...this.read(), event];
    this.write(events);
    if (events.length >= BATCH_SIZE) void this.flush();
    else if (this.timer === null) this.timer = this.deps.setTimer(() => void this.flush(), FLUSH_MS);
  }

  /** Sends what is stored, in batches of at most BATCH_SIZE; anything not taken stays stored. */
  flush(): Promise<void> {
    if (this.timer !== null) {
      this.deps.clearTimer(this.timer);
      this.timer = null;
    }
    this.flushing ??= this.sendAll().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async sendAll(): Promise<void> {
    for (;;) {
      const events = this.read();
      if (events.length === 0) return;
      const batch = events.slice(0, BATCH_SIZE);
      const taken = await this.sendSplitting(batch);
      if (taken === 0) return; // kept for the next flush
      // Only what the browser took leaves storage; events added meanwhile stay.
      this.write(this.read().slice(taken));
      if (taken < batch.length) return;
    }
  }

  /** How many events from the start of `batch` were taken: halves when a beacon is refused. */
  private async sendSplitting(batch: E[]): Promise<number> {
    if (await this.deps.send(batch)) return batch.length;
    if (batch.length === 1) return 0;
    const half = Math.ceil(batch.length / 2);
    const first = await this.sendSplitting(batch.slice(0, half));
    if (first < half) return first;
    return half + (await this.sendSplitting(batch.slice(half)));
  }
}
