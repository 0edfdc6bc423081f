import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The project root, found from this module's own location so it is right both in the source
 * tree (server/) and in the compiled server bundle (build/server/), whatever the cwd.
 */
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (fs.existsSync(path.join(dir, "package.json")) && fs.existsSync(path.join(dir, "drizzle"))) return dir;
    dir = path.dirname(dir);
  }
  return process.cwd();
}

export const PROJECT_ROOT = findProjectRoot();
export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, "drizzle");
export const LOCALES_DIR = path.join(PROJECT_ROOT, "app", "locales");
export const CONTENT_DIR = path.join(PROJECT_ROOT, "content");
export const CLIENT_BUILD_DIR = path.join(PROJECT_ROOT, "build", "client");
export const PUBLIC_DIR = path.join(PROJECT_ROOT, "public");
