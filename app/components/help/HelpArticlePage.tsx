import { useTranslation } from "~/i18n/use-translation";
import { useLang } from "~/i18n/use-lang";
import type { LangKey } from "~/i18n/languages";
import { ContentHeading } from "../FallbackNotice";
import { langAttribute } from "~/i18n/fallback";
import { formatDate } from "~/lib/format/format-date";
import type { HelpDetail } from "@contracts/help-types";
import { LocalizedLink } from "../LocalizedLink";
import { PageHtml } from "~/lib/page-html";
import { TableOfContents } from "../TableOfContents";
import { HelpArticleList, HelpBreadcrumb } from "./HelpCentrePage";
import { HelpFeedback } from "./HelpFeedback";

export function HelpArticlePage({ article, fallbackFrom }: { article: HelpDetail; fallbackFrom: LangKey | null }) {
  const { t } = useTranslation("help");
  const lang = useLang();
  const category = article.category.name;
  return (
    <article className="mx-auto max-w-7xl px-4 py-10" data-testid="help-article">
      <HelpBreadcrumb category={article.category} title={article.title} />
      <header className="mt-4 max-w-3xl">
        <ContentHeading title={article.title} summary={article.summary} writtenIn={article.lang} fallbackFrom={fallbackFrom} />
        <p className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-500">
          <span>{t("article.by", { author: article.author })}</span>
          <time dateTime={article.updated_at}>{t("article.updated", { date: formatDate(article.updated_at, lang) })}</time>
          <span>{t("article.views", { count: article.views })}</span>
        </p>
      </header>

      <div className="mt-10 grid gap-10 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <aside className="lg:sticky lg:top-24 lg:self-start">
          <TableOfContents entries={article.toc} title={t("article.toc")} id="help-toc-title" />
        </aside>

        <div className="min-w-0 max-w-3xl">
          {/* Sanitised on import (server/content/markdown.server.ts). */}
          <PageHtml className="article-body" html={article.content} lang={langAttribute(article.lang, lang)} />

          <HelpFeedback articleId={article.id} initial={{ solved: article.solved_count, unsolved: article.unsolved_count }} />

          <nav className="mt-10 grid gap-4 sm:grid-cols-2" aria-label={t("article.backToCategory", { category })}>
            {article.prev ? (
              <LocalizedLink to={`/helps/${article.prev.id}`} rel="prev" className="rounded-xl border border-slate-200 p-4 hover:border-indigo-400">
                <span className="block text-xs text-slate-500">{t("article.previous", { category })}</span>
                <span className="font-medium">{article.prev.title}</span>
              </LocalizedLink>
            ) : (
              <span />
            )}
            {article.next ? (
              <LocalizedLink to={`/helps/${article.next.id}`} rel="next" className="rounded-xl border border-slate-200 p-4 text-right hover:border-indigo-400">
                <span className="block text-xs text-slate-500">{t("article.next", { category })}</span>
                <span className="font-medium">{article.next.title}</span>
              </LocalizedLink>
            ) : null}
          </nav>
          <p className="mt-4">
            <LocalizedLink to={`/helps?category=${article.category.slug}`} className="text-sm font-medium text-indigo-700 hover:underline">
              {t("article.backToCategory", { category })}
            </LocalizedLink>
          </p>
        </div>
      </div>

      {article.related.length ? (
        <section aria-labelledby="help-related" className="mt-16 max-w-4xl">
          <h2 id="help-related" className="text-2xl font-bold">
            {t("article.related")}
          </h2>
          <div className="mt-6">
            <HelpArticleList articles={article.related} testId="help-related" />
          </div>
        </section>
      ) : null}
    </article>
  );
}
