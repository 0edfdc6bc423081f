import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seal } from "../../app/lib/seal";
import { ConfigError, loadConfig } from "../../server/config.server";
import { pruneUsageEvents } from "../../server/services/usage.server";
import { signInAs, type StaffClient } from "../support/admin";
import { startTestServer, type TestServer, queryRows } from "../support/api-server";
import * as adminInsightsApi from "../../server/api/endpoints/admin-insights.server";
import * as trackingApi from "../../server/api/endpoints/tracking.server";
import { apiUrl, readAnswer } from "../support/api-answers";

let server: TestServer;
let admin: StaffClient;
let editor: StaffClient;
let support: StaffClient;
beforeAll(async () => {
  server = await startTestServer();
  [admin, editor, support] = await Promise.all([signInAs(server, "admin"), signInAs(server, "editor"), signInAs(server, "support")]);
});
afterAll(async () => {
  await server.close();
});

const q = <T>(text: string, params: unknown[] = []) => queryRows<T>(server, text, params);

/** One stored usage event, `daysAgo` days before now (at the same time of day). */
async function event(
  kind: "view" | "click" | "expose" | "error",
  data: Record<string, unknown>,
  options: { url?: string; lang?: string; daysAgo?: number; device?: string } = {},
) {
  const codes = { view: [0, 22], click: [3, 23], expose: [5, 24], error: [6, 25] }[kind];
  await q(
    `INSERT INTO usage_events (kind, event_type, object_type, occurred_at, url, lang, device_id, data)
     VALUES ($1, $2, $3, now() - make_interval(days => $4), $5, $6, $7, $8)`,
    [
      kind,
      codes[0],
      codes[1],
      options.daysAgo ?? 0,
      options.url ?? "https://www.facet.test/pricing",
      options.lang ?? "en",
      options.device ?? "device-aaaa-0001",
      JSON.stringify({ kind, ...data }),
    ],
  );
}

