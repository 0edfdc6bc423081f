#!/usr/bin/env node
/**
 * `npm test`: type check, build, unit + API + system tests (Vitest, real PostgreSQL), then the
 * end-to-end tests (Playwright in Debian's Chromium). Ends with one line "N passed, N failed".
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);
const tmp = path.join(root, ".tmp");
fs.mkdirSync(tmp, { recursive: true });

function run(cmd, args, env = {}) {
  console.log(`\n$ ${cmd} ${args.join(" ")}`);
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return r.status ?? 1;
}

function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean);
  return candidates.find((p) => fs.existsSync(p));
}

function ensureChromium() {
  let found = findChromium();
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  const hasApt = fs.existsSync("/usr/bin/apt-get");
  if (isRoot && hasApt) {
    console.log("Chromium not found: installing Debian's chromium package");
    run("apt-get", ["update"]);
    run("apt-get", ["install", "-y", "--no-install-recommends", "chromium"], { DEBIAN_FRONTEND: "noninteractive" });
    found = findChromium();
  }
  if (!found) {
    console.error(
      "No Chromium found for the end-to-end tests. Install Debian's package (sudo apt-get install chromium) " +
        "or set CHROMIUM_PATH to a Chromium binary. Browser downloads (playwright install) are not used.",
    );
    process.exit(1);
  }
  return found;
}

/** The HTML validator of the page-quality tests (vnu-jar) runs on Java: Debian's runtime, as for Chromium. */
function ensureJava() {
  if (spawnSync("java", ["-version"], { stdio: "ignore" }).status === 0) return;
  if (process.getuid?.() === 0 && fs.existsSync("/usr/bin/apt-get")) {
    console.log("Java not found: installing Debian's default-jre-headless package for the HTML validator");
    run("apt-get", ["update"]);
    run("apt-get", ["install", "-y", "--no-install-recommends", "default-jre-headless"], { DEBIAN_FRONTEND: "noninteractive" });
  }
  if (spawnSync("java", ["-version"], { stdio: "ignore" }).status !== 0) {
    console.error("No Java runtime for the HTML validator (vnu). Install one (sudo apt-get install default-jre-headless).");
    process.exit(1);
  }
}

const totals = { passed: 0, failed: 0, skipped: 0 };
let broken = false;
/** What failed, repeated just above the last line: CI keeps only the tail of a long log. */
const failures = [];

/** The first lines of a failure message, without colour codes, indented under its test. */
function firstLines(message, count = 4) {
  return (
    String(message ?? "")
      // eslint-disable-next-line no-control-regex
      .replace(/\u001b\[[0-9;]*m/g, "")
      .split("\n")
      .map((line) => line.trimEnd())
      .filter(Boolean)
      .slice(0, count)
      .map((line) => `      ${line.slice(0, 300)}`)
  );
}

const chromium = ensureChromium();
ensureJava();

if (run("npm", ["run", "-s", "typecheck"]) !== 0) {
  broken = true;
  totals.failed += 1;
  console.error("type check failed");
  failures.push("  npm run typecheck");
}
if (run("npm", ["run", "-s", "lint"]) !== 0) {
  broken = true;
  totals.failed += 1;
  console.error("lint failed");
  failures.push("  npm run lint");
}
if (run("npm", ["run", "-s", "format:check"]) !== 0) {
  broken = true;
  totals.failed += 1;
  console.error("formatting differs from Prettier's: run npm run format");
  failures.push("  npm run format:check");
}
if (run("npm", ["run", "-s", "build"]) !== 0) {
  console.error("build failed");
  console.log("0 passed, 1 failed");
  process.exit(1);
}

const vitestJson = path.join(tmp, "vitest-results.json");
fs.rmSync(vitestJson, { force: true });
const vitestStatus = run("npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`]);
if (fs.existsSync(vitestJson)) {
  const r = JSON.parse(fs.readFileSync(vitestJson, "utf8"));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  for (const file of r.testResults ?? []) {
    const where = path.relative(root, file.name);
    if (file.status === "failed" && !(file.assertionResults ?? []).some((t) => t.status === "failed")) {
      failures.push(`  ${where} (the file failed to run)`, ...firstLines(file.message));
    }
    for (const t of file.assertionResults ?? []) {
      if (t.status === "failed") failures.push(`  ${where} › ${t.fullName}`, ...firstLines(t.failureMessages?.[0]));
    }
  }
  if (vitestStatus !== 0 && r.numFailedTests === 0) {
    broken = true; // a suite failed to load, or setup failed
    totals.failed += Math.max(1, r.numFailedTestSuites ?? 0);
  }
} else {
  broken = true;
  totals.failed += 1;
}

const e2eData = path.join(tmp, "e2e-data");
fs.rmSync(e2eData, { recursive: true, force: true });
const pwJson = path.join(tmp, "playwright-results.json");
fs.rmSync(pwJson, { force: true });
const pwStatus = run("npx", ["playwright", "test"], { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson });
if (fs.existsSync(pwJson)) {
  const report = JSON.parse(fs.readFileSync(pwJson, "utf8"));
  const s = report.stats;
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== "unexpected") continue;
        const last = t.results?.at(-1);
        failures.push(`  ${spec.file}:${spec.line} › ${[...titles, spec.title].join(" › ")}`, ...firstLines(last?.error?.message));
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  totals.passed += s.expected + (s.flaky ?? 0);
  totals.failed += s.unexpected;
  totals.skipped += s.skipped;
  if (pwStatus !== 0 && s.unexpected === 0) {
    broken = true;
    totals.failed += 1;
  }
} else {
  broken = true;
  totals.failed += 1;
}

console.log("");
if (failures.length > 0) {
  console.log("Failed:");
  for (const line of failures) console.log(line);
  console.log("");
}
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`);
process.exit(totals.failed > 0 || broken ? 1 : 0);
