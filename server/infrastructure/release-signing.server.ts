/**
 * The release-signing key (docs/decisions/0041). Installers' checksum lists are signed with
 * Ed25519 by `npm run release:add`; the site publishes only the public half, from configuration,
 * never from the database, so a checksum changed in the database fails the signature.
 *
 * In production the public key is RELEASE_SIGNING_PUBLIC_KEY and the private key a file on the
 * machine that records releases (RELEASE_SIGNING_KEY_FILE). The demo, with neither set, keeps its
 * own key pair under DATA_DIR/release-signing, made once by the first start.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { ReleaseSigningKey } from "@contracts/release-checksums";

export interface ReleaseSigner {
  key: ReleaseSigningKey;
  /** The Ed25519 signature of the text's UTF-8 bytes, in base64. */
  sign(text: string): string;
}

/** The published form of an Ed25519 public key: raw key, id and PEM. */
export function publishedKeyOf(publicKey: KeyObject): ReleaseSigningKey {
  if (publicKey.asymmetricKeyType !== "ed25519") throw new Error("the release-signing key must be an Ed25519 key");
  const raw = Buffer.from(publicKey.export({ format: "jwk" }).x!, "base64url");
  return {
    algorithm: "Ed25519",
    keyId: createHash("sha256").update(raw).digest("hex").slice(0, 16),
    publicKey: raw.toString("base64"),
    pem: publicKey.export({ format: "pem", type: "spki" }).toString(),
  };
}

/** A public key given as PEM (SubjectPublicKeyInfo) or as the raw 32 bytes in base64. */
export function parsePublicKey(text: string): KeyObject {
  const trimmed = text.trim();
  if (trimmed.startsWith("-----BEGIN")) return createPublicKey(trimmed);
  const raw = Buffer.from(trimmed, "base64");
  if (raw.length !== 32 || raw.toString("base64") !== trimmed) throw new Error("not a PEM public key nor 32 bytes in base64");
  return createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: raw.toString("base64url") }, format: "jwk" });
}

const demoDir = (dataDir: string) => path.join(dataDir, "release-signing");
const DEMO_PRIVATE = "private.pem";
const DEMO_PUBLIC = "public.pem";

/**
 * The key the site publishes: RELEASE_SIGNING_PUBLIC_KEY, else the demo's under DATA_DIR once it
 * exists, else none (the pages then say the releases are not signed).
 */
export function publishedReleaseKey(config: { RELEASE_SIGNING_PUBLIC_KEY?: string; DATA_DIR: string }): ReleaseSigningKey | null {
  if (config.RELEASE_SIGNING_PUBLIC_KEY) return publishedKeyOf(parsePublicKey(config.RELEASE_SIGNING_PUBLIC_KEY));
  const file = path.join(demoDir(config.DATA_DIR), DEMO_PUBLIC);
  return fs.existsSync(file) ? publishedKeyOf(parsePublicKey(fs.readFileSync(file, "utf8"))) : null;
}

function signerOf(privateKey: KeyObject): ReleaseSigner {
  const key = publishedKeyOf(createPublicKey(privateKey));
  return { key, sign: (text) => sign(null, Buffer.from(text, "utf8"), privateKey).toString("base64") };
}

/**
 * The demo's signer: its key pair under DATA_DIR/release-signing, made on first use (the private
 * half readable by this user only). Several processes starting at once agree on one pair: the
 * first to create the private file wins and the others read it.
 */
export function demoReleaseSigner(dataDir: string): ReleaseSigner {
  const dir = demoDir(dataDir);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const privateFile = path.join(dir, DEMO_PRIVATE);
  if (!fs.existsSync(privateFile)) {
    const { privateKey } = generateKeyPairSync("ed25519");
    try {
      fs.writeFileSync(privateFile, privateKey.export({ format: "pem", type: "pkcs8" }), { flag: "wx", mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  const signer = signerOf(createPrivateKey(fs.readFileSync(privateFile, "utf8")));
  const publicFile = path.join(dir, DEMO_PUBLIC);
  if (!fs.existsSync(publicFile) || fs.readFileSync(publicFile, "utf8") !== signer.key.pem) fs.writeFileSync(publicFile, signer.key.pem);
  return signer;
}

/**
 * The signer `npm run release:add` uses: the private key in RELEASE_SIGNING_KEY_FILE, which must
 * be the half of the published key; with neither set (the demo), the demo's pair.
 */
export function releaseSigner(config: { RELEASE_SIGNING_PUBLIC_KEY?: string; RELEASE_SIGNING_KEY_FILE?: string; DATA_DIR: string }): ReleaseSigner {
  if (!config.RELEASE_SIGNING_KEY_FILE) {
    if (config.RELEASE_SIGNING_PUBLIC_KEY) throw new Error("RELEASE_SIGNING_PUBLIC_KEY is set: give its private half in RELEASE_SIGNING_KEY_FILE to sign");
    return demoReleaseSigner(config.DATA_DIR);
  }
  if (!config.RELEASE_SIGNING_PUBLIC_KEY)
    throw new Error("RELEASE_SIGNING_KEY_FILE is set: set RELEASE_SIGNING_PUBLIC_KEY to its public half, which the site publishes");
  const signer = signerOf(createPrivateKey(fs.readFileSync(config.RELEASE_SIGNING_KEY_FILE, "utf8")));
  const published = publishedReleaseKey(config)!;
  if (published.keyId !== signer.key.keyId) {
    throw new Error(`RELEASE_SIGNING_KEY_FILE holds key ${signer.key.keyId}, but the site publishes ${published.keyId}`);
  }
  return signer;
}

/** A new key pair for `npm run release:key`: the private half as PEM (PKCS #8) and the published form. */
export function newReleaseKeyPair(): { privatePem: string; key: ReleaseSigningKey } {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  return { privatePem: privateKey.export({ format: "pem", type: "pkcs8" }).toString(), key: publishedKeyOf(publicKey) };
}
