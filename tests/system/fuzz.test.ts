/**
 * Sends the malformed requests of tests/fuzz/corpus.json to the built server, over every API
 * endpoint (from its own OpenAPI document) and every page route, and fails on any 5xx, any stack
 * trace or internal detail in a body, and a server that stops answering. Bounded: it takes a
 * few seconds to a minute, never a loop without end.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_ROUTES } from "~/lib/urls/page-paths";
import { rawRequest } from "../support/raw-http";
import { startServerOnTestDatabase } from "../support/server-process";
import type { OpenApiDocument } from "../support/api-answers";

interface Corpus {
  values: string[];
  /** Values only a JSON body can carry (booleans, null, arrays, non-integers): never a whole number. */
  jsonValues: unknown[];
  longValues: number[];
  bodies: { type: string; body: string }[];
  endpoints: Record<string, { method: "get" | "post"; sample: Record<string, unknown> }>;
  pages: string[];
  /** A page with forms: its path and a valid sample of one form's fields (docs/decisions/0034). */
  formActions: Record<string, Record<string, string>>;
  raw: string[];
}

const corpus = JSON.parse(fs.readFileSync(path.resolve("tests/fuzz/corpus.json"), "utf8")) as Corpus;
const LEAKS = /\bat [\w.<>]+ \(|node_modules|\.ts:\d+|\.js:\d+:\d+|Failed query|DrizzleQueryError|syntax error at or near|TypeError:|ReferenceError:/;

let site: Awaited<ReturnType<typeof startServerOnTestDatabase>>;
let articleIds: string[] = [];
beforeAll(async () => {
  // Each probe comes from its own address through a trusted proxy (the test), so the abuse
  // limits do not stop the fuzzer before its input reaches the code behind them.
  site = await startServerOnTestDatabase({ REQUEST_TIMEOUT_MS: "8000", TRUSTED_PROXIES: "loopback" });
  const { rows } = await site.database.pool.query("SELECT id FROM articles WHERE status = 'published' ORDER BY id");
  articleIds = rows.map((r) => String(r.id));
});
afterAll(async () => {
  await site?.stop();
});

interface Probe {
  label: string;
  send: () => Promise<{ status: number; text: string }>;
  /** The value cannot be what the field takes, so the answer must be a refusal (4xx). */
  mustRefuse?: boolean;
}

/** Each endpoint's fields that take a whole number (an id, a page, a count), from its OpenAPI document. */
type WholeNumberFields = Record<string, Set<string>>;
function wholeNumberFields(openApi: OpenApiDocument): WholeNumberFields {
  const fields: WholeNumberFields = {};
  for (const [endpoint, operations] of Object.entries(openApi.paths)) {
    const post = operations.post?.requestBody?.content?.["application/json"]?.schema?.properties ?? {};
    fields[endpoint] = new Set(
      Object.entries(post as Record<string, unknown>)
        .filter(([, schema]) => JSON.stringify(schema).includes('"integer"'))
        .map(([name]) => name),
    );
  }
  return fields;
}

function safeEncode(value: string): string | null {
  try {
    return encodeURIComponent(value);
  } catch {
    return null; // a lone surrogate cannot be percent-encoded; it is sent in bodies instead
  }
}

function probes(base: string, port: number, wholeNumbers: WholeNumberFields): Probe[] {
  const list: Probe[] = [];
  const values = [...corpus.values, ...corpus.longValues.map((n) => "x".repeat(n))];
  const fetchProbe = (label: string, url: string, init?: RequestInit): Probe => {
    const n = list.length + 1;
    const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    return {
      label,
      send: async () => {
        const res = await fetch(url, { redirect: "manual", ...init, headers: { "x-forwarded-for": address, ...(init?.headers as Record<string, string>) } });
        return { status: res.status, text: await res.text() };
      },
    };
  };

  for (const [endpoint, { method, sample }] of Object.entries(corpus.endpoints)) {
    const url = `${base}/api${endpoint}`;
    const fields = [...Object.keys(sample), "unexpected_field"];
    // Staff endpoints refuse a request without a session before they read its input (the role
    // matrix in tests/api/admin-auth.test.ts proves it): a few values per field show that here.
    const tried = endpoint.startsWith("/admin/") ? values.slice(0, 6) : values;
    for (const field of fields) {
      for (const value of tried) {
        // Spread over the articles, so no one article's limit is reached before the input is read.
        const article = articleIds[list.length % articleIds.length];
        const input = { ...sample, ...("article_id" in sample ? { article_id: article } : {}), ...("id" in sample ? { id: article } : {}), [field]: value };
        if (method === "get") {
          const query = Object.entries(input)
            .map(([k, v]) => {
              const encoded = safeEncode(String(v));
              return encoded === null ? null : `${k}=${encoded}`;
            })
            .filter(Boolean)
            .join("&");
          list.push(fetchProbe(`GET ${endpoint} ${field}=${JSON.stringify(value).slice(0, 40)}`, `${url}?${query}`));
        } else {
          list.push(
            fetchProbe(`POST ${endpoint} json ${field}=${JSON.stringify(value).slice(0, 40)}`, url, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify(input),
            }),
          );
        }
      }
    }
    if (method === "post") {
      // true is not id 1, [1] is not 1: every whole-number field refuses what only JSON can carry.
      for (const field of wholeNumbers[endpoint] ?? []) {
        for (const value of corpus.jsonValues) {
          const probe = fetchProbe(`POST ${endpoint} json ${field}=${JSON.stringify(value)}`, url, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ ...sample, [field]: value }),
          });
          list.push({ ...probe, mustRefuse: true });
        }
      }
      for (const { type, body } of corpus.bodies) {
        list.push(fetchProbe(`POST ${endpoint} body ${type}`, url, { method: "POST", headers: type ? { "content-type": type } : {}, body }));
      }
      const form = new URLSearchParams(Object.entries(sample).map(([k, v]) => [k, String(v)])).toString();
      list.push(fetchProbe(`POST ${endpoint} form`, url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: form }));
      list.push(
        fetchProbe(`POST ${endpoint} huge`, url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ ...sample, content: "y".repeat(200_000) }),
        }),
      );
    }
    for (const other of ["PUT", "DELETE", "PATCH"]) list.push(fetchProbe(`${other} ${endpoint}`, url, { method: other }));
  }

  const pageValues = corpus.values.map(safeEncode).filter((v): v is string => v !== null);
  for (const page of corpus.pages) {
    for (const value of pageValues) {
      list.push(fetchProbe(`GET ${page}?keyword=${value.slice(0, 30)}`, `${base}${page}?keyword=${value}&page=${value}&preview=${value}`));
    }
    list.push(fetchProbe(`GET ${page}/${pageValues[5]}`, `${base}${page}/${pageValues[5]}`));
    list.push(
      fetchProbe(`POST ${page}`, `${base}${page}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "a=%00" }),
    );
  }
  // The site's forms post to their pages' actions: each field of each sample, broken every way a form can carry.
  for (const [page, sample] of Object.entries(corpus.formActions)) {
    const url = `${base}${page}`;
    const form = (fields: Record<string, string>) => ({
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
    for (const field of Object.keys(sample)) {
      for (const value of values) {
        if (safeEncode(value) === null) continue;
        list.push(fetchProbe(`POST ${page} form ${field}=${value.slice(0, 30)}`, url, form({ ...sample, [field]: value })));
      }
      const { [field]: _dropped, ...rest } = sample;
      list.push(fetchProbe(`POST ${page} form without ${field}`, url, form(rest)));
    }
    for (const { type, body } of corpus.bodies) {
      list.push(fetchProbe(`POST ${page} body ${type}`, url, { method: "POST", headers: type ? { "content-type": type } : {}, body }));
    }
    list.push(fetchProbe(`POST ${page} huge form`, url, form({ ...sample, feedback: "y".repeat(300_000) })));
  }
  for (const head of corpus.raw) list.push({ label: `raw ${JSON.stringify(head.slice(0, 60))}`, send: () => rawRequest(port, head) });
  return list;
}

describe("fuzzing every endpoint and page with malformed requests", () => {
  it("has a corpus entry for every API endpoint and every page route", async () => {
    const openApi = (await (await fetch(`${site.server.baseUrl}/api/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(openApi.paths).sort()).toEqual(Object.keys(corpus.endpoints).sort());
    const covered = new Set(corpus.pages.map((p) => p.split("/")[1]));
    for (const [route] of PAGE_ROUTES) expect(covered, route).toContain(route.split("/")[0]);
  });

  it("answers every one of them with a 4xx, 2xx or 3xx, without internals, and stays up", { timeout: 300_000 }, async () => {
    const openApi = (await (await fetch(`${site.server.baseUrl}/api/openapi.json`)).json()) as OpenApiDocument;
    const wholeNumbers = wholeNumberFields(openApi);
    expect([...wholeNumbers["/admin/comments/delete"]!, ...wholeNumbers["/help/article/solve"]!]).toContain("id");
    const all = probes(site.server.baseUrl, site.server.port, wholeNumbers);
    expect(all.length).toBeGreaterThanOrEqual(500);
    const failures: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < all.length) {
        const probe = all[next++]!;
        try {
          const { status, text } = await probe.send();
          if (status >= 500) failures.push(`${status} ${probe.label}`);
          else if (probe.mustRefuse && status < 400) failures.push(`${status} (not refused) ${probe.label}`);
          else if (LEAKS.test(text)) failures.push(`leak ${probe.label}: ${LEAKS.exec(text)![0]}`);
        } catch (err) {
          failures.push(`no answer ${probe.label}: ${(err as Error).message}`);
        }
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    expect(failures.slice(0, 30), `${failures.length} of ${all.length} failed`).toEqual([]);
    // A keep-alive connection a probe left behind may have been closed by the server just as it is
    // reused (ECONNRESET before any answer): that is the pool's, not the server's; ask once more.
    const healthz = () => fetch(`${site.server.baseUrl}/healthz`);
    const health = await healthz().catch(healthz);
    expect(health.status).toBe(200);
    expect(site.server.child.exitCode).toBeNull();
    expect(site.server.logs.filter((l) => /"level":(50|60)/.test(l)).slice(0, 5)).toEqual([]);
  });
});
