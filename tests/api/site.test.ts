import { describe, expect, it } from "vitest";
import type { Endpoint } from "../../server/api/endpoint.server";
import { apiUrl, readAnswer, type ApiAnswer, type ApiQuery, type OpenApiDocument } from "../support/api-answers";
import { serveForFile, type TestServer } from "../support/api-server";
import * as siteApi from "../../server/api/endpoints/site.server";

let server: TestServer;
serveForFile((started) => (server = started));

/** A request to `endpoint`: its answer typed by the endpoint (an error's data is `{ field }` or null). */
async function call<E extends Endpoint>(endpoint: E, query: ApiQuery = "", init?: RequestInit) {
  return readAnswer(await fetch(apiUrl(server.baseUrl, endpoint, query), init), endpoint);
}

/** A path no endpoint declares (none at all, the OpenAPI document, the health checks), read as the JSON the test expects. */
async function callPath<Body = ApiAnswer<unknown>["body"]>(path: string) {
  const res = await fetch(`${server.baseUrl}${path}`);
  return { status: res.status, headers: res.headers, body: (await res.json()) as Body };
}

describe("GET /api/home/base-info", () => {
  it("answers the English base info in the envelope", async () => {
    const { status, body } = await call(siteApi.baseInfo, "type=home&lang=en");
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    expect(typeof body.msg).toBe("string");
    expect(body.data.title).toMatch(/Facet Browser/);
    expect(body.data.title).toMatch(/Anti-Detect/i);
    expect(Object.keys(body.data).sort()).toEqual(["description", "keywords", "statistical_body", "statistical_title", "title"]);
  });

  it("answers each language's own texts", async () => {
    const zh = await call(siteApi.baseInfo, "lang=zh");
    const th = await call(siteApi.baseInfo, "lang=th");
    const en = await call(siteApi.baseInfo, "lang=en");
    expect(zh.body.data.title).toMatch(/[\u4e00-\u9fff]/);
    expect(th.body.data.title).toMatch(/[\u0e00-\u0e7f]/);
    expect(zh.body.data.title).not.toBe(en.body.data.title);
    expect(zh.body.msg).not.toBe(en.body.msg);
  });

  it("treats a missing or unsupported lang as English", async () => {
    const en = await call(siteApi.baseInfo, "lang=en");
    for (const q of ["", "?lang=xx", "?lang=EN", "?lang=en&lang=zh&lang[x]=1"]) {
      const res = await call(siteApi.baseInfo, q.slice(1));
      expect(res.status, q).toBe(200);
      expect(res.body.data.title, q).toBe(en.body.data.title);
    }
  });

  it("accepts POST as JSON, form-encoded and multipart, with lang in the body", async () => {
    const zh = (await call(siteApi.baseInfo, "lang=zh")).body.data.title;
    const json = await call(siteApi.baseInfo, "", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ type: "home", lang: "zh" }),
    });
    const form = await call(siteApi.baseInfo, "", { method: "POST", body: new URLSearchParams({ type: "home", lang: "zh" }) });
    const fd = new FormData();
    fd.set("type", "home");
    fd.set("lang", "zh");
    const multipart = await call(siteApi.baseInfo, "", { method: "POST", body: fd });
    for (const res of [json, form, multipart]) {
      expect(res.status).toBe(200);
      expect(res.body.data.title).toBe(zh);
    }
  });

  it("returns the statistics snippets editors set", async () => {
    await server.database.pool.query(
      `UPDATE site_settings SET statistical_title = '<meta name="stat-test" content="1">', statistical_body = '<noscript>stats</noscript>' WHERE lang = 'fr'`,
    );
    const { body } = await call(siteApi.baseInfo, "lang=fr");
    expect(body.data.statistical_title).toBe('<meta name="stat-test" content="1">');
    expect(body.data.statistical_body).toBe("<noscript>stats</noscript>");
  });

  it("rejects an unknown type with 400, code 10101 and the field, in the request's language", async () => {
    const en = await call(siteApi.baseInfo, "type=blog&lang=en");
    expect(en.status).toBe(400);
    expect(en.body).toEqual({ code: 10101, msg: "This value is not valid.", data: { field: "type" } });
    const zh = await call(siteApi.baseInfo, "type=blog&lang=zh");
    expect(zh.body.code).toBe(10101);
    expect(zh.body.msg).not.toBe(en.body.msg);
  });
});

