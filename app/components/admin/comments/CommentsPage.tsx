import { useRef, useState } from "react";
import { useFormAction } from "~/lib/form-outcome";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { localizePath } from "~/lib/urls/paths";
import { getLanguage, isLangKey } from "~/i18n/languages";
import { formatStaffTime, useStaffLocale } from "../admin-lang";
import { SiteLang } from "../SiteLang";
import { AdminPage, Badge, Button, ConfirmStrip, EmptyState, FilterLinks, Notice, Pager, SelectField } from "../ui";
import type { CommentArticle, StaffComment } from "@contracts/staff-comments";
import { StaffFormFields } from "../staff-form";
import { useAdminWords } from "../admin-words";
import type { PageData } from "../page-data";
import type { loader } from "~/routes/admin/comments";

/**
 * Each comment's moderation is one form posted to the page's action (the /api/admin/comments/*
 * endpoints' declarations), its intent naming the comment, the button pressed naming what to do.
 */
export const commentIntent = (id: number) => `comment-${id}`;
export const COMMENT_OPS = { popular: "popular", hide: "hide", delete: "delete" } as const;

/** What the /admin/comments loader sends. */
export type CommentsPageProps = PageData<typeof loader>;

const publicPath = (a: CommentArticle) => localizePath(`/${a.type}/${a.id}`, isLangKey(a.lang) ? a.lang : "en");

export function CommentsPage({ filter, article, articles, comments }: CommentsPageProps) {
  const { t } = useAdminWords("comments", "page");
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/comments";
  const options = article && !articles.some((a) => a.id === article.id) ? [{ ...article, comments: 0 }, ...articles] : articles;

  return (
    <AdminPage title={t("title")} description={t("description")}>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <FilterLinks
          label={t("show")}
          param="filter"
          value={filter}
          options={(["all", "visible", "hidden", "popular"] as const).map((v) => ({ value: v, label: t(`filters.${v}`) }))}
        />
        <Form method="get" className="flex w-full flex-wrap items-end gap-2 sm:w-auto">
          {filter !== "all" ? <input type="hidden" name="filter" value={filter} /> : null}
          <SelectField
            label={t("article")}
            name="article"
            defaultValue={article ? String(article.id) : ""}
            key={article?.id ?? 0}
            className="min-w-0 flex-1 sm:w-80 sm:flex-none"
          >
            <option value="">{t("allArticles")}</option>
            {options.map((a) => (
              <option key={a.id} value={a.id}>
                [{a.lang}] {a.title} ({t("commentsOn", { count: a.comments })})
              </option>
            ))}
          </SelectField>
          <Button type="submit">{t("apply")}</Button>
        </Form>
      </div>

      {article ? (
        <div className="mb-4">
          <Notice tone="info">
            {t("filteredBy")} <strong>{article.title}</strong> <SiteLang lang={article.lang} />.{" "}
            <Link
              to={`?${(() => {
                const next = new URLSearchParams(params);
                next.delete("article");
                next.delete("page");
                return next;
              })()}`}
              className="underline"
            >
              {t("showAll")}
            </Link>
          </Notice>
        </div>
      ) : null}

      <p className="mb-2 text-sm text-slate-600" aria-live="polite">
        {loading ? t("loading") : comments.total_capped ? t("totalCapped", { count: comments.total }) : t("total", { count: comments.total })}
      </p>
      {comments.list.length === 0 ? (
        <EmptyState title={t(`empty.${filter}`)}>{t("emptyHint")}</EmptyState>
      ) : (
        <>
          <ul aria-label={t("list")} className={`space-y-3 ${loading ? "opacity-60" : ""}`}>
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
  const { t } = useAdminWords("comments", "page");
  const locale = useStaffLocale();
  const { fetcher, outcome, busy } = useFormAction(commentIntent(c.id));
  const [params] = useSearchParams();
  const [confirming, setConfirming] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const error = outcome?.ok === false ? outcome.message : null;
  // Deleting asks first (with scripts: the confirmation is in place).
  const confirmDelete = () => {
    const data = new FormData(form.current!);
    data.set("op", COMMENT_OPS.delete);
    void fetcher.submit(data, { method: "post" });
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
        <article className="min-w-0 p-4" aria-label={`${c.name}, ${formatStaffTime(c.created_at, locale)}`}>
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-slate-900">{c.name}</span>
            <span className="text-xs text-slate-500">{formatStaffTime(c.created_at, locale)}</span>
            {c.is_popular ? <Badge tone="blue">{t("popular")}</Badge> : null}
            {c.hidden_at ? <Badge tone="red">{t("hidden")}</Badge> : null}
          </div>
          <p className={`mt-2 text-sm break-words whitespace-pre-wrap ${c.hidden_at ? "text-slate-500" : "text-slate-800"}`} lang={contentLang}>
            {c.content}
          </p>
          {c.hidden_at ? <p className="mt-2 text-xs text-slate-500">{t("hiddenAt", { when: formatStaffTime(c.hidden_at, locale) })}</p> : null}
          <fetcher.Form ref={form} method="post" className="mt-3 flex flex-wrap items-center gap-2">
            <StaffFormFields intent={commentIntent(c.id)} />
            <input type="hidden" name="id" value={c.id} />
            <input type="hidden" name="popular" value={String(!c.is_popular)} />
            <input type="hidden" name="hidden" value={String(!c.hidden_at)} />
            <input type="hidden" name="version" value={c.version} />
            <Button type="submit" name="op" value={COMMENT_OPS.popular} small disabled={busy}>
              {c.is_popular ? t("unmarkPopular") : t("markPopular")}
            </Button>
            <Button type="submit" name="op" value={COMMENT_OPS.hide} small disabled={busy}>
              {c.hidden_at ? t("unhide") : t("hide")}
            </Button>
            {confirming ? null : (
              <Button small tone="ghost" className="text-red-700 hover:bg-red-50" disabled={busy} onClick={() => setConfirming(true)}>
                {t("delete")}
              </Button>
            )}
          </fetcher.Form>
          {confirming ? (
            <ConfirmStrip
              className="mt-3"
              label={t("delete")}
              question={t("confirmDelete")}
              confirm={t("confirm")}
              cancel={t("cancel")}
              tone="danger"
              pending={busy}
              onConfirm={confirmDelete}
              onCancel={() => setConfirming(false)}
            />
          ) : null}
          {error ? (
            <div className="mt-3">
              <Notice>{error}</Notice>
            </div>
          ) : null}
        </article>
        <aside className="min-w-0 border-t border-slate-200 p-4 text-sm md:border-t-0 md:border-l" aria-label={t("onArticle")}>
          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{t("onArticle")}</p>
          <p className="mt-1 font-medium break-words text-slate-900" lang={contentLang}>
            {c.article.title}
          </p>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
            <SiteLang lang={c.article.lang} />
            <span>· {t(`types.${c.article.type}`)}</span>
            {c.article.status === "draft" ? <Badge tone="amber">{t("draft")}</Badge> : null}
          </p>
          <p className="mt-2 flex flex-wrap gap-x-3 gap-y-1">
            <a href={publicPath(c.article)} target="_blank" rel="noopener" className="text-blue-800 underline">
              {t("openArticle")} ↗<span className="sr-only"> {t("newTab")}</span>
            </a>
            <Link to={onlyThis} className="text-blue-800 underline">
              {t("onlyThis")}
            </Link>
          </p>
        </aside>
      </div>
    </li>
  );
}
