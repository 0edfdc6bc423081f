/**
 * The memory soak (issue 30, target 6; docs/decisions/0039): the site and the Next.js peer side by
 * side, each under its own steady load for the same minutes, their RSS sampled every 10 s.
 *
 *   npx tsx bench/soak.ts [--soak-minutes N] [--variant 'name:ENV=value,ENV=value']...
 *   npm run bench -- --soak [--soak-minutes N]       (the same, inside the whole bench)
 *
 * - Load: one wrk per server (one thread each) over a mix of its pages for the whole soak, at the
 *   fewest connections that reach about 80 % of its peak on that mix. The site's mix: cached pages
 *   of every page type in five languages, searches (a rotating word list, so new addresses keep
 *   arriving), API reads, and one request in ten a cache miss (a `miss=` parameter no page reads),
 *   so the page cache fills to its bound and evicts, as a long-running site's does. The peer's: its
 *   pages with the same share of new addresses (it renders every request anyway). Before the
 *   measured minutes each site's page cache is filled to 90 % of its bound (new addresses of its
 *   pages, at most 5 minutes) while the peer serves its mix, so the minutes measure a process whose
 *   cache is full, as a long-running site's is, not the cache filling.
 * - What is counted: the RSS of the serving Node processes (the process and any workers it forked),
 *   never the embedded PostgreSQL the site starts beside itself, nor npx: the peer runs
 *   `next start` directly. The site also logs its heap, external and array-buffer memory and its
 *   page cache's counted and really retained bytes every 10 s (MEMORY_LOG_SECONDS).
 * - Verdict: flat = over the last half of the soak the RSS's least-squares slope is at most
 *   1 MB/min (max-min beside it); and the site's RSS minus its page cache's bound (PAGE_CACHE_MB)
 *   is at most the peer's RSS, both as the maxima of the last half.
 *
 * --variant runs another copy of the site beside the first with other environment variables (a
 * Node flag through NODE_OPTIONS, MALLOC_ARENA_MAX, ...): a change is measured before and after in
 * the same minutes. Each variant gets the same load as the first site.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePort, logEntries, spawnServer, waitUntilReady, type ServerProcess } from "../tests/support/server-process";
import { runningEmbeddedUrl } from "../server/db/embedded-postgres.server";

const SAMPLE_SECONDS = 10;
const TMP = path.resolve(".tmp");

export interface SoakRow {
  figure: string;
  value: string;
  target: string;
  ratio: number | null;
}

interface Target {
  name: string;
  baseUrl: string;
  pid: number;
  paths: string[];
  connections: number;
  /** PAGE_CACHE_MB of a site, null for the peer. */
  cacheBoundMb: number | null;
  server?: ServerProcess;
  /** rssMb 0: the process was gone. cacheMb: the page cache's retained bytes at the last memory line. */
  samples: { at: number; rssMb: number; cacheMb?: number; memory?: Record<string, number> }[];
}

/** Calls `read` on a process and each of its descendants, PostgreSQL left out (the site's embedded database is not the site). */
function sumOverNodeTree(pid: number, read: (pid: number) => number): number {
  let total = 0;
  const visit = (p: number) => {
    try {
      if (fs.readFileSync(`/proc/${p}/comm`, "utf8").trim() === "postgres") return;
      total += read(p);
    } catch {
      return; // gone
    }
    for (const child of spawnSync("pgrep", ["-P", String(p)], { encoding: "utf8" })
      .stdout.split("\n")
      .filter(Boolean))
      visit(Number(child));
  };
  visit(pid);
  return total;
}

/** The RSS (MB) of a process and its descendants, PostgreSQL left out. */
export function nodeTreeRssMb(pid: number): number {
  return sumOverNodeTree(pid, (p) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0) / 1024);
}

