import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { getJson } from "~/lib/api-client";
import { useLang } from "~/i18n/use-lang";
import type { CommentView } from "@contracts/article-types";
import { formatDate } from "~/lib/format/format-date";
import { INTENT_FIELD, useFormAction } from "~/lib/form-outcome";
import { useToast } from "../shell/Toaster";
import { useHydrated } from "~/hooks/use-hydrated";

interface CommentPage {
  list: CommentView[];
  total: number;
  has_more: boolean;
}

/** Limits the server enforces too (server/services/comments.server.ts). */
const NAME_MAX = 50;
const CONTENT_MAX = 1000;

/** The comment form's intent: the article page's action posts it (app/routes/article.tsx). */
export const COMMENT_INTENT = "comment";

/**
 * An article's comments and the form to add one. The form posts to the article page's action,
 * which runs the API's own comment endpoint (docs/decisions/0034): with scripts it is sent by a
 * fetcher and the comment joins the list in place; without them the page comes back with the
 * comment in its list, or with the form as it was typed and each field's error beside it. The
 * sort and "load more" buttons read the API and need the page's scripts.
 */
export function Comments({ articleId, initial, pageSize }: { articleId: number; initial: CommentPage; pageSize: number }) {
  const { t } = useTranslation("blog");
  const lang = useLang();
  const toast = useToast();
  const { pathname } = useLocation();
  const [comments, setComments] = useState(initial.list);
  const [total, setTotal] = useState(initial.total);
  const [hasMore, setHasMore] = useState(initial.has_more);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<"latest" | "popular">("latest");
  const [loading, setLoading] = useState(false);
  // Sorting and loading more read the API: a script does it, so they wait for one.
  const hydrated = useHydrated();
  const post = useFormAction<CommentView>(COMMENT_INTENT);
  const { outcome } = post;
  const nameRef = useRef<HTMLInputElement>(null);
  const contentRef = useRef<HTMLTextAreaElement>(null);

  const refused = outcome?.ok === false ? outcome : null;
  // The field's own words ("Please enter your name.") for an empty field, the server's otherwise.
  const fieldError = (field: "name" | "content", empty: string) => {
    const error = refused?.fieldErrors[field];
    if (!error) return undefined;
    return (refused.values[field] ?? "").trim() === "" ? empty : error;
  };
  const errors = { name: fieldError("name", t("comments.nameEmpty")), content: fieldError("content", t("comments.contentEmpty")) };
  const alert = refused ? (errors.content ?? errors.name ?? refused.message) : null;

  // A comment sent by the fetcher joins the list here (a document post comes back with it in the
  // page's list); a refusal puts the focus on the first field to mend.
  const answer = post.fetcher.data;
  useEffect(() => {
    if (!answer || answer.intent !== COMMENT_INTENT) return;
    if (!answer.ok) {
      if (answer.fieldErrors.name) nameRef.current?.focus();
      else if (answer.fieldErrors.content) contentRef.current?.focus();
      return;
    }
    const comment = answer.data;
    if (comment.id) {
      setComments((list) =>
        list.some((c) => c.id === comment.id)
          ? list
          : sort === "latest"
            ? [comment, ...list]
            : [...list.filter((c) => c.is_popular), comment, ...list.filter((c) => !c.is_popular)],
      );
      setTotal((n) => n + 1);
    }
    if (contentRef.current) contentRef.current.value = "";
    // `sort` is read as it is when the answer comes, not a reason to add the comment again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  const load = async (nextPage: number, nextSort: typeof sort) => {
    setLoading(true);
    const result = await getJson<CommentPage>("/api/home/article-comment-list", {
      article_id: String(articleId),
      page: String(nextPage),
      page_size: String(pageSize),
      sort: nextSort,
      lang,
    });
    setLoading(false);
    if (!result.ok) {
      toast(t("comments.loadFailed"), { type: "error" });
      return;
    }
    const body = result.data;
    setComments((list) => (nextPage === 1 ? body.list : [...list, ...body.list.filter((c) => !list.some((x) => x.id === c.id))]));
    setTotal(body.total);
    setHasMore(body.has_more);
    setPage(nextPage);
    setSort(nextSort);
  };

  const input =
    "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200 aria-[invalid=true]:border-red-500";
  return (
    <section aria-labelledby="comments-title" className="mt-16" data-testid="comments">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="comments-title" className="text-2xl font-bold">
          {t("comments.title")} <span className="text-base font-normal text-slate-500">({total})</span>
        </h2>
        <div role="group" aria-label={t("comments.sortLabel")} className="flex gap-1 rounded-lg bg-slate-100 p-1 text-sm">
          {(["latest", "popular"] as const).map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={sort === s}
              disabled={loading || !hydrated}
              onClick={() => void load(1, s)}
              className="rounded-md px-3 py-1 aria-pressed:bg-white aria-pressed:font-semibold aria-pressed:shadow"
            >
              {t(`comments.${s}`)}
            </button>
          ))}
        </div>
      </div>

      {/* Posted to the page's own address; without scripts the answer opens at the form. */}
      <post.fetcher.Form
        method="post"
        action={`${pathname}#comment-form`}
        preventScrollReset
        noValidate
        id="comment-form"
        className="mt-6 scroll-mt-24 space-y-4 rounded-xl border border-slate-200 p-5"
        data-testid="comment-form"
      >
        <input type="hidden" name={INTENT_FIELD} value={COMMENT_INTENT} />
        <h3 className="font-semibold">{t("comments.formTitle")}</h3>
        <div>
          <label htmlFor="comment-name" className="text-sm font-medium">
            {t("comments.name")}
          </label>
          <input
            ref={nameRef}
            id="comment-name"
            name="name"
            maxLength={NAME_MAX}
            autoComplete="name"
            defaultValue={refused?.values.name ?? (outcome?.ok ? outcome.data.name : "")}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? "comment-name-error" : undefined}
            className={input}
          />
          {errors.name ? (
            <p id="comment-name-error" className="mt-1 text-sm text-red-600" data-testid="comment-error-name">
              {errors.name}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor="comment-content" className="text-sm font-medium">
            {t("comments.content")}
          </label>
          <textarea
            ref={contentRef}
            id="comment-content"
            name="content"
            rows={4}
            maxLength={CONTENT_MAX}
            placeholder={t("comments.contentPlaceholder")}
            defaultValue={refused?.values.content ?? ""}
            aria-invalid={errors.content ? true : undefined}
            aria-describedby={`comment-content-hint${errors.content ? " comment-content-error" : ""}`}
            className={input}
          />
          <p id="comment-content-hint" className="mt-1 text-xs text-slate-500">
            {t("comments.plainText")}
          </p>
          {errors.content ? (
            <p id="comment-content-error" className="mt-1 text-sm text-red-600" data-testid="comment-error-content">
              {errors.content}
            </p>
          ) : null}
        </div>
        {/* Honeypot: invisible to people and assistive technology; bots fill it in. Never filled back. */}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor="comment-website">{t("comments.honeypot")}</label>
          <input id="comment-website" name="website" tabIndex={-1} autoComplete="off" />
        </div>
        <div aria-live="polite">
          {alert ? (
            <p role="alert" className="text-sm font-medium text-red-700" data-testid="comment-refused">
              {alert}
            </p>
          ) : outcome?.ok ? (
            <p role="status" className="text-sm font-medium text-emerald-700" data-testid="comment-posted">
              {t("comments.posted")}
            </p>
          ) : null}
        </div>
        <button
          type="submit"
          disabled={post.busy}
          className="rounded-lg bg-indigo-600 px-5 py-2 font-semibold text-white hover:bg-indigo-700 disabled:opacity-60"
        >
          {post.busy ? t("comments.posting") : t("comments.submit")}
        </button>
      </post.fetcher.Form>

      {comments.length === 0 ? (
        <p className="mt-6 text-slate-600" data-testid="no-comments">
          {t("comments.none")}
        </p>
      ) : (
        <ol className="mt-6 space-y-4" data-testid="comment-list">
          {comments.map((c) => (
            <li key={c.id} className="rounded-xl border border-slate-200 p-4" data-testid="comment">
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <span className="font-semibold">{c.name}</span>
                <time dateTime={c.created_at} className="text-slate-500">
                  {formatDate(c.created_at, lang)}
                </time>
                {c.is_popular ? <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-800">{t("comments.popularBadge")}</span> : null}
              </div>
              {/* Plain text, escaped by React; line breaks kept. */}
              <p className="mt-2 whitespace-pre-line break-words text-slate-800">{c.content}</p>
            </li>
          ))}
        </ol>
      )}
      {hasMore ? (
        <button
          type="button"
          onClick={() => void load(page + 1, sort)}
          disabled={loading || !hydrated}
          className="mt-6 rounded-lg border border-slate-300 px-5 py-2 text-sm font-semibold hover:border-indigo-400 disabled:opacity-60"
        >
          {t("comments.loadMore")}
        </button>
      ) : comments.length > 0 ? (
        <p className="mt-6 text-center text-sm text-slate-500" data-testid="no-more-comments">
          {t("comments.noMore")}
        </p>
      ) : null}
    </section>
  );
}
