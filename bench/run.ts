/**
 * `npm run bench`: starts the built server on loopback with a scratch data directory and measures
 * SSR and API throughput, latency and the server's memory. Bounded in requests and time.
 */
import fs from "node:fs";
import path from "node:path";
import { freePort, spawnServer, waitUntilReady } from "../tests/support/server-process";

const TARGETS = [
  "/",
  "/zh",
  "/th/about-us",
  "/blog",
  "/zh/blog?keyword=%E6%8C%87%E7%BA%B9",
  "/blog/1",
  "/api/home/base-info?lang=ja",
  "/api/home/category?type=help&lang=zh",
  "/api/home/article-list?type=blog&lang=th&keyword=%E0%B8%9A",
];
const CONCURRENCY = 16;
const REQUESTS = 2000;
const MAX_SECONDS = 30;

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function load(base: string, target: string) {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  const deadline = Date.now() + MAX_SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS && Date.now() < deadline) {
        next++;
        const t = performance.now();
        const res = await fetch(base + target);
        await res.arrayBuffer();
        if (res.status !== 200) errors++;
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!.toFixed(1);
  return { target, requests: latencies.length, rps: Math.round(latencies.length / seconds), p50: pct(0.5), p95: pct(0.95), errors };
}

const dataDir = path.resolve(".tmp", "bench-data");
const server = spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn" }, await freePort());
try {
  await waitUntilReady(server);
  const pid = server.child.pid!;
  console.log(`server rss after start: ${rssMb(pid).toFixed(1)} MB`);
  for (const target of TARGETS) {
    await load(server.baseUrl, target); // warm up
    const r = await load(server.baseUrl, target);
    console.log(`${r.target.padEnd(42)} ${String(r.rps).padStart(6)} req/s  p50 ${r.p50} ms  p95 ${r.p95} ms  errors ${r.errors}`);
  }
  console.log(`server rss after load: ${rssMb(pid).toFixed(1)} MB`);
} finally {
  server.child.kill("SIGTERM");
  await server.exited;
}
