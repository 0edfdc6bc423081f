import { useTranslation } from "~/i18n/use-translation";
import { useLang } from "~/i18n/use-lang";
import { formatDate } from "~/lib/format/format-date";
import { LocalizedLink } from "../LocalizedLink";
import { Pagination } from "../Pagination";
import { SectionPage } from "../SectionPage";
import { ReleaseFiles, ReleaseHeading, ReleaseSections, type ReleaseView } from "./ReleaseNotes";

export function ReleaseListPage({
  result,
  pages,
}: {
  result: { list: { id: number; version: string; released_at: string; summary: string }[]; page: number };
  pages: number;
}) {
  const { t: tc } = useTranslation();
  return (
    <SectionPage title={tc("pages.release.title")} intro={tc("pages.release.intro")}>
      <ol className="mt-8 space-y-4" data-testid="release-list">
        {result.list.map((r) => (
          <li key={r.id} className="rounded-xl border border-slate-200 bg-white p-5" data-testid="release-item">
            <ReleaseHeading release={r} />
          </li>
        ))}
      </ol>
      <Pagination page={result.page} pages={pages} />
    </SectionPage>
  );
}

export function ReleaseDetailPage({ release }: { release: ReleaseView }) {
  const { t } = useTranslation("product");
  const lang = useLang();
  return (
    <article className="mx-auto max-w-4xl px-4 py-12" data-testid="release-detail">
      <LocalizedLink to="/release" className="text-sm font-medium text-indigo-700 hover:underline">
        ← {t("release.back")}
      </LocalizedLink>
      <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">{t("release.version", { version: release.version })}</h1>
      <p className="mt-2 text-slate-500">
        <time dateTime={release.released_at}>{formatDate(release.released_at, lang)}</time>
      </p>
      <p className="mt-4 text-lg text-slate-700">{release.summary}</p>
      <div className="mt-8">
        <ReleaseSections release={release} headingLevel={2} />
      </div>
      <section aria-labelledby="release-downloads" className="mt-10 rounded-2xl bg-slate-50 p-6">
        <h2 id="release-downloads" className="text-lg font-bold">
          {t("release.downloads")}
        </h2>
        <div className="mt-3">
          <ReleaseFiles release={release} />
        </div>
      </section>
      <nav className="mt-8 flex flex-wrap justify-between gap-4" aria-label={t("release.back")}>
        {release.prev ? (
          <LocalizedLink to={`/release/${release.prev.id}`} rel="prev" className="rounded-lg border border-slate-200 px-4 py-2 hover:border-indigo-400">
            {t("release.previous", { version: release.prev.version })}
          </LocalizedLink>
        ) : (
          <span />
        )}
        {release.next ? (
          <LocalizedLink to={`/release/${release.next.id}`} rel="next" className="rounded-lg border border-slate-200 px-4 py-2 hover:border-indigo-400">
            {t("release.next", { version: release.next.version })}
          </LocalizedLink>
        ) : null}
      </nav>
    </article>
  );
}
