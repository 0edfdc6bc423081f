import { useTranslation } from "~/i18n/use-translation";
import { langAttribute } from "~/i18n/fallback";
import type { LangKey } from "~/i18n/languages";
import { useLang } from "~/i18n/use-lang";
import { LocalizedLink } from "./LocalizedLink";

/**
 * Shown above content that is not written in the page's language yet (docs/decisions/0029): the
 * reader is told, in their language, that the original follows, and where to get help in theirs.
 */
export function FallbackNotice({ from }: { from: LangKey }) {
  const { t } = useTranslation();
  return (
    <aside
      className="my-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
      aria-labelledby="fallback-notice-title"
      data-testid="fallback-notice"
    >
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

/**
 * An article's title and summary in the language they are written in, after the notice when that
 * is not the page's (a help article or a blog piece not translated yet).
 */
export function ContentHeading({
  title,
  summary,
  writtenIn,
  fallbackFrom,
}: {
  title: string;
  summary: string;
  writtenIn: LangKey;
  fallbackFrom: LangKey | null;
}) {
  const lang = langAttribute(writtenIn, useLang());
  return (
    <>
      {fallbackFrom ? <FallbackNotice from={fallbackFrom} /> : null}
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl" lang={lang}>
        {title}
      </h1>
      {summary ? (
        <p className="mt-4 text-lg text-slate-600" lang={lang}>
          {summary}
        </p>
      ) : null}
    </>
  );
}
