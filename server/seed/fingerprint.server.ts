/**
 * Fingerprints that let a start skip importing content that has not changed since the last
 * import (docs/decisions/0024). A part's fingerprint covers the files it reads, as the importer
 * sees them (published staff documents standing in for their files), and the import rules: the
 * importer's code and the locked dependency versions (the Markdown renderer). It is kept in the
 * database (app_secrets, the server's key/value table), so it describes the database it sits in:
 * a reset database or a new DATABASE_URL imports everything again.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Executor } from "../db/client.server";
import { PROJECT_ROOT } from "../paths.server";
import { contentFilesUnder, contentFs, absoluteContentPath } from "../content/content-files.server";

const KEY_PREFIX = "content-fingerprint:";

function filesBelow(target: string, keep: (file: string) => boolean): string[] {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target);
  } catch {
    return [];
  }
  if (stat.isFile()) return keep(target) ? [target] : [];
  if (!stat.isDirectory()) return [];
  return fs
    .readdirSync(target)
    .sort()
    .flatMap((name) => filesBelow(path.join(target, name), keep));
}

let rulesFingerprint: string | undefined;

/**
 * The import rules: the importer's sources (server/content, server/seed, the language list) and
 * package-lock.json. The sources, not the bundle, so the built server, `npm run content:import`
 * (tsx) and the tests agree; a deployment that ships build/ without the sources hashes the
 * server bundle instead.
 */
export function importRulesFingerprint(): string {
  if (rulesFingerprint) return rulesFingerprint;
  let code = ["server/content", "server/seed", "app/i18n/languages.ts"].flatMap((dir) =>
    filesBelow(path.join(PROJECT_ROOT, dir), (f) => f.endsWith(".ts") && !f.endsWith(".test.ts")),
  );
  if (!code.length) code = filesBelow(path.join(PROJECT_ROOT, "build", "server"), (f) => f.endsWith(".js"));
  const hash = createHash("sha256");
  for (const file of [...code, path.join(PROJECT_ROOT, "package-lock.json")]) {
    if (!fs.existsSync(file)) continue;
    hash.update(path.relative(PROJECT_ROOT, file)).update("\0").update(fs.readFileSync(file)).update("\0");
  }
  rulesFingerprint = hash.digest("hex");
  return rulesFingerprint;
}

/**
 * The fingerprint of the content paths (files or folders under content/) one part reads, under
 * the current overlay (call it inside withPublishedDocuments), combined with the import rules.
 */
export function contentFingerprint(paths: readonly string[]): string {
  const hash = createHash("sha256").update(importRulesFingerprint()).update("\0");
  const files = [...new Set(paths.flatMap((p) => contentFilesUnder(p)))].sort();
  for (const relative of files) {
    hash
      .update(relative)
      .update("\0")
      .update(contentFs.readFileSync(absoluteContentPath(relative), "utf8"))
      .update("\0");
  }
  return hash.digest("hex");
}

export async function storedFingerprint(db: Executor, part: string): Promise<string | null> {
  const { rows } = await db.execute<{ value: string }>(sql`SELECT value FROM app_secrets WHERE name = ${KEY_PREFIX + part}`);
  return rows[0]?.value ?? null;
}

export async function storeFingerprint(db: Executor, part: string, fingerprint: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO app_secrets (name, value) VALUES (${KEY_PREFIX + part}, ${fingerprint})
    ON CONFLICT (name) DO UPDATE SET value = excluded.value, created_at = now()`);
}
