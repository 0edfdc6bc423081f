/**
 * Staff pages write through /api/admin/*: JSON with the session's CSRF token and the staff
 * language; after a success the page's loaders run again, so what is shown is what is stored.
 */
import { useCallback, useState } from "react";
import { useRevalidator, useRouteLoaderData } from "react-router";
import { getJson, postJson, type ApiResult } from "~/lib/api-client";
import { CSRF_HEADER } from "~/lib/staff-access";
import { useAdminLang } from "./admin-lang";

interface AdminLayoutData {
  staff: { csrfToken: string };
}

const NETWORK_ERROR = { en: "The server could not be reached. Check the connection and try again.", zh: "无法连接服务器，请检查网络后重试。" };

export function useCsrfToken(): string {
  return useRouteLoaderData<AdminLayoutData>("admin")?.staff.csrfToken ?? "";
}

export interface AdminCall {
  /** POSTs to /api{path}; resolves to the envelope's result. */
  post: <T>(path: string, body?: Record<string, unknown>, options?: { revalidate?: boolean }) => Promise<ApiResult<T>>;
  get: <T>(path: string, query?: Record<string, string>) => Promise<ApiResult<T>>;
  pending: boolean;
}

export function useAdminApi(): AdminCall {
  const csrf = useCsrfToken();
  const lang = useAdminLang();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState(0);
  const post = useCallback(
    async <T,>(path: string, body: Record<string, unknown> = {}, options: { revalidate?: boolean } = {}) => {
      setPending((n) => n + 1);
      try {
        const result = await postJson<T>(`/api${path}`, { lang, ...body }, NETWORK_ERROR[lang], { [CSRF_HEADER]: csrf });
        if (result.ok && options.revalidate !== false) await revalidator.revalidate();
        return result;
      } finally {
        setPending((n) => n - 1);
      }
    },
    [csrf, lang, revalidator],
  );
  const get = useCallback(
    <T,>(path: string, query: Record<string, string> = {}) => getJson<T>(`/api${path}`, { lang, ...query }, NETWORK_ERROR[lang]),
    [lang],
  );
  return { post, get, pending: pending > 0 };
}
