import { describe, expect, it } from "vitest";
import { LANG_KEYS } from "../../app/i18n/languages";
import type { Endpoint } from "../../server/api/endpoint.server";
import { apiUrl, readAnswer, type ApiQuery } from "../support/api-answers";
import { serveForFile, type TestServer, queryRows } from "../support/api-server";
import { USE_CASE_CHAIN as CHAIN } from "../support/use-case-chain";
import * as partnersApi from "../../server/api/endpoints/partners.server";
import * as referralApi from "../../server/api/endpoints/referral.server";
import * as useCasesApi from "../../server/api/endpoints/use-cases.server";
import * as productApi from "../../server/api/endpoints/product.server";

let server: TestServer;
serveForFile((started) => (server = started));

const q = <T>(text: string, params: unknown[] = []) => queryRows<T>(server, text, params);

async function get<E extends Endpoint>(endpoint: E, query: ApiQuery = "") {
  return readAnswer(await fetch(apiUrl(server.baseUrl, endpoint, query)), endpoint);
}

describe("use cases", () => {
  it("lists all 13 use cases in every language, in the previous/next order, and the solution pages apart", async () => {
    for (const lang of LANG_KEYS) {
      const { body } = await get(useCasesApi.useCaseList, `lang=${lang}`);
      expect(
        body.data.map((u) => u.slug),
        lang,
      ).toEqual(CHAIN);
      for (const u of body.data) expect(u.title.length && u.summary.length, `${lang}/${u.slug}`).toBeTruthy();
      const solutions = await get(useCasesApi.useCaseList, `lang=${lang}&kind=solution`);
      expect(solutions.body.data.map((u) => u.slug)).toEqual(["chat-apps"]);
    }
    expect((await get(useCasesApi.useCaseList, "kind=other")).body).toMatchObject({ code: 10101, data: { field: "kind" } });
  });

  it("chains previous and next as the specification pairs them; the ends have none", async () => {
    const pairs: [string, string][] = [
      ["media-market", "betting"],
      ["data-collection", "crypto"],
      ["price-comparison", "agencies"],
      ["self-examination", "ticketing"],
    ];
    for (const [from, to] of pairs) {
      expect((await get(useCasesApi.useCase, `slug=${from}`)).body.data.next?.slug).toBe(to);
      expect((await get(useCasesApi.useCase, `slug=${to}&lang=ru`)).body.data.prev?.slug).toBe(from);
    }
    expect((await get(useCasesApi.useCase, "slug=web-scraping")).body.data.next).toBeNull();
    expect((await get(useCasesApi.useCase, "slug=traffic")).body.data.prev).toBeNull();
  });

  it("answers a page's sections as sanitised HTML, its features and related articles that carry its tags", async () => {
    const { body } = await get(useCasesApi.useCase, "slug=e-commerce&lang=zh");
    const page = body.data;
    expect(page).toMatchObject({ slug: "e-commerce", kind: "scenario", apps: [] });
    expect(page.sections.length).toBeGreaterThanOrEqual(4);
    for (const s of page.sections) {
      expect(s.id).toBeTruthy();
      expect(s.html).toMatch(/<(p|ol|ul)>/);
      expect(s.html).not.toMatch(/<script|on\w+=/i);
    }
    expect(page.features.length).toBeGreaterThanOrEqual(3);
    expect(page.languages).toEqual(expect.arrayContaining([...LANG_KEYS]));
    const [{ tags }] = await q<{ tags: string[] }>("SELECT tags FROM use_cases WHERE slug = 'e-commerce'");
    for (const article of page.related_articles) {
      expect(article.tags.some((t) => tags.includes(t.slug))).toBe(true);
    }
  });

  it("answers the chat-app solution page with its apps and no chain", async () => {
    const { body } = await get(useCasesApi.useCase, "slug=chat-apps&lang=th");
    expect(body.data).toMatchObject({ kind: "solution", prev: null, next: null });
    expect(body.data.apps).toEqual(expect.arrayContaining(["WhatsApp", "Telegram", "LINE", "Zalo"]));
  });

  it("answers 10404 for an unknown slug, 10101 for a malformed one and 10100 without one", async () => {
    expect(await get(useCasesApi.useCase, "slug=gardening")).toMatchObject({ status: 404, body: { code: 10404, data: null } });
    expect(await get(useCasesApi.useCase, "slug=../etc")).toMatchObject({ status: 400, body: { code: 10101, data: { field: "slug" } } });
    expect(await get(useCasesApi.useCase)).toMatchObject({ status: 400, body: { code: 10100, data: { field: "slug" } } });
  });
});

