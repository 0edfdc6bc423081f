import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { SiteFooter } from "./SiteFooter";
import { SiteHeader } from "./SiteHeader";

/**
 * The page's frame. The skip link comes first, before the notices above the header, so the first
 * Tab of a keyboard visitor reaches it rather than the notices' links.
 */
export function SiteShell({ notices, children }: { notices?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        {t("skipToContent")}
      </a>
      {notices}
      <SiteHeader />
      <main id="main" tabIndex={-1} className="outline-none">
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
