import { isRouteErrorResponse, Link } from "react-router";
import { useAdminWords } from "./admin-words";

/** What a staff page shows when its loader refuses (403), finds nothing (404) or fails. */
export function AdminErrorPage({ error }: { error: unknown }) {
  const { t } = useAdminWords("shell", "error");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <div className="mx-auto max-w-xl rounded-lg border border-slate-200 bg-white p-6 text-center shadow-sm" role="alert">
      <p className="text-4xl font-semibold text-slate-400">{status}</p>
      <p className="mt-2 text-slate-800">{status === 403 ? t("forbidden") : status === 404 ? t("notFound") : t("failed")}</p>
      <Link to="/admin" className="mt-4 inline-block text-blue-800 underline">
        {t("home")}
      </Link>
    </div>
  );
}