describe("partners", () => {
  it("counts partners per type and per region; each filter's counts are within the other", async () => {
    const all = (await get(partnersApi.partnerTags, "lang=en")).body.data;
    const sum = (facets: { count: number }[]) => facets.reduce((n, f) => n + f.count, 0);
    expect(sum(all.types)).toBe(24);
    expect(all.types.map((t) => t.slug)).toEqual(["proxy", "automation", "payment", "agency", "affiliate-network", "education"]);
    expect(all.regions.length).toBe(10);

    const inEurope = (await get(partnersApi.partnerTags, "lang=en&region=europe")).body.data;
    const europe = all.regions.find((r) => r.slug === "europe")!.count;
    expect(sum(inEurope.types)).toBe(europe);
    for (const type of inEurope.types) {
      const listed = (await get(partnersApi.partnerList, `type=${type.slug}&region=europe&page_size=50`)).body.data;
      expect(listed.total, type.slug).toBe(type.count);
    }
    const zh = (await get(partnersApi.partnerTags, "lang=zh")).body.data;
    expect(zh.types[0]!.name).not.toBe(all.types[0]!.name);
  });

  it("filters by type, by region and by both, and pages within bounds", async () => {
    const first = (await get(partnersApi.partnerList, "lang=en")).body.data;
    expect(first).toMatchObject({ total: 24, page: 1, page_size: 12 });
    expect(first.list).toHaveLength(12);
    const second = (await get(partnersApi.partnerList, "lang=en&page=2")).body.data;
    expect(second.list).toHaveLength(12);
    expect(new Set([...first.list, ...second.list].map((p) => p.id)).size).toBe(24);
    expect((await get(partnersApi.partnerList, "page=3")).body.data.list).toEqual([]);

    const proxies = (await get(partnersApi.partnerList, "type=proxy&page_size=50")).body.data;
    expect(proxies.total).toBeGreaterThan(0);
    for (const p of proxies.list) expect(p.type.slug).toBe("proxy");
    const asia = (await get(partnersApi.partnerList, "region=southeast-asia&page_size=50")).body.data;
    for (const p of asia.list) expect(p.regions.map((r) => r.slug)).toContain("southeast-asia");
    const both = (await get(partnersApi.partnerList, "type=proxy&region=southeast-asia&page_size=50")).body.data;
    expect(both.total).toBe(proxies.list.filter((p) => p.regions.some((r) => r.slug === "southeast-asia")).length);
    expect(both.total).toBeLessThan(proxies.total);
    const none = (await get(partnersApi.partnerList, "type=education&region=africa")).body.data;
    expect(none).toMatchObject({ total: 0, list: [] });

    for (const bad of ["page=0", "page_size=0", "page_size=51", "page=abc"]) {
      const res = await get(partnersApi.partnerList, `${bad}`);
      expect(res, bad).toMatchObject({ status: 400, body: { code: 10101 } });
    }
    expect(await get(partnersApi.partnerList, "type=banks")).toMatchObject({ status: 400, body: { code: 10101, data: { field: "type" } } });
    expect(await get(partnersApi.partnerList, "region=mars")).toMatchObject({ status: 400, body: { code: 10101, data: { field: "region" } } });
  });

  it("describes each partner in every language", async () => {
    for (const lang of LANG_KEYS) {
      const { body } = await get(partnersApi.partnerList, `lang=${lang}&page_size=50`);
      expect(body.data.total, lang).toBe(24);
    }
  });

  it("answers a partner's details with sanitised HTML, its offer and website; 10404 when missing", async () => {
    const { body } = await get(partnersApi.partnerDetail, "id=1&lang=ru");
    expect(body.data).toMatchObject({ id: 1, name: "Northwind Proxies", type: { slug: "proxy" }, website: expect.stringMatching(/^https:\/\//) });
    expect(body.data.description).toMatch(/<p>/);
    expect(body.data.offer.length).toBeGreaterThan(5);
    expect(body.data.services.length).toBeGreaterThanOrEqual(3);
    expect(await get(partnersApi.partnerDetail, "id=999")).toMatchObject({ status: 404, body: { code: 10404 } });
    expect(await get(partnersApi.partnerDetail, "id=abc")).toMatchObject({ status: 400, body: { code: 10101, data: { field: "id" } } });
    expect(await get(partnersApi.partnerDetail)).toMatchObject({ status: 400, body: { code: 10100, data: { field: "id" } } });
    await q("UPDATE partners SET status = 'hidden' WHERE id = 24");
    try {
      expect((await get(partnersApi.partnerDetail, "id=24")).status).toBe(404);
      expect((await get(partnersApi.partnerList, "page_size=50")).body.data.total).toBe(23);
    } finally {
      await q("UPDATE partners SET status = 'published' WHERE id = 24");
    }
  });
});

describe("partner applications", () => {
  const VALID = {
    company: "Northwind Analytics",
    name: "Dana Kim",
    email: "dana@northwind-analytics.example",
    website: "https://northwind-analytics.example",
    type: "agency",
    regions: ["europe", "cis"],
    message: "We run ads for 40 e-commerce brands and want to offer our clients isolated profiles.",
  };
  let visitor = 0;
  function apply(body: Record<string, unknown>, options: { ip?: string; type?: "json" | "form" | "multipart"; headers?: Record<string, string> } = {}) {
    const ip = options.ip ?? `100.70.${++visitor >> 8}.${visitor & 255}`;
    const headers: Record<string, string> = { "x-forwarded-for": ip, ...options.headers };
    let payload: BodyInit;
    if (options.type === "form") {
      headers["content-type"] = "application/x-www-form-urlencoded";
      payload = new URLSearchParams(Object.entries(body).map(([k, v]) => [k, Array.isArray(v) ? v.join(",") : String(v)])).toString();
    } else if (options.type === "multipart") {
      const form = new FormData();
      for (const [k, v] of Object.entries(body)) form.append(k, Array.isArray(v) ? v.join(",") : String(v));
      payload = form;
    } else {
      headers["content-type"] = "application/json";
      payload = JSON.stringify(body);
    }
    return fetch(apiUrl(server.baseUrl, partnersApi.partnerApply), { method: "POST", headers, body: payload }).then((res) =>
      readAnswer(res, partnersApi.partnerApply),
    );
  }

  it("stores an application and announces it through the outbox, as JSON, form-encoded or multipart", async () => {
    for (const type of ["json", "form", "multipart"] as const) {
      const res = await apply({ lang: "ru", ...VALID, company: `Acme ${type}` }, { type });
      expect(res.status, type).toBe(200);
      expect(res.body).toMatchObject({ code: 0, data: { id: expect.any(Number), reference: expect.stringMatching(/^PA-[A-Z2-9]{8}$/) } });
      const [row] = await q<{ id: number }>("SELECT * FROM partner_applications WHERE id = $1", [res.body.data.id]);
      expect(row).toMatchObject({ company: `Acme ${type}`, contact_name: "Dana Kim", regions: ["europe", "cis"], lang: "ru", status: "new" });
      const [message] = await q<{ topic: string; payload: unknown }>(
        "SELECT topic, payload FROM outbox WHERE topic = 'partner.application' AND payload->>'id' = $1",
        [String(row.id)],
      );
      expect(message.payload).toMatchObject({ reference: res.body.data.reference, email: VALID.email, type: "agency" });
    }
  });

  it("refuses empty fields with 10100 and bad e-mail, website, type or region with 10101, in the request's language", async () => {
    for (const field of ["company", "name", "email", "website", "type", "message"]) {
      const res = await apply({ lang: "en", ...VALID, [field]: "  " });
      expect(res, field).toMatchObject({ status: 400, body: { code: 10100, data: { field } } });
    }
    expect(await apply({ lang: "en", ...VALID, regions: [] })).toMatchObject({ status: 400, body: { code: 10100, data: { field: "regions" } } });
    const bad: [string, unknown][] = [
      ["email", "dana@"],
      ["email", "not an address"],
      ["website", "javascript:alert(1)"],
      ["website", "ftp://files.example"],
      ["website", "https://localhost"],
      ["type", "bank"],
      ["regions", ["europe", "mars"]],
      ["regions", ["Europe!"]],
      ["company", "x".repeat(121)],
      ["message", "x".repeat(3001)],
      ["message", "half a pair \ud800"],
    ];
    for (const [field, value] of bad) {
      const res = await apply({ lang: "zh", ...VALID, [field]: value });
      expect(res, `${field}=${String(value).slice(0, 20)}`).toMatchObject({ status: 400, body: { code: 10101, data: { field } } });
      expect(res.body.msg).toMatch(/[\u4e00-\u9fff]/);
    }
    const [{ n }] = await q<{ n: number }>("SELECT count(*)::int AS n FROM partner_applications WHERE company = $1 AND lang = 'zh'", [VALID.company]);
    expect(n).toBe(0);
  });

  it("limits applications per visitor (10042 with Retry-After) and stores nothing refused", async () => {
    const ip = "203.0.113.77";
    const before = (await q<{ n: number }>("SELECT count(*)::int AS n FROM partner_applications"))[0]!.n;
    for (let i = 0; i < 3; i++) expect((await apply({ lang: "en", ...VALID }, { ip })).status).toBe(200);
    const refused = await apply({ lang: "en", ...VALID }, { ip });
    expect(refused).toMatchObject({ status: 429, body: { code: 10042 } });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const after = (await q<{ n: number }>("SELECT count(*)::int AS n FROM partner_applications"))[0]!.n;
    expect(after - before).toBe(3);
    // Another visitor is not affected.
    expect((await apply({ lang: "en", ...VALID })).status).toBe(200);
  });

  it("refuses a cross-site submission", async () => {
    const res = await apply({ lang: "en", ...VALID }, { headers: { "sec-fetch-site": "cross-site", origin: "https://evil.example" } });
    expect(res).toMatchObject({ status: 403, body: { code: 10403 } });
  });
});

describe("referral programme", () => {
  it("answers the commission, window, payout methods of the language and examples the price endpoint prices", async () => {
    const en = (await get(referralApi.referralConfigEndpoint, "lang=en")).body.data;
    expect(en.commission_percent).toBeGreaterThanOrEqual(10);
    expect(en.payout_methods).toHaveLength(3);
    const zh = (await get(referralApi.referralConfigEndpoint, "lang=zh")).body.data;
    expect(zh.payout_methods).toHaveLength(4);
    expect(zh.payout_methods.map((m) => m.key)).toContain("alipay");
    expect(en.examples).toEqual([
      { plan: "base", profiles: 100, billing: "yearly" },
      { plan: "base", profiles: 200, billing: "yearly" },
      { plan: "pro", profiles: 100, billing: "yearly" },
      { plan: "pro", profiles: 300, billing: "yearly" },
    ]);
    for (const example of en.examples) {
      const res = await fetch(apiUrl(server.baseUrl, productApi.price), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...example, lang: "en" }),
      });
      const quote = (await readAnswer(res, productApi.price)).body.data;
      expect(quote).toMatchObject({ ...example, months: 12, discount_percent: 20 });
    }
  });
});
