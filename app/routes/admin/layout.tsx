import { pageLoader } from "../../../server/http/page-loader.server";
import { Outlet, useLoaderData } from "react-router";
import { AdminLangContext, adminLangOf } from "~/components/admin/admin-lang";
import { AdminShell } from "~/components/admin/AdminShell";
import { AdminErrorPage } from "~/components/admin/AdminErrorPage";
import type { Route } from "./+types/layout";

export const loader = pageLoader({ staff: "account" }, ({ request }: Route.LoaderArgs, { staff }) => {
  return { staff, lang: adminLangOf(request.headers.get("cookie")) };
});

export const handle = { layout: "admin" };

export default function AdminLayout() {
  const { staff, lang } = useLoaderData<typeof loader>();
  return (
    <AdminLangContext.Provider value={lang}>
      <AdminShell staff={staff} lang={lang}>
        <Outlet />
      </AdminShell>
    </AdminLangContext.Provider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
