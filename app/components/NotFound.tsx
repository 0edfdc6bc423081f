import { useTranslation } from "~/i18n/use-translation";
import { LocalizedLink } from "./LocalizedLink";
import { SearchForm } from "./search/SearchForm";

/**
 * The pages most visits go to (the usage report's most viewed, docs/decisions/0032), offered as
 * ways on from a missing page. A fixed list: the 404 must render even when nothing can be read.
 */
const POPULAR_PAGES = [
  ["pricing", "/Pricing"],
  ["download", "/download"],
  ["useCases", "/scenarios"],
  ["blog", "/blog"],
  ["faq", "/faq"],
  ["release", "/release"],
  ["preSales", "/pre-sales"],
] as const;

/** Words a missing address may carry ("/blog/proxy-setup-guide" → "proxy setup guide"), to start the search with. */
export function searchWordsFromPath(path: string): string {
  const last = path.split(/[?#]/)[0]!.split("/").filter(Boolean).pop() ?? "";
  let decoded: string;
  try {
    decoded = decodeURIComponent(last);
  } catch {
    return "";
  }
  const words = decoded
    .replace(/\.(html?|php|aspx?)$/i, "")
    .replace(/[-_+.]+/g, " ")
    .trim();
  return /\p{L}/u.test(words) && words.length <= 60 ? words : "";
}

/** `message` says why, when the loader knew (it comes translated with the 404: the errors namespace is not the shell's). */
export function NotFound({ path, message }: { path: string; message?: string }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 sm:py-24" aria-labelledby="not-found-title">
      <div className="text-center">
        <p className="text-6xl font-bold text-indigo-600" aria-hidden="true">
          404
        </p>
        <h1 id="not-found-title" className="mt-4 text-3xl font-bold tracking-tight">
          {t("notFound.title")}
        </h1>
        <p className="mt-4 text-lg text-slate-600" data-testid="not-found-reason">
          {message ?? t("notFound.text")}
        </p>
        <p className="mt-2 break-all font-mono text-sm text-slate-500">{t("notFound.path", { path })}</p>
      </div>

      <div className="mt-10 flex justify-center" data-testid="not-found-search">
        <SearchForm
          id="not-found-q"
          query={searchWordsFromPath(path)}
          words={{ label: t("notFound.search"), placeholder: t("notFound.search"), submit: t("nav.search") }}
          className="max-w-xl"
        />
      </div>

      <div className="mt-12 grid gap-6 sm:grid-cols-2">
        <nav aria-labelledby="not-found-popular" className="rounded-2xl border border-slate-200 p-6">
          <h2 id="not-found-popular" className="text-lg font-semibold">
            {t("notFound.popular")}
          </h2>
          <ul className="mt-3 space-y-1" data-testid="not-found-popular">
            <li>
              <LocalizedLink to="/" className="font-medium text-indigo-700 hover:underline">
                {t("notFound.home")}
              </LocalizedLink>
            </li>
            {POPULAR_PAGES.map(([key, to]) => (
              <li key={key}>
                <LocalizedLink to={to} className="font-medium text-indigo-700 hover:underline">
                  {t(`nav.${key}`)}
                </LocalizedLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="rounded-2xl border border-indigo-100 bg-indigo-50 p-6">
          <h2 className="text-lg font-semibold">{t("notFound.helpTitle")}</h2>
          <p className="mt-2 text-slate-700">{t("notFound.helpText")}</p>
          <LocalizedLink
            to="/helps"
            data-testid="not-found-help"
            className="mt-4 inline-block rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700"
          >
            {t("notFound.helpLink")}
          </LocalizedLink>
        </div>
      </div>
    </section>
  );
}