describe("GET /api/home/category", () => {
  it("lists a type's categories with names in the language", async () => {
    const en = await call(siteApi.category, "type=blog&lang=en");
    const ru = await call(siteApi.category, "type=blog&lang=ru");
    expect(en.status).toBe(200);
    const slugs = en.body.data.map((c) => c.slug);
    expect(slugs).toEqual(["account-management", "browser-fingerprints", "guides", "use-cases"]);
    const first = en.body.data[0]!;
    expect(Object.keys(first).sort()).toEqual(["count", "id", "name", "parent_id", "slug", "sort"]);
    expect(first.name).toBe("Account management");
    expect(ru.body.data[0]!.name).toMatch(/[\u0400-\u04ff]/);
    expect(ru.body.data.map((c) => c.id)).toEqual(en.body.data.map((c) => c.id));
  });

  it("has help and news categories too", async () => {
    const help = await call(siteApi.category, "type=help&lang=jp");
    const news = await call(siteApi.category, "type=news");
    expect(help.body.data.length).toBeGreaterThan(3);
    expect(help.body.data[0]!.name).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    expect(news.body.data.map((c) => c.slug)).toContain("product-updates");
  });

  it("falls back to the English name when a translation is missing", async () => {
    await server.database.pool.query(
      `DELETE FROM category_translations WHERE lang = 'uk' AND category_id = (SELECT id FROM categories WHERE type = 'news' AND slug = 'announcements')`,
    );
    const { body } = await call(siteApi.category, "type=news&lang=uk");
    expect(body.data.find((c) => c.slug === "announcements")!.name).toBe("Announcements");
  });

  it("requires type (10100) and rejects bad values (10101)", async () => {
    const missing = await call(siteApi.category, "lang=en");
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ code: 10100, msg: "This field cannot be empty.", data: { field: "type" } });
    const blank = await call(siteApi.category, "type=");
    expect(blank.body.code).toBe(10100);
    const bad = await call(siteApi.category, "type=shop");
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(10101);
    const twice = await call(siteApi.category, "type=blog&type=news");
    expect(twice.status).toBe(400);
    expect(twice.body.data).toEqual({ field: "type" });
  });
});

describe("malformed requests get the envelope with a 4xx, never a 500", () => {
  const post = (body: BodyInit, contentType?: string) =>
    call(siteApi.baseInfo, "lang=en", {
      method: "POST",
      body,
      headers: contentType ? { "content-type": contentType } : undefined,
    });

  it("bad JSON is 400 / 10001", async () => {
    const res = await post("{ not json", "application/json");
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 10001, data: null });
  });

  it("a JSON value that is not an object is 400", async () => {
    for (const body of ['"text"', "[1,2]", "null", "42"]) {
      const res = await post(body, "application/json");
      expect(res.status, body).toBe(400);
      expect(res.body.code, body).toBeGreaterThan(0);
    }
  });

  it("wrong types are 400 / 10101", async () => {
    const res = await post(JSON.stringify({ type: 123, lang: "en" }), "application/json");
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 10101, data: { field: "type" } });
  });

  it("a huge body is 413 / 10413, in every format", async () => {
    const big = "x".repeat(200 * 1024);
    const json = await post(JSON.stringify({ type: "home", pad: big }), "application/json");
    const form = await post(`type=home&pad=${big}`, "application/x-www-form-urlencoded");
    const fd = new FormData();
    fd.set("pad", big);
    const multipart = await call(siteApi.baseInfo, "", { method: "POST", body: fd });
    for (const res of [json, form, multipart]) {
      expect(res.status).toBe(413);
      expect(res.body.code).toBe(10413);
    }
  });

  it("an unknown content type is 415 / 10415", async () => {
    for (const type of ["text/plain", "application/xml", "application/octet-stream"]) {
      const res = await post("<x/>", type);
      expect(res.status, type).toBe(415);
      expect(res.body.code).toBe(10415);
    }
  });

  it("a file upload is refused with 415, and broken multipart with 400", async () => {
    const fd = new FormData();
    fd.set("file", new Blob(["hello"]), "hello.txt");
    const file = await call(siteApi.baseInfo, "", { method: "POST", body: fd });
    expect(file.status).toBe(415);
    const broken = await post("--x\r\nnonsense", "multipart/form-data");
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe(10001);
  });

  it("an unknown endpoint is 404 / 10404 and a wrong method 405 with Allow", async () => {
    const missing = await callPath("/api/home/nothing-here?lang=zh");
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe(10404);
    expect(missing.body.msg).toMatch(/[\u4e00-\u9fff]/);
    const wrong = await call(siteApi.category, "type=blog", { method: "DELETE" });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("GET");
    expect(wrong.body.code).toBe(10405);
  });

  it("a broken percent-encoding is a 400", async () => {
    const res = await call(siteApi.category, "type=%E0%A4%A");
    expect(res.status).toBe(400);
    const path = await callPath("/api/home/%E0%A4%A");
    expect([400, 404]).toContain(path.status);
    expect(path.body.code).toBeGreaterThan(0);
  });
});

describe("OpenAPI document", () => {
  it("describes every endpoint from the validating schemas", async () => {
    const { status, body } = await callPath<OpenApiDocument>("/api/openapi.json");
    expect(status).toBe(200);
    expect(body.openapi).toBe("3.1.0");
    expect(Object.keys(body.paths)).toEqual(expect.arrayContaining(["/home/base-info", "/home/category"]));
    const get = body.paths["/home/category"]!.get!;
    const names = get.parameters!.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(["lang", "type"]));
    const type = get.parameters!.find((p) => p.name === "type")!;
    expect(type.required).toBe(true);
    expect(type.schema.enum).toEqual(["help", "blog", "news"]);
    expect(body.paths["/home/base-info"]!.post!.requestBody!.content).toHaveProperty("multipart/form-data");
    expect(get.responses["400"]!.description).toMatch(/10100/);
  });
});

describe("health", () => {
  it("/healthz says the process is up and /readyz that the database answers", async () => {
    const health = await callPath("/healthz");
    expect(health.status).toBe(200);
    const ready = await callPath<{ status: string }>("/readyz");
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe("ready");
    expect(health.headers.get("x-request-id")).toBeTruthy();
  });
});
