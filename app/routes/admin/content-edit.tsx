import { pageLoader } from "../../../server/http/page-loader.server";
import { data, useLoaderData } from "react-router";
import { matchDocument } from "../../../server/content/documents.server";
import { openDocument } from "../../../server/services/content.server";
import { AdminErrorPage } from "~/components/admin/AdminErrorPage";
import { CONTENT_FORMS, ContentEditor } from "~/components/admin/content/ContentEditor";
import {
  contentDiscard,
  contentPreviewLink,
  contentPublish,
  contentSave,
  contentSchedule,
  contentUnschedule,
} from "../../../server/api/endpoints/admin-content.server";
import { staffForm, staffFormsAction } from "../../../server/http/staff-form-actions.server";
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

/** The editor's forms (ContentEditor), each for the document in the address: the /api/admin/content endpoints' declarations. */
export function action(args: Route.ActionArgs) {
  const fields = { path: new URL(args.request.url).searchParams.get("path") ?? "" };
  return staffFormsAction(args, {
    [CONTENT_FORMS.save]: staffForm(contentSave, fields),
    [CONTENT_FORMS.publish]: staffForm(contentPublish, fields),
    [CONTENT_FORMS.schedule]: staffForm(contentSchedule, fields),
    [CONTENT_FORMS.unschedule]: staffForm(contentUnschedule, fields),
    [CONTENT_FORMS.discard]: staffForm(contentDiscard, fields),
    [CONTENT_FORMS.previewLink]: staffForm(contentPreviewLink, fields),
  });
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
