import { useTranslation } from "~/i18n/use-translation";
import type { LangKey } from "~/i18n/languages";
import { LocalizedLink } from "./LocalizedLink";

/**
 * Shown above content that is not written in the page's language yet (docs/decisions/0029): the
 * reader is told, in their language, that the original follows, and where to get help in theirs.
 */
export function FallbackNotice({ from }: { from: LangKey }) {
  const { t } = useTranslation();
  return (
    <aside className="my-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950" aria-labelledby="fallback-notice-title" data-testid="fallback-notice">
      <h2 id="fallback-notice-title" className="font-semibold">
        {t("fallback.title")}
      </h2>
      <p className="mt-1 text-sm">{t(from === "zh" ? "fallback.fromZh" : "fallback.fromEn")}</p>
      <p className="mt-2 text-sm">
        <LocalizedLink to="/pre-sales" className="font-semibold text-indigo-800 underline hover:no-underline">
          {t("fallback.book")}
        </LocalizedLink>
      </p>
    </aside>
  );
}

/** The language an item in a list is written in, when it is not the page's (a fallback). */
export function FallbackBadge({ lang }: { lang: LangKey }) {
  const { t } = useTranslation();
  return (
    <span className="ml-2 inline-block rounded bg-amber-100 px-1.5 py-0.5 align-middle text-xs font-medium text-amber-900" data-testid="fallback-badge">
      {t(lang === "zh" ? "fallback.badgeZh" : "fallback.badgeEn")}
    </span>
  );
}
