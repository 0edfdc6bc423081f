import { beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../server/logger.server";
import { deliverDue } from "../../server/infrastructure/outbox.server";
import { serveStaffForFile, type StaffClient } from "../support/admin";
import { queryRows, type TestServer } from "../support/api-server";
import * as adminInboxApi from "../../server/api/endpoints/admin-inbox.server";
import type { Endpoint } from "../../server/api/endpoint.server";
import * as partnersApi from "../../server/api/endpoints/partners.server";
import * as visitorApi from "../../server/api/endpoints/visitor.server";
import { apiUrl, readAnswer } from "../support/api-answers";

let server: TestServer;
let support: StaffClient;
let admin: StaffClient;
let editor: StaffClient;
serveStaffForFile((started) => ({ server, support, admin, editor } = started));

const q = <T>(text: string, params: unknown[] = []) => queryRows<T>(server, text, params);
const logger = createLogger("silent");

let visitor = 0;
function publicPost<E extends Endpoint>(endpoint: E, body: Record<string, unknown>) {
  visitor++;
  return fetch(apiUrl(server.baseUrl, endpoint), {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `100.90.${visitor >> 8}.${visitor & 255}` },
    body: JSON.stringify(body),
  }).then(async (res) => (await readAnswer(res, endpoint)).body);
}

const leaveMessage = async (message: string) => {
  const res = await publicPost(visitorApi.leaveMessageEndpoint, {
    lang: "th",
    name: "Somchai",
    contact: "somchai@example.com",
    message,
    page: "https://www.facet.test/th/Pricing",
  });
  expect(res.code).toBe(0);
  return res.data;
};

const apply = async (company: string) => {
  const res = await publicPost(partnersApi.partnerApply, {
    lang: "ru",
    company,
    name: "Dana Whitfield",
    email: "dana@northwind.example",
    website: "https://northwind.example",
    type: "agency",
    regions: ["europe", "cis"],
    message: "We run ads for 40 e-commerce brands\n\nand want isolated profiles.",
  });
  expect(res.code).toBe(0);
  return res.data;
};

const auditOf = (entity: string, id: number) =>
  q<{ action: string; staff_email: string; before: unknown; after: unknown }>(
    "SELECT action, staff_email, before, after FROM audit_log WHERE entity = $1 AND entity_id = $2 ORDER BY id",
    [entity, String(id)],
  );

