import { useTranslation } from "~/i18n/use-translation";
import { LocalizedLink } from "./LocalizedLink";
import { Logo } from "./Logo";

const COLUMNS = [
  {
    title: "product",
    links: [
      ["pricing", "/Pricing"],
      ["download", "/download"],
      ["useCases", "/scenarios"],
      ["release", "/release"],
      ["preSales", "/pre-sales"],
    ],
  },
  {
    title: "resources",
    links: [
      ["blog", "/blog"],
      ["news", "/news"],
      ["helps", "/helps"],
      ["faq", "/faq"],
      ["links", "/links"],
      ["verify", "/verify"],
      ["check", "/check"],
    ],
  },
  {
    title: "company",
    links: [
      ["about", "/about-us"],
      ["partner", "/partner"],
      ["partnerPlan", "/partner-plan"],
      ["referral", "/referral-program"],
    ],
  },
] as const;

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 md:grid-cols-4">
        <div>
          <Logo />
          <p className="mt-4 text-sm text-slate-600">{t("footer.about")}</p>
          <ul className="mt-4 space-y-1 text-sm text-slate-700" data-testid="company-facts">
            <li>{t("footer.facts.founded")}</li>
            <li>{t("footer.facts.location")}</li>
            <li>{t("footer.facts.users")}</li>
          </ul>
        </div>
        {COLUMNS.map((col) => (
          <nav key={col.title} aria-label={t(`footer.${col.title}`)}>
            <h2 className="text-sm font-semibold text-slate-900">{t(`footer.${col.title}`)}</h2>
            <ul className="mt-4 space-y-2">
              {col.links.map(([key, to]) => (
                <li key={key}>
                  <LocalizedLink to={to} className="text-sm text-slate-600 hover:text-indigo-700">
                    {t(`nav.${key}`)}
                  </LocalizedLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-slate-200 py-6 text-center text-xs text-slate-500">{t("footer.rights", { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
