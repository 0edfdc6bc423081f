/**
 * `npm run release:add -- <version> <file>...`: records a release's installers from the real
 * files (their size and SHA-256, and the system read from the file name), so the download page
 * never shows a checksum that no file has, then signs the release's checksum list with the
 * release-signing key (RELEASE_SIGNING_KEY_FILE; the demo's own key when unset; docs/release-signing.md).
 * The release itself (version, date, notes) comes from content/releases.yaml and
 * content/releases/<lang>/<version>.yaml. Upload the files to DOWNLOAD_BASE_URL under the same names.
 */
import path from "node:path";
import { isSignableFileName, systemOfFile } from "@contracts/release-checksums";
import { loadConfig } from "../server/config.server";
import { runMigrations } from "../server/db/client.server";
import { releaseSigner } from "../server/infrastructure/release-signing.server";
import { recordReleaseFile, signReleaseChecksums } from "../server/services/releases.server";
import { withDatabase } from "./db-tasks";
import { announcePageChanges, EVERY_PAGE } from "../server/infrastructure/page-changes.server";

const [version, ...files] = process.argv.slice(2);
if (!version || !/^\d+\.\d+\.\d+$/.test(version) || files.length === 0) {
  console.error("usage: npm run release:add -- <version> <file>...   (e.g. 5.3.0 dist/FacetBrowser-5.3.0-win-x64.exe)");
  process.exit(2);
}
const systems = files.map((file) => {
  const name = path.basename(file);
  const system = systemOfFile(name);
  if (!system) throw new Error(`${file}: cannot tell the system from the name (win-x64, win-x86, mac-x64, mac-arm64, linux)`);
  if (!isSignableFileName(name, version)) throw new Error(`${file}: the name must contain the version ${version} and only letters, digits and ._+-`);
  return system;
});
await withDatabase(async ({ handle, logger }) => {
  // Before any file is recorded: a missing or mismatched key stops the run with nothing changed.
  const signer = releaseSigner(loadConfig());
  await runMigrations(handle, logger);
  for (const [i, file] of files.entries()) {
    const { size, sha256 } = await recordReleaseFile(handle.db, { version, system: systems[i]!, file: path.resolve(file) });
    console.log(`${version} ${systems[i]}: ${path.basename(file)} ${size} bytes sha256 ${sha256}`);
  }
  const { checksums } = await signReleaseChecksums(handle.db, { version, signer });
  // Running servers drop their cached pages, which list the files (docs/decisions/0021).
  await announcePageChanges(handle.db, [EVERY_PAGE]);
  console.log(`\nSHA256SUMS of ${version}, signed with key ${signer.key.keyId}:\n${checksums}`);
});
