import { pageLoader } from "../../../server/http/page-loader.server";
import { data, useLoaderData } from "react-router";
import { visitorMessageById } from "../../../server/services/chat.server";
import { partnerApplicationById } from "../../../server/services/partners.server";
import { adminLangOf } from "~/components/admin/admin-lang";
import { AdminErrorPage } from "~/components/admin/AdminErrorPage";
import { InboxItemPage } from "~/components/admin/inbox/InboxItemPage";
import { staffMetaIn } from "~/components/admin/meta";
import { inboxStatusAction } from "../../../server/http/staff-form-actions.server";
import type { Route } from "./+types/inbox-item";
import { idFromPath } from "@contracts/address-numbers";

export const loader = pageLoader({ staff: "inbox", adminWords: ["inbox"] }, async ({ request, context, params }: Route.LoaderArgs) => {
  const id = idFromPath(params.id) ?? 0;
  if (id > 0 && params.kind === "message") {
    const item = await visitorMessageById(context.db, id);
    if (item) return { kind: "message" as const, item };
  }
  if (id > 0 && params.kind === "application") {
    const item = await partnerApplicationById(context.db, id, adminLangOf(request.headers.get("cookie")));
    if (item) return { kind: "application" as const, item };
  }
  throw data({ reason: "not-found" }, { status: 404 });
});

/** "Mark handled / new" (InboxStatusForm). */
export function action(args: Route.ActionArgs) {
  return inboxStatusAction(args);
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) =>
  staffMetaIn(matches, (t) =>
    loaded ? t(loaded.kind === "message" ? "titles.message" : "titles.application", { reference: loaded.item.reference }) : t("nav.inbox"),
  );

export default function Page() {
  return <InboxItemPage {...useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
