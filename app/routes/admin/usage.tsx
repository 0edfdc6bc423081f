import { pageLoader } from "../../../server/http/page-loader.server";
import { useLoaderData } from "react-router";
import { reportPeriod, usageReport } from "../../../server/services/usage.server";
import { AdminErrorPage } from "~/components/admin/AdminErrorPage";
import { staffMetaIn } from "~/components/admin/meta";
import { UsageReportView } from "~/components/admin/usage/UsageReportView";
import type { Route } from "./+types/usage";

export const loader = pageLoader({ staff: "usage", adminWords: ["usage"] }, async ({ request, context }: Route.LoaderArgs) => {
  const days = reportPeriod(new URL(request.url).searchParams.get("days"));
  return { report: await usageReport(context.db, days) };
});

export const meta: Route.MetaFunction = ({ matches }) => staffMetaIn(matches, (t) => t("nav.usage"));

export default function Page() {
  const { report } = useLoaderData<typeof loader>();
  return <UsageReportView report={report} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
