import { useState } from "react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { localizePath } from "~/lib/paths";
import { getLanguage, isLangKey } from "~/i18n/languages";
import { formatStaffTime, useAdminLang, useAdminText } from "../admin-lang";
import { SiteLang } from "../SiteLang";
import { AdminPage, Badge, Button, ConfirmStrip, EmptyState, FilterLinks, Notice, Pager, SelectField } from "../ui";
import { useAdminApi } from "../use-admin-api";
import type { CommentArticle, CommentedArticle, CommentFilter, StaffComment } from "./types";

const WORDS = {
  en: {
    title: "Comments",
    description: "Every comment on blog and news articles, newest first, with its article beside it. Hidden comments stay here but are never shown or counted on the site.",
    show: "Show",
    filters: { all: "All", visible: "Visible", hidden: "Hidden", popular: "Popular" },
    article: "Article",
    allArticles: "All articles",
    apply: "Apply",
    commentsOn: (n: number) => (n === 1 ? "1 comment" : `${n} comments`),
    filteredBy: "Only the comments on",
    showAll: "Show every article",
    total: (n: number) => (n === 1 ? "1 comment" : `${n} comments`),
    popular: "Popular",
    hidden: "Hidden",
    hiddenAt: (when: string) => `Hidden ${when} — not shown on the site`,
    draft: "Draft",
    types: { blog: "Blog", news: "News" },
    onArticle: "On the article",
    openArticle: "Open on the site",
    newTab: "(opens in a new tab)",
    onlyThis: "Only this article",
    markPopular: "Mark popular",
    unmarkPopular: "Not popular",
    hide: "Hide",
    unhide: "Show again",
    delete: "Delete",
    confirmDelete: "Delete this comment for good? The audit log keeps a copy, and an admin can put it back from there.",
    confirm: "Delete for good",
    cancel: "Cancel",
    list: "Comments",
    empty: { all: "No comments yet.", visible: "No visible comments.", hidden: "No hidden comments.", popular: "No comments are marked popular." },
    emptyHint: "Comments appear here as visitors post them on articles.",
    loading: "Loading…",
  },
  zh: {
    title: "评论",
    description: "博客和新闻文章下的所有评论，最新在前，旁边显示所属文章。已隐藏的评论仍保留在这里，但不会在网站上显示或计数。",
    show: "显示",
    filters: { all: "全部", visible: "可见", hidden: "已隐藏", popular: "热门" },
    article: "文章",
    allArticles: "全部文章",
    apply: "应用",
    commentsOn: (n: number) => `${n} 条评论`,
    filteredBy: "仅显示此文章的评论：",
    showAll: "显示全部文章",
    total: (n: number) => `共 ${n} 条评论`,
    popular: "热门",
    hidden: "已隐藏",
    hiddenAt: (when: string) => `隐藏于 ${when}，网站上不显示`,
    draft: "草稿",
    types: { blog: "博客", news: "新闻" },
    onArticle: "所属文章",
    openArticle: "在网站上打开",
    newTab: "（在新标签页打开）",
    onlyThis: "只看此文章",
    markPopular: "标为热门",
    unmarkPopular: "取消热门",
    hide: "隐藏",
    unhide: "恢复显示",
    delete: "删除",
    confirmDelete: "确定永久删除这条评论吗？操作日志会保留一份副本，管理员可从日志中恢复。",
    confirm: "永久删除",
    cancel: "取消",
    list: "评论列表",
    empty: { all: "还没有评论。", visible: "没有可见的评论。", hidden: "没有已隐藏的评论。", popular: "没有标为热门的评论。" },
    emptyHint: "访客在文章下发表评论后，会显示在这里。",
    loading: "加载中…",
  },
};

export interface CommentsPageProps {
  filter: CommentFilter;
  article: CommentArticle | null;
  articles: CommentedArticle[];
  comments: { list: StaffComment[]; total: number; page: number; page_size: number };
}

const publicPath = (a: CommentArticle) => localizePath(`/${a.type}/${a.id}`, isLangKey(a.lang) ? a.lang : "en");

