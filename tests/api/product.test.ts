import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Endpoint } from "../../server/api/endpoint.server";
import { apiUrl, readAnswer, type ApiQuery } from "../support/api-answers";
import { serveForFile, type TestServer } from "../support/api-server";
import * as productApi from "../../server/api/endpoints/product.server";

let server: TestServer;
serveForFile((started) => (server = started));

async function get<E extends Endpoint>(endpoint: E, query: ApiQuery = "") {
  return readAnswer(await fetch(apiUrl(server.baseUrl, endpoint, query)), endpoint);
}

function price(fields: Record<string, string>, form = true) {
  return fetch(apiUrl(server.baseUrl, productApi.price), {
    method: "POST",
    headers: { "content-type": form ? "application/x-www-form-urlencoded" : "application/json" },
    body: form ? new URLSearchParams(fields).toString() : JSON.stringify(fields),
  }).then((res) => readAnswer(res, productApi.price));
}

describe("pricing", () => {
  it("prices a plan monthly and yearly (20 % off twelve months), form-encoded or JSON, with extra members", async () => {
    const monthly = await price({ plan: "base", billing: "monthly", profiles: "10", lang: "en" });
    expect(monthly.body.data).toEqual({
      plan: "base",
      billing: "monthly",
      profiles: 10,
      members: 0,
      currency: "USD",
      unit_monthly: 9,
      months: 1,
      subtotal: 9,
      discount_percent: 0,
      total: 9,
    });
    const yearly = await price({ plan: "pro", billing: "yearly", profiles: "300", members: "2" }, false);
    expect(yearly.body.data).toMatchObject({ unit_monthly: 205, months: 12, subtotal: 2460, discount_percent: 20, total: 1968 });
  });

  it("refuses custom plans, unknown plans and tiers the plan does not offer (10101)", async () => {
    expect((await price({ plan: "custom", profiles: "100" })).body).toMatchObject({ code: 10101, data: { field: "plan" } });
    expect((await price({ plan: "gold", profiles: "100" })).body).toMatchObject({ code: 10101, data: { field: "plan" } });
    expect((await price({ plan: "base", profiles: "11" })).body).toMatchObject({ code: 10101, data: { field: "profiles" } });
    expect((await price({ plan: "free", profiles: "5", members: "1" })).body).toMatchObject({ code: 10101, data: { field: "members" } });
    expect((await price({ plan: "base" })).body).toMatchObject({ code: 10100, data: { field: "profiles" } });
  });

  it("lists the feature matrix in the language, from the database", async () => {
    for (const lang of ["en", "zh", "th"]) {
      const { body } = await get(productApi.powerListEndpoint, `lang=${lang}`);
      expect(body.data.length).toBeGreaterThanOrEqual(20);
      const recycle = body.data.find((r) => r.key === "recycle-bin")!;
      expect(recycle.plans).toEqual({ free: false, base: false, pro: true, custom: true });
      const rpa = body.data.find((r) => r.key === "rpa")!;
      expect(typeof rpa.plans.base).toBe("string");
      if (lang !== "en")
        expect(recycle.name).not.toBe((await get(productApi.powerListEndpoint, "lang=en")).body.data.find((r) => r.key === "recycle-bin")!.name);
    }
  });
});

describe("releases", () => {
  it("answer the latest version per system with a real file's size and checksum", async () => {
    const mac = await get(productApi.latestClientVersion, "system=mac-arm64&lang=zh");
    expect(mac.status).toBe(200);
    expect(mac.body.data).toMatchObject({ version: "5.2.1", url: expect.stringMatching(/^\/downloads\/FacetBrowser-5\.2\.1-mac-arm64\.dmg$/) });
    expect(mac.body.data.notes).toMatch(/<li>/);
    const file = path.resolve(".tmp", "test-data", "downloads", "FacetBrowser-5.2.1-mac-arm64.dmg");
    const bytes = fs.readFileSync(file);
    expect(mac.body.data.size).toBe(bytes.length);
    expect(mac.body.data.sha256).toBe(createHash("sha256").update(bytes).digest("hex"));
    expect((await get(productApi.latestClientVersion, "system=beos")).body.code).toBe(10101);
  });

  it("list releases newest first and show one with sections, downloads and neighbours", async () => {
    const list = await get(productApi.releaseList, "lang=th&page_size=50");
    expect(list.body.data.total).toBeGreaterThanOrEqual(8);
    const versions = list.body.data.list.map((r) => r.version);
    expect(versions[0]).toBe("5.2.1");
    expect(list.body.data.list[0]!.summary).toMatch(/[\u0E00-\u0E7F]/);
    const id = list.body.data.list[1]!.id;
    const one = await get(productApi.release, `id=${id}&lang=en`);
    expect(one.body.data.version).toBe("5.2.0");
    expect(one.body.data.sections.length).toBeGreaterThan(0);
    expect(one.body.data.downloads.map((d) => d.system)).toEqual(["win64", "win32", "mac-x64", "mac-arm64", "linux"]);
    expect(one.body.data.next?.version).toBe("5.2.1");
    expect(one.body.data.prev?.version).toBe("5.1.2");
    expect((await get(productApi.release, "id=999999")).body.code).toBe(10404);
  });
});

