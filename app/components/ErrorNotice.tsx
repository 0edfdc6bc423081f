import { useTranslation } from "react-i18next";

export function ErrorNotice() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center" role="alert">
      <h1 className="text-3xl font-bold tracking-tight">{t("error.title")}</h1>
      <p className="mt-4 text-lg text-slate-600">{t("error.text")}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-8 rounded-lg bg-indigo-600 px-5 py-3 font-semibold text-white hover:bg-indigo-700"
      >
        {t("error.retry")}
      </button>
    </section>
  );
}
