/**
 * "No visitor waits for a render" (issue 30, target 1; docs/decisions/0040): the latency of cached
 * pages while publishes keep invalidating them, against a static file from the same process.
 *
 * wrk at 100 connections walks a mix of cached pages (the home page and the blog list in every
 * language, 26 pages) while, every `everySeconds`, the bench announces a change to every page
 * (what a staff publish announces: `*`) on the site's own channel. Each round measures, in turn:
 * the static file alone, the mix with nothing changing, and the mix under the publishes; the p99
 * figures are the medians of the rounds. wrk's Lua counts the answers by X-Cache, so the table
 * also says how many visitors waited for a render (MISS) during the publishes.
 *
 * Every run opens its connections before the clock starts (`OPEN_FIRST_MS`): Node accepts one
 * connection per turn of its event loop (strace: one accept4 per epoll_pwait), so when 100 fresh
 * connections arrive at a process already busy answering the first ones, the last is accepted about
 * a second later and its first request's wait is the p99 of a 5-second run, for any Node server
 * (a bare node:http answering in 0.2 ms shows the same). The static file, read in the thread pool,
 * keeps its turns short and escaped it; measured the same way, the comparison is of answers, not of
 * accepting (docs/decisions/0042).
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { EVERY_PAGE, PAGE_CHANGES_CHANNEL } from "../server/infrastructure/page-changes.server";

export interface LatencyFigures {
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Answers by X-Cache value (HIT, STALE, SHARED, MISS, none). */
  byCache: Record<string, number>;
}

/** How long each connection's first request waits, so that every connection is open before the clock starts. */
const OPEN_FIRST_MS = 1500;
const WRK_THREADS = 2;

/**
 * A wrk script that walks the paths round robin and counts answers by X-Cache, printed at the end.
 * Each thread's first requests (one per connection) wait OPEN_FIRST_MS, and wrk starts a request's
 * clock after its delay.
 */
function mixScript(dir: string, name: string, paths: readonly string[], connections: number): string {
  const file = path.join(dir, `bench-${name}.lua`);
  const list = paths.map((p) => JSON.stringify(p)).join(", ");
  fs.writeFileSync(
    file,
    `local paths = { ${list} }
local counters = {}
local threads = {}
function setup(thread)
  table.insert(threads, thread)
end
function init(args)
  n = math.random(#paths)
  counts = {}
  delayed = 0
end
function delay()
  if delayed < ${Math.ceil(connections / WRK_THREADS)} then
    delayed = delayed + 1
    return ${OPEN_FIRST_MS}
  end
  return 0
end
function request()
  n = n % #paths + 1
  return wrk.format(nil, paths[n])
end
function response(status, headers, body)
  local state = headers["X-Cache"] or headers["x-cache"] or "none"
  counts[state] = (counts[state] or 0) + 1
end
function done(summary, latency, requests)
  local total = {}
  for _, thread in ipairs(threads) do
    local c = thread:get("counts")
    for k, v in pairs(c) do total[k] = (total[k] or 0) + v end
  end
  for k, v in pairs(total) do io.write("xcache " .. k .. " " .. v .. "\\n") end
end
`,
  );
  return file;
}

function parseDuration(text: string): number {
  const match = /([\d.]+)(us|ms|s)/.exec(text);
  if (!match) return NaN;
  const value = Number(match[1]);
  return match[2] === "us" ? value / 1000 : match[2] === "s" ? value * 1000 : value;
}

