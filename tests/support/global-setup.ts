/**
 * Starts one real PostgreSQL for the whole test run (embedded, or TEST_DATABASE_URL if given),
 * migrates and seeds a template database once; each test file clones its own copy from it.
 */
import { demoReleaseSigner } from "../../server/infrastructure/release-signing.server";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { connectDatabase, runMigrations } from "../../server/db/client.server";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../../server/db/embedded-postgres.server";
import { createLogger } from "../../server/logger.server";
import { seedDatabase } from "../../server/seed/seed.server";

/** DATA_DIR of the servers the tests start: the seeded stand-in installers and the key that signed them. */
export const TEST_DATA_DIR = path.resolve(".tmp", "test-data");

declare module "vitest" {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

const TEMPLATE = "site_test_template";
let embedded: EmbeddedPostgres | undefined;
let dataDir: string | undefined;

export async function setup(project: TestProject) {
  const logger = createLogger("warn");
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dataDir = path.resolve(".tmp", `vitest-pg-${process.pid}`);
    fs.rmSync(dataDir, { recursive: true, force: true });
    embedded = await startEmbeddedPostgres(dataDir, logger);
    adminUrl = embedded.url.replace(/\/site$/, "/postgres");
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE}`);
  await admin.end();

  const templateUrl = withDatabase(adminUrl, TEMPLATE);
  const handle = connectDatabase(templateUrl, logger, { poolMax: 2, statementTimeoutMs: 0 });
  await runMigrations(handle, logger);
  // The servers the system tests start use DATA_DIR .tmp/test-data, so they serve these files and
  // publish the key that signed the releases (docs/decisions/0041).
  await seedDatabase(handle.db, logger, { downloadsDir: path.join(TEST_DATA_DIR, "downloads"), releaseSigner: demoReleaseSigner(TEST_DATA_DIR) });
  await handle.close();

  project.provide("pgAdminUrl", adminUrl);
  project.provide("pgTemplate", TEMPLATE);
}

export async function teardown() {
  await embedded?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