describe("usage report", () => {
  beforeAll(async () => {
    await q("DELETE FROM usage_events");
    await q("DELETE FROM usage_dropped");
    await event("view", {}, { url: "https://www.facet.test/zh/pricing?from=ad", lang: "zh", device: "device-bbbb-0002" });
    await event("view", {}, { url: "https://www.facet.test/zh/pricing", lang: "zh", device: "device-bbbb-0002" });
    await event("view", {}, { url: "https://www.facet.test/pricing#plans", lang: "en" });
    await event("view", {}, { url: "https://www.facet.test/blog", lang: "en", daysAgo: 2 });
    await event("view", {}, { url: "https://www.facet.test/ru/blog", lang: "ru", daysAgo: 20 });
    await event("view", {}, { url: "https://www.facet.test/ru/blog", lang: "ru", daysAgo: 120 });
    for (let i = 0; i < 3; i++) await event("click", { key: "pricing-cta", content: "See pricing", target_url: "https://www.facet.test/pricing?x=1" });
    await event("click", { key: "", content: "Download", target_url: "https://cdn.example.com/facet.exe" });
    for (let i = 0; i < 4; i++) await event("expose", { key: "plan-pro", content: "Pro" });
    await event("expose", { key: "plan-base", content: "Base" }, { daysAgo: 40 });
    await event("error", { error_type: 100102, error_message: "x is not defined" }, { url: "https://www.facet.test/zh/blog?p=2", lang: "zh" });
    await event("error", { error_type: 100102, error_message: "x is not defined" }, { url: "https://www.facet.test/zh/blog", lang: "zh" });
    await event("error", { error_type: 100101, error_message: "img failed to load", target_url: "https://www.facet.test/a.png" }, { daysAgo: 1 });
    await q("INSERT INTO usage_dropped (day, count) VALUES (current_date, 5), (current_date - 60, 7)");
  });

  it("answers the last 7 days by default period rules: totals, days, pages, languages, clicks, impressions and errors", async () => {
    const res = await admin.get(adminInsightsApi.adminUsageReport, { days: "7" });
    expect(res.status).toBe(200);
    const r = res.body.data;
    expect(r.days).toBe(7);
    expect(r.totals).toEqual({ views: 4, clicks: 4, impressions: 4, errors: 3, devices: 2, dropped: 5 });
    expect(r.daily).toHaveLength(7);
    expect(r.daily.at(-1)).toMatchObject({ views: 3, clicks: 4, impressions: 4, errors: 2 });
    expect(r.daily.reduce((n: number, d: { views: number }) => n + d.views, 0)).toBe(4);
    expect(r.from).toBe(r.daily[0]!.day);
    // One page across languages: the language prefix, query and fragment are not part of it.
    expect(r.pages).toEqual([
      { page: "/pricing", views: 3 },
      { page: "/blog", views: 1 },
    ]);
    expect(r.languages).toEqual([
      { lang: "en", views: 2 },
      { lang: "zh", views: 2 },
    ]);
    expect(r.clicks).toEqual([
      { key: "pricing-cta", content: "See pricing", target: "www.facet.test/pricing", clicks: 3 },
      { key: "", content: "Download", target: "cdn.example.com/facet.exe", clicks: 1 },
    ]);
    expect(r.impressions).toEqual([{ key: "plan-pro", impressions: 4 }]);
    expect(r.errors).toEqual([
      { error_type: 100101, errors: 1 },
      { error_type: 100102, errors: 2 },
    ]);
    expect(r.errorMessages).toEqual([
      { error_type: 100102, message: "x is not defined", page: "/zh/blog", errors: 2 },
      { error_type: 100101, message: "img failed to load", page: "/pricing", errors: 1 },
    ]);
  });

  it("widens to 30 and 90 days; 30 when no period is given; other periods are refused", async () => {
    const d30 = (await admin.get(adminInsightsApi.adminUsageReport, { days: "30" })).body.data;
    expect(d30.totals.views).toBe(5);
    expect(d30.languages).toContainEqual({ lang: "ru", views: 1 });
    expect(d30.daily).toHaveLength(30);
    const d90 = (await editor.get(adminInsightsApi.adminUsageReport, { days: "90" })).body.data;
    expect(d90.totals).toMatchObject({ views: 5, impressions: 5, dropped: 12 });
    expect(d90.impressions).toContainEqual({ key: "plan-base", impressions: 1 });
    expect((await admin.get(adminInsightsApi.adminUsageReport)).body.data.days).toBe(30);
    const bad = await admin.get(adminInsightsApi.adminUsageReport, { days: "12" });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(10101);
  });

  it("reads a daily roll-up that follows every event stored, changed and deleted (docs/decisions/0054)", async () => {
    const rollUp = () =>
      q<{ day: string; kind: string; a: string; b: string; c: string; events: number }>(
        "SELECT day::text, kind, a, b, c, events FROM usage_daily ORDER BY 1, 2, 3, 4, 5",
      );
    const fromEvents = () =>
      q<{ day: string; kind: string; a: string; b: string; c: string; events: number }>(
        `SELECT (e.occurred_at AT TIME ZONE 'UTC')::date::text AS day, e.kind, d.a, d.b, d.c, count(*)::int AS events
         FROM usage_events e CROSS JOIN LATERAL usage_event_dims(e.kind, e.url, e.lang, e.data) d GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`,
      );
    const devices = () => q("SELECT day::text, device_id, events FROM usage_daily_devices ORDER BY 1, 2");
    const devicesFromEvents = () =>
      q("SELECT (occurred_at AT TIME ZONE 'UTC')::date::text AS day, device_id, count(*)::int AS events FROM usage_events GROUP BY 1, 2 ORDER BY 1, 2");
    expect(await rollUp()).toEqual(await fromEvents());
    expect((await rollUp()).length).toBeGreaterThan(5);
    expect(await devices()).toEqual(await devicesFromEvents());

    // A page's views moved to another page, a device's events given to another, and the oldest pruned.
    await q("UPDATE usage_events SET url = 'https://www.facet.test/download' WHERE kind = 'view' AND url = 'https://www.facet.test/blog'");
    await q("UPDATE usage_events SET device_id = 'device-cccc-0003' WHERE device_id = 'device-bbbb-0002'");
    await pruneUsageEvents(server.database.db, 30);
    expect(await rollUp()).toEqual(await fromEvents());
    expect(await devices()).toEqual(await devicesFromEvents());
    expect((await rollUp()).every((r) => r.events > 0)).toBe(true);
    const d90 = (await admin.get(adminInsightsApi.adminUsageReport, { days: "90" })).body.data;
    expect(d90.totals).toMatchObject({ views: 5, impressions: 4, devices: 2 });
    expect(d90.pages).toContainEqual({ page: "/download", views: 1 });
    expect(d90.pages.some((p: { page: string }) => p.page === "/blog")).toBe(true);
  });

  it("refuses support staff and visitors without a session", async () => {
    const res = await support.get(adminInsightsApi.adminUsageReport);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(10407);
    const anonymous = await fetch(`${server.baseUrl}/api/admin/usage`);
    expect(anonymous.status).toBe(401);
  });
});

