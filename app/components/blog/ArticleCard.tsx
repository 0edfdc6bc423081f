import { useTranslation } from "~/i18n/use-translation";
import { useLang } from "~/i18n/use-lang";
import type { ArticleSummary } from "@contracts/article-types";
import { formatDate } from "~/lib/format/format-date";
import { LocalizedLink } from "../LocalizedLink";
import { SiteImage } from "../SiteImage";
import { FallbackBadge } from "../FallbackNotice";
import { langAttribute } from "~/i18n/fallback";
import type { LangKey } from "~/i18n/languages";

export function ArticleMeta({ article, updatedAt }: { article: ArticleSummary; updatedAt?: string }) {
  const { t } = useTranslation("blog");
  const lang = useLang();
  const updated = updatedAt && updatedAt.slice(0, 10) !== article.published_at.slice(0, 10) ? updatedAt : null;
  return (
    <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-500">
      <span>{t("meta.by", { author: article.author })}</span>
      <time dateTime={article.published_at}>{t("meta.published", { date: formatDate(article.published_at, lang) })}</time>
      {updated ? <time dateTime={updated}>{t("meta.updated", { date: formatDate(updated, lang) })}</time> : null}
      <span>{t("meta.reads", { count: article.reads })}</span>
    </p>
  );
}

/** `priority`: the card is in the first screen (the list's first), so its cover loads at once at its width. */
export function ArticleCard({
  article,
  type,
  priority = false,
  writtenIn,
}: {
  article: ArticleSummary;
  type: "blog" | "news";
  priority?: boolean;
  /** The language it is written in, when not the page's (a piece not translated yet). */
  writtenIn?: LangKey;
}) {
  const lang = useLang();
  const textLang = writtenIn ? langAttribute(writtenIn, lang) : undefined;
  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white" data-testid="article-card">
      {article.cover ? (
        <SiteImage
          priority={priority}
          src={article.cover}
          alt=""
          width={1200}
          height={630}
          sizes="(min-width: 1024px) 400px, 100vw"
          className="aspect-[1200/630] w-full object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col gap-3 p-5">
        <LocalizedLink to={`/${type}-${article.category.slug}`} className="text-xs font-semibold uppercase tracking-wide text-indigo-700 hover:underline">
          {article.category.name}
        </LocalizedLink>
        <h2 className="text-lg font-semibold leading-snug">
          <LocalizedLink to={`/${type}/${article.id}`} className="hover:text-indigo-700" lang={textLang}>
            {article.title}
          </LocalizedLink>
          {writtenIn && writtenIn !== lang ? <FallbackBadge lang={writtenIn} /> : null}
        </h2>
        <p className="flex-1 text-sm text-slate-600" lang={textLang}>
          {article.summary}
        </p>
        <ArticleMeta article={article} />
        {/* A piece in another language: its tags' pages exist where pieces carry them, maybe not here. */}
        {article.tags.length && !textLang ? (
          <ul className="flex flex-wrap gap-2">
            {article.tags.map((tag) => (
              <li key={tag.slug}>
                <LocalizedLink
                  to={`/${type}-${article.category.slug}/${tag.slug}`}
                  className="rounded-full bg-slate-100 px-2.5 py-1 text-xs text-slate-700 hover:bg-indigo-50 hover:text-indigo-700"
                >
                  #{tag.name}
                </LocalizedLink>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </article>
  );
}