/** CPU time (user + system, ms) of a process and its descendants so far, PostgreSQL left out. */
export function nodeTreeCpuMs(pid: number): number {
  return sumOverNodeTree(pid, (p) => {
    const fields = fs.readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1]!.split(" ");
    // utime and stime, fields 14 and 15 of stat (11 and 12 after the command), in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  });
}

/** A wrk script cycling through the paths, each thread from its own place; every `missEvery`-th request gets a new address. */
function mixScript(name: string, paths: string[], missEvery: number): string {
  const file = path.join(TMP, `soak-${name}.lua`);
  fs.mkdirSync(TMP, { recursive: true });
  const nonce = `${Date.now().toString(36)}`;
  fs.writeFileSync(
    file,
    `local paths = { ${paths.map((p) => JSON.stringify(p)).join(", ")} }
local n = 0
local offset = math.random(1, #paths)
function request()
  n = n + 1
  local p = paths[((n + offset) % #paths) + 1]
  if ${missEvery} > 0 and n % ${missEvery} == 0 then
    local sep = string.find(p, "?", 1, true) and "&" or "?"
    p = p .. sep .. "miss=${nonce}-" .. offset .. "-" .. n
  end
  return wrk.format(nil, p)
end
`,
  );
  return file;
}

function runWrk(
  target: Target,
  seconds: number,
  connections: number,
  mix: { paths: string[]; missEvery: number } = { paths: target.paths, missEvery: 10 },
): Promise<{ rps: number; total: number; bad: number }> {
  const script = mixScript(target.name, mix.paths, mix.missEvery);
  return new Promise((resolve) => {
    const child = spawn(
      "wrk",
      ["-t1", `-c${connections}`, `-d${seconds}s`, "--timeout", "20s", "-s", script, "-H", "accept-encoding: gzip, deflate, br", target.baseUrl],
      {
        stdio: ["ignore", "pipe", "ignore"],
      },
    );
    let out = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    child.on("exit", () =>
      resolve({
        rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
        total: Number(/(\d+) requests in/.exec(out)?.[1] ?? 0),
        bad: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
      }),
    );
  });
}

/** The fewest connections (of 1, 2, 4, 8, 12) that reach 80 % of the throughput at 20. */
async function connectionsForEightyPercent(target: Target): Promise<number> {
  const peak = (await runWrk(target, 4, 20)).rps;
  for (const c of [1, 2, 4, 8, 12]) if ((await runWrk(target, 3, c)).rps >= 0.8 * peak) return c;
  return 20;
}

/** The share of its bound a site's page cache holds before the measured minutes start. */
const FILLED_SHARE = 0.9;
const FILL_CAP_SECONDS = 300;

/**
 * Before the measured minutes, every site's page cache is filled to FILLED_SHARE of its bound with
 * new addresses of its cached pages (docs/decisions/0042), and the peer serves its own mix for the
 * same time. The cache growing to its bound is by design, and at the soak's modest load it took
 * most of the 10 minutes, so the last half's slope measured the filling, not what a long-running
 * process does. Says how long it took and each site's retained bytes at the end.
 */
async function fillPageCaches(targets: Target[], log: (line: string) => void): Promise<string> {
  const retainedMb = (t: Target) =>
    (
      logEntries(t.server!)
        .filter((e) => e.msg === "memory")
        .at(-1)?.memory as Record<string, number> | undefined
    )?.pageCacheRetainedMb ?? 0;
  const sites = targets.filter((t) => t.server && t.cacheBoundMb !== null);
  const started = Date.now();
  while ((Date.now() - started) / 1000 < FILL_CAP_SECONDS && sites.some((t) => retainedMb(t) < FILLED_SHARE * t.cacheBoundMb!)) {
    await Promise.all(
      targets.map((t) =>
        t.cacheBoundMb === null
          ? runWrk(t, SAMPLE_SECONDS, t.connections)
          : // Pages only: searches and API reads are not kept.
            runWrk(t, SAMPLE_SECONDS, Math.max(4, t.connections), { paths: t.paths.filter((p) => !p.startsWith("/api/") && !p.includes("?")), missEvery: 1 }),
      ),
    );
    // The next memory line (MEMORY_LOG_SECONDS) says what the cache holds now.
    await new Promise((r) => setTimeout(r, SAMPLE_SECONDS * 1000));
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  const held = sites.map((t) => `${t.name} ${retainedMb(t).toFixed(0)} of ${t.cacheBoundMb} MB`).join(", ");
  log(`  page caches filled in ${seconds} s: ${held}`);
  return `filled first in ${seconds} s (${held})`;
}

/** Least-squares slope of y over x. */
function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxy = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return sxx ? sxy / sxx : 0;
}

async function sitePaths(base: string): Promise<string[]> {
  const ids = async (api: string) => {
    try {
      return ((await (await fetch(base + api)).json()) as { data: { list: { id: number }[] } }).data.list.map((item) => item.id);
    } catch {
      return [];
    }
  };
  const words = ["proxy", "fingerprint", "profile", "team", "cookie", "browser", "account", "price", "download", "sync", "api", "canvas"];
  const paths: string[] = [];
  for (const lang of ["en", "zh", "ru", "jp", "th"]) {
    const prefix = lang === "en" ? "" : `/${lang}`;
    paths.push(prefix || "/", `${prefix}/blog`, `${prefix}/Pricing`, `${prefix}/download`, `${prefix}/faq`);
    for (const id of await ids(`/api/home/article-list?type=blog&lang=${lang}&page_size=4`)) paths.push(`${prefix}/blog/${id}`);
    for (const id of await ids(`/api/help/article-list?lang=${lang}&page_size=3`)) paths.push(`${prefix}/helps/${id}`);
    paths.push(`/api/home/article-list?type=blog&lang=${lang}`);
    // Searches are rendered for each request (never cached): a word from the list per language.
    const word = words[paths.length % words.length]!;
    paths.push(`${prefix}/search?q=${word}`, `/api/search?q=${word}&lang=${lang}`);
  }
  for (const word of words.slice(0, 3)) paths.push(`/helps?keyword=${word}`);
  return paths;
}

const PEER_PATHS = ["/", "/pricing", "/help", "/docs", "/about", "/partners", ...Array.from({ length: 10 }, (_, i) => `/blog/${i + 1}`)];

/** The Next.js peer (built under .tmp/peers by bench/run.ts), started as `next start` itself so that npx's own process is not counted. */
async function startNextPeer(): Promise<{ baseUrl: string; child: ChildProcess } | null> {
  const dir = path.join(TMP, "peers", "next-minimal");
  const bin = path.join(dir, "node_modules", "next", "dist", "bin", "next");
  if (!fs.existsSync(path.join(dir, ".next", "BUILD_ID")) || !fs.existsSync(bin)) return null;
  const port = await freePort();
  const child = spawn(process.execPath, [bin, "start", "-H", "127.0.0.1", "-p", String(port)], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), NEXT_TELEMETRY_DISABLED: "1" },
    stdio: "ignore",
    detached: true,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 150; i++) {
    if (
      await fetch(baseUrl).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { baseUrl, child };
    await new Promise((r) => setTimeout(r, 200));
  }
  process.kill(-child.pid!, "SIGTERM");
  return null;
}

