/**
 * The site search (docs/decisions/0030) against the real PostgreSQL: in each of the 13 languages,
 * a word inside a sentence, two words far apart in any order and a one-letter typo in a long word
 * find the language's fixture article; word forms find what the base form finds; drafts and
 * scheduled articles stay hidden; fallbacks are marked; misses are logged once and counted, and
 * staff see them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANG_KEYS, type LangKey } from "~/i18n/languages";
import { importArticles, importHelpArticles, FrontMatter, HelpFrontMatter } from "../../server/content/import.server";
import { createLogger } from "../../server/logger.server";
import { syncSearchIndex } from "../../server/infrastructure/search-index.server";
import { signInAs } from "../support/admin";
import type { Endpoint } from "../../server/api/endpoint.server";
import * as searchApi from "../../server/api/endpoints/search.server";
import { apiUrl, readAnswer, type ApiData, type ApiQuery } from "../support/api-answers";
import { startTestServer, type TestServer } from "../support/api-server";
import * as adminModerationApi from "../../server/api/endpoints/admin-moderation.server";
import * as articlesApi from "../../server/api/endpoints/articles.server";
import { search } from "../../server/services/search.server";
import type { SearchHit } from "@contracts/search-types";

let server: TestServer;
const logger = createLogger("silent");

/** One help article per language: its text, and three queries that must find it. */
const FIXTURES: Record<LangKey, { title: string; body: string; inside: string; apart: string; typo: string }> = {
  en: {
    title: "Keeping a warehouse of profiles tidy",
    body: "When a team grows, the warehouse of browser profiles needs regular housekeeping. Archive profiles nobody opened for a month. Rename the rest so colleagues understand them. Finally, review which subscriptions are still paid for.",
    inside: "housekeeping",
    apart: "subscriptions warehouse",
    typo: "houskeeping",
  },
  zh: {
    title: "整理团队的环境仓库",
    body: "团队扩大以后，浏览器环境需要定期整理。请先检查每个环境的代理 IP 是否仍然有效，遇到 Cloudflare 验证时不要急着换环境。最后，和同事一起核对仓库里的付费套餐。",
    inside: "代理IP",
    apart: "套餐 整理",
    typo: "Cloudflar",
  },
  tc: {
    title: "整理團隊的環境倉庫",
    body: "團隊擴大以後，瀏覽器環境需要定期整理。請先檢查每個環境的代理 IP 是否仍然有效，遇到 Cloudflare 驗證時先別急著換環境。最後，和同事一起核對倉庫裡的付費方案。",
    inside: "代理IP",
    apart: "方案 整理",
    typo: "Clouflare",
  },
  jp: {
    title: "チームのプロファイル倉庫を整理する",
    body: "チームが大きくなると、ブラウザのプロファイルは定期的な整理が必要です。まず各プロファイルのプロキシ設定がまだ有効か確認し、Cloudflare の認証が続く場合は慌てて作り直さないでください。最後に、有料プランを同僚と見直します。",
    inside: "プロキシ設定",
    apart: "有料 整理",
    typo: "Cloudfare",
  },
  th: {
    title: "จัดระเบียบคลังโปรไฟล์ของทีม",
    body: "เมื่อทีมใหญ่ขึ้น โปรไฟล์เบราว์เซอร์ต้องได้รับการจัดระเบียบเป็นประจำ ก่อนอื่นให้ตรวจสอบว่าพร็อกซีของแต่ละโปรไฟล์ยังใช้งานได้ จากนั้นเก็บโปรไฟล์ที่ไม่ได้เปิดมาหนึ่งเดือนเข้าคลัง สุดท้ายทบทวนแพ็กเกจที่ยังจ่ายเงินอยู่กับเพื่อนร่วมงาน",
    inside: "พร็อกซี",
    apart: "แพ็กเกจ คลัง",
    typo: "เบราว์เซอร",
  },
  ru: {
    title: "Порядок в хранилище профилей команды",
    body: "Когда команда растёт, браузерные профили нужно регулярно приводить в порядок. Сначала проверьте, работают ли прокси каждого профиля. Затем архивируйте профили, которые никто не открывал месяц. Напоследок сверьте с коллегами оплаченные тарифы.",
    inside: "прокси",
    apart: "тарифы хранилище",
    typo: "архевируйте",
  },
  uk: {
    title: "Лад у сховищі профілів команди",
    body: "Коли команда зростає, браузерні профілі треба регулярно впорядковувати. Спершу перевірте, чи працюють проксі кожного профілю. Потім архівуйте профілі, які ніхто не відкривав місяць. Наостанок звірте з колегами оплачені тарифи.",
    inside: "проксі",
    apart: "тарифи сховищі",
    typo: "впорядкувувати",
  },
  vn: {
    title: "Dọn dẹp kho hồ sơ trình duyệt của nhóm",
    body: "Khi nhóm lớn dần, các hồ sơ trình duyệt cần được dọn dẹp thường xuyên. Trước tiên hãy kiểm tra proxy của từng hồ sơ còn hoạt động không. Sau đó lưu trữ những hồ sơ không ai mở trong một tháng. Cuối cùng, rà soát các gói trả phí cùng đồng nghiệp.",
    inside: "proxy",
    apart: "nghiệp dọn",
    typo: "nghiep",
  },
  es: {
    title: "Ordenar el almacén de perfiles del equipo",
    body: "Cuando el equipo crece, los perfiles del navegador necesitan una limpieza periódica. Primero comprueba que los proxies de cada perfil siguen funcionando. Después archiva los perfiles que nadie abrió en un mes. Por último, revisa con tus compañeros las suscripciones que seguís pagando.",
    inside: "proxies",
    apart: "suscripciones almacén",
    typo: "periodica",
  },
  pt: {
    title: "Organizar o acervo de perfis da equipe",
    body: "Quando a equipe cresce, os perfis do navegador precisam de uma faxina periódica. Primeiro confira se os proxies de cada perfil continuam funcionando. Depois arquive os perfis que ninguém abriu em um mês. Por fim, revise com os colegas as assinaturas que ainda estão sendo pagas.",
    inside: "proxies",
    apart: "assinaturas acervo",
    typo: "faxima",
  },
  fr: {
    title: "Ranger l’entrepôt de profils de l’équipe",
    body: "Quand l’équipe grandit, les profils du navigateur demandent un rangement régulier. Vérifiez d’abord que les proxys de chaque profil fonctionnent encore. Archivez ensuite les profils que personne n’a ouverts depuis un mois. Enfin, passez en revue avec vos collègues les abonnements encore payés.",
    inside: "proxys",
    apart: "abonnements entrepôt",
    typo: "rangment",
  },
  tr: {
    title: "Ekibin profil deposunu düzenlemek",
    body: "Ekip büyüdükçe tarayıcı profillerinin düzenli olarak toparlanması gerekir. Önce her profilin proxy ayarlarının hâlâ çalıştığını kontrol edin. Sonra bir aydır kimsenin açmadığı profilleri arşivleyin. Son olarak ödenen abonelikleri çalışma arkadaşlarınızla gözden geçirin.",
    inside: "proxy",
    apart: "abonelikleri deposunu",
    typo: "arşivleyn",
  },
  hi: {
    title: "टीम के प्रोफ़ाइल भंडार को व्यवस्थित करना",
    body: "टीम बढ़ने पर ब्राउज़र प्रोफ़ाइलों को नियमित रूप से व्यवस्थित करना पड़ता है। पहले जाँचें कि हर प्रोफ़ाइल की प्रॉक्सी अब भी काम कर रही है। फिर उन प्रोफ़ाइलों को संग्रहित करें जिन्हें महीने भर से किसी ने नहीं खोला। आख़िर में सहकर्मियों के साथ चालू सब्सक्रिप्शन की समीक्षा करें।",
    inside: "प्रॉक्सी",
    apart: "सब्सक्रिप्शन भंडार",
    typo: "सहकर्मियो",
  },
};

