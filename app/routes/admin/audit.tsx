import { pageLoader } from "../../../server/http/page-loader.server";
import { auditFacets, listAudit } from "../../../server/services/staff.server";
import { AUDIT_RESTORE, AuditPage } from "~/components/admin/audit/AuditPage";
import { auditRestore } from "../../../server/api/endpoints/admin-staff.server";
import { numberField, staffForm, staffFormsAction } from "../../../server/http/staff-form-actions.server";
import { AdminErrorPage } from "~/components/admin/AdminErrorPage";
import { staffMetaIn } from "~/components/admin/meta";
import type { Route } from "./+types/audit";

const PAGE_SIZE = 25;

export const loader = pageLoader({ staff: "audit", adminWords: ["audit"] }, async ({ request, context }: Route.LoaderArgs) => {
  const params = new URL(request.url).searchParams;
  const page = Math.min(10_000, Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  const entity = (params.get("entity") ?? "").trim().slice(0, 40);
  const staff = (params.get("staff") ?? "").trim().slice(0, 254);
  const [{ list, total }, facets] = await Promise.all([
    listAudit(context.db, { page, pageSize: PAGE_SIZE, entity: entity || undefined, staff: staff || undefined }),
    auditFacets(context.db),
  ]);
  return { list, total, page, pageSize: PAGE_SIZE, filters: { entity, staff }, facets };
});

/** "Undo this change" (AuditPage): the /api/admin/audit/restore endpoint's declaration, which takes the entry's id as a number. */
export function action(args: Route.ActionArgs) {
  return staffFormsAction(args, { [AUDIT_RESTORE]: staffForm(auditRestore, (form) => ({ id: numberField(form, "id") })) });
}

export const meta: Route.MetaFunction = ({ matches }) => staffMetaIn(matches, (t) => t("nav.audit"));

export default function Page({ loaderData }: Route.ComponentProps) {
  return <AuditPage {...loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
