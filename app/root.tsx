import { lazy, useEffect, useMemo } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { unavailableReasonOf } from "../server/http/unavailable.server";
import { shellMessages } from "../server/i18n/messages.server";
import { adminWordsFor } from "../server/i18n/admin-words.server";
import { getBaseInfo } from "../server/services/site.server";
import type { Route } from "./+types/root";
import appStylesheet from "./app.css?url";
import { AfterHydration, BackToTop, LoadingBar } from "./components/shell/AfterHydration";
import { ChatLauncher } from "./components/chat/ChatLauncher";
import { OneTap } from "./components/passport/OneTap";
import { UsageTracker } from "./components/tracking/UsageTracker";
import { ConsentBanner, PhishingBanner, PreviewRibbon } from "./components/shell/Banners";
import { LanguagePrompt } from "./components/shell/LanguagePrompt";
import { ScrollManager } from "./components/shell/ScrollManager";
import { ToastProvider } from "./components/shell/Toaster";
import { SiteNavigationProvider } from "./components/LocalizedLink";
import { SiteShell } from "./components/SiteShell";
import { AdminLangContext, AdminZoneContext, adminLangOf, adminZoneOf, type AdminLang } from "./components/admin/admin-lang";
import { StaffWebFontStylesheet, WebFontStylesheet } from "./fonts/stylesheets";
import { HydratedMark } from "./hooks/use-hydrated";
import type { Messages } from "./i18n/namespaces";
import { TranslationProvider, translatorFor } from "./i18n/use-translation";
import { DEFAULT_LANG, getLanguage, isLangKey } from "./i18n/languages";
import { SiteLocaleContext, type SiteLocale } from "./i18n/use-lang";
import { installChunkReload, isChunkLoadError, recoverFromChunkError } from "./lib/chunk-reload";
import { quietSkippedViewTransitions } from "./lib/view-transitions";
import { rememberWrittenDates, type WrittenDates } from "./lib/format/format-date";
import { rememberWrittenNumbers, type WrittenNumbers } from "./lib/format/format-number";
import { errorPageMeta, pageMeta } from "./lib/meta/meta";
import { shellLang } from "./lib/page-lang";
import { splitLangPrefix } from "./lib/urls/paths";
import { PREFERENCE_COOKIES, readCookie, writeCookie } from "./lib/preferences";
import { staffAreaPath } from "@contracts/staff-access";
import { useScrollAnimations } from "./hooks/use-scroll-animations";
import { useStatisticsSnippets } from "./hooks/use-statistics-snippets";

// Error pages are rare: their code loads when one is shown, not with every page.
const NotFound = lazy(() => import("./components/NotFound").then((m) => ({ default: m.NotFound })));
const BadGateway = lazy(() => import("./components/BadGateway").then((m) => ({ default: m.BadGateway })));

export async function loader({ request, context }: Route.LoaderArgs) {
  const pathname = new URL(request.url).pathname;
  if (staffAreaPath(pathname)) return staffShellData(request, context);
  const lang = shellLang(pathname, context.defaultLang);
  let baseInfo = null;
  try {
    baseInfo = await context.shared(`base-info:${lang}`, () => getBaseInfo(context.db, lang));
  } catch (err) {
    // Spec section 8: reported with trigger "api error" and place "baseInfo"; the page carries on,
    // but is not kept in the page cache without it (under overload the pool may have had no connection).
    context.degraded = true;
    // A database that does not answer is an outage already logged with its reason (warn); anything else is a fault.
    const level = unavailableReasonOf(err) ? "warn" : "error";
    context.logger[level]({ err, trigger: "api error", place: "baseInfo" }, "loading the site base info failed");
  }
  return {
    lang,
    defaultLang: context.defaultLang,
    hostPlan: context.hostPlan,
    host: context.host,
    messages: shellMessages(lang),
    baseInfo,
    oneTap: context.oneTap,
    accountUrls: context.accountUrls,
    // The same page for every visitor (it is cached, docs/decisions/0021): banners a visitor has
    // dismissed are hidden before first paint (app/lib/visitor-state.ts), then removed on the client.
    banners: { consent: !context.preview, phishing: !context.preview },
    staffLang: null as AdminLang | null,
    staffZone: "UTC",
    preview: context.preview,
  };
}