export function CommentsPage({ filter, article, articles, comments }: CommentsPageProps) {
  const words = useAdminText(WORDS);
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/comments";
  const options = article && !articles.some((a) => a.id === article.id) ? [{ ...article, comments: 0 }, ...articles] : articles;

  return (
    <AdminPage title={words.title} description={words.description}>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <FilterLinks label={words.show} param="filter" value={filter} options={(["all", "visible", "hidden", "popular"] as const).map((v) => ({ value: v, label: words.filters[v] }))} />
        <Form method="get" className="flex w-full flex-wrap items-end gap-2 sm:w-auto">
          {filter !== "all" ? <input type="hidden" name="filter" value={filter} /> : null}
          <SelectField label={words.article} name="article" defaultValue={article ? String(article.id) : ""} key={article?.id ?? 0} className="min-w-0 flex-1 sm:w-80 sm:flex-none">
            <option value="">{words.allArticles}</option>
            {options.map((a) => (
              <option key={a.id} value={a.id}>
                [{a.lang}] {a.title} ({words.commentsOn(a.comments)})
              </option>
            ))}
          </SelectField>
          <Button type="submit">{words.apply}</Button>
        </Form>
      </div>

      {article ? (
        <div className="mb-4">
          <Notice tone="info">
            {words.filteredBy} <strong>{article.title}</strong> <SiteLang lang={article.lang} />.{" "}
            <Link
              to={`?${(() => {
                const next = new URLSearchParams(params);
                next.delete("article");
                next.delete("page");
                return next;
              })()}`}
              className="underline"
            >
              {words.showAll}
            </Link>
          </Notice>
        </div>
      ) : null}

      <p className="mb-2 text-sm text-slate-600" aria-live="polite">
        {loading ? words.loading : words.total(comments.total)}
      </p>
      {comments.list.length === 0 ? (
        <EmptyState title={words.empty[filter]}>{words.emptyHint}</EmptyState>
      ) : (
        <>
          <ul aria-label={words.list} className={`space-y-3 ${loading ? "opacity-60" : ""}`}>
            {comments.list.map((c) => (
              <CommentCard key={c.id} comment={c} />
            ))}
          </ul>
          <Pager page={comments.page} pageSize={comments.page_size} total={comments.total} />
        </>
      )}
    </AdminPage>
  );
}

function CommentCard({ comment: c }: { comment: StaffComment }) {
  const words = useAdminText(WORDS);
  const lang = useAdminLang();
  const api = useAdminApi();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const act = async (path: string, body: Record<string, unknown>) => {
    setError(null);
    const r = await api.post(path, { id: c.id, ...body });
    if (!r.ok) setError(r.message);
    setConfirming(false);
  };
  const onlyThis = (() => {
    const next = new URLSearchParams(params);
    next.set("article", String(c.article.id));
    next.delete("page");
    return `?${next}`;
  })();
  const contentLang = isLangKey(c.article.lang) ? getLanguage(c.article.lang).tag : undefined;

  return (
    <li className={`rounded-lg border bg-white shadow-sm ${c.hidden_at ? "border-dashed border-slate-300 bg-slate-50" : "border-slate-200"}`}>
      <div className="grid gap-0 md:grid-cols-[minmax(0,1fr)_18rem]">
        <article className="min-w-0 p-4" aria-label={`${c.name}, ${formatStaffTime(c.created_at, lang)}`}>
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-slate-900">{c.name}</span>
            <span className="text-xs text-slate-500">{formatStaffTime(c.created_at, lang)}</span>
            {c.is_popular ? <Badge tone="blue">{words.popular}</Badge> : null}
            {c.hidden_at ? <Badge tone="red">{words.hidden}</Badge> : null}
          </div>
          <p className={`mt-2 text-sm break-words whitespace-pre-wrap ${c.hidden_at ? "text-slate-500" : "text-slate-800"}`} lang={contentLang}>
            {c.content}
          </p>
          {c.hidden_at ? <p className="mt-2 text-xs text-slate-500">{words.hiddenAt(formatStaffTime(c.hidden_at, lang))}</p> : null}
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <Button small disabled={api.pending} onClick={() => void act("/admin/comments/popular", { popular: !c.is_popular })}>
              {c.is_popular ? words.unmarkPopular : words.markPopular}
            </Button>
            <Button small disabled={api.pending} onClick={() => void act("/admin/comments/hide", { hidden: !c.hidden_at })}>
              {c.hidden_at ? words.unhide : words.hide}
            </Button>
            {confirming ? null : (
              <Button small tone="ghost" className="text-red-700 hover:bg-red-50" disabled={api.pending} onClick={() => setConfirming(true)}>
                {words.delete}
              </Button>
            )}
          </div>
          {confirming ? (
            <ConfirmStrip
              className="mt-3"
              label={words.delete}
              question={words.confirmDelete}
              confirm={words.confirm}
              cancel={words.cancel}
              tone="danger"
              pending={api.pending}
              onConfirm={() => void act("/admin/comments/delete", { version: c.version })}
              onCancel={() => setConfirming(false)}
            />
          ) : null}
          {error ? (
            <div className="mt-3">
              <Notice>{error}</Notice>
            </div>
          ) : null}
        </article>
        <aside className="min-w-0 border-t border-slate-200 p-4 text-sm md:border-t-0 md:border-l" aria-label={words.onArticle}>
          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{words.onArticle}</p>
          <p className="mt-1 font-medium break-words text-slate-900" lang={contentLang}>
            {c.article.title}
          </p>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
            <SiteLang lang={c.article.lang} />
            <span>· {words.types[c.article.type]}</span>
            {c.article.status === "draft" ? <Badge tone="amber">{words.draft}</Badge> : null}
          </p>
          <p className="mt-2 flex flex-wrap gap-x-3 gap-y-1">
            <a href={publicPath(c.article)} target="_blank" rel="noopener" className="text-blue-800 underline">
              {words.openArticle} ↗<span className="sr-only"> {words.newTab}</span>
            </a>
            <Link to={onlyThis} className="text-blue-800 underline">
              {words.onlyThis}
            </Link>
          </p>
        </aside>
      </div>
    </li>
  );
}
