import { pageLoader } from "../../../server/http/page-loader.server";
import { useLoaderData } from "react-router";
import { listVisitorMessages, visitorMessageCounts } from "../../../server/services/chat.server";
import { listPartnerApplications, partnerApplicationCounts } from "../../../server/services/partners.server";
import { AdminErrorPage } from "~/components/admin/AdminErrorPage";
import { InboxPage, type InboxTab } from "~/components/admin/inbox/InboxPage";
import { INBOX_FILTERS, type InboxFilter } from "@contracts/staff-inbox";
import { staffMetaIn } from "~/components/admin/meta";
import { inboxStatusAction } from "../../../server/http/staff-form-actions.server";
import type { Route } from "./+types/inbox";

const PAGE_SIZE = 20;

export const loader = pageLoader({ staff: "inbox", adminWords: ["inbox"] }, async ({ request, context }: Route.LoaderArgs) => {
  const params = new URL(request.url).searchParams;
  const tab: InboxTab = params.get("tab") === "applications" ? "applications" : "messages";
  const status = (INBOX_FILTERS as readonly string[]).includes(params.get("status") ?? "") ? (params.get("status") as InboxFilter) : "new";
  const page = Math.min(10_000, Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  const q = { status, page, pageSize: PAGE_SIZE };
  const [messageCounts, applicationCounts, messages, applications] = await Promise.all([
    visitorMessageCounts(context.db),
    partnerApplicationCounts(context.db),
    tab === "messages" ? listVisitorMessages(context.db, q) : null,
    tab === "applications" ? listPartnerApplications(context.db, q) : null,
  ]);
  return { tab, status, counts: { messages: messageCounts, applications: applicationCounts }, messages, applications };
});

/** "Mark handled / new" (InboxStatusForm). */
export function action(args: Route.ActionArgs) {
  return inboxStatusAction(args);
}

export const meta: Route.MetaFunction = ({ matches }) => staffMetaIn(matches, (t) => t("nav.inbox"));

export default function Page() {
  return <InboxPage {...useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