const helpFile = (lang: LangKey, key: string, front: Record<string, unknown>, body: string) => ({
  file: `fixture/help/${lang}/${key}.md`,
  lang,
  key,
  hash: `fixture-${lang}-${key}-${JSON.stringify(front).length}-${body.length}`,
  front: HelpFrontMatter.parse({ category: "proxies", author: "Fixture", updated_at: "2026-01-05", ...front }),
  body,
});

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  await importHelpArticles(db, logger, [
    ...LANG_KEYS.map((lang) => helpFile(lang, "search-fixture", { title: FIXTURES[lang].title }, FIXTURES[lang].body)),
    // Only in English, and only in simplified Chinese: the fallbacks.
    helpFile("en", "search-only-english", { title: "Heliotrope colour profiles" }, "A heliotrope theme for profile colours."),
    helpFile("zh", "search-only-chinese", { title: "紫罗兰主题" }, "为环境列表设置紫罗兰主题颜色。"),
    // A draft is never found.
    helpFile("en", "search-draft", { title: "Zeppelin queue", status: "draft" }, "The zeppelinqueue draft."),
  ]);
  await importArticles(db, logger, [
    {
      file: "fixture/articles/en/blog/search-scheduled.md",
      lang: "en",
      type: "blog",
      key: "search-scheduled",
      hash: "fixture-scheduled",
      front: FrontMatter.parse({ title: "Zeppelin schedule", category: "guides", author: "Fixture", published_at: "2099-01-05" }),
      body: "The zeppelinschedule article is published in 2099.",
    },
    // The ranking window (docs/decisions/0057): both words in the title, one of them, or none.
    ...(
      [
        ["window-both-new", "Quokka lantern walks", "A note.", "2025-05-01"],
        ["window-both-old", "Lantern for a quokka", "A note.", "2024-05-01"],
        ["window-one-word", "Quokka habits", "The lantern of the house.", "2025-01-01"],
        ["window-none-new", "Newest field notes", "A quokka holds a lantern.", "2026-03-01"],
        ["window-none-old", "Older field notes", "A quokka and a lantern.", "2023-03-01"],
      ] as const
    ).map(([key, title, body, publishedAt]) => ({
      file: `fixture/articles/en/blog/${key}.md`,
      lang: "en" as const,
      type: "blog" as const,
      key,
      hash: `fixture-${key}`,
      front: FrontMatter.parse({ title, category: "guides", author: "Fixture", published_at: publishedAt }),
      body,
    })),
  ]);
  await syncSearchIndex(db, logger);
});
afterAll(async () => {
  await server.close();
});

