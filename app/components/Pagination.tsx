import { useTranslation } from "~/i18n/use-translation";
import { useLocation } from "react-router";
import { SiteLink } from "./LocalizedLink";
import { withoutTrackingParams } from "~/lib/urls/tracking-params";

function pageHref(pathname: string, search: string, page: number): string {
  const params = new URLSearchParams(withoutTrackingParams(search));
  if (page === 1) params.delete("page");
  else params.set("page", String(page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** Plain links with the page number in the URL, so every page is linkable and crawlable. */
export function Pagination({ page, pages }: { page: number; pages: number }) {
  const { t } = useTranslation("blog");
  const { pathname, search } = useLocation();
  if (pages <= 1) return null;
  const numbers = Array.from({ length: pages }, (_, i) => i + 1).filter((n) => n === 1 || n === pages || Math.abs(n - page) <= 2);
  const item = "inline-flex min-w-10 items-center justify-center rounded-md border px-3 py-2 text-sm";
  return (
    <nav aria-label={t("pagination.label")} className="mt-10 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <SiteLink href={pageHref(pathname, search, page - 1)} rel="prev" className={`${item} border-slate-300 hover:border-indigo-400`}>
          {t("pagination.previous")}
        </SiteLink>
      ) : null}
      {numbers.map((n, i) => (
        <span key={n} className="contents">
          {i > 0 && n - numbers[i - 1]! > 1 ? <span aria-hidden="true">…</span> : null}
          <SiteLink
            href={pageHref(pathname, search, n)}
            aria-label={t("pagination.page", { page: n })}
            aria-current={n === page ? "page" : undefined}
            className={`${item} ${n === page ? "border-indigo-600 bg-indigo-600 text-white" : "border-slate-300 hover:border-indigo-400"}`}
          >
            {n}
          </SiteLink>
        </span>
      ))}
      {page < pages ? (
        <SiteLink href={pageHref(pathname, search, page + 1)} rel="next" className={`${item} border-slate-300 hover:border-indigo-400`}>
          {t("pagination.next")}
        </SiteLink>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {t("pagination.pageOf", { page, total: pages })}
      </p>
    </nav>
  );
}