/** The staff area has its own shell and words (English or Chinese): none of the site's is sent. */
function staffShellData(request: Request, context: Route.LoaderArgs["context"]) {
  return {
    lang: DEFAULT_LANG,
    defaultLang: context.defaultLang,
    hostPlan: context.hostPlan,
    host: context.host,
    messages: {} as Messages,
    baseInfo: null,
    oneTap: false,
    accountUrls: null,
    banners: { consent: false, phishing: false },
    staffLang: adminLangOf(request.headers.get("cookie")),
    staffZone: adminZoneOf(request.headers.get("cookie")),
    // The staff shell's and error pages' words; each staff page's loader adds its own.
    adminWords: adminWordsFor(request, ["shell"]),
    preview: false,
  };
}

/** The shell's data depends only on the language: re-fetch it when the language changes. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  // The staff area's language is a cookie, not a path prefix (switching it reloads the same address),
  // and its shell data is not the site's: read again whenever React Router would.
  if (staffAreaPath(currentUrl.pathname) || staffAreaPath(nextUrl.pathname)) return defaultShouldRevalidate;
  return splitLangPrefix(currentUrl.pathname).lang !== splitLangPrefix(nextUrl.pathname).lang;
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  ...[16, 32, 64, 96, 192].map((size) => ({ rel: "icon", type: "image/png", sizes: `${size}x${size}`, href: `/favicon-${size}.png` })),
  { rel: "apple-touch-icon", href: "/favicon-192.png" },
];

export const meta: Route.MetaFunction = (args) =>
  args.error ? errorPageMeta(args, isRouteErrorResponse(args.error) ? args.error.status : 500) : pageMeta(args);

/** Routes whose page is drawn without the site's header and footer (the error pages). */
export interface LayoutHandle {
  layout?: "error" | "admin";
}

