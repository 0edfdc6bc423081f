import { useLocation, useNavigate } from "react-router";
import { ADMIN_LANG_COOKIE, useAdminLang } from "../admin-lang";

/** English ⇄ 中文 on the pages shown before signing in (the shell has its own switch once signed in). */
export function LangToggle() {
  const lang = useAdminLang();
  const navigate = useNavigate();
  const location = useLocation();
  const other = lang === "en" ? "zh" : "en";
  const choose = () => {
    document.cookie = `${ADMIN_LANG_COOKIE}=${other}; Path=/; Max-Age=31536000; SameSite=Lax`;
    void navigate(`${location.pathname}${location.search}`, { replace: true, preventScrollReset: true });
  };
  return (
    <button
      type="button"
      onClick={choose}
      lang={other === "zh" ? "zh-Hans" : "en"}
      data-language-names=""
      aria-label={other === "zh" ? "切换到中文" : "Switch to English"}
      className="rounded-md px-2 py-1 text-sm text-slate-600 underline hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-700"
    >
      {other === "zh" ? "中文" : "English"}
    </button>
  );
}
