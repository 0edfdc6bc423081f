/**
 * The browser's side of the API envelope (docs/decisions/0006): a result the page can act on,
 * never a thrown error. A transport failure or an unreadable answer becomes code 0 with the
 * caller's fallback message, so the visitor always sees something in their language.
 */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; code: number; message: string; field?: string; detail?: string };

async function call<T>(input: string, init: RequestInit | undefined, fallback: string): Promise<ApiResult<T>> {
  try {
    const res = await fetch(input, init);
    const body = (await res.json()) as { code: number; msg: string; data: unknown };
    if (body.code === 0) return { ok: true, data: body.data as T };
    const { field, detail } = body.data && typeof body.data === "object" ? (body.data as { field?: unknown; detail?: unknown }) : {};
    return {
      ok: false,
      code: body.code,
      message: body.msg || fallback,
      field: typeof field === "string" ? field : undefined,
      detail: typeof detail === "string" ? detail : undefined,
    };
  } catch {
    return { ok: false, code: 0, message: fallback };
  }
}

export function getJson<T>(path: string, query: Record<string, string>, fallback = ""): Promise<ApiResult<T>> {
  return call<T>(`${path}?${new URLSearchParams(query)}`, undefined, fallback);
}

export function postJson<T>(path: string, body: Record<string, unknown>, fallback = "", headers: Record<string, string> = {}): Promise<ApiResult<T>> {
  return call<T>(path, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) }, fallback);
}
