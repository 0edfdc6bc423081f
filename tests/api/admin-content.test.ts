import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../server/logger.server";
import { seedDatabase } from "../../server/seed/seed.server";
import { createDocumentPreviewToken, publishDue, verifyDocumentPreviewToken } from "../../server/services/content.server";
import { fileText } from "../../server/content/documents.server";
import { startTestServer, type TestServer } from "../support/api-server";
import { signInAs, type StaffClient } from "../support/admin";
import type { Endpoint } from "../../server/api/endpoint.server";
import * as adminContentApi from "../../server/api/endpoints/admin-content.server";
import * as articlesApi from "../../server/api/endpoints/articles.server";
import * as siteApi from "../../server/api/endpoints/site.server";
import { apiUrl, errorData, readAnswer, type ApiQuery } from "../support/api-answers";

let server: TestServer;
let editor: StaffClient;
const logger = createLogger("silent");

beforeAll(async () => {
  server = await startTestServer();
  editor = await signInAs(server, "editor");
});
afterAll(async () => {
  await server.close();
});

const q = <T>(text: string, params: unknown[] = []) => server.database.pool.query(text, params).then((r) => r.rows as T[]);
/** A visitor's GET: the envelope of `endpoint`'s answer. */
const api = async <E extends Endpoint>(endpoint: E, query: ApiQuery) => (await readAnswer(await fetch(apiUrl(server.baseUrl, endpoint, query)), endpoint)).body;

const article = (title: string, extra = "") => `---
title: "${title}"
summary: "用于测试的文章。"
category: guides
tags: []
author: "编辑小王"
published_at: 2026-01-05T08:00:00Z
${extra}---

## 第一节

正文内容。
`;

