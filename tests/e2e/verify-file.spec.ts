/**
 * "Is it official?" for a downloaded file (docs/decisions/0041): the page hashes the file in the
 * browser and checks the release's signed checksum list against the published key. An official
 * stand-in installer is recognised with its release and platform, a modified copy is refused, and
 * a checksum changed in the database fails the signature instead of passing as official.
 */
import { createHash } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { runningEmbeddedUrl } from "../../server/db/embedded-postgres.server";
import { answeredBanners, expect, hydrated, test } from "./fixtures";

const E2E_DATA = path.resolve(".tmp", "e2e-data");

test.beforeEach(async ({ context }) => answeredBanners(context));

async function newestWindowsInstaller(request: import("@playwright/test").APIRequestContext) {
  const answer = await request.get("/api/sys-client-version/get-latest-version?system=win64&lang=en");
  const { data } = (await answer.json()) as { data: { version: string; url: string; sha256: string } };
  const file = await request.get(data.url);
  expect(file.status()).toBe(200);
  return { version: data.version, name: decodeURIComponent(data.url.split("/").at(-1)!), bytes: Buffer.from(await file.body()), sha256: data.sha256 };
}

for (const lang of ["en", "zh", "th"] as const) {
  test(`an official installer is recognised with its release and platform, and every listed signature holds (${lang})`, async ({ page, request }) => {
    const installer = await newestWindowsInstaller(request);
    await page.goto(lang === "en" ? "/verify" : `/${lang}/verify`);
    await hydrated(page);
    await expect(page.getByTestId("signature-state").first()).toHaveAttribute("data-state", "valid");
    for (const state of await page.getByTestId("signature-state").all()) await expect(state).toHaveAttribute("data-state", "valid");

    await page.getByTestId("file-input").setInputFiles({ name: installer.name, mimeType: "application/octet-stream", buffer: installer.bytes });
    const verdict = page.getByTestId("file-verdict");
    await expect(verdict).toHaveAttribute("data-verdict", "official");
    await expect(verdict).toContainText(installer.version);
    await expect(verdict).toContainText("Windows");
    await expect(page.getByTestId("file-sha256")).toHaveText(installer.sha256);
  });
}

test("a modified copy of an installer is not official, and says it has the size of ours", async ({ page, request }) => {
  const installer = await newestWindowsInstaller(request);
  const modified = Buffer.from(installer.bytes);
  modified.writeUInt8(modified.readUInt8(modified.length - 1) ^ 0xff, modified.length - 1);
  await page.goto("/verify");
  await hydrated(page);
  await page.getByTestId("file-input").setInputFiles({ name: installer.name, mimeType: "application/octet-stream", buffer: modified });
  const verdict = page.getByTestId("file-verdict");
  await expect(verdict).toHaveAttribute("data-verdict", "unknown");
  await expect(verdict).toContainText("Not an official build");
  await expect(verdict).toContainText(installer.name);
  await expect(page.getByTestId("file-sha256")).toHaveText(createHash("sha256").update(modified).digest("hex"));
});

test("a checksum changed in the database fails the signature: the file is refused, never shown as official", async ({ page, request }) => {
  const installer = await newestWindowsInstaller(request);
  const planted = Buffer.from("MZ a build that was never released\n");
  const plantedSha = createHash("sha256").update(planted).digest("hex");
  const client = new pg.Client({ connectionString: runningEmbeddedUrl(E2E_DATA)! });
  await client.connect();
  try {
    await client.query(`UPDATE release_files SET sha256 = $1 WHERE sha256 = $2`, [plantedSha, installer.sha256]);
    await page.goto("/verify");
    await hydrated(page);
    await page.getByTestId("file-input").setInputFiles({ name: installer.name, mimeType: "application/octet-stream", buffer: planted });
    const verdict = page.getByTestId("file-verdict");
    await expect(verdict).toHaveAttribute("data-verdict", "forged");
    await expect(verdict).toContainText("Do not run this file");
    await expect(verdict).toContainText(installer.version);
  } finally {
    await client.query(`UPDATE release_files SET sha256 = $1 WHERE sha256 = $2`, [installer.sha256, plantedSha]);
    await client.end();
  }
});

test("the published key is the one on the page, and checking by hand names the newest release's files", async ({ page, request }) => {
  const pem = await request.get("/.well-known/release-signing-key.pem");
  expect(pem.status()).toBe(200);
  const { data: key } = (await (await request.get("/api/home/release-signing-key?lang=en")).json()) as {
    data: { keyId: string; publicKey: string; pem: string };
  };
  expect(await pem.text()).toBe(key.pem);
  await page.goto("/verify");
  await expect(page.getByTestId("signing-key")).toContainText(key.keyId);
  await expect(page.getByTestId("signing-key")).toContainText(key.publicKey);
  await page.getByTestId("check-by-hand").locator("summary").click();
  await expect(page.getByTestId("check-by-hand")).toContainText("openssl pkeyutl -verify");
  const newest = page.getByTestId("signed-release").first();
  const version = await newest.getAttribute("data-version");
  await expect(page.getByTestId("check-by-hand")).toContainText(`/release/${version}/SHA256SUMS.sig`);
  expect((await request.get(`/release/${version}/SHA256SUMS`)).status()).toBe(200);
});
