import { useEffect } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useLang } from "~/i18n/use-lang";
import { LocalizedLink } from "../LocalizedLink";
import { SiteImage } from "../SiteImage";
import { PageHtml } from "~/lib/page-html";
import { TableOfContents } from "../TableOfContents";
import { useToast } from "../shell/Toaster";
import type { ArticleSummary, CommentView } from "@contracts/article-types";
import { ArticleCard, ArticleMeta } from "./ArticleCard";
import { Comments } from "./Comments";
import { ContentHeading } from "../FallbackNotice";
import { langAttribute } from "~/i18n/fallback";
import type { LangKey } from "~/i18n/languages";

export interface ArticleView extends ArticleSummary {
  lang: LangKey;
  type: "blog" | "news";
  content: string;
  toc: { id: string; text: string; depth: number }[];
  updated_at: string;
  prev: { id: number; title: string } | null;
  next: { id: number; title: string } | null;
  latest: ArticleSummary[];
  preview: boolean;
}

const SHARE_TARGETS = [
  { network: "X", href: (u: string, t: string) => `https://x.com/intent/tweet?url=${u}&text=${t}` },
  { network: "Facebook", href: (u: string) => `https://www.facebook.com/sharer/sharer.php?u=${u}` },
  { network: "LinkedIn", href: (u: string) => `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
  { network: "Telegram", href: (u: string, t: string) => `https://t.me/share/url?url=${u}&text=${t}` },
] as const;

export function ArticlePage({
  article,
  related,
  comments,
  commentPageSize,
  canonical,
  fallbackFrom = null,
}: {
  fallbackFrom?: LangKey | null;
  article: ArticleView;
  related: ArticleSummary[];
  comments: { list: CommentView[]; total: number; has_more: boolean };
  commentPageSize: number;
  canonical: string;
}) {
  const { t } = useTranslation("blog");
  const { t: tc } = useTranslation();
  const toast = useToast();
  const type = article.type;
  const lang = useLang();
  const url = encodeURIComponent(canonical);
  const title = encodeURIComponent(article.title);
  useCountRead(article.id, article.preview);

  return (
    <article className="mx-auto max-w-7xl px-4 py-10" data-testid="article">
      {article.preview ? (
        <p role="status" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900" data-testid="preview-banner">
          {t("article.preview")}
        </p>
      ) : null}
      <nav aria-label={t("article.breadcrumb")} className="text-sm text-slate-500">
        <ol className="flex flex-wrap gap-2">
          <li>
            <LocalizedLink to="/" className="hover:text-indigo-700">
              {t("article.home")}
            </LocalizedLink>
            <span aria-hidden="true"> /</span>
          </li>
          <li>
            <LocalizedLink to={`/${type}`} className="hover:text-indigo-700">
              {tc(`pages.${type}.title`)}
            </LocalizedLink>
            <span aria-hidden="true"> /</span>
          </li>
          <li>
            <LocalizedLink to={`/${type}-${article.category.slug}`} className="hover:text-indigo-700">
              {article.category.name}
            </LocalizedLink>
          </li>
        </ol>
      </nav>

      <header className="mt-4 max-w-3xl">
        <ContentHeading title={article.title} summary={article.summary} writtenIn={article.lang} fallbackFrom={fallbackFrom} />
        <div className="mt-4">
          <ArticleMeta article={article} updatedAt={article.updated_at} />
        </div>
        {/* Not translated: the tags' pages in this language may not exist (they list its own pieces). */}
        {article.tags.length && !fallbackFrom ? (
          <ul className="mt-3 flex flex-wrap gap-2">
            {article.tags.map((tag) => (
              <li key={tag.slug}>
                <LocalizedLink
                  to={`/${type}-${article.category.slug}/${tag.slug}`}
                  className="rounded-full bg-slate-100 px-2.5 py-1 text-xs text-slate-700 hover:bg-indigo-50"
                >
                  #{tag.name}
                </LocalizedLink>
              </li>
            ))}
          </ul>
        ) : null}
      </header>

      {article.cover ? (
        <SiteImage
          priority
          src={article.cover}
          alt=""
          width={1200}
          height={630}
          sizes="(min-width: 1024px) 896px, 100vw"
          className="mt-8 w-full max-w-4xl rounded-2xl"
        />
      ) : null}

      <div className="mt-10 grid gap-10 lg:grid-cols-[14rem_minmax(0,1fr)_16rem]">
        <aside className="lg:sticky lg:top-24 lg:self-start">
          <TableOfContents entries={article.toc} title={t("article.toc")} id="toc-title" />
        </aside>

        <div className="min-w-0">
          {/* Sanitised on import (server/content/markdown.server.ts). */}
          <PageHtml className="article-body" html={article.content} lang={langAttribute(article.lang, lang)} />

          <div className="mt-10 flex flex-wrap items-center gap-3 border-t border-slate-200 pt-6" aria-label={t("article.share")} role="group">
            <span className="text-sm font-semibold">{t("article.share")}</span>
            {SHARE_TARGETS.map((s) => (
              <a
                key={s.network}
                href={s.href(url, title)}
                target="_blank"
                rel="noopener noreferrer"
                className="rounded-full border border-slate-300 px-3 py-1 text-sm hover:border-indigo-400"
              >
                {t("article.shareOn", { network: s.network })}
              </a>
            ))}
            <button
              type="button"
              className="rounded-full border border-slate-300 px-3 py-1 text-sm hover:border-indigo-400"
              onClick={() =>
                void navigator.clipboard?.writeText(canonical).then(
                  () => toast(t("article.linkCopied"), { type: "success", variant: "small" }),
                  () => undefined,
                )
              }
            >
              {t("article.copyLink")}
            </button>
          </div>

          <nav className="mt-8 grid gap-4 sm:grid-cols-2" aria-label={`${t("article.previous")} / ${t("article.next")}`}>
            {article.prev ? (
              <LocalizedLink to={`/${type}/${article.prev.id}`} rel="prev" className="rounded-xl border border-slate-200 p-4 hover:border-indigo-400">
                <span className="block text-xs text-slate-500">{t("article.previous")}</span>
                <span className="font-medium">{article.prev.title}</span>
              </LocalizedLink>
            ) : (
              <span />
            )}
            {article.next ? (
              <LocalizedLink
                to={`/${type}/${article.next.id}`}
                rel="next"
                className="rounded-xl border border-slate-200 p-4 text-right hover:border-indigo-400"
              >
                <span className="block text-xs text-slate-500">{t("article.next")}</span>
                <span className="font-medium">{article.next.title}</span>
              </LocalizedLink>
            ) : null}
          </nav>

          {article.preview ? null : <Comments key={article.id} articleId={article.id} initial={comments} pageSize={commentPageSize} />}
        </div>

        <aside aria-labelledby="article-latest-title">
          <h2 id="article-latest-title" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
            {t("list.latest")}
          </h2>
          <ul className="mt-3 space-y-3 text-sm">
            {article.latest.map((a) => (
              <li key={a.id}>
                <LocalizedLink to={`/${type}/${a.id}`} className="hover:text-indigo-700" lang={langAttribute(article.lang, lang)}>
                  {a.title}
                </LocalizedLink>
              </li>
            ))}
          </ul>
        </aside>
      </div>

      {related.length ? (
        <section aria-labelledby="related-title" className="mt-16">
          <h2 id="related-title" className="text-2xl font-bold">
            {t("article.related")}
          </h2>
          <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {related.map((a) => (
              // Related pieces are in the article's language (another one on a fallback page).
              <ArticleCard key={a.id} article={a} type={type} writtenIn={article.lang} />
            ))}
          </div>
        </section>
      ) : null}
    </article>
  );
}

/**
 * The page comes from the cache for everyone (docs/decisions/0021), so the read is counted from
 * here; the server keeps one per visitor and day and ignores crawlers.
 */
function useCountRead(id: number, preview: boolean): void {
  const lang = useLang();
  useEffect(() => {
    if (preview) return;
    void fetch("/api/home/article-read", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id, lang }),
      keepalive: true,
    }).catch(() => {});
  }, [id, preview, lang]);
}
