import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { LocalizedLink } from "../LocalizedLink";
import { PREFERENCE_COOKIES, readCookie, writeCookie } from "~/lib/preferences";
import { CONSENT_EVENT } from "../tracking/UsageTracker";
import { useToast } from "./Toaster";
import { CloseIcon } from "./CloseIcon";
import { announceOverlayClosed } from "./overlays";

/**
 * The page is the same for every visitor (docs/decisions/0021), so a banner is in the HTML even
 * when this visitor has answered it; app.css keeps it hidden until this removes it.
 */
function useClosedIfAnswered(cookie: string, setOpen: (open: boolean) => void): void {
  useEffect(() => {
    if (readCookie(document.cookie, cookie)) setOpen(false);
  }, [cookie, setOpen]);
}

/** Cookie consent: accept, or do not show again. Either choice is remembered. */
export function ConsentBanner({ initiallyOpen }: { initiallyOpen: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [open, setOpen] = useState(initiallyOpen);
  useClosedIfAnswered(PREFERENCE_COOKIES.consent, setOpen);
  if (!open) return null;
  const choose = (value: "accepted" | "dismissed") => {
    writeCookie(PREFERENCE_COOKIES.consent, value);
    setOpen(false);
    announceOverlayClosed();
    if (value === "accepted") {
      toast(t("consent.saved"), { type: "success", variant: "small" });
      // Usage tracking starts only now (app/components/tracking/UsageTracker.tsx).
      window.dispatchEvent(new Event(CONSENT_EVENT));
    }
  };
  return (
    <section
      data-testid="consent-banner"
      data-banner="consent"
      data-overlay
      aria-label={t("consent.accept")}
      className="pointer-events-auto flex w-full max-w-2xl flex-col gap-2 rounded-xl border border-slate-200 bg-white p-3 shadow-xl sm:flex-row sm:items-center sm:gap-3 sm:p-4"
    >
      {/* Phones get the short text: the banner must leave the page's call to action in sight (docs/decisions/0032). */}
      <p className="flex-1 text-sm text-slate-700">
        <span className="sm:hidden">{t("consent.short")}</span>
        <span className="max-sm:hidden">{t("consent.text")}</span>
      </p>
      <div className="flex shrink-0 flex-wrap justify-end gap-x-2 gap-y-1">
        <button type="button" onClick={() => choose("dismissed")} className="rounded-lg px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-100 sm:py-2">
          {t("consent.dontShow")}
        </button>
        <button
          type="button"
          onClick={() => choose("accepted")}
          className="rounded-lg bg-indigo-600 px-4 py-1.5 text-sm font-semibold text-white hover:bg-indigo-700 sm:py-2"
        >
          {t("consent.accept")}
        </button>
      </div>
    </section>
  );
}

export function PhishingBanner({ initiallyOpen }: { initiallyOpen: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(initiallyOpen);
  useClosedIfAnswered(PREFERENCE_COOKIES.phishing, setOpen);
  if (!open) return null;
  return (
    // A labelled region: the warning is a part of the page a screen reader can find and skip.
    <section data-testid="phishing-banner" data-banner="phishing" aria-label={t("phishing.label")} className="bg-amber-50 text-amber-900">
      <div className="mx-auto flex max-w-7xl items-start gap-3 px-4 py-1.5 text-sm sm:py-2">
        <svg viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" fill="currentColor">
          <path d="M10 2l8 15H2L10 2zm-1 5v5h2V7H9zm0 6v2h2v-2H9z" />
        </svg>
        {/* Phones get the one-line warning, so the first screen is the page (docs/decisions/0032). */}
        <p className="flex-1">
          <span className="sm:hidden">{t("phishing.short")}</span>
          <span className="max-sm:hidden">{t("phishing.text")}</span>{" "}
          <LocalizedLink to="/links" className="font-semibold underline hover:no-underline max-sm:hidden">
            {t("nav.links")}
          </LocalizedLink>{" "}
          {/* A phone's one line has room for one short link: the page that checks a file or a link, which also lists the addresses. */}
          <LocalizedLink to="/verify" className="font-semibold underline hover:no-underline">
            <span className="sm:hidden">{t("nav.verify")}</span>
            <span className="max-sm:hidden">{t("phishing.verify")}</span>
          </LocalizedLink>
        </p>
        <button
          type="button"
          onClick={() => {
            writeCookie(PREFERENCE_COOKIES.phishing, "seen");
            setOpen(false);
          }}
          className="rounded p-1 hover:bg-amber-100"
          aria-label={t("phishing.close")}
        >
          <CloseIcon />
        </button>
      </div>
    </section>
  );
}

/** Shown on a staff preview of a draft (server/http/content-preview.server.ts): this page is not live. A labelled region, so it sits in a landmark. */
export function PreviewRibbon() {
  const { t } = useTranslation();
  return (
    <section aria-label={t("previewRibbonLabel")} className="bg-amber-300 px-4 py-2 text-center text-sm font-medium text-amber-950">
      {t("previewRibbon")}
    </section>
  );
}
