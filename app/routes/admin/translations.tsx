import { pageLoader } from "../../../server/http/page-loader.server";
import { useLoaderData } from "react-router";
import { translationCoverage } from "../../../server/services/translation-coverage.server";
import { AdminErrorPage } from "~/components/admin/AdminErrorPage";
import { CoverageTable } from "~/components/admin/coverage/CoverageTable";
import { staffMetaIn } from "~/components/admin/meta";
import { isCoverageKind } from "@contracts/translation-coverage";
import type { Route } from "./+types/translations";

export const loader = pageLoader({ staff: "coverage", adminWords: ["coverage"] }, async ({ request, context }: Route.LoaderArgs) => {
  const params = new URL(request.url).searchParams;
  const kind = params.get("kind");
  const filter = { kind: isCoverageKind(kind) ? kind : ("" as const), problems: ["1", "true"].includes(params.get("problems") ?? "") };
  return { coverage: await translationCoverage(context.db, { kind: filter.kind || undefined, problems: filter.problems }), filter };
});

export const meta: Route.MetaFunction = ({ matches }) => staffMetaIn(matches, (t) => t("nav.coverage"));

export default function Page() {
  return <CoverageTable {...useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
