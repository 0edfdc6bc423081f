import { pageLoader } from "../../../server/http/page-loader.server";
import { useLoaderData } from "react-router";
import { commentArticle, commentedArticles, listStaffComments } from "../../../server/services/comments.server";
import { AdminErrorPage } from "~/components/admin/AdminErrorPage";
import { CommentsPage } from "~/components/admin/comments/CommentsPage";
import { COMMENT_FILTERS, type CommentFilter } from "@contracts/staff-comments";
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

export const meta: Route.MetaFunction = ({ matches }) => staffMetaIn(matches, (t) => t("nav.comments"));

export default function Page() {
  return <CommentsPage {...useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
