import { useEffect } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useLang } from "~/i18n/use-lang";
import { formatDate } from "~/lib/format/format-date";
import { LocalizedLink } from "../LocalizedLink";
import { SectionPage } from "../SectionPage";
import { useToast } from "../shell/Toaster";
import { detectSystem, markDetectedSystem } from "~/lib/detect-system";
import { formatBytes } from "~/lib/format/format-number";
import { ReleaseFiles, ReleaseHeading, ReleaseSections, type ReleaseView } from "./ReleaseNotes";

/**
 * The visitor's system is marked on <html> before the first paint by the visitor-state head
 * script (app/lib/visitor-state.ts, app/lib/detect-system.ts), so the server's page stays the same
 * for everyone and app.css puts that system's file first, highlighted, without a reflow. Chromium on
 * a Mac tells its CPU only on request: then the mark is refined after hydration.
 */
function useRefinedMacDetection() {
  useEffect(() => {
    const nav = navigator as Navigator & { userAgentData?: { getHighEntropyValues(keys: string[]): Promise<{ architecture?: string }> } };
    if (detectSystem(navigator.userAgent, navigator.platform).certain || !nav.userAgentData) return;
    void nav.userAgentData.getHighEntropyValues(["architecture"]).then(
      (h) => markDetectedSystem(document.documentElement, detectSystem(navigator.userAgent, navigator.platform, h.architecture)),
      () => undefined,
    );
  }, []);
}

export function DownloadPage({ latest, previous }: { latest: ReleaseView | null; previous: ReleaseView[] }) {
  const { t } = useTranslation("product");
  const { t: tc } = useTranslation();
  const lang = useLang();
  const toast = useToast();
  useRefinedMacDetection();
  if (!latest) return <SectionPage title={tc("pages.download.title")} intro={t("download.noRelease")} />;
  const copy = (sha: string) =>
    void navigator.clipboard?.writeText(sha).then(
      () => toast(t("download.copied"), { type: "success", variant: "small" }),
      () => undefined,
    );

  return (
    <SectionPage title={tc("pages.download.title")} intro={tc("pages.download.intro")}>
      <section aria-labelledby="latest-title" className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 sm:p-8" data-testid="download-latest">
        <h2 id="latest-title" className="text-2xl font-bold">
          {t("download.latest", { version: latest.version })}
        </h2>
        <p className="mt-1 text-sm text-slate-500">
          <time dateTime={latest.released_at}>{t("download.releasedOn", { date: formatDate(latest.released_at, lang) })}</time>
        </p>
        <ul className="mt-6 grid gap-4 md:grid-cols-2">
          {latest.downloads.map((file) => (
            <li key={file.system} data-testid="download-file" data-system={file.system} className="download-file rounded-xl border border-slate-200 p-5">
              <p className="download-detected mb-2 text-xs font-semibold uppercase tracking-wide text-indigo-700">{t("download.detected")}</p>
              <a
                href={file.url}
                download
                className="download-button inline-block rounded-lg border border-slate-300 bg-white px-5 py-3 font-semibold hover:border-indigo-400"
              >
                {t("download.forSystem", { system: t(`systems.${file.system}`) })}
              </a>
              <p className="mt-3 text-sm text-slate-600">{t("download.size", { size: formatBytes(file.size, lang) })}</p>
              <div className="mt-2">
                <p className="text-xs font-semibold text-slate-600">{t("download.checksum")}</p>
                <div className="mt-1 flex items-start gap-2">
                  <code className="min-w-0 flex-1 break-all rounded bg-slate-100 px-2 py-1 text-xs" data-testid="download-sha256">
                    {file.sha256}
                  </code>
                  <button
                    type="button"
                    onClick={() => copy(file.sha256)}
                    className="rounded border border-slate-300 px-2 py-1 text-xs font-semibold hover:border-indigo-400"
                  >
                    {t("download.copy")}
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ul>
        <p className="download-likely-mac mt-4 text-sm text-slate-600">{t("download.likelyMac")}</p>
        <p className="mt-4 text-sm text-slate-600">
          {t("download.verifyHint")}{" "}
          <LocalizedLink to="/verify" className="font-semibold text-indigo-700 hover:underline" data-testid="download-verify-link">
            {t("download.verifyLink")}
          </LocalizedLink>
        </p>
        <p className="mt-1 text-sm text-slate-600">
          {t("download.officialOnly")}{" "}
          <LocalizedLink to="/links" className="font-semibold text-indigo-700 hover:underline">
            {tc("nav.links")}
          </LocalizedLink>
        </p>
      </section>

      <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="whats-new">
          <h2 id="whats-new" className="text-xl font-bold">
            {t("download.whatsNew", { version: latest.version })}
          </h2>
          <p className="mt-2 text-slate-700">{latest.summary}</p>
          <div className="mt-4">
            <ReleaseSections release={latest} />
          </div>
          <LocalizedLink to="/release" className="mt-6 inline-block font-semibold text-indigo-700 hover:underline">
            {t("download.allNotes")}
          </LocalizedLink>
        </section>
        <section aria-labelledby="requirements" className="rounded-2xl bg-slate-50 p-6">
          <h2 id="requirements" className="text-lg font-bold">
            {t("download.requirements")}
          </h2>
          <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-slate-700">
            {(["windows", "mac", "linux", "hardware"] as const).map((k) => (
              <li key={k}>{t(`download.requirementsList.${k}`)}</li>
            ))}
          </ul>
        </section>
      </div>

      {previous.length ? (
        <section aria-labelledby="previous-versions" className="mt-12">
          <h2 id="previous-versions" className="text-xl font-bold">
            {t("download.previous")}
          </h2>
          <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {previous.map((r) => (
              <li key={r.id} className="p-5" data-testid="previous-version">
                <ReleaseHeading release={r} />
                <div className="mt-3">
                  <ReleaseFiles release={r} />
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </SectionPage>
  );
}