describe("usage retention", () => {
  it("USAGE_RETENTION_DAYS defaults to 90 (the staff report's longest period) and must be a whole number of days", () => {
    expect(loadConfig({}).USAGE_RETENTION_DAYS).toBe(90);
    expect(loadConfig({ USAGE_RETENTION_DAYS: "30" }).USAGE_RETENTION_DAYS).toBe(30);
    expect(() => loadConfig({ USAGE_RETENTION_DAYS: "0" })).toThrow(ConfigError);
    expect(() => loadConfig({ USAGE_RETENTION_DAYS: "a year" })).toThrow(/USAGE_RETENTION_DAYS/);
  });

  it("deletes events and dropped counts older than the retention, and nothing younger", async () => {
    await q("DELETE FROM usage_events");
    await q("DELETE FROM usage_dropped");
    await event("view", {}, { daysAgo: 401 });
    await event("click", { key: "old" }, { daysAgo: 450 });
    await event("view", {}, { daysAgo: 399 });
    await event("error", { error_type: 100102, error_message: "recent" }, { daysAgo: 0 });
    await q("INSERT INTO usage_dropped (day, count) VALUES (current_date - 402, 3), (current_date - 10, 2)");
    expect(await pruneUsageEvents(server.database.db, 400)).toBe(2);
    const left = await q<{ kind: string; age: number }>("SELECT kind, extract(day FROM now() - occurred_at)::int AS age FROM usage_events ORDER BY age");
    expect(left.map((r) => [r.kind, r.age])).toEqual([
      ["error", 0],
      ["view", 399],
    ]);
    expect(await q<{ count: number }>("SELECT count FROM usage_dropped")).toEqual([{ count: 2 }]);
    expect(await pruneUsageEvents(server.database.db, 400)).toBe(0);
  });

  it("never stores an event later than its arrival, so a wrong browser clock cannot keep it past the retention", async () => {
    const config = (await readAnswer(await fetch(apiUrl(server.baseUrl, trackingApi.trackConfig)), trackingApi.trackConfig)).body.data;
    const future = Date.now() + 30 * 86_400_000;
    const view = {
      kind: "view",
      event_type: 0,
      object_type: 22,
      at: future,
      url: "https://www.facet.test/clock",
      lang: "en",
      device_id: "device-clock-0001",
      screen_w: 1,
      screen_h: 1,
      dpr: 1,
    };
    const sealed = (await seal(JSON.stringify([view]), config.public_key, config.key_id)) as unknown as Record<string, string>;
    const form = new FormData();
    for (const [k, v] of Object.entries(sealed)) form.set(k, v);
    expect((await fetch(`${server.baseUrl}/api/track/collect`, { method: "POST", body: form, headers: { "x-forwarded-for": "100.96.0.1" } })).status).toBe(204);
    const [stored] = await q<{ late: boolean }>("SELECT occurred_at <= received_at AS late FROM usage_events WHERE url = 'https://www.facet.test/clock'");
    expect(stored.late).toBe(true);
    await q("DELETE FROM usage_events WHERE url = 'https://www.facet.test/clock'");
  });

  it("deletes a large backlog in batches", async () => {
    await q(`
      INSERT INTO usage_events (kind, event_type, object_type, occurred_at, url, lang, device_id, data)
      SELECT 'view', 0, 22, now() - interval '500 days', 'https://www.facet.test/', 'en', 'device-bulk-0001', '{}'::jsonb FROM generate_series(1, 12000)`);
    expect(await pruneUsageEvents(server.database.db, 400)).toBe(12000);
    expect((await q<{ n: number }>("SELECT count(*)::int AS n FROM usage_events"))[0].n).toBe(2);
  });
});

