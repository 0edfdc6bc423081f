/**
 * Ids and other whole numbers are read strictly at every endpoint (contracts/whole-numbers.ts):
 * a JSON integer or digits-only text, nothing else. z.coerce.number() used to read `true` and
 * `[1]` as 1, so `{"id": true}` deleted comment 1 and made a password link for staff member 1.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs, type StaffClient } from "../support/admin";
import { startTestServer, type TestServer } from "../support/api-server";
import * as adminModerationApi from "../../server/api/endpoints/admin-moderation.server";
import * as adminStaffApi from "../../server/api/endpoints/admin-staff.server";
import { readAnswer } from "../support/api-answers";

let server: TestServer;
let support: StaffClient;
let admin: StaffClient;
beforeAll(async () => {
  server = await startTestServer();
  [support, admin] = await Promise.all([signInAs(server, "support"), signInAs(server, "admin")]);
});
afterAll(async () => {
  await server.close();
});

const q = <T>(text: string, params: unknown[] = []) => server.database.pool.query(text, params).then((r) => r.rows as T[]);

let visitor = 0;
async function call(path: string, init: { body?: unknown; form?: Record<string, string> } = {}) {
  visitor++;
  const headers: Record<string, string> = { "x-forwarded-for": `100.92.${visitor >> 8}.${visitor & 255}` };
  let body: string | undefined;
  if (init.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(init.form).toString();
  } else if (init.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(init.body);
  }
  const res = await fetch(`${server.baseUrl}/api${path}`, { method: body === undefined ? "GET" : "POST", headers, body });
  return readAnswer(res);
}

/** Not ids, as a JSON body may carry them. */
const NOT_IDS: unknown[] = [true, false, null, [1], ["1"], [], {}, "", " 1", "1 ", "1e3", "0x1", "+1", 1.5, "1.0", 0, -1, 2_147_483_648, "99999999999"];

describe("a boolean (or anything but a whole number) is not an id", () => {
  it("staff cannot delete comment 1 with {id: true}, nor with [1]; comment 1 is still there", async () => {
    const [article] = await q<{ id: number }>("SELECT id FROM articles WHERE status = 'published' ORDER BY id LIMIT 1");
    await q("INSERT INTO comments (id, article_id, name, content) VALUES (1, $1, 'First', 'The first comment') ON CONFLICT (id) DO NOTHING", [article!.id]);
    for (const id of NOT_IDS) {
      const res = await support.post(adminModerationApi.commentDelete, { id });
      expect(res.status, JSON.stringify(id)).toBe(400);
      expect(res.body.data, JSON.stringify(id)).toEqual({ field: "id" });
    }
    expect(await q("SELECT id FROM comments WHERE id = 1")).toHaveLength(1);
    expect(await q("SELECT 1 FROM audit_log WHERE entity = 'comment' AND action = 'delete'")).toHaveLength(0);
  });

  it("an admin gets no password link for staff member 1 with {id: true}", async () => {
    for (const id of [true, [1], "1e0", null]) {
      const res = await admin.post(adminStaffApi.staffResetLink, { id });
      expect(res.status, JSON.stringify(id)).toBe(400);
    }
  });

  it("public JSON bodies refuse them too: a help vote, a comment, a cancellation, a price", async () => {
    const [help] = await q<{ id: number }>("SELECT id FROM help_articles WHERE status = 'published' ORDER BY id LIMIT 1");
    const [article] = await q<{ id: number; lang: string }>("SELECT id, lang FROM articles WHERE status = 'published' ORDER BY id LIMIT 1");
    for (const bad of [true, [help!.id], "1e3", " 1", null]) {
      expect((await call("/help/article/solve", { body: { id: bad, solved: true, lang: "en" } })).status, JSON.stringify(bad)).toBe(400);
      expect(
        (await call("/home/article-comment", { body: { article_id: bad, name: "A", content: "B", lang: article!.lang } })).status,
        JSON.stringify(bad),
      ).toBe(400);
      expect((await call("/help/subscribe-cancel", { body: { id: bad, token: "x".repeat(20), lang: "en" } })).status, JSON.stringify(bad)).toBe(400);
      expect(
        (await call("/payment/official-site/price", { body: { plan: "base", billing: "monthly", profiles: bad, lang: "en" } })).status,
        JSON.stringify(bad),
      ).toBe(400);
    }
  });

  it("a query string's value must be digits only", async () => {
    const [article] = await q<{ id: number }>("SELECT id FROM articles WHERE status = 'published' ORDER BY id LIMIT 1");
    expect((await call(`/home/article?id=${article!.id}`)).status).toBe(200);
    for (const bad of ["true", "%20" + article!.id, `${article!.id}%20`, "1e3", "0x1", "", "1.0", `${article!.id}&id=${article!.id}`]) {
      const res = await call(`/home/article?id=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.data, bad).toEqual({ field: "id" });
    }
    expect((await call("/home/article-list?type=blog&page=%201")).status).toBe(400);
    expect((await call("/home/article-list?type=blog&page_size=1e1")).status).toBe(400);
  });

  it("still takes a JSON integer, and digits in a form body (the spec's own calls)", async () => {
    const json = await call("/payment/official-site/price", { body: { plan: "base", billing: "monthly", profiles: 10, members: 0, lang: "en" } });
    expect(json).toMatchObject({ status: 200, body: { data: { profiles: 10 } } });
    const form = await call("/payment/official-site/price", { form: { plan: "base", billing: "monthly", profiles: "10", lang: "en" } });
    expect(form).toMatchObject({ status: 200, body: { data: { profiles: 10 } } });
  });
});
