import { pageLoader } from "../../../server/http/page-loader.server";
import { data, useLoaderData } from "react-router";
import { matchDocument } from "../../../server/content/documents.server";
import { openDocument } from "../../../server/services/content.server";
import { AdminErrorPage } from "~/components/admin/AdminErrorPage";
import { CONTENT_SAVE, ContentEditor } from "~/components/admin/content/ContentEditor";
import { contentSave } from "../../../server/api/endpoints/admin-content.server";
import { endpointAction } from "../../../server/http/form-actions.server";
import { postedForm, staffFormLang } from "../../../server/http/staff-form-actions.server";
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

/** The editor's "Save draft" (ContentEditor), for the document in the address. */
export async function action(args: Route.ActionArgs) {
  const lang = staffFormLang(args.request);
  const posted = await postedForm(args.request, lang);
  if ("refused" in posted) return posted.refused;
  if (posted.intent !== CONTENT_SAVE) throw data(null, { status: 400 });
  const path = new URL(args.request.url).searchParams.get("path") ?? "";
  return endpointAction(contentSave, args, { lang, form: posted.form, fields: { path } });
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) =>
  staffMetaIn(matches, (t) => (loaded ? t("titles.edit", { path: loaded.document.path }) : t("titles.editUnknown")));

export default function ContentEditRoute() {
  const { document } = useLoaderData<typeof loader>();
  // A new key per document and revision loaded from the server: switching documents starts afresh.
  return <ContentEditor key={document.path} document={document} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
