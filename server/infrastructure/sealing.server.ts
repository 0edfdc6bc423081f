/**
 * The server's sealing key pair (RSA-OAEP 2048, SHA-256), made once and kept with the other
 * secrets in PostgreSQL so every process agrees on it; the key id lets a new pair replace it
 * while sealed data in flight still opens. Browsers seal with app/lib/seal.ts; this opens.
 */
import { constants, createDecipheriv, createPrivateKey, createPublicKey, generateKeyPairSync, privateDecrypt, type KeyObject } from "node:crypto";
import { z } from "zod";
import type { Database } from "../db/client.server";
import { getSecret } from "./secrets.server";

/** The key in use; older ids stay readable by listing them in READABLE_KEY_IDS. */
export const SEALING_KEY_ID = "k1";
const READABLE_KEY_IDS = [SEALING_KEY_ID];

interface KeyPair {
  publicKey: string;
  privateKey: KeyObject;
}

const pairs = new Map<string, Promise<KeyPair>>();

function makePair(): string {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return privateKey.export({ type: "pkcs8", format: "pem" }).toString();
}

function keyPair(db: Database, keyId: string): Promise<KeyPair> {
  let pair = pairs.get(keyId);
  if (!pair) {
    pair = getSecret(db, `sealing-key:${keyId}`, makePair).then((pem) => {
      const privateKey = createPrivateKey(pem);
      const publicKey = createPublicKey(privateKey).export({ type: "spki", format: "der" }).toString("base64");
      return { publicKey, privateKey };
    });
    pairs.set(keyId, pair);
  }
  return pair;
}

/** What browsers need to seal for this server. */
export async function sealingPublicKey(db: Database): Promise<{ key_id: string; public_key: string }> {
  return { key_id: SEALING_KEY_ID, public_key: (await keyPair(db, SEALING_KEY_ID)).publicKey };
}

export const SealedSchema = z.object({
  key_id: z.string().regex(/^[a-z0-9]{1,16}$/),
  key: z.base64().max(1024),
  iv: z.base64().max(64),
  payload: z.base64().max(1_000_000),
});
export type Sealed = z.infer<typeof SealedSchema>;

/** The plaintext, or null when the key id is unknown or anything fails to open (tampered, wrong key). */
export async function unseal(db: Database, sealed: Sealed): Promise<string | null> {
  if (!READABLE_KEY_IDS.includes(sealed.key_id)) return null;
  try {
    const { privateKey } = await keyPair(db, sealed.key_id);
    const aesKey = privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, Buffer.from(sealed.key, "base64"));
    const iv = Buffer.from(sealed.iv, "base64");
    const data = Buffer.from(sealed.payload, "base64");
    if (aesKey.length !== 32 || iv.length !== 12 || data.length < 16) return null;
    const decipher = createDecipheriv("aes-256-gcm", aesKey, iv);
    decipher.setAuthTag(data.subarray(data.length - 16));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
