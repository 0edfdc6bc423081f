import { pageLoader } from "../../../server/http/page-loader.server";
import { useLoaderData, data } from "react-router";
import { commentArticle, commentedArticles, listStaffComments } from "../../../server/services/comments.server";
import { AdminErrorPage } from "~/components/admin/AdminErrorPage";
import { CommentsPage, COMMENT_OPS, commentIntent } from "~/components/admin/comments/CommentsPage";
import { COMMENT_FILTERS, type CommentFilter } from "@contracts/staff-comments";
import { commentDelete, commentHidden, commentPopular } from "../../../server/api/endpoints/admin-moderation.server";
import { endpointAction } from "../../../server/http/form-actions.server";
import { postedForm, staffFormLang } from "../../../server/http/staff-form-actions.server";
import { staffMetaIn } from "~/components/admin/meta";
import type { Route } from "./+types/comments";
import { idFromPath } from "@contracts/address-numbers";

const PAGE_SIZE = 20;

export const loader = pageLoader({ staff: "comments", adminWords: ["comments"] }, async ({ request, context }: Route.LoaderArgs) => {
  const params = new URL(request.url).searchParams;
  const filter = (COMMENT_FILTERS as readonly string[]).includes(params.get("filter") ?? "") ? (params.get("filter") as CommentFilter) : "all";
  const articleId = idFromPath(params.get("article")) ?? undefined;
  const page = Math.min(10_000, Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  const [comments, articles, article] = await Promise.all([
    listStaffComments(context.db, { filter, articleId, page, pageSize: PAGE_SIZE }),
    commentedArticles(context.db),
    articleId ? commentArticle(context.db, articleId) : null,
  ]);
  return { filter, article, articles, comments };
});

/** A comment's moderation (CommentsPage): the button pressed (`op`) says which endpoint runs. */
export async function action(args: Route.ActionArgs) {
  const lang = staffFormLang(args.request);
  const posted = await postedForm(args.request, lang);
  if ("refused" in posted) return posted.refused;
  const { form, intent } = posted;
  if (intent !== commentIntent(Number(form.get("id")))) throw data(null, { status: 400 });
  const op = form.get("op");
  if (op === COMMENT_OPS.popular) return endpointAction(commentPopular, args, { lang, form });
  if (op === COMMENT_OPS.hide) return endpointAction(commentHidden, args, { lang, form });
  if (op === COMMENT_OPS.delete) return endpointAction(commentDelete, args, { lang, form });
  throw data(null, { status: 400 });
}

export const meta: Route.MetaFunction = ({ matches }) => staffMetaIn(matches, (t) => t("nav.comments"));

export default function Page() {
  return <CommentsPage {...useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