describe("admin inbox: messages", () => {
  let delivered: { id: number; reference: string };
  let failing: { id: number; reference: string };
  let pending: { id: number; reference: string };

  beforeAll(async () => {
    delivered = await leaveMessage("Do you offer team discounts?");
    await deliverDue(server.database.db, { logger });
    failing = await leaveMessage("Second message, its webhook is down.");
    // Port 9 on loopback: nothing listens, so the delivery fails and is retried later.
    await deliverDue(server.database.db, { logger, webhookUrl: "http://127.0.0.1:9/hook", timeoutMs: 2000 });
    pending = await leaveMessage(`A long one ${"word ".repeat(80)}end`);
  });

  it("lists new messages newest first with the delivery status of each announcement", async () => {
    const res = await support.get(adminInboxApi.inboxMessages, { status: "new", page_size: "50" });
    expect(res.status).toBe(200);
    const list = res.body.data.list;
    const ids = list.map((m) => m.id);
    expect(ids.indexOf(pending.id)).toBeLessThan(ids.indexOf(failing.id));
    expect(ids.indexOf(failing.id)).toBeLessThan(ids.indexOf(delivered.id));
    const byId = new Map(list.map((m) => [m.id, m]));
    expect(byId.get(delivered.id)).toMatchObject({
      reference: delivered.reference,
      name: "Somchai",
      contact: "somchai@example.com",
      lang: "th",
      status: "new",
      handled_at: null,
      preview: "Do you offer team discounts?",
      delivery: { state: "delivered", attempts: 1, last_error: null, next_attempt_at: null, delivered_at: expect.stringMatching(/Z$/) },
    });
    expect(byId.get(failing.id)!.delivery).toMatchObject({
      state: "failing",
      attempts: 1,
      delivered_at: null,
      last_error: expect.any(String),
      next_attempt_at: expect.stringMatching(/Z$/),
    });
    expect(byId.get(pending.id)!.delivery).toMatchObject({ state: "pending", attempts: 0, delivered_at: null, last_error: null });
    // The preview is one line of at most 160 characters and an ellipsis.
    expect(byId.get(pending.id)!.preview).toHaveLength(161);
    expect(byId.get(pending.id)!.preview.endsWith("…")).toBe(true);
    expect(res.body.data).toMatchObject({ page: 1, page_size: 50, total: expect.any(Number) });
  });

  it("shows one message whole, and 10404 for none", async () => {
    const res = await admin.get(adminInboxApi.inboxMessage, { id: String(pending.id) });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: pending.id, page_url: "https://www.facet.test/th/Pricing", delivery: { state: "pending" } });
    expect(res.body.data.message).toContain("word word");
    const missing = await support.get(adminInboxApi.inboxMessage, { id: "99999999" });
    expect(missing).toMatchObject({ status: 404, body: { code: 10404, data: { field: "id" } } });
  });

  it("marks a message handled once, with an audit entry; marking it again is harmless", async () => {
    const first = await support.post(adminInboxApi.inboxMessageStatus, { id: delivered.id, status: "handled" });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ changed: true, item: { id: delivered.id, status: "handled", handled_at: expect.stringMatching(/Z$/) } });
    const again = await support.post(adminInboxApi.inboxMessageStatus, { id: delivered.id, status: "handled" });
    expect(again.body.data).toMatchObject({ changed: false, item: { status: "handled", handled_at: first.body.data.item.handled_at } });
    const entries = await auditOf("visitor-message", delivered.id);
    expect(entries).toEqual([
      {
        action: "mark-handled",
        staff_email: support.email,
        before: { status: "new", handled_at: null },
        after: { status: "handled", handled_at: first.body.data.item.handled_at },
      },
    ]);
    // The filters follow.
    const handled = await support.get(adminInboxApi.inboxMessages, { status: "handled", page_size: "50" });
    expect(handled.body.data.list.map((m) => m.id)).toContain(delivered.id);
    const fresh = await support.get(adminInboxApi.inboxMessages, { status: "new", page_size: "50" });
    expect(fresh.body.data.list.map((m) => m.id)).not.toContain(delivered.id);
    const all = await support.get(adminInboxApi.inboxMessages, { status: "all", page_size: "50" });
    expect(all.body.data.total).toBe(handled.body.data.total + fresh.body.data.total);
  });

  it("marks it new again (handled_at cleared), and two staff at once change it once", async () => {
    const back = await admin.post(adminInboxApi.inboxMessageStatus, { id: delivered.id, status: "new" });
    expect(back.body.data).toMatchObject({ changed: true, item: { status: "new", handled_at: null } });
    const both = await Promise.all([
      support.post(adminInboxApi.inboxMessageStatus, { id: delivered.id, status: "handled" }),
      admin.post(adminInboxApi.inboxMessageStatus, { id: delivered.id, status: "handled" }),
    ]);
    expect(both.map((r) => r.body.data.changed).sort()).toEqual([false, true]);
    const actions = (await auditOf("visitor-message", delivered.id)).map((e) => e.action);
    expect(actions).toEqual(["mark-handled", "mark-new", "mark-handled"]);
  });

  it("refuses a bad status or id, and an unknown message", async () => {
    expect((await support.post(adminInboxApi.inboxMessageStatus, { id: delivered.id, status: "done" })).body).toMatchObject({
      code: 10101,
      data: { field: "status" },
    });
    expect((await support.post(adminInboxApi.inboxMessageStatus, { status: "handled" })).body).toMatchObject({ code: 10100, data: { field: "id" } });
    expect((await support.get(adminInboxApi.inboxMessages, { status: "open" })).body).toMatchObject({ code: 10101, data: { field: "status" } });
    expect(await support.post(adminInboxApi.inboxMessageStatus, { id: 99999999, status: "handled" })).toMatchObject({ status: 404, body: { code: 10404 } });
  });
});