function useErrorLayout(): boolean {
  const error = useRouteError();
  const matches = useMatches();
  const failed = error !== undefined && error !== null && !(isRouteErrorResponse(error) && error.status === 404);
  return failed || matches.some((m) => (m.handle as LayoutHandle | undefined)?.layout === "error");
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const lang = data && isLangKey(data.lang) ? data.lang : DEFAULT_LANG;
  const language = getLanguage(lang);
  const errorLayout = useErrorLayout();
  // The shell's words come from the root, the rest a page uses from its route's data
  // (docs/decisions/0025). Staff pages carry no site words.
  const matches = useMatches();
  const translator =
    data && !data.staffLang
      ? translatorFor(
          lang,
          matches.map((m) => (m.data as { messages?: Messages } | undefined)?.messages),
        )
      : null;
  // Before the page renders its dates: those the server wrote are shown as written.
  for (const m of matches) {
    const written = m.data as { writtenDates?: WrittenDates; writtenNumbers?: WrittenNumbers } | undefined;
    rememberWrittenDates(lang, written?.writtenDates);
    rememberWrittenNumbers(lang, written?.writtenNumbers);
  }
  const locale = useMemo<SiteLocale>(
    () => ({
      lang,
      defaultLang: data && isLangKey(data.defaultLang) ? data.defaultLang : DEFAULT_LANG,
      hostPlan: data?.hostPlan ?? null,
      host: data?.host,
    }),
    [lang, data],
  );
  useStatisticsSnippets(data?.baseInfo);
  useScrollAnimations();
  useEffect(() => installChunkReload(), []);
  useEffect(() => quietSkippedViewTransitions(), []);
  const staffLang = data?.staffLang ?? null;
  useEffect(() => {
    if (staffLang) return;
    // Spec section 2: the language is written to the _lang cookie on each change.
    if (readCookie(document.cookie, PREFERENCE_COOKIES.lang) !== lang) writeCookie(PREFERENCE_COOKIES.lang, lang);
  }, [lang, staffLang]);

  if (staffLang) {
    return (
      <html lang={staffLang === "zh" ? "zh-Hans" : "en"}>
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="robots" content="noindex, nofollow" />
          <Meta />
          <link rel="stylesheet" href={appStylesheet} precedence="default" />
          {staffLang === "zh" ? <StaffWebFontStylesheet lang="zh" /> : null}
          <Links />
        </head>
        <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
          <AdminLangContext.Provider value={staffLang}>
            <AdminZoneContext.Provider value={data?.staffZone ?? "UTC"}>{children}</AdminZoneContext.Provider>
          </AdminLangContext.Provider>
          <Scripts />
        </body>
      </html>
    );
  }

  return (
    // The visitor-state script marks <html> before hydration (app/lib/visitor-state.ts).
    <html lang={language.tag} dir={language.dir} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        {/* Zoom stays enabled (WCAG 1.4.4), unlike the spec's viewport: docs/decisions/0009. */}
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {/* With a precedence React writes the stylesheet at the top of <head>, ahead of the route
            modules' modulepreloads that would otherwise take the connections first (issue 14). */}
        <link rel="stylesheet" href={appStylesheet} precedence="default" />
        <Links />
        {/* Chinese and Japanese glyph slices: the server writes the rules the page's own text needs
            into its head; the full rules (large, so only these languages' pages carry them) are
            fetched once hydrated and applied when text that arrives later may need them
            (docs/decisions/0023, 0048). */}
        <WebFontStylesheet lang={lang} />
        {/* The first paint waits until the page's last element is parsed (#page-end, before the
            scripts), so nothing is painted half parsed: the parser may yield anywhere, and a paint
            of a partly parsed header, hero, picture, banner or chat button grew it as the rest
            arrived, a layout shift the first-visit test caught in about one load in thirty
            (waiting for <main> only fixed the header's). */}
        <link rel="expect" href="#page-end" blocking="render" />
        {/* From here on the whole page answers presses (its scripts load after the first paint, docs/decisions/0026). */}
        <HydratedMark />
      </head>
      <body className="min-h-screen bg-white text-slate-900 antialiased">
        {translator && data ? (
          <TranslationProvider translator={translator}>
            <SiteLocaleContext.Provider value={locale}>
              <SiteNavigationProvider>
                <ToastProvider>
                  {/* Loaded once hydrated: there is no navigation to show before. */}
                  <AfterHydration>
                    <LoadingBar />
                  </AfterHydration>
                  <ScrollManager />
                  {errorLayout ? (
                    <main id="main" tabIndex={-1} className="outline-none">
                      {children}
                    </main>
                  ) : (
                    <>
                      <SiteShell
                        notices={
                          <>
                            {data.preview ? <PreviewRibbon /> : null}
                            <PhishingBanner initiallyOpen={data.banners.phishing} />
                          </>
                        }
                      >
                        {children}
                      </SiteShell>
                      <AfterHydration>
                        <BackToTop />
                      </AfterHydration>
                      {data.preview ? null : (
                        <>
                          <ChatLauncher />
                          {data.oneTap ? <OneTap /> : null}
                          <UsageTracker />
                        </>
                      )}
                      {/* Over the page at the bottom, one at a time (docs/decisions/0032): the prompt, when
                          the visitor-state script foresaw it before the first paint, and the consent banner
                          behind it. Both leave the chat button's corner free, and neither covers the header. */}
                      <div className="pointer-events-none fixed bottom-3 left-3 right-[5.5rem] z-50 flex flex-col items-start sm:bottom-4 sm:left-4 sm:right-64">
                        <LanguagePrompt />
                        <ConsentBanner initiallyOpen={data.banners.consent} />
                      </div>
                    </>
                  )}
                </ToastProvider>
              </SiteNavigationProvider>
            </SiteLocaleContext.Provider>
          </TranslationProvider>
        ) : (
          children
        )}
        {/* The end of what the page shows: its first paint waits for it (the rel="expect" link above). */}
        <div id="page-end" hidden />
        {/* A preview is a snapshot of a draft that is not stored: nothing on it could load its data again. */}
        {data?.preview ? null : <Scripts />}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { pathname, search, hash } = useLocation();
  const hasShell = Boolean(useRouteLoaderData<typeof loader>("root"));
  useEffect(() => {
    // The route's code failed to load (a new deployment replaced it): load the page the visitor
    // was going to as a full page, once.
    if (isChunkLoadError(error)) recoverFromChunkError(`${pathname}${search}${hash}`);
  }, [error, pathname, search, hash]);
  if (isRouteErrorResponse(error) && error.status === 404) {
    // pageLoader (server/http/page-loader.server.ts) adds the reason's words to a 404 thrown with one.
    const message = (error.data as { message?: unknown } | null)?.message;
    return hasShell ? <NotFound path={pathname} message={typeof message === "string" ? message : undefined} /> : <p>Page not found: {pathname}</p>;
  }
  // Spec section 2: any error held in application state renders the 502 page instead of the shell.
  return hasShell ? <BadGateway /> : <p>Bad gateway. Please try again in a moment.</p>;
}
