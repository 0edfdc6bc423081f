/**
 * The staff area with two server processes on one database (issue 13: "works with several server
 * processes"): a session, a publish, a scheduled publish and a preview link made through one
 * process hold on the other, and a scheduled item is published once although both run the job.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaff, setPasswordWithToken } from "../../server/services/staff.server";
import type { Endpoint } from "../../server/api/endpoint.server";
import * as adminContentApi from "../../server/api/endpoints/admin-content.server";
import { apiUrl, readAnswer, type ApiQuery } from "../support/api-answers";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { startServerOnTestDatabase } from "../support/server-process";
import * as adminStaffApi from "../../server/api/endpoints/admin-staff.server";

type Site = Awaited<ReturnType<typeof startServerOnTestDatabase>>;
let database: TestDatabase;
let a: Site;
let b: Site;
const PASSWORD = "two processes, one truth";

beforeAll(async () => {
  database = await createTestDatabase();
  const env = { CONTENT_PUBLISH_POLL_MS: "300", TRUSTED_PROXIES: "loopback" };
  [a, b] = await Promise.all([startServerOnTestDatabase(env, database), startServerOnTestDatabase(env, database)]);
  const { token } = await createStaff(database.db, { email: "two-processes@example.com", role: "editor" });
  await setPasswordWithToken(database.db, token, PASSWORD);
}, 120_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.drop();
});

async function signIn(base: string) {
  const res = await fetch(apiUrl(base, adminStaffApi.staffSignIn), {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "10.9.9.9" },
    body: JSON.stringify({ email: "two-processes@example.com", password: PASSWORD }),
  });
  const { body } = await readAnswer(res, adminStaffApi.staffSignIn);
  return { cookie: (res.headers.get("set-cookie") ?? "").split(";")[0]!, csrf: body.data.csrf_token };
}

describe("the staff area across processes", () => {
  it("a session, a publish, a scheduled publish and a preview link made on one process hold on the other", async () => {
    const session = await signIn(a.server.baseUrl);
    const call = async <E extends Endpoint>(base: string, endpoint: E, body?: Record<string, unknown>, query: ApiQuery = "") => {
      const res = await fetch(apiUrl(base, endpoint, query), {
        method: body ? "POST" : "GET",
        headers: { "content-type": "application/json", cookie: session.cookie, "x-csrf-token": session.csrf },
        body: body ? JSON.stringify(body) : undefined,
      });
      return (await readAnswer(res, endpoint)).body;
    };
    // The session made by A is known to B.
    const opened = await call(b.server.baseUrl, adminContentApi.contentDocument, undefined, { path: "faq/en.yaml" });
    expect(opened.code).toBe(0);

    // Published through A, shown by B at once.
    const edited = opened.data.source.replace("Is it legal to use Facet Browser?", "Is Facet Browser legal to use? (two processes)");
    expect((await call(a.server.baseUrl, adminContentApi.contentSave, { path: "faq/en.yaml", source: edited, revision: 0 })).code).toBe(0);
    expect((await call(a.server.baseUrl, adminContentApi.contentPublish, { path: "faq/en.yaml", revision: 1 })).code).toBe(0);
    expect(await (await fetch(`${b.server.baseUrl}/faq`)).text()).toContain("Is Facet Browser legal to use? (two processes)");

    // A preview link signed by B opens on A.
    const link = await call(b.server.baseUrl, adminContentApi.contentPreviewLink, { path: "faq/en.yaml" });
    const preview = await fetch(link.data.url.replace(b.server.baseUrl, a.server.baseUrl));
    expect(preview.status).toBe(200);
    expect(preview.headers.get("cache-control")).toBe("no-store");
    expect(await preview.text()).toContain("Is Facet Browser legal to use? (two processes)");

    // Scheduled through B; both processes run the job; it goes live once and both show it.
    const again = edited.replace("(two processes)", "(scheduled)");
    expect((await call(b.server.baseUrl, adminContentApi.contentSave, { path: "faq/en.yaml", source: again, revision: 1 })).code).toBe(0);
    const at = new Date(Date.now() + 1_000).toISOString();
    expect((await call(b.server.baseUrl, adminContentApi.contentSchedule, { path: "faq/en.yaml", revision: 2, at })).code).toBe(0);
    await expect
      .poll(async () => (await (await fetch(`${a.server.baseUrl}/faq`)).text()).includes("Is Facet Browser legal to use? (scheduled)"), {
        timeout: 15_000,
        interval: 300,
      })
      .toBe(true);
    // B too, once its render of the changed page is in (a stale copy is served meanwhile: docs/decisions/0040).
    await expect
      .poll(async () => (await (await fetch(`${b.server.baseUrl}/faq`)).text()).includes("Is Facet Browser legal to use? (scheduled)"), {
        timeout: 5_000,
        interval: 50,
      })
      .toBe(true);
    await new Promise((r) => setTimeout(r, 1_000));
    const { rows } = await database.pool.query("SELECT count(*)::int AS n FROM audit_log WHERE action = 'publish-scheduled' AND entity_id = 'faq/en.yaml'");
    expect(rows[0].n).toBe(1);
  }, 60_000);
});
