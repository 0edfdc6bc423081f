/**
 * What the verify page says of a file by its checksum (docs/decisions/0041). Official only when a
 * release recorded that checksum and the release's signed list, rebuilt from the records, holds
 * against the key the site publishes; a recorded checksum whose list fails the signature is the
 * worst case (someone changed the records), never "official".
 */
import { releaseSignatureHolds, type ReleaseSigningKey } from "@contracts/release-checksums";
import type { SignedRelease, SignedReleaseFile } from "@contracts/release-verification";

export type FileVerdict =
  /** A build we released: the release's signed list names this checksum. */
  | { kind: "official"; release: SignedRelease; file: SignedReleaseFile }
  /** On record, but the release's list fails the signature: the record was changed without the key. */
  | { kind: "forged"; release: SignedRelease; file: SignedReleaseFile }
  /** On record, but there is no signature to check it by (no published key, or the release was never signed). */
  | { kind: "unsigned"; release: SignedRelease; file: SignedReleaseFile }
  /** No release has this checksum; `sameSize` is an official file of exactly its size (a modified copy?). */
  | { kind: "unknown"; sameSize: { release: SignedRelease; file: SignedReleaseFile } | null };

export function fileVerdict(q: { sha256: string; size: number; releases: readonly SignedRelease[]; key: ReleaseSigningKey | null }): FileVerdict {
  const matches = q.releases.flatMap((release) => release.files.filter((f) => f.sha256 === q.sha256).map((file) => ({ release, file })));
  if (matches.length === 0) {
    const sameSize = q.releases.flatMap((release) => release.files.filter((f) => f.size === q.size).map((file) => ({ release, file })))[0];
    return { kind: "unknown", sameSize: sameSize ?? null };
  }
  const official = matches.find((m) => signatureState(m.release, q.key) === "valid");
  if (official) return { kind: "official", ...official };
  const signed = matches.find((m) => q.key !== null && m.release.signature !== null);
  if (signed) return { kind: "forged", ...signed };
  return { kind: "unsigned", ...matches[0]! };
}

/** What the browser says of a listed release's signature. */
export function signatureState(release: SignedRelease, key: ReleaseSigningKey | null): "valid" | "invalid" | "unsigned" {
  if (!key || !release.signature) return "unsigned";
  return release.keyId === key.keyId &&
    releaseSignatureHolds({ publicKey: key.publicKey, signature: release.signature, version: release.version, files: release.files })
    ? "valid"
    : "invalid";
}
