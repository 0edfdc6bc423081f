import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { isChinese } from "~/i18n/languages";
import { useSiteLocale } from "~/i18n/use-lang";
import { localizePath } from "~/lib/urls/paths";
import { useSafeNavigate } from "~/hooks/use-safe-navigate";
import { LocalizedLink } from "./LocalizedLink";

/** Spec section 2/9: counts down from 5, one tick a second, then goes to the blog. */
export const BAD_GATEWAY_COUNTDOWN = { from: 5, tickMs: 1000 } as const;

export function BadGateway() {
  const { t } = useTranslation();
  const { lang, defaultLang } = useSiteLocale();
  const navigate = useSafeNavigate();
  const [seconds, setSeconds] = useState<number>(BAD_GATEWAY_COUNTDOWN.from);
  const blog = localizePath("/blog", lang, defaultLang);

  useEffect(() => {
    if (seconds <= 0) {
      navigate(blog);
      return;
    }
    const timer = setTimeout(() => setSeconds((s) => s - 1), BAD_GATEWAY_COUNTDOWN.tickMs);
    return () => clearTimeout(timer);
  }, [seconds, blog, navigate]);

  const count = <strong data-testid="countdown-seconds">{t("badGateway.seconds", { count: seconds })}</strong>;
  const label = <span>{t("badGateway.autoRefresh")}</span>;
  return (
    <div className="mx-auto flex min-h-screen max-w-3xl flex-col items-center justify-center px-4 py-16 text-center">
      <svg viewBox="0 0 240 140" className="h-40 w-auto" role="img" aria-label={t("badGateway.title")}>
        <rect x="20" y="30" width="80" height="80" rx="12" className="fill-indigo-100 stroke-indigo-500" strokeWidth="3" />
        <rect x="140" y="30" width="80" height="80" rx="12" className="fill-slate-100 stroke-slate-400" strokeWidth="3" />
        <path d="M100 70h14m12 0h14" className="stroke-red-500" strokeWidth="4" strokeLinecap="round" />
        <path d="M114 58l12 24M126 58l-12 24" className="stroke-red-500" strokeWidth="4" strokeLinecap="round" />
        <text x="60" y="78" textAnchor="middle" className="fill-indigo-600 text-[20px] font-bold">
          502
        </text>
      </svg>
      <h1 className="mt-6 text-3xl font-bold tracking-tight">{t("badGateway.502msg1")}</h1>
      <p className="mt-3 text-lg text-slate-600">{t("badGateway.502msg2")}</p>
      <p className="mt-6 text-slate-700" aria-live="polite" data-testid="countdown">
        {/* Chinese puts the seconds before the label; other languages after it. */}
        {isChinese(lang) ? (
          <>
            {count}
            {label}
          </>
        ) : (
          <>
            {label} {count}
          </>
        )}
      </p>
      <LocalizedLink to="/blog" className="mt-8 rounded-lg bg-indigo-600 px-5 py-3 font-semibold text-white hover:bg-indigo-700">
        {t("badGateway.back")}
      </LocalizedLink>
      <aside
        aria-label={t("badGateway.adLabel")}
        data-testid="ad-slot"
        className="mt-12 hidden h-[120px] w-[728px] items-center justify-between gap-6 rounded-xl border border-slate-200 bg-gradient-to-r from-indigo-50 to-white px-8 text-left md:flex"
      >
        <div>
          <p className="text-lg font-semibold">{t("badGateway.adTitle")}</p>
          <p className="mt-1 text-sm text-slate-600">{t("badGateway.adText")}</p>
        </div>
        <LocalizedLink to="/Pricing" className="shrink-0 rounded-lg border border-indigo-300 px-4 py-2 text-sm font-semibold text-indigo-700">
          {t("badGateway.adCta")}
        </LocalizedLink>
      </aside>
    </div>
  );
}
