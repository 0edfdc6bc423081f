import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/api-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function get(p: string) {
  const res = await fetch(`${server.baseUrl}/api${p}`);
  return { status: res.status, body: (await res.json()) as any };
}

function price(fields: Record<string, string>, form = true) {
  return fetch(`${server.baseUrl}/api/payment/official-site/price`, {
    method: "POST",
    headers: { "content-type": form ? "application/x-www-form-urlencoded" : "application/json" },
    body: form ? new URLSearchParams(fields).toString() : JSON.stringify(fields),
  }).then(async (res) => ({ status: res.status, body: (await res.json()) as any }));
}

describe("pricing", () => {
  it("prices a plan monthly and yearly (20 % off twelve months), form-encoded or JSON, with extra members", async () => {
    const monthly = await price({ plan: "base", billing: "monthly", profiles: "10", lang: "en" });
    expect(monthly.body.data).toEqual({
      plan: "base", billing: "monthly", profiles: 10, members: 0, currency: "USD",
      unit_monthly: 9, months: 1, subtotal: 9, discount_percent: 0, total: 9,
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
      const { body } = await get(`/home/power/list?lang=${lang}`);
      expect(body.data.length).toBeGreaterThanOrEqual(20);
      const recycle = body.data.find((r: any) => r.key === "recycle-bin");
      expect(recycle.plans).toEqual({ free: false, base: false, pro: true, custom: true });
      const rpa = body.data.find((r: any) => r.key === "rpa");
      expect(typeof rpa.plans.base).toBe("string");
      if (lang !== "en") expect(recycle.name).not.toBe((await get("/home/power/list?lang=en")).body.data.find((r: any) => r.key === "recycle-bin").name);
    }
  });
});

describe("releases", () => {
  it("answer the latest version per system with a real file's size and checksum", async () => {
    const mac = await get("/sys-client-version/get-latest-version?system=mac-arm64&lang=zh");
    expect(mac.status).toBe(200);
    expect(mac.body.data).toMatchObject({ version: "5.2.1", url: expect.stringMatching(/^\/downloads\/FacetBrowser-5\.2\.1-mac-arm64\.dmg$/) });
    expect(mac.body.data.notes).toMatch(/<li>/);
    const file = path.resolve(".tmp", "test-data", "downloads", "FacetBrowser-5.2.1-mac-arm64.dmg");
    const bytes = fs.readFileSync(file);
    expect(mac.body.data.size).toBe(bytes.length);
    expect(mac.body.data.sha256).toBe(createHash("sha256").update(bytes).digest("hex"));
    expect((await get("/sys-client-version/get-latest-version?system=beos")).body.code).toBe(10101);
  });

  it("list releases newest first and show one with sections, downloads and neighbours", async () => {
    const list = await get("/home/release-list?lang=th&page_size=50");
    expect(list.body.data.total).toBeGreaterThanOrEqual(8);
    const versions = list.body.data.list.map((r: any) => r.version);
    expect(versions[0]).toBe("5.2.1");
    expect(list.body.data.list[0].summary).toMatch(/[\u0E00-\u0E7F]/);
    const id = list.body.data.list[1].id;
    const one = await get(`/home/release?id=${id}&lang=en`);
    expect(one.body.data.version).toBe("5.2.0");
    expect(one.body.data.sections.length).toBeGreaterThan(0);
    expect(one.body.data.downloads.map((d: any) => d.system)).toEqual(["win64", "win32", "mac-x64", "mac-arm64", "linux"]);
    expect(one.body.data.next.version).toBe("5.2.1");
    expect(one.body.data.prev.version).toBe("5.1.2");
    expect((await get("/home/release?id=999999")).body.code).toBe(10404);
  });
});

describe("recording a release's files (npm run release:add)", () => {
  it("takes size and SHA-256 from the real file and the system from its name", async () => {
    const { recordReleaseFile, systemOfFile } = await import("../../server/services/releases.server");
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
      const latest = (await get("/sys-client-version/get-latest-version?system=win64")).body.data;
      expect(latest).toMatchObject({ size: bytes.length, sha256: digest.sha256 });
      await expect(recordReleaseFile(server.database.db, { version: "9.9.9", system: "win64", file })).rejects.toThrow(/no release 9\.9\.9/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("FAQ, about and links", () => {
  it.each([["en"], ["zh"], ["th"]])("has at least 24 questions by topic in %s", async (lang) => {
    const { body } = await get(`/home/faq-list?lang=${lang}`);
    const items = body.data.flatMap((g: any) => g.items);
    expect(items.length).toBeGreaterThanOrEqual(24);
    expect(new Set(items.map((i: any) => i.slug)).size).toBe(items.length);
    expect(items[0].answer).toMatch(/^<p>/);
  });

  it("tells the story, milestones, values and jobs, and lists the official links", async () => {
    const about = (await get("/home/about?lang=jp")).body.data;
    expect(about.story).toMatch(/<p>/);
    expect(about.milestones.map((m: any) => m.year)).toEqual([2019, 2020, 2021, 2023, 2024, 2026]);
    expect(about.jobs.map((j: any) => j.id)).toContain("frontend-engineer");
    const links = (await get("/home/links?lang=ru")).body.data;
    expect(links.map((g: any) => g.items.length).reduce((a: number, b: number) => a + b, 0)).toBe(11);
    expect(links.flatMap((g: any) => g.items).every((i: any) => /^(https:\/\/|mailto:)/.test(i.url))).toBe(true);
  });
});
