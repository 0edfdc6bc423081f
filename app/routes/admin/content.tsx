import { pageLoader } from "../../../server/http/page-loader.server";
import { useLoaderData } from "react-router";
import { z } from "zod";
import { LANG_KEYS } from "~/i18n/languages";
import { CONTENT_KIND_KEYS } from "../../../server/content/documents.server";
import { listDocuments } from "../../../server/services/content.server";
import { AdminErrorPage } from "~/components/admin/AdminErrorPage";
import { ContentListPage } from "~/components/admin/content/ContentListPage";
import { staffMetaIn } from "~/components/admin/meta";
import type { Route } from "./+types/content";
import { wholeNumber } from "@contracts/whole-numbers";

const Filters = z.object({
  kind: z.enum(CONTENT_KIND_KEYS).optional().catch(undefined),
  language: z.enum(LANG_KEYS).optional().catch(undefined),
  q: z.string().trim().max(100).optional().catch(undefined),
  page: wholeNumber(1, 10_000).catch(1).default(1),
});

const PAGE_SIZE = 50;

export const loader = pageLoader({ staff: "content", adminWords: ["content"] }, async ({ request, context }: Route.LoaderArgs) => {
  const filters = Filters.parse(Object.fromEntries(new URL(request.url).searchParams));
  const all = await listDocuments(context.db, { kind: filters.kind, lang: filters.language, q: filters.q || undefined });
  const documents = all.slice((filters.page - 1) * PAGE_SIZE, filters.page * PAGE_SIZE);
  return { documents, total: all.length, page: filters.page, pageSize: PAGE_SIZE, filters };
});

export const meta: Route.MetaFunction = ({ matches }) => staffMetaIn(matches, (t) => t("nav.content"));

export default function ContentRoute() {
  return <ContentListPage {...useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
