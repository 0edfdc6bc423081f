/**
 * A log line of the process's memory every MEMORY_LOG_SECONDS (off by default): what the bench's
 * soak reads beside the RSS it samples (bench/soak.ts, docs/decisions/0039), and what an operator
 * watching a process grow wants to see, without a new public address.
 */
import v8 from "node:v8";
import type { Logger } from "../logger.server";
import type { PageCache } from "../http/page-cache.server";

const MB = 1024 * 1024;
const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

export function memoryFigures(pageCache?: PageCache) {
  const usage = process.memoryUsage();
  const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, s.space_size]));
  return {
    rssMb: mb(usage.rss),
    heapTotalMb: mb(usage.heapTotal),
    heapUsedMb: mb(usage.heapUsed),
    newSpaceMb: mb(spaces.new_space ?? 0),
    externalMb: mb(usage.external),
    arrayBuffersMb: mb(usage.arrayBuffers),
    ...(pageCache && {
      pageCacheEntries: pageCache.size.entries,
      pageCacheCountedMb: mb(pageCache.size.bytes),
      pageCacheRetainedMb: mb(pageCache.retainedBytes()),
    }),
  };
}

/** Starts the line; returns its stop. Asked for explicitly, it is written whatever LOG_LEVEL is. */
export function startMemoryReport(logger: Logger, intervalSeconds: number, pageCache?: PageCache): () => void {
  if (intervalSeconds <= 0) return () => undefined;
  const log = logger.child({}, { level: "info" });
  const timer = setInterval(() => log.info({ memory: memoryFigures(pageCache) }, "memory"), intervalSeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