/** wrk with its latency distribution over `seconds` once its connections are open; `script` chooses the paths. */
function wrkLatency(url: string, seconds: number, connections: number, script: string): LatencyFigures {
  const out = spawnSync(
    "wrk",
    [
      `-t${WRK_THREADS}`,
      `-c${connections}`,
      `-d${seconds + Math.ceil(OPEN_FIRST_MS / 1000)}s`,
      "--timeout",
      "20s",
      "--latency",
      "-s",
      script,
      "-H",
      "accept-encoding: gzip, deflate, br",
      url,
    ],
    { encoding: "utf8" },
  ).stdout;
  const byCache: Record<string, number> = {};
  for (const [, state, count] of out.matchAll(/^xcache (\S+) (\d+)$/gm)) byCache[state!] = Number(count);
  return {
    p50Ms: parseDuration(/^\s+50%\s+(\S+)/m.exec(out)?.[1] ?? ""),
    p99Ms: parseDuration(/^\s+99%\s+(\S+)/m.exec(out)?.[1] ?? ""),
    requests: Number(/(\d+) requests in/.exec(out)?.[1] ?? 0),
    byCache,
  };
}

export interface InvalidationRun {
  staticFile: LatencyFigures[];
  quiet: LatencyFigures[];
  publishing: LatencyFigures[];
  publishes: number;
}

/**
 * Measures the mix quiet and under publishes, and the static file, in alternating rounds.
 * `databaseUrl` is the site's database: the change is announced on it as a publish does.
 */
export async function measureUnderInvalidation(options: {
  baseUrl: string;
  databaseUrl: string;
  paths: readonly string[];
  staticPath: string;
  seconds: number;
  rounds: number;
  connections: number;
  everySeconds: number;
  tmpDir: string;
}): Promise<InvalidationRun> {
  const script = mixScript(options.tmpDir, "mix", options.paths, options.connections);
  // The static file through the same script: the same delay, and the same Lua work per answer.
  const staticScript = mixScript(options.tmpDir, "static", [options.staticPath], options.connections);
  const run: InvalidationRun = { staticFile: [], quiet: [], publishing: [], publishes: 0 };
  // Every page of the mix rendered and stored once.
  for (const p of options.paths) await (await fetchAgainOnReset(options.baseUrl + p)).arrayBuffer();
  for (let round = 0; round < options.rounds; round++) {
    run.staticFile.push(wrkLatency(options.baseUrl + options.staticPath, options.seconds, options.connections, staticScript));
    run.quiet.push(wrkLatency(options.baseUrl + options.paths[0], options.seconds, options.connections, script));
    // wrk blocks this thread (spawnSync), so the publishes come from a child process of their own.
    const publisher = await spawnPublisher(options.databaseUrl, options.everySeconds);
    try {
      run.publishing.push(wrkLatency(options.baseUrl + options.paths[0], options.seconds, options.connections, script));
    } finally {
      run.publishes += await publisher.stop();
    }
  }
  return run;
}

/**
 * fetch, asked once more when the connection it reused was closed before any answer: after the
 * wrk runs, fetch's pool may hold a keep-alive socket the server has just let go (seen as
 * ECONNRESET, UND_ERR_SOCKET, and in a whole run as EPIPE on writing the request).
 */
async function fetchAgainOnReset(url: string): Promise<Response> {
  try {
    return await fetch(url);
  } catch (err) {
    const code = (err as { cause?: { code?: string } }).cause?.code;
    if (code !== "ECONNRESET" && code !== "UND_ERR_SOCKET" && code !== "EPIPE") throw err;
    return fetch(url);
  }
}

/** A Node child that announces `*` on the page-change channel every few seconds until stopped; says how many it sent. */
async function spawnPublisher(databaseUrl: string, everySeconds: number): Promise<{ stop: () => Promise<number> }> {
  const code = `
const pg = require(${JSON.stringify(createRequire(import.meta.url).resolve("pg"))});
const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
let sent = 0;
client.connect().then(() => {
  process.stdout.write("ready\\n");
  const publish = () => client.query("SELECT pg_notify($1, $2)", [${JSON.stringify(PAGE_CHANGES_CHANNEL)}, ${JSON.stringify(JSON.stringify([EVERY_PAGE]))}]).then(() => sent++);
  setTimeout(publish, 500);
  const timer = setInterval(publish, ${Math.round(everySeconds * 1000)});
  process.on("SIGTERM", () => { clearInterval(timer); client.end().finally(() => { process.stdout.write(String(sent)); process.exit(0); }); });
});
`;
  const child = spawn(process.execPath, ["-e", code], { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("ready\n")) resolve();
    });
    child.once("exit", () => reject(new Error("the publisher could not connect to the database")));
  });
  return {
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve(Number(out.slice(out.indexOf("ready\n") + 6)) || 0));
        child.kill("SIGTERM");
      }),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The table's rows of a run: p99 of the mix under publishes against the static file's, and who waited. */
