import { pageLoader } from "../../../server/http/page-loader.server";
import { useLoaderData } from "react-router";
import { listHelpFeedback } from "../../../server/services/help.server";
import { listSearchMisses } from "../../../server/services/search.server";
import { AdminErrorPage } from "~/components/admin/AdminErrorPage";
import { FeedbackPage } from "~/components/admin/feedback/FeedbackPage";
import { FEEDBACK_SORTS, MISS_SORTS, type FeedbackSort, type MissSort } from "@contracts/staff-feedback";
import { staffMetaIn } from "~/components/admin/meta";
import { isLangKey } from "~/i18n/languages";
import type { Route } from "./+types/feedback";

const ARTICLES_PER_PAGE = 10;
const MISSES_PER_PAGE = 20;

const pageOf = (value: string | null) => Math.min(10_000, Math.max(1, Number.parseInt(value ?? "1", 10) || 1));
const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T => (values.includes(value as T) ? (value as T) : fallback);

export const loader = pageLoader({ staff: "feedback", adminWords: ["feedback"] }, async ({ request, context }: Route.LoaderArgs) => {
  const params = new URL(request.url).searchParams;
  const language = params.get("language");
  const lang = isLangKey(language) ? language : undefined;
  const sort: FeedbackSort = oneOf(FEEDBACK_SORTS, params.get("sort"), "unsolved");
  const missSort: MissSort = oneOf(MISS_SORTS, params.get("miss_sort"), "count");
  const [articles, misses] = await Promise.all([
    listHelpFeedback(context.db, { lang, sort, page: pageOf(params.get("page")), pageSize: ARTICLES_PER_PAGE }),
    listSearchMisses(context.db, { lang, sort: missSort, page: pageOf(params.get("miss_page")), pageSize: MISSES_PER_PAGE }),
  ]);
  return { language: lang ?? null, sort, missSort, articles, misses };
});

export const meta: Route.MetaFunction = ({ matches }) => staffMetaIn(matches, (t) => t("nav.feedback"));

export default function Page() {
  return <FeedbackPage {...useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
