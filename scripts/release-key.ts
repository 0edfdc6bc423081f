/**
 * `npm run release:key -- <private key file>`: makes the release-signing key pair
 * (docs/release-signing.md). Writes the private half to the file (readable by you only; keep it
 * off the web servers and out of the repository) and prints the public half to publish: set
 * RELEASE_SIGNING_PUBLIC_KEY to it on every server and copy the PEM into docs/release-signing.md.
 */
import fs from "node:fs";
import { newReleaseKeyPair } from "../server/infrastructure/release-signing.server";

const [file] = process.argv.slice(2);
if (!file) {
  console.error("usage: npm run release:key -- <private key file>   (e.g. ~/facet-release-signing.pem)");
  process.exit(2);
}
const { privatePem, key } = newReleaseKeyPair();
try {
  fs.writeFileSync(file, privatePem, { flag: "wx", mode: 0o600 });
} catch (error) {
  if ((error as NodeJS.ErrnoException).code === "EEXIST") {
    console.error(`${file} exists: a release-signing key is never overwritten (the published key would stop matching)`);
    process.exit(1);
  }
  throw error;
}
console.log(`Private key written to ${file} (key id ${key.keyId}).
Set on every server:  RELEASE_SIGNING_PUBLIC_KEY=${key.publicKey}
Set where releases are recorded:  RELEASE_SIGNING_KEY_FILE=${file}
The public key as PEM:
${key.pem}`);