async function get<E extends Endpoint>(endpoint: E, query: ApiQuery = "", headers: Record<string, string> = {}) {
  return readAnswer(await fetch(apiUrl(server.baseUrl, endpoint, query), { headers }), endpoint);
}

const searchFor = (lang: string, q: string, extra = "") => get(searchApi.siteSearch, `lang=${lang}&page_size=50&q=${encodeURIComponent(q)}${extra}`);
const keysOf = (body: { data: ApiData<typeof searchApi.siteSearch> }) => body.data.list.map((h) => `${h.kind}:${h.key}`);

describe("site search, in each of the 13 languages", () => {
  describe.each(LANG_KEYS)("%s", (lang) => {
    const f = FIXTURES[lang];
    it.each([
      ["a word inside a sentence", f.inside],
      ["two words far apart, in the other order", f.apart],
      ["a one-letter typo in a long word", f.typo],
    ])("finds %s (%s)", async (_what, q) => {
      const res = await searchFor(lang, q, "&kind=help");
      expect(res.status).toBe(200);
      const hit = res.body.data.list.find((h) => h.key === "search-fixture");
      expect(hit, `${lang}: ${q}`).toMatchObject({ kind: "help", lang, fallback: false, path: expect.stringMatching(/^\/helps\/\d+$/) });
    });
  });

  it.each(LANG_KEYS)("tells a word as it is written from a near one (%s)", async (lang) => {
    // Languages without a stemmer decide this on the document's vector, the others on its term arrays.
    const f = FIXTURES[lang];
    const exact = (await searchFor(lang, f.inside, "&kind=help")).body.data.list.find((h) => h.key === "search-fixture");
    const near = (await searchFor(lang, f.typo, "&kind=help")).body.data.list.find((h) => h.key === "search-fixture");
    expect(exact?.match, `${lang}: ${f.inside}`).toBe("exact");
    // Spanish finds "periodica" by the stem of "periódica": found, either way not as written.
    expect(near?.match, `${lang}: ${f.typo}`).toMatch(/^(near|stem)$/);
  });

  it("finds 代理IP where the text says 代理 IP, on the blog's own search too", async () => {
    const joined = await get(articlesApi.articleList, `type=blog&lang=zh&page_size=50&keyword=${encodeURIComponent("代理IP")}`);
    const spaced = await get(articlesApi.articleList, `type=blog&lang=zh&page_size=50&keyword=${encodeURIComponent("代理 IP")}`);
    expect(spaced.body.data.total).toBeGreaterThan(0);
    expect(joined.body.data.list.map((a) => a.id).sort()).toEqual(spaced.body.data.list.map((a) => a.id).sort());
  });

  it.each([
    ["en", "fingerprint", "fingerprints"],
    ["es", "perfil", "perfiles"],
    ["ru", "аккаунт", "аккаунтов"],
  ])("finds with a word form (%s: %s / %s) what the base form finds", async (lang, base, form) => {
    const a = await searchFor(lang, base);
    const b = await searchFor(lang, form);
    expect(a.body.data.total).toBeGreaterThan(0);
    expect(b.body.data.groups).toEqual(a.body.data.groups);
    const helpA = await searchFor(lang, base, "&kind=help");
    const helpB = await searchFor(lang, form, "&kind=help");
    expect(new Set(keysOf(helpB.body))).toEqual(new Set(keysOf(helpA.body)));
  });

  it("ranks title matches first and marks the matched words", async () => {
    const res = await searchFor("en", "warehouse");
    const first = res.body.data.list[0]!;
    expect(first).toMatchObject({ key: "search-fixture", in_title: true, match: "exact" });
    const [start, end] = first.title_marks[0]!;
    expect(first.title.slice(start, end)).toBe("warehouse");
    expect((await searchFor("en", "houskeeping")).body.data.list[0]).toMatchObject({ key: "search-fixture", match: "near" });
    // Another form of a title word is in the title too: "profile" for "profiles", by the title's stems.
    const form = (await searchFor("en", "profile", "&kind=help")).body.data.list.find((h) => h.key === "search-fixture");
    expect(form).toMatchObject({ in_title: true, match: "stem" });
  });

  it.each([
    ["en", "proxy", ""],
    ["en", "proxy", "&kind=blog"],
    ["zh", "代理", ""],
    ["th", "โปรไฟล์", ""],
  ])("pages through %s %s%s in the order of one long list", async (lang, q, extra) => {
    // Only matches that can reach the page are ranked: pages that end inside and beyond the title matches.
    const whole = (await searchFor(lang, q, extra)).body.data;
    const inTitle = whole.list.filter((h) => h.in_title).length;
    expect(whole.total, `${lang} ${q}`).toBeGreaterThan(3);
    const paged: string[] = [];
    for (let page = 1; paged.length < Math.min(whole.total, 50); page++) {
      const res = await get(searchApi.siteSearch, `lang=${lang}&page_size=3&page=${page}&q=${encodeURIComponent(q)}${extra}`);
      expect(res.body.data.total).toBe(whole.total);
      if (!res.body.data.list.length) break;
      paged.push(...keysOf(res.body));
    }
    const shown = Math.min(whole.total, 50);
    expect(paged.slice(0, shown)).toEqual(keysOf({ data: whole }).slice(0, shown));
    if (lang === "en" && !extra) expect(inTitle, "pages end both inside and beyond the title matches").toBeGreaterThan(3);
  });

  it("drops stop words of stemmed languages, unless the query is nothing else", async () => {
    expect(keysOf((await searchFor("en", "the warehouse of")).body)).toContain("help:search-fixture");
    expect((await searchFor("en", "the")).body.data.total).toBeGreaterThan(0);
  });

  it("never finds drafts or scheduled articles", async () => {
    for (const q of ["zeppelinqueue", "zeppelinschedule"]) expect((await searchFor("en", q)).body.data.total, q).toBe(0);
    expect((await get(articlesApi.articleList, `type=blog&lang=en&keyword=zeppelinschedule`)).body.data.total).toBe(0);
  });

  it("shows the visitor's language first and marks what comes from the fallback chain", async () => {
    const th = await searchFor("th", "heliotrope");
    expect(th.body.data.list.find((h) => h.key === "search-only-english")).toMatchObject({ lang: "en", fallback: true });
    const tc = await searchFor("tc", "紫罗兰");
    expect(tc.body.data.list.find((h) => h.key === "search-only-chinese")).toMatchObject({ lang: "zh", fallback: true });
    // Translated into Thai: the Thai version or nothing, never the English one as a fallback.
    const english = await searchFor("th", "housekeeping");
    expect(english.body.data.list.some((h) => h.key === "search-fixture")).toBe(false);
    // Each item once.
    const all = await searchFor("th", "โปรไฟล์");
    expect(new Set(keysOf(all.body)).size).toBe(all.body.data.list.length);
  });

  it("counts per kind and keeps one kind with ?kind=", async () => {
    const all = await searchFor("en", "proxy");
    const groups = all.body.data.groups as { kind: string; count: number }[];
    expect(groups.length).toBeGreaterThan(2);
    expect(all.body.data.total).toBe(groups.reduce((n, g) => n + g.count, 0));
    const faq = await searchFor("en", "proxy", "&kind=faq");
    expect(faq.body.data.list.every((h) => h.kind === "faq" && h.path.startsWith("/faq#"))).toBe(true);
    expect(faq.body.data.total).toBe(groups.find((g) => g.kind === "faq")!.count);
  });

  it("counts each kind up to the cap and says so past it (docs/decisions/0055)", async () => {
    const db = server.database.db;
    const query = { q: "proxy", lang: "en" as const, page: 1, pageSize: 20 };
    const exact = await search(db, { ...query, countCap: null });
    const counted = new Map(exact.groups.map((g) => [g.kind, g.count]));
    // A cap between the kinds' counts: some are capped, some are not.
    const cap = [...counted.values()].sort((a, b) => a - b)[Math.floor(counted.size / 2)]!;
    expect(Math.min(...counted.values())).toBeLessThanOrEqual(cap);
    expect(Math.max(...counted.values())).toBeGreaterThan(cap);
    const capped = await search(db, { ...query, countCap: cap });
    expect(exact.groups.every((g) => !g.capped) && !exact.total_capped).toBe(true);
    expect(capped.groups).toEqual(exact.groups.map((g) => ({ kind: g.kind, count: Math.min(g.count, cap), capped: g.count > cap })));
    expect(capped.total).toBe(capped.groups.reduce((n, g) => n + g.count, 0));
    expect(capped.total_capped).toBe(true);
    // One kind listed: its own count and flag.
    const big = exact.groups.find((g) => g.count > cap)!;
    const one = await search(db, { ...query, listKind: big.kind, countCap: cap });
    expect(one).toMatchObject({ total: cap, total_capped: true });
    // The site search counts up to SEARCH_COUNT_CAP by default, as the API says.
    expect((await search(db, query)).groups).toEqual(exact.groups);
    expect((await searchFor("en", "proxy")).body.data).toMatchObject({ total_capped: false, groups: exact.groups });
    // The blog's keyword list says whether its total is "at least"; a plain listing's total is exact and says nothing.
    const keyword = await get(articlesApi.articleList, "type=blog&lang=en&keyword=proxy");
    expect(keyword.body.data).toMatchObject({ total: expect.any(Number), total_capped: false });
    expect((await get(articlesApi.articleList, "type=blog&lang=en")).body.data).not.toHaveProperty("total_capped");
  });

  it("ranks, of each kind, language and part, only as many matches as it counts: the newest (docs/decisions/0057)", async () => {
    const db = server.database.db;
    const query = { q: "proxy", lang: "en" as const, page: 1, pageSize: 5000 };
    const exact = await search(db, { ...query, countCap: null });
    const cap = Math.max(2, Math.floor(Math.max(...exact.groups.map((g) => g.count)) / 3));
    const capped = await search(db, { ...query, countCap: cap });
    const id = (h: SearchHit) => `${h.kind}:${h.lang}:${h.id}`;
    const part = (h: SearchHit) => `${h.lang} ${h.in_title ? "title" : "rest"} ${h.kind}`;
    // The window takes matches away and never reorders what it keeps.
    const kept = new Set(capped.list.map(id));
    expect(capped.list.map(id)).toEqual(exact.list.filter((h) => kept.has(id(h))).map(id));
    expect(capped.list.length).toBeLessThan(exact.list.length);
    const time = (h: SearchHit) => (h.published_at ? Date.parse(h.published_at) : -Infinity);
    for (const name of new Set(exact.list.map(part))) {
      const all = exact.list.filter((h) => part(h) === name);
      const inWindow = all.filter((h) => kept.has(id(h)));
      expect(inWindow.length, name).toBe(Math.min(all.length, cap));
      // One word: a match has it in its title or is of the other part, so the window keeps the newest.
      const oldestKept = Math.min(...inWindow.map(time));
      for (const dropped of all.filter((h) => !kept.has(id(h)))) expect(time(dropped), name).toBeLessThanOrEqual(oldestKept);
    }
    // Every page the pager offers is full, up to its last. A capped kind's windows (its title
    // matches and the others) can hold more than its count, which then says "at least".
    const last = Math.ceil(capped.total / 7);
    for (const page of [1, Math.ceil(last / 2), last]) {
      const list = (await search(db, { ...query, countCap: cap, page, pageSize: 7 })).list;
      expect(list.length, `page ${page} of ${last}`).toBeGreaterThanOrEqual(page < last ? 7 : capped.total - 7 * (last - 1));
    }
  });

  it("fills the window with the matches that have more of the words in their title before newer ones (docs/decisions/0057)", async () => {
    const db = server.database.db;
    const keys = async (countCap: number | null) =>
      (await search(db, { q: "quokka lantern", lang: "en", kinds: ["blog"], fallback: false, page: 1, pageSize: 10, countCap })).list.map((h) => h.key);
    const all = await keys(null);
    expect(all.slice(0, 2).sort()).toEqual(["window-both-new", "window-both-old"]);
    expect(all.slice(2).sort()).toEqual(["window-none-new", "window-none-old", "window-one-word"]);
    // One of each part: the newest title match, and the match with a word in its title over a newer one without.
    expect(await keys(1)).toEqual(["window-both-new", "window-one-word"]);
    const two = await keys(2);
    expect(two.slice(2).sort()).toEqual(["window-none-new", "window-one-word"]);
  });

  it("answers bad input with 400 in the envelope", async () => {
    for (const [query, code] of [
      ["lang=en", 10100],
      ["lang=en&q=%20%20", 10100],
      ["lang=en&q=x&kind=people", 10101],
      ["lang=en&q=x&page=0", 10101],
      [`lang=en&q=${"a".repeat(101)}`, 10101],
    ] as const) {
      const res = await get(searchApi.siteSearch, query);
      expect(res.status, query).toBe(400);
      expect(res.body.code, query).toBe(code);
    }
    // Operators and quotes are words, never tsquery syntax.
    for (const q of ["a & !b | c:*", "o'reilly \\", "<->", "'"]) expect((await searchFor("en", q)).status, q).toBe(200);
  });
});

