/**
 * The SHA-256 of a file the visitor picked, computed in the browser as it is read (docs/decisions/0041):
 * the file never leaves the machine, a 300 MB installer is never held in memory at once, and the
 * page keeps painting its progress. @noble/hashes is plain JavaScript, so the strict
 * Content-Security-Policy needs no 'wasm-unsafe-eval' for it.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";

/**
 * Read in slices of this size: memory stays bounded whatever the browser's stream chunking, and
 * the page gets a frame between slices to paint the progress.
 */
export const SLICE_BYTES = 4 * 1024 * 1024;

export async function sha256OfFile(file: Blob, onProgress: (bytesRead: number) => void, signal?: AbortSignal): Promise<string> {
  const hash = sha256.create();
  for (let at = 0; at < file.size; at += SLICE_BYTES) {
    signal?.throwIfAborted();
    hash.update(new Uint8Array(await file.slice(at, at + SLICE_BYTES).arrayBuffer()));
    onProgress(Math.min(file.size, at + SLICE_BYTES));
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  signal?.throwIfAborted();
  onProgress(file.size);
  return bytesToHex(hash.digest());
}