describe("translation coverage", () => {
  type Cell = {
    lang: string;
    status: string;
    path: string | null;
    from: string | null;
    have: number | null;
    need: number | null;
    source: boolean;
    draft: boolean;
  };
  type Row = { kind: string; key: string; title: string; source_lang: string; cells: Cell[] };
  const coverage = async (query: Record<string, string> = {}, as = admin) => {
    const res = await as.get("/admin/translations", query);
    expect(res.status).toBe(200);
    return res.body.data as {
      langs: string[];
      rows: Row[];
      counts: { lang: string; current: number; total: number }[];
      summary: Record<string, number>;
      total_rows: number;
    };
  };
  const row = (data: { rows: Row[] }, kind: string, key: string) => data.rows.find((r) => r.kind === kind && r.key === key)!;
  const cell = (r: Row, lang: string) => r.cells.find((c) => c.lang === lang)!;

  it("lists every kind of content and every interface namespace in the 13 languages", async () => {
    const data = await coverage();
    expect(data.langs).toHaveLength(13);
    const kinds = new Set(data.rows.map((r) => r.kind));
    expect([...kinds]).toEqual(["blog", "news", "help", "faq", "releases", "partners", "use-cases", "solutions", "site", "interface"]);
    for (const r of data.rows) expect(r.cells.map((c) => c.lang)).toEqual(data.langs);
    const article = row(data, "blog", "how-browser-fingerprinting-works");
    expect(article.source_lang).toBe("en");
    expect(cell(article, "en")).toMatchObject({ source: true, status: "current", path: "articles/en/blog/how-browser-fingerprinting-works.md" });
    expect(cell(row(data, "help", "add-proxy"), "fr").path).toBe("help/fr/add-proxy.md");
    expect(cell(row(data, "faq", "faq"), "ru").path).toBe("faq/ru.yaml");
    expect(cell(row(data, "releases", "5.2.1"), "jp").path).toBe("releases/jp/5.2.1.yaml");
    expect(cell(row(data, "partners", "partners"), "tr").path).toBe("partners/tr.yaml");
    expect(cell(row(data, "site", "site"), "zh")).toMatchObject({ path: "site/zh.json", status: "current" });
    const ns = row(data, "interface", "common");
    expect(ns.cells.every((c) => c.status === "current" && c.path === null)).toBe(true);
    // An article written only in English: every other language is missing, translated from the English file.
    const only = row(data, "blog", "fingerprint-report-2027");
    expect(cell(only, "zh")).toMatchObject({
      status: "missing",
      path: "articles/zh/blog/fingerprint-report-2027.md",
      from: "articles/en/blog/fingerprint-report-2027.md",
    });
    expect(data.counts).toHaveLength(13);
    expect(data.counts.every((c) => c.total === data.rows.length && c.current <= c.total)).toBe(true);
    expect(Object.values(data.summary).reduce((a, b) => a + b, 0)).toBe(data.rows.length * 13);
  });

  it("shows a deleted language version as MISSING, with the source to translate from", async () => {
    const before = await coverage({ kind: "blog" });
    expect(cell(row(before, "blog", "proxy-setup-guide"), "fr").status).toBe("current");
    await q("DELETE FROM articles WHERE lang = 'fr' AND type = 'blog' AND key = 'proxy-setup-guide'");
    await q("DELETE FROM use_case_translations WHERE lang = 'th' AND use_case_id = (SELECT id FROM use_cases WHERE kind = 'solution' LIMIT 1)");
    const after = await coverage();
    expect(cell(row(after, "blog", "proxy-setup-guide"), "fr")).toMatchObject({
      status: "missing",
      path: "articles/fr/blog/proxy-setup-guide.md",
      from: "articles/en/blog/proxy-setup-guide.md",
      source: false,
    });
    const solution = after.rows.find((r) => r.kind === "solutions")!;
    expect(cell(solution, "th")).toMatchObject({ status: "missing", path: `solutions/th/${solution.key}.md`, from: `solutions/en/${solution.key}.md` });
    const fr = (d: typeof before) => d.counts.find((c) => c.lang === "fr")!.current;
    expect(fr(await coverage({ kind: "blog" }))).toBe(fr(before) - 1);
  });

  it("shows a version OLDER when its English source changed after it, and current again once it is edited", async () => {
    await q("UPDATE articles SET updated_at = now() WHERE lang = 'en' AND type = 'news' AND key = 'users-800k'");
    let data = await coverage({ kind: "news" });
    const news = row(data, "news", "users-800k");
    expect(cell(news, "en").status).toBe("current");
    expect(cell(news, "de" as string)).toBeUndefined();
    for (const lang of ["zh", "ru", "jp"]) expect(cell(news, lang).status).toBe("older");
    // A staff edit published after the source's change makes that version current.
    await q(`INSERT INTO content_documents (path, kind, lang, draft_source, published_source, published_at, updated_at)
             VALUES ('articles/ru/news/users-800k.md', 'article', 'ru', 'x', 'x', now() + interval '1 hour', now())`);
    await q(`INSERT INTO content_documents (path, kind, lang, draft_source, published_source)
             VALUES ('articles/jp/news/users-800k.md', 'article', 'jp', 'a draft', NULL)`);
    data = await coverage({ kind: "news" });
    expect(cell(row(data, "news", "users-800k"), "ru").status).toBe("current");
    expect(cell(row(data, "news", "users-800k"), "jp")).toMatchObject({ status: "older", draft: true });

    // FAQ: one English answer changed a day after the translations; a question missing in Russian.
    await q(
      "UPDATE faq_item_translations SET updated_at = now() + interval '1 day' WHERE lang = 'en' AND item_id = (SELECT min(item_id) FROM faq_item_translations)",
    );
    await q("DELETE FROM faq_item_translations WHERE lang = 'ru' AND item_id = (SELECT max(item_id) FROM faq_item_translations)");
    data = await coverage({ kind: "faq" });
    const faq = row(data, "faq", "faq");
    expect(cell(faq, "en")).toMatchObject({ status: "current", source: true });
    expect(cell(faq, "fr").status).toBe("older");
    expect(cell(faq, "ru")).toMatchObject({ status: "incomplete" });
    expect(cell(faq, "ru").have).toBe(cell(faq, "ru").need! - 1);

    // Release notes have no time of their own: a published staff edit of the English notes gives the source one.
    await q(`INSERT INTO content_documents (path, kind, lang, draft_source, published_source, published_at)
             VALUES ('releases/en/5.2.1.yaml', 'release', 'en', 'x', 'x', now())`);
    data = await coverage({ kind: "releases" });
    expect(cell(row(data, "releases", "5.2.1"), "vn").status).toBe("older");
    expect(cell(row(data, "releases", "5.2.0"), "vn").status).toBe("current");
  });

  it("takes the Chinese version as the source of an article written only in Chinese", async () => {
    await q(`INSERT INTO articles (type, lang, key, category_id, title, content_html, author, published_at, updated_at, source_hash)
             SELECT 'blog', 'zh', 'only-in-chinese', category_id, '只有中文', '<p>正文</p>', '编辑', now(), now(), 'x'
             FROM articles WHERE type = 'blog' LIMIT 1`);
    const data = await coverage({ kind: "blog", problems: "true" });
    const r = row(data, "blog", "only-in-chinese");
    expect(r).toMatchObject({ source_lang: "zh", title: "只有中文" });
    expect(cell(r, "zh")).toMatchObject({ status: "current", source: true });
    expect(cell(r, "en")).toMatchObject({ status: "missing", from: "articles/zh/blog/only-in-chinese.md" });
  });

  it("filters by kind and to rows with problems", async () => {
    const help = await coverage({ kind: "help" });
    expect(help.rows.length).toBeGreaterThan(5);
    expect(help.rows.every((r) => r.kind === "help")).toBe(true);
    const problems = await coverage({ problems: "true" });
    expect(problems.rows.length).toBeGreaterThan(0);
    expect(problems.rows.every((r) => r.cells.some((c) => c.status !== "current"))).toBe(true);
    expect(problems.rows.some((r) => r.kind === "interface")).toBe(false);
    expect(problems.total_rows).toBeGreaterThan(problems.rows.length);
    const bad = await admin.get(adminInsightsApi.adminTranslationCoverage, { kind: "pricing" });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(10101);
  });

  it("answers editors and refuses support staff", async () => {
    expect((await coverage({ kind: "site" }, editor)).rows).toHaveLength(1);
    const res = await support.get(adminInsightsApi.adminTranslationCoverage);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(10407);
  });
});
