import { useMemo } from "react";
import { I18nextProvider } from "react-i18next";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { getBaseInfo } from "../server/services/site.server";
import { getLanguageBundle } from "../server/i18n/messages.server";
import type { Route } from "./+types/root";
import "./app.css";
import { ErrorNotice } from "./components/ErrorNotice";
import { NotFound } from "./components/NotFound";
import { SiteShell } from "./components/SiteShell";
import { getI18n } from "./i18n/instance";
import { DEFAULT_LANG, getLanguage, isLangKey } from "./i18n/languages";
import { LangContext } from "./i18n/use-lang";
import { shellLang } from "./lib/page-lang";
import { pageMeta } from "./lib/meta";
import { useStatisticsSnippets } from "./lib/use-statistics-snippets";

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = shellLang(new URL(request.url).pathname);
  let baseInfo = null;
  try {
    baseInfo = await getBaseInfo(context.db, lang);
  } catch (err) {
    // Spec section 8: reported with trigger "api error" and place "baseInfo"; the page carries on.
    context.logger.error({ err, trigger: "api error", place: "baseInfo" }, "loading the site base info failed");
  }
  return { lang, messages: getLanguageBundle(lang), baseInfo };
}

/** The shell's data depends only on the language: re-fetch it when the language changes. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  return shellLang(currentUrl.pathname) !== shellLang(nextUrl.pathname);
}

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches);

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const lang = data && isLangKey(data.lang) ? data.lang : DEFAULT_LANG;
  const language = getLanguage(lang);
  const i18n = useMemo(() => (data ? getI18n(lang, data.messages) : null), [lang, data]);
  useStatisticsSnippets(data?.baseInfo);
  return (
    <html lang={language.tag} dir={language.dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white text-slate-900 antialiased">
        {i18n ? (
          <I18nextProvider i18n={i18n}>
            <LangContext.Provider value={lang}>
              <SiteShell>{children}</SiteShell>
            </LangContext.Provider>
          </I18nextProvider>
        ) : (
          children
        )}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { pathname } = useLocation();
  const hasShell = Boolean(useRouteLoaderData<typeof loader>("root"));
  if (isRouteErrorResponse(error) && error.status === 404) {
    return hasShell ? <NotFound path={pathname} /> : <p>Page not found: {pathname}</p>;
  }
  return hasShell ? <ErrorNotice /> : <p>Something went wrong.</p>;
}