export interface SoakOptions {
  minutes: number;
  /** A database the site reads (the bench's); unset, the first site starts an embedded one under .tmp/soak-data. */
  databaseUrl?: string;
  /** Other copies of the site: environment variables and Node flags (V8's, which NODE_OPTIONS refuses). */
  variants?: { name: string; env: Record<string, string>; nodeArgs?: string[] }[];
  log?: (line: string) => void;
}

export async function soak(options: SoakOptions): Promise<{ rows: SoakRow[]; notes: string[] }> {
  const log = options.log ?? ((line: string) => console.log(line));
  const rows: SoakRow[] = [];
  const notes: string[] = [];
  const row = (figure: string, value: string, target: string, ratio: number | null) => {
    rows.push({ figure, value, target, ratio });
    log(`  ${figure}: ${value}`);
  };
  const targets: Target[] = [];
  let peer: { baseUrl: string; child: ChildProcess } | null = null;
  let holder: ServerProcess | undefined;
  const siteEnv = (name: string, env: Record<string, string>) => ({
    DATA_DIR: path.join(TMP, `soak-data-${name}`),
    LOG_LEVEL: "warn",
    MEMORY_LOG_SECONDS: String(SAMPLE_SECONDS),
    ...env,
  });
  try {
    // Alone, a site of its own holds the embedded database (and imports the content) and serves
    // nothing: a measured process that had imported would start with the import's memory.
    let databaseUrl = options.databaseUrl;
    if (!databaseUrl) {
      holder = spawnServer({ DATA_DIR: path.join(TMP, "soak-data"), LOG_LEVEL: "warn" }, await freePort());
      await waitUntilReady(holder, 180_000);
      databaseUrl = runningEmbeddedUrl(path.join(TMP, "soak-data"))!;
    }
    const first = spawnServer(siteEnv("site", { DATABASE_URL: databaseUrl, SEED_DEMO_CONTENT: "false" }), await freePort());
    await waitUntilReady(first, 180_000);
    const paths = await sitePaths(first.baseUrl);
    const cacheMb = (env: Record<string, string>) => Number(env.PAGE_CACHE_MB ?? process.env.PAGE_CACHE_MB ?? 128);
    targets.push({ name: "site", baseUrl: first.baseUrl, pid: first.child.pid!, paths, connections: 0, cacheBoundMb: cacheMb({}), server: first, samples: [] });
    for (const variant of options.variants ?? []) {
      const server = spawnServer(
        siteEnv(variant.name, { DATABASE_URL: databaseUrl, SEED_DEMO_CONTENT: "false", ...variant.env }),
        await freePort(),
        variant.nodeArgs ?? [],
      );
      await waitUntilReady(server, 180_000);
      targets.push({
        name: variant.name,
        baseUrl: server.baseUrl,
        pid: server.child.pid!,
        paths,
        connections: 0,
        cacheBoundMb: cacheMb(variant.env),
        server,
        samples: [],
      });
    }
    peer = await startNextPeer();
    if (peer)
      targets.push({ name: "Next.js peer", baseUrl: peer.baseUrl, pid: peer.child.pid!, paths: PEER_PATHS, connections: 0, cacheBoundMb: null, samples: [] });
    else notes.push("soak: the Next.js peer is not built under .tmp/peers/next-minimal (npm run bench builds it): no comparison");

    // Every target's RSS as it starts, before any load (the calibration below is load).
    const idle = new Map(targets.map((t) => [t.name, nodeTreeRssMb(t.pid)]));
    const site = targets[0]!;
    site.connections = await connectionsForEightyPercent(site);
    for (const t of targets.slice(1)) t.connections = t.cacheBoundMb === null ? await connectionsForEightyPercent(t) : site.connections;
    log(
      `\nmemory soak: ${options.minutes} min side by side, ${targets.map((t) => `${t.name} at ${t.connections} connections`).join(", ")}; load ${fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`,
    );

    const filled = await fillPageCaches(targets, log);
    notes.push(`soak: page caches ${filled} before the measured minutes`);

    const cpuBefore = new Map(targets.map((t) => [t.name, nodeTreeCpuMs(t.pid)]));
    const started = Date.now();
    const loads = Promise.all(targets.map((t) => runWrk(t, options.minutes * 60, t.connections)));
    const seenLogs = new Map(targets.map((t) => [t.name, 0]));
    while (Date.now() - started < options.minutes * 60_000) {
      await new Promise((r) => setTimeout(r, SAMPLE_SECONDS * 1000));
      for (const t of targets) {
        const memoryLines = t.server ? logEntries(t.server).filter((e) => e.msg === "memory") : [];
        const fresh = memoryLines.length > seenLogs.get(t.name)! ? (memoryLines.at(-1)!.memory as Record<string, number>) : undefined;
        seenLogs.set(t.name, memoryLines.length);
        const cacheMb = (memoryLines.at(-1)?.memory as Record<string, number> | undefined)?.pageCacheRetainedMb;
        t.samples.push({ at: (Date.now() - started) / 60_000, rssMb: nodeTreeRssMb(t.pid), cacheMb, memory: fresh });
      }
      const last = targets.map((t) => `${t.name} ${t.samples.at(-1)!.rssMb.toFixed(0)}`).join(", ");
      log(`  ${((Date.now() - started) / 60_000).toFixed(1)} min: RSS MB ${last}`);
    }
    const loadResults = await loads;
    const cpuPerRequest = new Map(targets.map((t, i) => [t.name, (nodeTreeCpuMs(t.pid) - cpuBefore.get(t.name)!) / Math.max(1, loadResults[i]!.total)]));
    const loadavg = fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

    const lastHalf = (t: Target) => t.samples.filter((s) => s.at >= options.minutes / 2);
    const peerTarget = targets.find((t) => t.cacheBoundMb === null);
    const peerMax = peerTarget && !peerTarget.samples.some((s) => s.rssMb === 0) ? Math.max(...lastHalf(peerTarget).map((s) => s.rssMb)) : null;
    for (const [i, t] of targets.entries()) {
      const gone = t.samples.find((s) => s.rssMb === 0);
      if (gone) {
        notes.push(`soak: ${t.name} was gone at ${gone.at.toFixed(1)} min (its log: .tmp/soak-${t.name}.log); its figures fail`);
        row(`soak ${options.minutes} min, ${t.name}: the process served the whole soak`, `gone at ${gone.at.toFixed(1)} min`, "serves throughout", 0);
        continue;
      }
      const half = lastHalf(t);
      const rss = half.map((s) => s.rssMb);
      const perMinute = slope(half.map((s) => ({ x: s.at, y: s.rssMb })));
      const spread = Math.max(...rss) - Math.min(...rss);
      const curve = t.samples.filter((_, k) => k % 3 === 2).map((s) => s.rssMb.toFixed(0));
      const load = loadResults[i]!;
      const how = `${Math.round(load.rps)} req/s at ${t.connections} connections, ${cpuPerRequest.get(t.name)!.toFixed(1)} ms CPU per request${load.bad ? `, ${load.bad} not 2xx/3xx` : ""}`;
      const flat = (perMinute: number) => (perMinute <= 0 ? 1 : Math.min(99, 1 / perMinute));
      const sign = (n: number) => `${n >= 0 ? "+" : ""}${n.toFixed(2)}`;
      if (t.cacheBoundMb === null) {
        row(
          `soak ${options.minutes} min, ${t.name}: RSS flat over the last half`,
          `${sign(perMinute)} MB/min, max-min ${spread.toFixed(0)} MB; idle ${idle.get(t.name)!.toFixed(0)} MB, every 30 s: ${curve.join(" ")}; ${how}`,
          "<= 1 MB/min",
          flat(perMinute),
        );
      } else {
        // The page cache fills towards its bound by design (its bytes are the second figure's
        // business): flat is judged on the rest, RSS minus what the cache really holds.
        const rest = half.filter((s) => s.cacheMb !== undefined).map((s) => ({ x: s.at, y: s.rssMb - s.cacheMb! }));
        const restPerMinute = slope(rest);
        const restSpread = Math.max(...rest.map((p) => p.y)) - Math.min(...rest.map((p) => p.y));
        row(
          `soak ${options.minutes} min, ${t.name}: RSS minus the page cache's retained bytes flat over the last half`,
          `${sign(restPerMinute)} MB/min, max-min ${restSpread.toFixed(0)} MB (RSS itself ${sign(perMinute)} MB/min, max-min ${spread.toFixed(0)} MB); idle ${idle.get(t.name)!.toFixed(0)} MB, RSS every 30 s: ${curve.join(" ")}; ${how}`,
          "<= 1 MB/min",
          flat(restPerMinute),
        );
      }
      const memory = half.map((s) => s.memory).filter((m): m is Record<string, number> => Boolean(m));
      if (memory.length) {
        const at = memory.at(-1)!;
        const maxOf = (key: string) => Math.max(...memory.map((m) => m[key] ?? 0));
        row(
          `soak, ${t.name}: inside the process (last sample; max of the last half)`,
          `heap used ${at.heapUsedMb} (${maxOf("heapUsedMb")}) of ${at.heapTotalMb} MB, new space ${at.newSpaceMb} MB, external ${at.externalMb} (${maxOf("externalMb")}) MB, of it array buffers ${at.arrayBuffersMb} MB; page cache ${at.pageCacheEntries} entries, counted ${at.pageCacheCountedMb} MB, retained ${at.pageCacheRetainedMb} (${maxOf("pageCacheRetainedMb")}) MB`,
          "reported",
          null,
        );
      }
      if (t.cacheBoundMb !== null && peerMax !== null) {
        const siteMax = Math.max(...rss);
        const beyond = siteMax - t.cacheBoundMb;
        row(
          `soak, ${t.name}: RSS minus the page cache's bound vs the Next.js peer's RSS`,
          `${siteMax.toFixed(0)} - ${t.cacheBoundMb} = ${beyond.toFixed(0)} MB vs ${peerMax.toFixed(0)} MB = ${(beyond / peerMax).toFixed(2)}x (maxima of the last half)`,
          "<= 1.0x the peer",
          peerMax / Math.max(beyond, 1),
        );
      }
    }
    notes.push(`soak: load average at its end ${loadavg}`);
    fs.writeFileSync(
      path.join(TMP, "soak-samples.json"),
      JSON.stringify(
        targets.map((t) => ({ name: t.name, connections: t.connections, samples: t.samples })),
        null,
        1,
      ),
    );
  } finally {
    for (const t of targets) if (t.server) fs.writeFileSync(path.join(TMP, `soak-${t.name}.log`), t.server.logs.join("\n"));
    if (holder) fs.writeFileSync(path.join(TMP, "soak-database-holder.log"), holder.logs.join("\n"));
    for (const t of targets) {
      if (t.server && t.server.child.exitCode === null) {
        t.server.child.kill("SIGTERM");
        await t.server.exited;
      }
    }
    if (holder && holder.child.exitCode === null) {
      holder.child.kill("SIGTERM");
      await holder.exited;
    }
    if (peer) {
      try {
        process.kill(-peer.child.pid!, "SIGTERM");
      } catch {
        /* gone */
      }
    }
  }
  return { rows, notes };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) {
  const args = process.argv.slice(2);
  const minutes = Number(args[args.indexOf("--soak-minutes") + 1] ?? 10);
  const variants = args.flatMap((arg, i) => {
    if (args[i - 1] !== "--variant") return [];
    const [name, list = ""] = arg.split(/:(.*)/s);
    const items = list.split(",").filter(Boolean);
    const env = Object.fromEntries(items.filter((item) => !item.startsWith("--")).map((kv) => kv.split(/=(.*)/s).slice(0, 2) as [string, string]));
    return [{ name: name!, env, nodeArgs: items.filter((item) => item.startsWith("--")) }];
  });
  const { rows, notes } = await soak({ minutes: args.includes("--soak-minutes") ? minutes : 10, variants });
  console.log(["", "| figure | measured | target | ratio | result |", "|---|---|---|---|---|"].join("\n"));
  for (const r of rows)
    console.log(
      `| ${r.figure} | ${r.value} | ${r.target} | ${r.ratio === null ? "—" : r.ratio.toFixed(2)} | ${r.ratio === null ? "reported" : r.ratio >= 1 ? "passes" : "falls short"} |`,
    );
  for (const n of notes) console.log(`- ${n}`);
  process.exit(0);
}
