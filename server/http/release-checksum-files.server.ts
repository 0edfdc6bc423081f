/**
 * The files a visitor checks a download with by hand (docs/release-signing.md,
 * docs/decisions/0041): the public release-signing key at /.well-known/release-signing-key.pem,
 * and each release's checksum list and its signature at /release/<version>/SHA256SUMS and
 * SHA256SUMS.sig (the raw 64 bytes, as `openssl pkeyutl -verify -sigfile` reads them).
 */
import express, { type RequestHandler, type Response, type Router } from "express";
import type { ReleaseSigningKey } from "@contracts/release-checksums";
import type { Database } from "../db/client.server";
import { releaseChecksumFile } from "../services/releases.server";
import { isAnswered } from "./unavailable.server";

export const RELEASE_KEY_PATH = "/.well-known/release-signing-key.pem";
const CHECKSUM_FILE = /^\/release\/(\d{1,4}\.\d{1,4}\.\d{1,4})\/SHA256SUMS(\.sig)?$/;

/** A release's list changes only when a file is added to it; a day-old copy of the key is fine. */
const CACHE_CONTROL = "public, max-age=300, s-maxage=300";

function notFound(res: Response): void {
  res.status(404).type("text/plain").send("Not found");
}

export function releaseChecksumFiles(db: Database, key: ReleaseSigningKey | null, admit?: RequestHandler): Router {
  const router = express.Router();
  router.get(RELEASE_KEY_PATH, (_req, res) => {
    if (!key) return notFound(res);
    res.setHeader("Cache-Control", "public, max-age=86400");
    res.type("application/x-pem-file").send(key.pem);
  });
  if (admit) router.get(CHECKSUM_FILE, admit);
  router.get(CHECKSUM_FILE, async (req, res) => {
    const [version, sig] = [req.params[0]!, req.params[1]];
    const found = await releaseChecksumFile(db, version);
    if (isAnswered(res)) return;
    if (!found || (sig && !found.signature)) return notFound(res);
    res.setHeader("Cache-Control", CACHE_CONTROL);
    if (sig) {
      res.setHeader("Content-Disposition", `attachment; filename="SHA256SUMS.sig"`);
      res.type("application/octet-stream").send(Buffer.from(found.signature!, "base64"));
    } else {
      res.type("text/plain; charset=utf-8").send(found.checksums);
    }
  });
  return router;
}