describe("searches without results", () => {
  it("are logged once per normalised query and language, counted, and listed for staff by count", async () => {
    const q = "Quasar   Teleportation";
    for (let i = 0; i < 3; i++) expect((await searchFor("en", q)).body.data.total).toBe(0);
    await get(searchApi.siteSearch, `lang=en&q=${encodeURIComponent("nebula drive")}`);
    const rows = async () =>
      (await server.database.pool.query("SELECT scope, query, count FROM search_misses WHERE lang = 'en' AND query LIKE 'quasar%'")).rows;
    await expect.poll(async () => (await rows())[0]?.count).toBe(3);
    expect(await rows()).toEqual([{ scope: "site", query: "quasar teleportation", count: 3 }]);
    const editor = await signInAs(server, "editor");
    const list = (await editor.get(adminModerationApi.helpSearchMisses, { language: "en" })).body.data.list;
    const at = list.findIndex((m) => m.query === "quasar teleportation");
    expect(list[at]).toMatchObject({ scope: "site", count: 3 });
    await expect
      .poll(async () => (await editor.get(adminModerationApi.helpSearchMisses, { language: "en" })).body.data.list.findIndex((m) => m.query === "nebula drive"))
      .toBeGreaterThan(at);
  });

  it("are logged for the blog's and news' own searches too", async () => {
    await get(articlesApi.articleList, `type=news&lang=fr&keyword=${encodeURIComponent("licorne violette")}`);
    await expect
      .poll(async () => (await server.database.pool.query("SELECT scope, count FROM search_misses WHERE lang = 'fr' AND query = 'licorne violette'")).rows)
      .toEqual([{ scope: "news", count: 1 }]);
  });
});

describe("the index follows its sources", () => {
  it("indexes only what changed, and drops what is gone", async () => {
    const db = server.database.db;
    expect(await syncSearchIndex(db, logger)).toEqual({ indexed: 0, removed: 0 });
    await server.database.pool.query("UPDATE help_articles SET source_hash = 'changed' WHERE lang = 'en' AND key = 'search-fixture'");
    expect(await syncSearchIndex(db, logger)).toEqual({ indexed: 1, removed: 0 });
    await server.database.pool.query("DELETE FROM help_articles WHERE lang = 'zh' AND key = 'search-only-chinese'");
    expect(await syncSearchIndex(db, logger)).toEqual({ indexed: 0, removed: 1 });
    expect((await searchFor("zh", "紫罗兰")).body.data.list.some((h) => h.key === "search-only-chinese")).toBe(false);
    // The lexicon forgets the terms no published document has any more.
    const { rows } = await server.database.pool.query("SELECT 1 FROM search_lexicon WHERE lang = 'zh' AND term = '紫罗兰'");
    expect(rows).toEqual([]);
  });
});
