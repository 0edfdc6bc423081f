/**
 * Staff pages write through /api/admin/*: JSON with the session's CSRF token and the staff
 * language; after a success the page's loaders run again, so what is shown is what is stored.
 */
import { useCallback, useState } from "react";
import { useRevalidator, useRouteLoaderData } from "react-router";
import { getJson, postJson, type ApiResult } from "~/lib/api-client";
import { CSRF_HEADER } from "@contracts/staff-access";
import { useAdminLang } from "./admin-lang";
import { useAdminWords } from "./admin-words";

interface AdminLayoutData {
  staff: { csrfToken: string };
}

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
  const unreachable = useAdminWords("shell", "network").t("unreachable");
  const revalidator = useRevalidator();
  const [pending, setPending] = useState(0);
  const post = useCallback(
    async <T>(path: string, body: Record<string, unknown> = {}, options: { revalidate?: boolean } = {}) => {
      setPending((n) => n + 1);
      try {
        const result = await postJson<T>(`/api${path}`, { lang, ...body }, unreachable, { [CSRF_HEADER]: csrf });
        if (result.ok && options.revalidate !== false) await revalidator.revalidate();
        return result;
      } finally {
        setPending((n) => n - 1);
      }
    },
    [csrf, lang, unreachable, revalidator],
  );
  const get = useCallback(
    <T>(path: string, query: Record<string, string> = {}) => getJson<T>(`/api${path}`, { lang, ...query }, unreachable),
    [lang, unreachable],
  );
  return { post, get, pending: pending > 0 };
}