describe("admin inbox: applications", () => {
  let application: { id: number; reference: string };
  beforeAll(async () => {
    application = await apply("Northwind Analytics");
  });

  it("lists applications with their delivery status, and shows one with its type and regions named", async () => {
    const list = await support.get(adminInboxApi.inboxApplications, { status: "all", page_size: "50" });
    expect(list.status).toBe(200);
    const row = list.body.data.list.find((a) => a.id === application.id);
    expect(row).toMatchObject({
      reference: application.reference,
      company: "Northwind Analytics",
      contact_name: "Dana Whitfield",
      email: "dana@northwind.example",
      lang: "ru",
      status: "new",
      preview: "We run ads for 40 e-commerce brands and want isolated profiles.",
      delivery: { state: "pending", attempts: 0 },
    });
    const detail = await support.get(adminInboxApi.inboxApplication, { id: String(application.id), lang: "en" });
    expect(detail.body.data).toMatchObject({
      website: "https://northwind.example",
      message: "We run ads for 40 e-commerce brands\n\nand want isolated profiles.",
      type: { slug: "agency", name: expect.any(String) },
      regions: [
        { slug: "europe", name: expect.any(String) },
        { slug: "cis", name: expect.any(String) },
      ],
    });
    expect((await support.get(adminInboxApi.inboxApplication, { id: "99999999" })).status).toBe(404);
  });

  it("marks an application handled with an audit entry; twice is harmless", async () => {
    const first = await support.post(adminInboxApi.inboxApplicationStatus, { id: application.id, status: "handled" });
    expect(first.body.data).toMatchObject({ changed: true, item: { status: "handled" } });
    const again = await support.post(adminInboxApi.inboxApplicationStatus, { id: application.id, status: "handled" });
    expect(again.body.data.changed).toBe(false);
    const entries = await auditOf("partner-application", application.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: "mark-handled", before: { status: "new", handled_at: null }, after: { status: "handled" } });
    await deliverDue(server.database.db, { logger });
    const delivered = await support.get(adminInboxApi.inboxApplication, { id: String(application.id) });
    expect(delivered.body.data.delivery).toMatchObject({ state: "delivered", attempts: 1 });
  });
});

describe("admin inbox: access", () => {
  const READS = ["/admin/inbox/messages", "/admin/inbox/applications"];
  const WRITES = ["/admin/inbox/message/status", "/admin/inbox/application/status"];

  it("refuses an editor (10407), a visitor without a session (10401) and a write without the CSRF token (10408)", async () => {
    for (const path of READS) {
      expect(await editor.get(path)).toMatchObject({ status: 403, body: { code: 10407 } });
      const anonymous = await fetch(`${server.baseUrl}/api${path}`);
      expect(anonymous.status).toBe(401);
      expect((await readAnswer(anonymous)).body.code).toBe(10401);
    }
    for (const path of ["/admin/inbox/message", "/admin/inbox/application"])
      expect(await editor.get(path, { id: "1" })).toMatchObject({ status: 403, body: { code: 10407 } });
    for (const path of WRITES) {
      expect(await editor.post(path, { id: 1, status: "handled" })).toMatchObject({ status: 403, body: { code: 10407 } });
      expect(await support.post(path, { id: 1, status: "handled" }, { "x-csrf-token": "forged" })).toMatchObject({ status: 403, body: { code: 10408 } });
    }
    const [{ n }] = await q<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE staff_email = $1 AND entity IN ('visitor-message', 'partner-application')",
      [editor.email],
    );
    expect(n).toBe(0);
  });
});