export function invalidationRows(run: InvalidationRun): Array<{ figure: string; value: string; target: string; ratio: number | null }> {
  const staticP99 = median(run.staticFile.map((f) => f.p99Ms));
  const quietP99 = median(run.quiet.map((f) => f.p99Ms));
  const publishingP99 = median(run.publishing.map((f) => f.p99Ms));
  const answers: Record<string, number> = {};
  for (const figures of run.publishing) for (const [state, count] of Object.entries(figures.byCache)) answers[state] = (answers[state] ?? 0) + count;
  const total = Object.values(answers).reduce((a, b) => a + b, 0);
  const waited = (answers.MISS ?? 0) + (answers.SHARED ?? 0);
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return [
    {
      figure: `p99 latency, 26 cached pages at 100 open connections, a publish every few seconds (${run.publishes} in all)`,
      value: `${ms(publishingP99)} = ${(publishingP99 / staticP99).toFixed(2)}x a static file's p99 (${ms(staticP99)}); with no publish ${ms(quietP99)}`,
      target: "<= 2x static file",
      ratio: (2 * staticP99) / publishingP99,
    },
    {
      figure: "answers during the publishes that waited for a render (MISS or SHARED)",
      value: `${waited} of ${total} (${Object.entries(answers)
        .map(([state, count]) => `${state} ${count}`)
        .join(", ")})`,
      target: "0 after each page's first render",
      ratio: null,
    },
  ];
}

// `npx tsx bench/invalidation.ts [--seconds N] [--rounds N]`: this part alone, on the built site.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { freePort, spawnServer, waitUntilReady } = await import("../tests/support/server-process");
  const { runningEmbeddedUrl } = await import("../server/db/embedded-postgres.server");
  const { LANG_KEYS, DEFAULT_LANG } = await import("../app/i18n/languages");
  const argv = process.argv.slice(2);
  const option = (name: string, fallback: number) => Number(argv[argv.indexOf(name) + 1] ?? fallback) || fallback;
  const tmpDir = path.resolve(".tmp");
  const dataDir = path.join(tmpDir, "bench-data");
  const server = spawnServer({ LOG_LEVEL: "warn", DATA_DIR: dataDir }, await freePort());
  try {
    await waitUntilReady(server, 180_000);
    const paths = LANG_KEYS.flatMap((lang) => (lang === DEFAULT_LANG ? ["/", "/blog"] : [`/${lang}`, `/${lang}/blog`]));
    const run = await measureUnderInvalidation({
      baseUrl: server.baseUrl,
      databaseUrl: runningEmbeddedUrl(dataDir)!,
      paths,
      staticPath: "/favicon.svg",
      seconds: option("--seconds", 5),
      rounds: option("--rounds", 3),
      connections: 100,
      everySeconds: 3,
      tmpDir,
    });
    console.log(`load average ${fs.readFileSync("/proc/loadavg", "utf8").trim()}`);
    for (const r of invalidationRows(run)) console.log(`${r.figure}: ${r.value} (target ${r.target})`);
    for (const [i, f] of run.publishing.entries())
      console.log(`round ${i + 1}: static p99 ${run.staticFile[i]!.p99Ms} ms, quiet ${run.quiet[i]!.p99Ms} ms, publishing ${f.p99Ms} ms`, f.byCache);
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
  }
}
