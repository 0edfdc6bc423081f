/**
 * API answers typed by the endpoint that gives them. A test names the endpoint's declaration
 * (server/api/endpoints/<domain>.server.ts) instead of its path: the URL comes from the declaration and
 * `data` has its output schema's type, so reading a field the endpoint does not return is a type error.
 * What is typed here is also checked: the test server compares every successful answer with the same
 * schema (verifyApiOutputs) and fails the test on a mismatch.
 */
import type { z } from "zod";
import type { Endpoint } from "../../server/api/endpoint.server";

/** What `E` answers in `data` on success. Output schemas carry no transforms, so this is also what is sent. */
export type ApiData<E extends Endpoint> = z.output<E["output"]>;

/**
 * An answer's status, headers and envelope. `data` is typed for success; an error's `data` is
 * `{ field?, detail? }` or null (server/api/envelope.server.ts): read it after `expect(code)` with `errorData`.
 */
export interface ApiAnswer<D> {
  status: number;
  headers: Headers;
  body: { code: number; msg: string; data: D };
}

/** An error answer's data: the field that was refused, or details a staff member can act on. */
export type ApiErrorData = { field?: string; detail?: string } | null;

/** A query string (`a=1&b=2`, without "?") or its fields. */
export type ApiQuery = string | Record<string, string | number | boolean>;

/** `{baseUrl}/api{path}?{query}`; `target` is an endpoint, or a path for calls that are meant to miss one. */
export function apiUrl(baseUrl: string, target: Endpoint | string, query: ApiQuery = ""): string {
  const path = typeof target === "string" ? target : target.path;
  const search = typeof query === "string" ? query : new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return `${baseUrl}/api${path}${search ? `?${search}` : ""}`;
}

/** Reads `res` as an answer of `endpoint`; without one, `data` is `unknown` (a test that looks only at status and code). */
export async function readAnswer<E extends Endpoint>(res: Response, endpoint: E): Promise<ApiAnswer<ApiData<E>>>;
export async function readAnswer(res: Response): Promise<ApiAnswer<unknown>>;
export async function readAnswer(res: Response): Promise<ApiAnswer<unknown>> {
  return { status: res.status, headers: res.headers, body: (await res.json()) as ApiAnswer<unknown>["body"] };
}

/** The data of an error answer, typed as errors carry it. */
export function errorData(answer: { body: { data: unknown } }): ApiErrorData {
  return answer.body.data as ApiErrorData;
}

/** The parts of the OpenAPI document (/api/openapi.json, server/api/openapi.server.ts) that tests read. */
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export interface OpenApiOperation {
  parameters?: { name: string; in: string; required?: boolean; schema: { type?: string; enum?: string[] } }[];
  requestBody?: { content: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
  responses: Record<string, { description: string }>;
}
