/**
 * What a release's signed checksum list is, for the server that signs and serves it and the verify
 * page that checks it in the browser (docs/decisions/0041). The signed message is the exact text
 * `sha256sum` writes and `sha256sum -c` reads, so the list a visitor downloads checks their files
 * with standard tools, and its signature checks with OpenSSL.
 */
import { ed25519 } from "@noble/curves/ed25519.js";

export const CLIENT_SYSTEMS = ["win64", "win32", "mac-x64", "mac-arm64", "linux"] as const;
export type ClientSystem = (typeof CLIENT_SYSTEMS)[number];

/** The installer's file name for a version and system: the demo's stand-ins and the download page use it. */
export function installerName(version: string, system: ClientSystem): string {
  const suffix: Record<ClientSystem, string> = {
    win64: "win-x64.exe",
    win32: "win-x86.exe",
    "mac-x64": "mac-x64.dmg",
    "mac-arm64": "mac-arm64.dmg",
    linux: "linux-x64.AppImage",
  };
  return `FacetBrowser-${version}-${suffix[system]}`;
}

/** Which system a file name is for, from the same naming (`npm run release:add` reads it). */
export function systemOfFile(name: string): ClientSystem | null {
  const n = name.toLowerCase();
  if (/mac.*arm64|arm64.*\.dmg/.test(n)) return "mac-arm64";
  if (/mac|\.dmg$/.test(n)) return "mac-x64";
  if (/x86|win32|ia32/.test(n)) return "win32";
  if (/win|\.exe$|\.msi$/.test(n)) return "win64";
  if (/linux|\.appimage$|\.deb$|\.rpm$/.test(n)) return "linux";
  return null;
}

/**
 * A file name the signed list can carry: it names its version (so a list names its release) and
 * has no character that would change how `sha256sum -c` reads the line.
 */
export function isSignableFileName(name: string, version: string): boolean {
  return /^[\w.+-]+$/.test(name) && name.includes(version);
}

export interface ChecksumEntry {
  fileName: string;
  sha256: string;
}

/** The SHA256SUMS text: one `<sha256>  <file name>` line per file, sorted by name, each ending in a newline. */
export function checksumList(files: readonly ChecksumEntry[]): string {
  return [...files]
    .sort((a, b) => (a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0))
    .map((f) => `${f.sha256}  ${f.fileName}\n`)
    .join("");
}

/** The public half of the release-signing key, as the pages and the API publish it. */
export interface ReleaseSigningKey {
  algorithm: "Ed25519";
  /** The first 8 bytes of the SHA-256 of the raw public key, in hex: short enough to compare by eye. */
  keyId: string;
  /** The raw 32-byte public key in base64. */
  publicKey: string;
  /** The same key as a PEM SubjectPublicKeyInfo, for `openssl pkeyutl -verify`. */
  pem: string;
}

export function base64ToBytes(text: string): Uint8Array {
  const binary = atob(text);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/**
 * Whether `signature` (base64) is the key's Ed25519 signature of the files' checksum list, and
 * every file name belongs to `version`. The list is rebuilt from the files as recorded, so a
 * checksum or name changed after signing fails here. Anything malformed is a failure, not an error.
 */
export function releaseSignatureHolds(q: { publicKey: string; signature: string | null; version: string; files: readonly ChecksumEntry[] }): boolean {
  if (!q.signature || q.files.length === 0) return false;
  if (!q.files.every((f) => /^[0-9a-f]{64}$/.test(f.sha256) && isSignableFileName(f.fileName, q.version))) return false;
  try {
    const message = new TextEncoder().encode(checksumList(q.files));
    return ed25519.verify(base64ToBytes(q.signature), message, base64ToBytes(q.publicKey));
  } catch {
    return false;
  }
}
