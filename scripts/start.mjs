/**
 * `npm start`: builds the site only when what goes into the build changed since the last build,
 * then runs the built server in this process (docs/decisions/0024). A fingerprint of the build's
 * inputs is written to build/.inputs-fingerprint after each successful build; a missing or
 * different one, or a missing bundle, builds again. `npm start -- --rebuild` always builds;
 * `--build-only` (`npm run build`) always builds and writes the fingerprint, without starting;
 * `--build-if-stale` builds only when `npm start` would, without starting (the bench).
 * content/ and drizzle/ are read by the running server, not built, so they are not inputs.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** Everything Vite and React Router read to build (tests are not built). */
const INPUTS = [
  "app",
  "server",
  "public",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "vite-shell-chunk.ts",
  "react-router.config.ts",
  "tsconfig.json",
];
const SERVER_ENTRY = path.join(ROOT, "build", "server", "index.js");
const CLIENT_DIR = path.join(ROOT, "build", "client");
const STAMP = path.join(ROOT, "build", ".inputs-fingerprint");

const isTest = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

function addFiles(target, hash) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return;
  }
  if (stat.isDirectory()) {
    for (const name of fs.readdirSync(target).sort()) if (!isTest(name)) addFiles(path.join(target, name), hash);
  } else if (stat.isFile()) {
    hash.update(path.relative(ROOT, target)).update("\0").update(fs.readFileSync(target)).update("\0");
  }
}

function inputsFingerprint() {
  const hash = createHash("sha256").update(process.version.split(".")[0]).update("\0");
  for (const input of INPUTS) addFiles(path.join(ROOT, input), hash);
  return hash.digest("hex");
}

function readStamp() {
  try {
    return fs.readFileSync(STAMP, "utf8").trim();
  } catch {
    return null;
  }
}

const started = performance.now();
const fingerprint = inputsFingerprint();
const buildOnly = process.argv.includes("--build-only");
const buildIfStale = process.argv.includes("--build-if-stale");
const stale = buildOnly || process.argv.includes("--rebuild") || !fs.existsSync(SERVER_ENTRY) || !fs.existsSync(CLIENT_DIR) || readStamp() !== fingerprint;
if (stale) {
  if (!buildOnly) console.log("npm start: the sources changed since the last build (or there is none); building");
  fs.rmSync(STAMP, { force: true });
  const bin = path.join(ROOT, "node_modules", ".bin", "react-router");
  const build = spawnSync(bin, ["build"], { cwd: ROOT, stdio: "inherit" });
  if (build.error) console.error(`npm start: could not run ${bin}: ${build.error.message} (run npm install first)`);
  if (build.status !== 0) process.exit(build.status ?? 1);
  // The fingerprint from before the build: a file edited while it ran builds again next time.
  fs.writeFileSync(STAMP, `${fingerprint}\n`);
} else {
  console.log(`npm start: the build is up to date (checked in ${Math.round(performance.now() - started)} ms)`);
}

if (buildOnly || buildIfStale) process.exit(0);
process.env.NODE_ENV = "production";
await import(pathToFileURL(SERVER_ENTRY).href);
