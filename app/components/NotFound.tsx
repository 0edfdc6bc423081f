import { useTranslation } from "~/i18n/use-translation";
import { LocalizedLink } from "./LocalizedLink";

/** `message` says why, when the loader knew (it comes translated with the 404: the errors namespace is not the shell's). */
export function NotFound({ path, message }: { path: string; message?: string }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center" aria-labelledby="not-found-title">
      <p className="text-6xl font-bold text-indigo-600" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="mt-4 text-3xl font-bold tracking-tight">
        {t("notFound.title")}
      </h1>
      <p className="mt-4 text-lg text-slate-600" data-testid="not-found-reason">
        {message ?? t("notFound.text")}
      </p>
      <p className="mt-2 break-all font-mono text-sm text-slate-500">{t("notFound.path", { path })}</p>
      <LocalizedLink to="/" className="mt-8 inline-block rounded-lg bg-indigo-600 px-5 py-3 font-semibold text-white hover:bg-indigo-700">
        {t("notFound.home")}
      </LocalizedLink>
    </section>
  );
}
