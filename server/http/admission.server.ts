/**
 * Load shedding (docs/decisions/0012, "Bounded waits"). Work that needs the database or a render
 * (an API call, a page the cache does not hold, a feed, a sitemap) passes this gate: a limited
 * number at once per process, up to `queue` more waiting their turn in arrival order, each for at
 * most `maxWaitMs`. Past that a request is refused at once with 503 and Retry-After ("shed"):
 * under overload the site answers quickly, to some in full and to the rest with "try again in a
 * few seconds", instead of queueing everyone for the pool until the time limits answer.
 * Cached pages, static files and health checks never wait here.
 *
 * How many at once follows how fast work is done, as Netflix's concurrency-limits "AIMD" limit
 * does: a request that took longer than `slowMs` lowers the limit by a tenth, a quick one while
 * the limit is half used or more raises it by one, between `minConcurrency` and `concurrency`. A machine that
 * slows down (a busy neighbour, a slow disk) is thus given less at once, rather than everyone
 * slowing down together until the time limits answer.
 */
import type { Request, RequestHandler, Response } from "express";
import { isAnswered, sendUnavailable } from "./unavailable.server";

export interface AdmissionOptions {
  /** The most requests worked on at once. */
  concurrency: number;
  /**
   * The fewest places the limit goes down to (1 if unset): a few requests at once are always
   * worth working on, however slow the machine is (a crawler's handful must not be queued).
   */
  minConcurrency?: number;
  /** How many more may wait for a place; beyond that a request is refused at once. */
  queue: number;
  /** Longest a request waits for a place before it is refused. */
  maxWaitMs: number;
  /** A request that held its place longer than this was slow: the limit goes down. */
  slowMs: number;
  now?: () => number;
}

/** Gives the place back; calling it more than once gives it back once. */
export type Release = () => void;

interface Waiter {
  admit: (release: Release) => void;
  refuse: () => void;
}

export class AdmissionGate {
  private running = 0;
  private limit: number;
  private readonly waiting: Waiter[] = [];
  readonly stats = { admitted: 0, shed: 0 };

  constructor(private readonly options: AdmissionOptions) {
    this.limit = options.concurrency;
  }

  /** How many are being worked on, how many may be, and how many wait. */
  get load(): { running: number; limit: number; waiting: number } {
    return { running: this.running, limit: this.places(), waiting: this.waiting.length };
  }

  private places(): number {
    return Math.max(this.floor(), Math.floor(this.limit));
  }

  private floor(): number {
    return Math.max(1, Math.min(this.options.minConcurrency ?? 1, this.options.concurrency));
  }

  private now(): number {
    return this.options.now?.() ?? performance.now();
  }

  /**
   * A place, or null when the request is refused (shed): the queue is full, or no place came free
   * within maxWaitMs, or `signal` was aborted while waiting (the client went away).
   */
  enter(signal?: AbortSignal): Promise<Release | null> {
    if (this.running < this.places() && this.waiting.length === 0) return Promise.resolve(this.take());
    if (this.waiting.length >= this.options.queue || signal?.aborted) return Promise.resolve(this.refused());
    return new Promise((resolve) => {
      const leave = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        const at = this.waiting.indexOf(waiter);
        if (at !== -1) this.waiting.splice(at, 1);
      };
      const waiter: Waiter = {
        admit: (release) => {
          leave();
          resolve(release);
        },
        refuse: () => {
          leave();
          resolve(this.refused());
        },
      };
      const onAbort = () => waiter.refuse();
      const timer = setTimeout(waiter.refuse, this.options.maxWaitMs);
      signal?.addEventListener("abort", onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  private take(): Release {
    this.running++;
    this.stats.admitted++;
    const started = this.now();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.adapt(this.now() - started);
      this.running--;
      // Places go straight to the longest waiting requests.
      while (this.waiting.length > 0 && this.running < this.places()) this.waiting[0]!.admit(this.take());
    };
  }

  /** Additive increase, multiplicative decrease, on how long the work took (`running` counts it still). */
  private adapt(ms: number): void {
    if (ms > this.options.slowMs) this.limit = Math.max(this.floor(), this.limit * 0.9);
    else if (this.running * 2 >= this.places()) this.limit = Math.min(this.options.concurrency, this.limit + 1);
  }

  private refused(): null {
    this.stats.shed++;
    return null;
  }
}

/**
 * Waits for a place for this request; answers 503 (shed) and gives null when there is none. The
 * wait ends early when the client goes away.
 */
export async function admitRequest(gate: AdmissionGate, req: Request, res: Response): Promise<Release | null> {
  const gone = new AbortController();
  const onClose = () => gone.abort();
  res.once("close", onClose);
  const release = await gate.enter(gone.signal);
  res.off("close", onClose);
  // Its log line says "shed" (server/http/request-context.server.ts).
  if (!release) sendUnavailable(req, res, "shed");
  return release;
}

/**
 * The gate as middleware: the place is held until the response is finished or the client is gone.
 * (The handlers behind it bound their own work with the statement and request time limits.)
 */
export function admission(gate: AdmissionGate): RequestHandler {
  return async (req, res, next) => {
    const release = await admitRequest(gate, req, res);
    if (!release) return;
    if (isAnswered(res)) return release();
    res.once("close", release);
    next();
  };
}
