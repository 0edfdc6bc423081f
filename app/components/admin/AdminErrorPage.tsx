import { isRouteErrorResponse, Link } from "react-router";
import { useAdminText } from "./admin-lang";

const WORDS = {
  en: {
    forbidden: "Your role cannot open this page.",
    notFound: "This page or item does not exist.",
    failed: "This page could not be loaded. Try again in a moment.",
    home: "Back to the overview",
  },
  zh: { forbidden: "您的角色无权打开此页面。", notFound: "此页面或条目不存在。", failed: "页面加载失败，请稍后重试。", home: "返回概览" },
};

/** What a staff page shows when its loader refuses (403), finds nothing (404) or fails. */
export function AdminErrorPage({ error }: { error: unknown }) {
  const words = useAdminText(WORDS);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <div className="mx-auto max-w-xl rounded-lg border border-slate-200 bg-white p-6 text-center shadow-sm" role="alert">
      <p className="text-4xl font-semibold text-slate-400">{status}</p>
      <p className="mt-2 text-slate-800">{status === 403 ? words.forbidden : status === 404 ? words.notFound : words.failed}</p>
      <Link to="/admin" className="mt-4 inline-block text-blue-800 underline">
        {words.home}
      </Link>
    </div>
  );
}