describe("recording a release's files (npm run release:add)", () => {
  it("takes size and SHA-256 from the real file and the system from its name", async () => {
    const { recordReleaseFile } = await import("../../server/services/releases.server");
    const { systemOfFile } = await import("@contracts/release-checksums");
    expect(systemOfFile("FacetBrowser-5.3.0-win-x64.exe")).toBe("win64");
    expect(systemOfFile("FacetBrowser-5.3.0-win-x86.exe")).toBe("win32");
    expect(systemOfFile("FacetBrowser-5.3.0-mac-arm64.dmg")).toBe("mac-arm64");
    expect(systemOfFile("FacetBrowser-5.3.0-mac-x64.dmg")).toBe("mac-x64");
    expect(systemOfFile("facet_5.3.0_amd64.deb")).toBe("linux");
    expect(systemOfFile("notes.txt")).toBeNull();
    const dir = fs.mkdtempSync(path.resolve(".tmp", "release-add-"));
    const file = path.join(dir, "FacetBrowser-5.2.1-win-x64.exe");
    const bytes = Buffer.from("a real build, for this test");
    fs.writeFileSync(file, bytes);
    try {
      const digest = await recordReleaseFile(server.database.db, { version: "5.2.1", system: "win64", file });
      expect(digest).toEqual({ size: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") });
      const latest = (await get(productApi.latestClientVersion, "system=win64")).body.data;
      expect(latest).toMatchObject({ size: bytes.length, sha256: digest.sha256 });
      await expect(recordReleaseFile(server.database.db, { version: "9.9.9", system: "win64", file })).rejects.toThrow(/no release 9\.9\.9/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("FAQ, about and links", () => {
  it.each([["en"], ["zh"], ["th"]])("has at least 24 questions by topic in %s", async (lang: string) => {
    const { body } = await get(productApi.faq, `lang=${lang}`);
    const items = body.data.flatMap((g) => g.items);
    expect(items.length).toBeGreaterThanOrEqual(24);
    expect(new Set(items.map((i) => i.slug)).size).toBe(items.length);
    expect(items[0]!.answer).toMatch(/^<p>/);
  });

  it("tells the story, milestones, values and jobs, and lists the official links", async () => {
    const about = (await get(productApi.aboutEndpoint, "lang=jp")).body.data;
    expect(about.story).toMatch(/<p>/);
    expect(about.milestones.map((m) => m.year)).toEqual([2019, 2020, 2021, 2023, 2024, 2026]);
    expect(about.jobs.map((j) => j.id)).toContain("frontend-engineer");
    const links = (await get(productApi.linksEndpoint, "lang=ru")).body.data;
    // The website and the download page come from configuration (here the test server's one origin),
    // the chat's hosts from the chat settings, the rest from content/links.yaml.
    const items = links.flatMap((g) => g.items);
    expect(items.filter((i) => i.kind === "website").map((i) => i.url)).toEqual(["http://localhost:3000"]);
    expect(items.filter((i) => i.kind === "download").map((i) => i.url)).toEqual(["http://localhost:3000/ru/download"]);
    expect(items.filter((i) => i.kind === "channel")).toHaveLength(5);
    expect(items.filter((i) => i.kind === "support").map((i) => i.url)).toEqual([
      "mailto:support@facetbrowser.com",
      "http://localhost:3000/ru/helps",
      "https://chat.facetbrowser.example",
      "https://kefu.easemob.com",
    ]);
  });
});
