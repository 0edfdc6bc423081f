/**
 * Signed release checksums (docs/decisions/0041): every release's SHA256SUMS is signed with a key
 * the database never holds, the API and the files a visitor checks by hand publish it, and a
 * checksum changed in the database fails the signature instead of passing as official.
 */
import { execFileSync } from "node:child_process";
import { createPublicKey, verify } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checksumList, releaseSignatureHolds, type ReleaseSigningKey } from "@contracts/release-checksums";
import type { SignedRelease } from "@contracts/release-verification";
import * as productApi from "../../server/api/endpoints/product.server";
import { createLogger } from "../../server/logger.server";
import { demoReleaseSigner, newReleaseKeyPair, releaseSigner } from "../../server/infrastructure/release-signing.server";
import { seedDatabase } from "../../server/seed/seed.server";
import { signReleaseChecksums } from "../../server/services/releases.server";
import { apiUrl, errorData, readAnswer } from "../support/api-answers";
import { startTestServer, type TestServer } from "../support/api-server";
import { sqlReaders } from "../support/database";
import { TEST_DATA_DIR } from "../support/global-setup";

let server: TestServer;
let key: ReleaseSigningKey;
const { q, one } = sqlReaders(() => server.database);

beforeAll(async () => {
  server = await startTestServer();
  const answer = await readAnswer(await fetch(apiUrl(server.baseUrl, productApi.releaseSigningKey)), productApi.releaseSigningKey);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  key = answer.body.data;
});
afterAll(() => server.close());

async function releasesWith(sha256: string): Promise<SignedRelease[]> {
  const answer = await readAnswer(await fetch(apiUrl(server.baseUrl, productApi.releaseChecksums, { sha256 })), productApi.releaseChecksums);
  expect(answer.status).toBe(200);
  return answer.body.data;
}

const holds = (release: SignedRelease) =>
  releaseSignatureHolds({ publicKey: key.publicKey, signature: release.signature, version: release.version, files: release.files });

