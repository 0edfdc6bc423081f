/**
 * Sealing data for the server in the browser (api.md "Visitor services"): a fresh AES-GCM key
 * encrypts the payload, and that key is wrapped with the server's RSA-OAEP (SHA-256) public key,
 * so only the server can read it. WebCrypto only; server/infrastructure/sealing.server.ts opens it.
 */

export interface Sealed {
  key_id: string;
  /** The AES key, wrapped with RSA-OAEP, base64. */
  key: string;
  /** The 12-byte AES-GCM nonce, base64. */
  iv: string;
  /** The ciphertext with its 16-byte tag, base64. */
  payload: string;
}

function toBase64(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = "";
  for (let i = 0; i < view.length; i += 0x8000) binary += String.fromCharCode(...view.subarray(i, i + 0x8000));
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const publicKeys = new Map<string, Promise<CryptoKey>>();

/** Seals `plaintext` for the server key `keyId` (its SPKI public key, base64). */
export async function seal(plaintext: string, publicKey: string, keyId: string): Promise<Sealed> {
  const subtle = globalThis.crypto.subtle;
  let wrapping = publicKeys.get(publicKey);
  if (!wrapping) {
    wrapping = subtle.importKey("spki", fromBase64(publicKey), { name: "RSA-OAEP", hash: "SHA-256" }, false, ["encrypt"]);
    publicKeys.set(publicKey, wrapping);
  }
  const aes = await subtle.generateKey({ name: "AES-GCM", length: 256 }, true, ["encrypt"]);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const payload = await subtle.encrypt({ name: "AES-GCM", iv }, aes, new TextEncoder().encode(plaintext));
  const key = await subtle.encrypt({ name: "RSA-OAEP" }, await wrapping, await subtle.exportKey("raw", aes));
  return { key_id: keyId, key: toBase64(key), iv: toBase64(iv), payload: toBase64(payload) };
}
