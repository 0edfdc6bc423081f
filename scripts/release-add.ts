/**
 * `npm run release:add -- <version> <file>...`: records a release's installers from the real
 * files (their size and SHA-256, and the system read from the file name), so the download page
 * never shows a checksum that no file has. The release itself (version, date, notes) comes from
 * content/releases.yaml and content/releases/<lang>/<version>.yaml. Upload the files to
 * DOWNLOAD_BASE_URL under the same names.
 */
import path from "node:path";
import { runMigrations } from "../server/db/client.server";
import { recordReleaseFile, systemOfFile } from "../server/services/releases.server";
import { withDatabase } from "./db-tasks";
import { announcePageChanges, EVERY_PAGE } from "../server/infrastructure/page-changes.server";

const [version, ...files] = process.argv.slice(2);
if (!version || !/^\d+\.\d+\.\d+$/.test(version) || files.length === 0) {
  console.error("usage: npm run release:add -- <version> <file>...   (e.g. 5.3.0 dist/FacetBrowser-5.3.0-win-x64.exe)");
  process.exit(2);
}
await withDatabase(async ({ handle, logger }) => {
  await runMigrations(handle, logger);
  for (const file of files) {
    const system = systemOfFile(path.basename(file));
    if (!system) throw new Error(`${file}: cannot tell the system from the name (win-x64, win-x86, mac-x64, mac-arm64, linux)`);
    const { size, sha256 } = await recordReleaseFile(handle.db, { version, system, file: path.resolve(file) });
    // Running servers drop their cached pages, which list the files (docs/decisions/0021).
    await announcePageChanges(handle.db, [EVERY_PAGE]);
    console.log(`${version} ${system}: ${path.basename(file)} ${size} bytes sha256 ${sha256}`);
  }
});
