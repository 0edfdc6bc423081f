/**
 * Several server processes on one machine (WEB_CONCURRENCY > 1, docs/decisions/0024). The primary
 * does what must happen once (the embedded PostgreSQL, migrations, the seed), then forks the
 * workers, which serve on the shared port (node:cluster hands connections to them in turn). It
 * starts a worker again when one dies, waiting longer after each quick death, and at shutdown lets
 * every worker finish its requests before the database stops.
 */
import cluster, { type Worker } from "node:cluster";
import type { EmbeddedState } from "./db/embedded-postgres.server";
import type { Logger } from "./logger.server";

/** Wait before starting a dead worker again, by how many times it died in a row soon after starting. */
const RESTART_DELAYS_MS = [0, 1_000, 2_000, 5_000, 10_000, 30_000];
/** A worker that served this long before it died starts its back-off from the beginning. */
const STABLE_AFTER_MS = 30_000;

interface DatabaseStateMessage {
  type: "database-state";
  state: EmbeddedState;
}

function isDatabaseStateMessage(message: unknown): message is DatabaseStateMessage {
  return typeof message === "object" && message !== null && (message as { type?: unknown }).type === "database-state";
}

export interface WorkerSupervisor {
  /** Asks every worker to finish its requests and exit (SIGTERM); kills those still running after drainTimeoutMs. */
  stop(): Promise<void>;
}

export interface SuperviseOptions {
  count: number;
  /** The script workers run: the built server's entry (npm start runs the primary from scripts/start.mjs). */
  entry: string;
  /** Added to each worker's environment (the embedded database's DATABASE_URL). */
  env: Record<string, string>;
  logger: Logger;
  drainTimeoutMs: number;
  /** The embedded database's state, passed on to the workers for /healthz. */
  databaseState?: () => EmbeddedState;
  /** A worker could not start the first time (bad configuration, port in use): starting it again will not help. */
  onStartFailed: (reason: string) => void;
}

export function superviseWorkers(options: SuperviseOptions): WorkerSupervisor {
  const { logger } = options;
  cluster.setupPrimary({ exec: options.entry });
  const slots = Array.from({ length: options.count }, () => ({ quickDeaths: 0, everServed: false }));
  const live = new Map<Worker, { slot: number; startedAt: number }>();
  const pendingRestarts = new Set<NodeJS.Timeout>();
  let stopping = false;
  let lastState = options.databaseState?.();

  const fork = (slot: number) => {
    // glibc gives each thread that allocates (zlib, the thread pool) its own malloc arena, which
    // keeps what it once held: two arenas kept a process about 25 MB smaller (docs/decisions/0039).
    // Read by glibc as the process starts, so only a process we start can get it.
    const worker = cluster.fork({ MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2", ...options.env });
    live.set(worker, { slot, startedAt: Date.now() });
    worker.on("online", () => {
      if (lastState) worker.send({ type: "database-state", state: lastState } satisfies DatabaseStateMessage);
    });
    worker.on("listening", () => {
      slots[slot]!.everServed = true;
      logger.info({ worker: slot + 1, workerPid: worker.process.pid }, "worker is serving");
    });
    worker.on("exit", (code, signal) => {
      const info = live.get(worker)!;
      live.delete(worker);
      if (stopping) return;
      const state = slots[slot]!;
      if (!state.everServed) {
        options.onStartFailed(`worker ${slot + 1} exited (${signal ?? code}) before it served`);
        return;
      }
      state.quickDeaths = Date.now() - info.startedAt >= STABLE_AFTER_MS ? 0 : state.quickDeaths + 1;
      const delay = RESTART_DELAYS_MS[Math.min(state.quickDeaths, RESTART_DELAYS_MS.length - 1)]!;
      logger.error({ worker: slot + 1, workerPid: worker.process.pid, code, signal, restartInMs: delay }, "worker died; starting another");
      const timer = setTimeout(() => {
        pendingRestarts.delete(timer);
        if (!stopping) fork(slot);
      }, delay);
      pendingRestarts.add(timer);
    });
  };

  for (let slot = 0; slot < options.count; slot++) fork(slot);

  // The workers answer /healthz with 503 once the database could not be restarted; they learn it from here.
  const watch = options.databaseState
    ? setInterval(() => {
        const state = options.databaseState!();
        if (state === lastState) return;
        lastState = state;
        for (const worker of live.keys()) if (worker.isConnected()) worker.send({ type: "database-state", state } satisfies DatabaseStateMessage);
      }, 500)
    : undefined;
  watch?.unref();

  return {
    async stop() {
      stopping = true;
      if (watch) clearInterval(watch);
      for (const timer of pendingRestarts) clearTimeout(timer);
      const workers = [...live.keys()];
      const exits = workers.map((w) => (w.isDead() ? Promise.resolve() : new Promise<void>((r) => w.once("exit", () => r()))));
      for (const w of workers) if (!w.isDead()) w.process.kill("SIGTERM");
      const force = setTimeout(() => {
        for (const w of workers) {
          if (w.isDead()) continue;
          logger.warn({ workerPid: w.process.pid }, "worker did not finish in time; killing it");
          w.process.kill("SIGKILL");
        }
      }, options.drainTimeoutMs);
      await Promise.all(exits);
      clearTimeout(force);
    },
  };
}

/**
 * In a worker: the embedded database's state as the primary last reported it, and a call when
 * the primary is gone (its workers must not outlive it: nobody would stop them or the database).
 */
export function followPrimary(onPrimaryGone: () => void): { databaseState: () => EmbeddedState } {
  let state: EmbeddedState = "running";
  process.on("message", (message: unknown) => {
    if (isDatabaseStateMessage(message)) state = message.state;
  });
  process.once("disconnect", onPrimaryGone);
  return { databaseState: () => state };
}
