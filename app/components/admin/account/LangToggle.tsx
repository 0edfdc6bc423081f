import { useLocation, useNavigate } from "react-router";
import { ADMIN_LANG_COOKIE, useAdminLang } from "../admin-lang";
import { useAdminWords } from "../admin-words";

/** English ⇄ 中文 on the pages shown before signing in (the shell has its own switch once signed in). */
export function LangToggle() {
  const lang = useAdminLang();
  const navigate = useNavigate();
  const location = useLocation();
  const { t } = useAdminWords("shell", "frame");
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
      aria-label={t("languageLabel")}
      className="rounded-md px-2 py-1 text-sm text-slate-600 underline hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-700"
    >
      {t("language")}
    </button>
  );
}
