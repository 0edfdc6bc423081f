/**
 * What the verify page is given about releases (docs/decisions/0041): each release's files and its
 * signature exactly as recorded, for the browser to check against the published key.
 */
import type { ClientSystem } from "./release-checksums";

export interface SignedReleaseFile {
  system: ClientSystem;
  fileName: string;
  size: number;
  sha256: string;
  url: string;
}

export interface SignedRelease {
  id: number;
  version: string;
  releasedAt: string;
  /** The id of the key that signed the list, or null when it was never signed. */
  keyId: string | null;
  /** The Ed25519 signature of the release's SHA256SUMS text, in base64. */
  signature: string | null;
  files: SignedReleaseFile[];
}