describe("signed release checksums", () => {
  it("publish the key that signed the demo's releases, as raw base64 and as PEM", async () => {
    expect(key).toMatchObject({ algorithm: "Ed25519", keyId: expect.stringMatching(/^[0-9a-f]{16}$/) as string });
    expect(key.keyId).toBe(demoReleaseSigner(TEST_DATA_DIR).key.keyId);
    const pem = await fetch(`${server.baseUrl}/.well-known/release-signing-key.pem`);
    expect(pem.status).toBe(200);
    expect(await pem.text()).toBe(key.pem);
    expect(createPublicKey(key.pem).export({ format: "jwk" }).x).toBe(Buffer.from(key.publicKey, "base64").toString("base64url"));
  });

  it("find an official file by its checksum, in a release whose whole list the signature covers", async () => {
    const file = await one<{ sha256: string; version: string; file_name: string }>(
      `SELECT f.sha256, r.version, f.file_name FROM release_files f JOIN releases r ON r.id = f.release_id ORDER BY r.released_at DESC LIMIT 1`,
    );
    const [release] = await releasesWith(file.sha256.toUpperCase());
    expect(release!.version).toBe(file.version);
    expect(release!.files.map((f) => f.fileName)).toContain(file.file_name);
    expect(release!.keyId).toBe(key.keyId);
    expect(holds(release!)).toBe(true);
    // The same check by Node's own Ed25519, over the exact text sha256sum reads.
    const message = Buffer.from(checksumList(release!.files), "utf8");
    expect(verify(null, message, createPublicKey(key.pem), Buffer.from(release!.signature!, "base64"))).toBe(true);
  });

  it("answer an unknown checksum with no release, and a malformed one with 400", async () => {
    expect(await releasesWith("ab".repeat(32))).toEqual([]);
    for (const sha256 of ["xyz", "ab".repeat(31), `${"ab".repeat(32)}0`]) {
      const answer = await readAnswer(await fetch(apiUrl(server.baseUrl, productApi.releaseChecksums, { sha256 })));
      expect(answer.status).toBe(400);
      expect(errorData(answer)?.field).toBe("sha256");
    }
  });

  it("serve SHA256SUMS and its signature that OpenSSL verifies and sha256sum checks the downloads with", async () => {
    const { version } = await one<{ version: string }>(`SELECT version FROM releases ORDER BY released_at DESC LIMIT 1`);
    const sums = await fetch(`${server.baseUrl}/release/${version}/SHA256SUMS`);
    const sig = await fetch(`${server.baseUrl}/release/${version}/SHA256SUMS.sig`);
    expect([sums.status, sig.status]).toEqual([200, 200]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sums-"));
    try {
      fs.writeFileSync(path.join(dir, "SHA256SUMS"), await sums.text());
      fs.writeFileSync(path.join(dir, "SHA256SUMS.sig"), Buffer.from(await sig.arrayBuffer()));
      fs.writeFileSync(path.join(dir, "key.pem"), key.pem);
      const openssl = execFileSync(
        "openssl",
        ["pkeyutl", "-verify", "-pubin", "-inkey", "key.pem", "-rawin", "-in", "SHA256SUMS", "-sigfile", "SHA256SUMS.sig"],
        {
          cwd: dir,
          encoding: "utf8",
        },
      );
      expect(openssl).toContain("Signature Verified Successfully");
      // The demo's stand-in installers are the files the list names.
      const checked = execFileSync("sha256sum", ["-c", path.join(dir, "SHA256SUMS")], { cwd: path.join(TEST_DATA_DIR, "downloads"), encoding: "utf8" });
      expect(
        checked
          .trim()
          .split("\n")
          .every((line) => line.endsWith(": OK")),
      ).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect((await fetch(`${server.baseUrl}/release/99.99.99/SHA256SUMS`)).status).toBe(404);
  });

  it("fail the signature when a checksum is changed in the database, and a restart's import does not sign it again", async () => {
    const file = await one<{ release_id: number; system: string; sha256: string }>(
      `SELECT release_id, system, sha256 FROM release_files ORDER BY release_id LIMIT 1`,
    );
    const forged = "f".repeat(64);
    await q(`UPDATE release_files SET sha256 = $1 WHERE release_id = $2 AND system = $3`, [forged, file.release_id, file.system]);
    try {
      const [release] = await releasesWith(forged);
      expect(release!.signature).not.toBeNull();
      expect(holds(release!)).toBe(false);
      // The demo signs at start only what it recorded or what was never signed.
      await seedDatabase(server.database.db, createLogger("silent"), {
        downloadsDir: path.join(TEST_DATA_DIR, "downloads"),
        releaseSigner: demoReleaseSigner(TEST_DATA_DIR),
      });
      expect(holds((await releasesWith(forged))[0]!)).toBe(false);
    } finally {
      await q(`UPDATE release_files SET sha256 = $1 WHERE release_id = $2 AND system = $3`, [file.sha256, file.release_id, file.system]);
    }
    expect(holds((await releasesWith(file.sha256))[0]!)).toBe(true);
  });

  it("are not official when signed by another key, or when the list has lost a file", async () => {
    const file = await one<{ sha256: string }>(`SELECT sha256 FROM release_files ORDER BY release_id DESC LIMIT 1`);
    const [release] = await releasesWith(file.sha256);
    const other = newReleaseKeyPair().key;
    expect(releaseSignatureHolds({ publicKey: other.publicKey, signature: release!.signature, version: release!.version, files: release!.files })).toBe(false);
    if (release!.files.length > 1) expect(holds({ ...release!, files: release!.files.slice(1) })).toBe(false);
    expect(holds({ ...release!, signature: null })).toBe(false);
    expect(holds({ ...release!, signature: "not base64!" })).toBe(false);
  });
});

describe("signing a release", () => {
  it("refuses a file name that does not name its version", async () => {
    const { id, version } = await one<{ id: number; version: string }>(`SELECT id, version FROM releases ORDER BY released_at LIMIT 1`);
    const before = await one<{ signature: string }>(`SELECT signature FROM release_signatures WHERE release_id = $1`, [id]);
    await q(`UPDATE release_files SET file_name = 'FacetBrowser-setup.exe' WHERE release_id = $1 AND system = 'win64'`, [id]);
    await expect(signReleaseChecksums(server.database.db, { version, signer: demoReleaseSigner(TEST_DATA_DIR) })).rejects.toThrow(/must contain its version/);
    expect(await one<{ signature: string }>(`SELECT signature FROM release_signatures WHERE release_id = $1`, [id])).toEqual(before);
  });

  it("takes the private key only with its published public half", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "keys-"));
    try {
      const pair = newReleaseKeyPair();
      const keyFile = path.join(dir, "release.pem");
      fs.writeFileSync(keyFile, pair.privatePem);
      expect(releaseSigner({ RELEASE_SIGNING_KEY_FILE: keyFile, RELEASE_SIGNING_PUBLIC_KEY: pair.key.publicKey, DATA_DIR: dir }).key.keyId).toBe(
        pair.key.keyId,
      );
      expect(() => releaseSigner({ RELEASE_SIGNING_KEY_FILE: keyFile, RELEASE_SIGNING_PUBLIC_KEY: newReleaseKeyPair().key.publicKey, DATA_DIR: dir })).toThrow(
        /publishes/,
      );
      expect(() => releaseSigner({ RELEASE_SIGNING_KEY_FILE: keyFile, DATA_DIR: dir })).toThrow(/RELEASE_SIGNING_PUBLIC_KEY/);
      expect(() => releaseSigner({ RELEASE_SIGNING_PUBLIC_KEY: pair.key.publicKey, DATA_DIR: dir })).toThrow(/RELEASE_SIGNING_KEY_FILE/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