describe("content documents", () => {
  it("lists the content files by kind and language, for content roles only", async () => {
    const list = await editor.get(adminContentApi.contentList, { kind: "faq" });
    expect(list.status).toBe(200);
    expect(list.body.data.list.map((d: { path: string }) => d.path)).toContain("faq/zh.yaml");
    expect(list.body.data.list.every((d: { kind: string; state: string }) => d.kind === "faq" && d.state === "file")).toBe(true);
    const support = await signInAs(server, "support");
    expect((await support.get(adminContentApi.contentList)).body.code).toBe(10407);
  });

  it("opens a file as its text, a new translation from its source, and a new article from a template", async () => {
    const existing = await editor.get(adminContentApi.contentDocument, { path: "faq/en.yaml" });
    expect(existing.body.data).toMatchObject({ state: "file", revision: 0, format: "yaml", public_path: "/faq" });
    expect(existing.body.data.source).toBe(fileText("faq/en.yaml"));
    const translated = await editor.get(adminContentApi.contentDocument, { path: "help/th/not-yet-a-file.md", from: "help/en/install-and-sign-in.md" });
    expect(translated.body.data.state).toBe("new");
    const fresh = await editor.get(adminContentApi.contentDocument, { path: "articles/zh/blog/brand-new.md" });
    expect(fresh.body.data.source).toMatch(/^---\ntitle: ""/);
    expect((await editor.get(adminContentApi.contentDocument, { path: "../package.json" })).body.code).toBe(10101);
    expect((await editor.get(adminContentApi.contentDocument, { path: "pricing.yaml" })).body.code).toBe(10101);
  });

  it("reports a link that names a language or no page, and a title carrying the brand, before anything is published", async () => {
    const path = "articles/th/blog/staff-links.md";
    const withLink = (link: string) => article("บทความจากหลังบ้าน").replace(/\n---\n[\s\S]*$/, `\n---\n\nดู[ราคา](${link})\n`);
    const ok = await editor.post(adminContentApi.contentSave, { path, source: withLink("/Pricing"), revision: 0 });
    expect(ok.body.data.problem).toBeNull();
    const prefixed = await editor.post(adminContentApi.contentSave, { path, source: withLink("/th/Pricing"), revision: 1 });
    expect(prefixed.body.data.problem).toMatch(/articles\/th\/blog\/staff-links\.md: \/th\/Pricing names a language: write \/Pricing/);
    const nowhere = await editor.post(adminContentApi.contentSave, { path, source: withLink("/pricing-plans"), revision: 2 });
    expect(nowhere.body.data.problem).toMatch(/\/pricing-plans: no page of the site has this address/);
    const refused = await editor.post(adminContentApi.contentPublish, { path, revision: 3 });
    expect(refused.status).toBe(422);
    expect(await q(`SELECT 1 FROM articles WHERE key = 'staff-links'`)).toHaveLength(0);
    const branded = await editor.post(adminContentApi.contentSave, {
      path,
      source: withLink("/Pricing").replace(/^title: .*$/m, '$&\nseo_title: "ราคา | Facet Browser"'),
      revision: 3,
    });
    expect(branded.body.data.problem).toMatch(/seo_title: must not end with "\| Facet Browser"/);
  });

  it("saves drafts with the importer's objection, refuses a stale revision, and publishes only a valid draft", async () => {
    const path = "articles/zh/blog/staff-written.md";
    const first = await editor.post(adminContentApi.contentSave, { path, source: article("后台写的文章"), revision: 0 });
    expect(first.body.data).toEqual({ revision: 1, problem: null });
    const broken = await editor.post(adminContentApi.contentSave, {
      path,
      source: article("后台写的文章").replace("category: guides", "category: nope"),
      revision: 1,
    });
    expect(broken.body.data.problem).toMatch(/unknown blog category "nope"/);
    // Someone else still holding revision 1 cannot overwrite revision 2.
    const stale = await editor.post(adminContentApi.contentSave, { path, source: "x", revision: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe(10409);

    const refused = await editor.post(adminContentApi.contentPublish, { path, revision: 2 });
    expect(refused.status).toBe(422);
    expect(errorData(refused)?.detail).toMatch(/articles\/zh\/blog\/staff-written\.md: unknown blog category/);
    expect(await q(`SELECT 1 FROM articles WHERE key = 'staff-written'`)).toHaveLength(0);

    await editor.post(adminContentApi.contentSave, { path, source: article("后台写的文章"), revision: 2 });
    const published = await editor.post(adminContentApi.contentPublish, { path, revision: 3 });
    expect(published.body.code).toBe(0);
    const [row] = await q<{ id: number; title: string }>(`SELECT id, title FROM articles WHERE lang = 'zh' AND key = 'staff-written'`);
    expect(row!.title).toBe("后台写的文章");
    const shown = await api(articlesApi.article, { lang: "zh", id: String(row!.id) });
    expect(shown.data.title).toBe("后台写的文章");

    const audit = await q<{ action: string; staff_email: string }>(
      `SELECT action, staff_email FROM audit_log WHERE entity = 'content' AND entity_id = $1 ORDER BY id`,
      [path],
    );
    expect(audit.map((a) => a.action)).toEqual(["save-draft", "save-draft", "save-draft", "publish"]);
    expect(audit.every((a) => a.staff_email === editor.email)).toBe(true);
  });

  it("publishes a scheduled draft by itself at its time, once, whichever process runs the job", async () => {
    const path = "articles/zh/news/scheduled-news.md";
    const source = article("定时发布的新闻").replace("category: guides", "category: announcements");
    await editor.post(adminContentApi.contentSave, { path, source, revision: 0 });
    const past = await editor.post(adminContentApi.contentSchedule, { path, revision: 1, at: new Date(Date.now() - 60_000).toISOString() });
    expect(past.body.code).toBe(10101);
    const at = new Date(Date.now() + 1500).toISOString();
    const scheduled = await editor.post(adminContentApi.contentSchedule, { path, revision: 1, at });
    expect(scheduled.body.data.publish_at).toBe(at);
    expect(await publishDue(server.database.db, logger)).toBe(0);
    expect(await q(`SELECT 1 FROM articles WHERE key = 'scheduled-news'`)).toHaveLength(0);

    await new Promise((r) => setTimeout(r, 1700));
    // Two processes at once: exactly one publishes it.
    const counts = await Promise.all([publishDue(server.database.db, logger), publishDue(server.database.db, logger)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await q(`SELECT 1 FROM articles WHERE key = 'scheduled-news' AND status = 'published'`)).toHaveLength(1);
    const doc = await editor.get(adminContentApi.contentDocument, { path });
    expect(doc.body.data).toMatchObject({ state: "published", publish_at: null });
    const audit = await q<{ action: string }>(`SELECT action FROM audit_log WHERE entity_id = $1 ORDER BY id`, [path]);
    expect(audit.map((a) => a.action)).toContain("publish-scheduled");
  });

  it("lists each document in the state its editor shows: the file, a draft of it, published, drafted again", async () => {
    const path = "faq/tr.yaml";
    const states = async () => {
      const listed = (await editor.get(adminContentApi.contentList, { kind: "faq", language: "tr" })).body.data.list.find((d) => d.path === path)!;
      const opened = (await editor.get(adminContentApi.contentDocument, { path })).body.data;
      return [listed.state, opened.state];
    };
    expect(await states()).toEqual(["file", "file"]);
    const file = (await editor.get(adminContentApi.contentDocument, { path })).body.data.source;
    // A draft saved as the file reads is what the site shows; one that differs is a draft.
    await editor.post(adminContentApi.contentSave, { path, source: file, revision: 0 });
    expect(await states()).toEqual(["published", "published"]);
    const edited = file.replace(/question: "?([^\n"]+)/, 'question: "$1 (düzenlendi)');
    expect(edited).not.toBe(file);
    await editor.post(adminContentApi.contentSave, { path, source: edited, revision: 1 });
    expect(await states()).toEqual(["draft", "draft"]);
    expect((await editor.post(adminContentApi.contentPublish, { path, revision: 2 })).body.code).toBe(0);
    expect(await states()).toEqual(["published", "published"]);
    const { revision } = (await editor.get(adminContentApi.contentDocument, { path })).body.data;
    expect((await editor.post(adminContentApi.contentSave, { path, source: file, revision })).status).toBe(200);
    expect(await states()).toEqual(["draft", "draft"]);
  });

  it("keeps a staff edit when the content files are imported again (the import never overwrites it)", async () => {
    const path = "faq/en.yaml";
    const opened = await editor.get(adminContentApi.contentDocument, { path });
    const edited = opened.body.data.source.replace("What is Facet Browser, and who is it for?", "What is Facet Browser? (edited by staff)");
    await editor.post(adminContentApi.contentSave, { path, source: edited, revision: 0 });
    expect((await editor.post(adminContentApi.contentPublish, { path, revision: 1 })).body.code).toBe(0);
    const question = () =>
      q<{ question: string }>(
        `SELECT t.question FROM faq_item_translations t JOIN faq_items i ON i.id = t.item_id WHERE i.slug = 'what-is-facet-browser' AND t.lang = 'en'`,
      );
    expect((await question())[0]!.question).toBe("What is Facet Browser? (edited by staff)");

    await seedDatabase(server.database.db, logger);
    expect((await question())[0]!.question).toBe("What is Facet Browser? (edited by staff)");
    const listed = await editor.get(adminContentApi.contentList, { kind: "faq", language: "en" });
    expect(listed.body.data.list[0]).toMatchObject({ path, state: "published" });
  }, 120_000); // the whole start-up seed runs again

  it("edits the site texts (base info and statistics snippet) of one language", async () => {
    const path = "site/fr.json";
    const opened = await editor.get(adminContentApi.contentDocument, { path });
    const data = JSON.parse(opened.body.data.source);
    data.title = "Facet Browser — navigateur anti-détection (modifié)";
    await editor.post(adminContentApi.contentSave, { path, source: JSON.stringify(data, null, 2), revision: 0 });
    expect((await editor.post(adminContentApi.contentPublish, { path, revision: 1 })).body.code).toBe(0);
    const info = await api(siteApi.baseInfo, { lang: "fr", type: "home" });
    expect(info.data.title).toBe(data.title);
    const bad = await editor.post(adminContentApi.contentSave, { path, source: "{ not json", revision: 1 });
    expect(bad.body.data.problem).toMatch(/site\/fr\.json: not valid JSON/);
  });

  it("discards a draft back to what is live, and a never-published document entirely", async () => {
    const path = "help/en/staff-discard-test.md";
    await editor.post(adminContentApi.contentSave, { path, source: "---\ntitle: x\n---\n", revision: 0 });
    expect((await editor.post(adminContentApi.contentDiscard, { path, revision: 1 })).body.code).toBe(0);
    expect(await q(`SELECT 1 FROM content_documents WHERE path = $1`, [path])).toHaveLength(0);
  });

  it("signs preview links for 10 minutes, for one document", async () => {
    const token = await createDocumentPreviewToken(server.database.db, "faq/en.yaml");
    expect(await verifyDocumentPreviewToken(server.database.db, token)).toBe("faq/en.yaml");
    expect(await verifyDocumentPreviewToken(server.database.db, token, Date.now() + 11 * 60_000)).toBeNull();
    const [payload, expiry, signature] = token.split(".");
    const forged = `${Buffer.from("faq/zh.yaml").toString("base64url")}.${expiry}.${signature}`;
    expect(await verifyDocumentPreviewToken(server.database.db, forged)).toBeNull();
    expect(payload).toBeTruthy();
    const link = await editor.post(adminContentApi.contentPreviewLink, { path: "faq/en.yaml" });
    expect(link.body.data.url).toMatch(/\/preview\/[\w-]+\.\d+\.[\w-]+$/);
  });
});
