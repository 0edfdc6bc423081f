import { generateKeyPairSync, sign } from "node:crypto";
import { describe, expect, it } from "vitest";
import { checksumList, type ReleaseSigningKey } from "@contracts/release-checksums";
import type { SignedRelease } from "@contracts/release-verification";
import { fileVerdict, signatureState } from "./file-verdict";

const { privateKey, publicKey } = generateKeyPairSync("ed25519");
const key: ReleaseSigningKey = {
  algorithm: "Ed25519",
  keyId: "0123456789abcdef",
  publicKey: Buffer.from(publicKey.export({ format: "jwk" }).x!, "base64url").toString("base64"),
  pem: publicKey.export({ format: "pem", type: "spki" }).toString(),
};
const sha = (c: string) => c.repeat(64);

function release(files: { fileName: string; sha256: string; size: number }[], signedFiles = files): SignedRelease {
  return {
    id: 1,
    version: "5.3.0",
    releasedAt: "2026-11-01T00:00:00Z",
    keyId: key.keyId,
    signature: sign(null, Buffer.from(checksumList(signedFiles)), privateKey).toString("base64"),
    files: files.map((f) => ({ ...f, system: "win64", url: `/downloads/${f.fileName}` })),
  };
}

const files = [
  { fileName: "FacetBrowser-5.3.0-win-x64.exe", sha256: sha("a"), size: 1000 },
  { fileName: "FacetBrowser-5.3.0-mac-x64.dmg", sha256: sha("b"), size: 2000 },
];

describe("fileVerdict", () => {
  it("is official when the release's signed list names the checksum", () => {
    const verdict = fileVerdict({ sha256: sha("a"), size: 1000, releases: [release(files)], key });
    expect(verdict.kind).toBe("official");
  });

  it("is forged when the recorded checksum is not the one that was signed", () => {
    const tampered = release([{ ...files[0]!, sha256: sha("c") }, files[1]!], files);
    expect(fileVerdict({ sha256: sha("c"), size: 1000, releases: [tampered], key }).kind).toBe("forged");
    expect(signatureState(tampered, key)).toBe("invalid");
  });

  it("is forged when another key signed it, and unsigned when there is nothing to check it by", () => {
    expect(fileVerdict({ sha256: sha("a"), size: 1000, releases: [{ ...release(files), keyId: "fedcba9876543210" }], key }).kind).toBe("forged");
    expect(fileVerdict({ sha256: sha("a"), size: 1000, releases: [{ ...release(files), signature: null }], key }).kind).toBe("unsigned");
    expect(fileVerdict({ sha256: sha("a"), size: 1000, releases: [release(files)], key: null }).kind).toBe("unsigned");
  });

  it("is unknown for any other checksum, naming an official file of the same size", () => {
    const verdict = fileVerdict({ sha256: sha("d"), size: 2000, releases: [release(files)], key });
    expect(verdict).toMatchObject({ kind: "unknown", sameSize: { file: { fileName: "FacetBrowser-5.3.0-mac-x64.dmg" } } });
    expect(fileVerdict({ sha256: sha("d"), size: 3, releases: [release(files)], key })).toEqual({ kind: "unknown", sameSize: null });
  });
});
