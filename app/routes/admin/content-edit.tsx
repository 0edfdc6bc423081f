import { pageLoader } from "../../../server/http/page-loader.server";
import { data, useLoaderData } from "react-router";
import { matchDocument } from "../../../server/content/documents.server";
import { openDocument } from "../../../server/services/content.server";
import { AdminErrorPage } from "~/components/admin/AdminErrorPage";
import { ContentEditor } from "~/components/admin/content/ContentEditor";
import { staffMetaIn } from "~/components/admin/meta";
import type { Route } from "./+types/content-edit";

export const loader = pageLoader({ staff: "content", adminWords: ["content"] }, async ({ request, context }: Route.LoaderArgs) => {
  const url = new URL(request.url);
  const path = url.searchParams.get("path") ?? "";
  const from = url.searchParams.get("from") ?? undefined;
  const document = matchDocument(path) ? await openDocument(context.db, path, from && matchDocument(from) ? from : undefined) : null;
  if (!document) throw data({ reason: "notFound" }, { status: 404 });
  return { document };
});

export const meta: Route.MetaFunction = ({ data: loaded, matches }) => staffMetaIn(matches, (t) => (loaded ? t("titles.edit", { path: loaded.document.path }) : t("titles.editUnknown")));

export default function ContentEditRoute() {
  const { document } = useLoaderData<typeof loader>();
  // A new key per document and revision loaded from the server: switching documents starts afresh.
  return <ContentEditor key={document.path} document={document} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
