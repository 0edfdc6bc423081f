import { pageLoader } from "../../../server/http/page-loader.server";
import { data } from "react-router";
import { AdminErrorPage } from "~/components/admin/AdminErrorPage";
import { staffMetaIn } from "~/components/admin/meta";
import type { Route } from "./+types/not-found";

/** Any other /admin address: sign-in first (nothing about what exists is told without a session), then 404. */
export const loader = pageLoader({ staff: "dashboard" }, (_args: Route.LoaderArgs) => {
  throw data(null, { status: 404 });
});

export const meta: Route.MetaFunction = ({ matches }) => staffMetaIn(matches, (t) => t("titles.notFound"));

export default function Page() {
  return null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
