import { data, replace, type AppLoadContext } from "react-router";
import { isLangKey, type LangKey } from "~/i18n/languages";
import { htmlStrippedPath } from "./urls/url-rules";
import { idFromPath } from "@contracts/address-numbers";

export interface CheckArgs {
  params: Readonly<Record<string, string | undefined>>;
  request: Request;
  context: AppLoadContext;
}

/** A rule a page's address must pass: it throws a 404 or a redirect, or returns. */
export type RouteCheck = (args: CheckArgs) => void;

const notFound = () => data(null, { status: 404 });

/**
 * The spec's route checks (section 2), as values: a page loader lists the ones it needs
 * (`pageLoader({ checks: [checks.help] }, …)`, server/http/page-loader.server.ts), so a misspelt
 * check does not compile. They hold on the server for first loads and on client navigations alike
 * (the Express rules only see documents).
 */
export const checks = {
  /** Paths ending .html are served without it. */
  html({ request }) {
    const url = new URL(request.url);
    const stripped = htmlStrippedPath(url.pathname);
    if (stripped) throw replace(stripped + url.search, 301);
  },
  /** Help articles are addressed by a positive numeric id. */
  help({ params }) {
    if (params.id !== undefined && idFromPath(params.id) === null) throw notFound();
  },
  /** A booking date in the address must be a real calendar date; otherwise it is dropped. */
  preSalesDate({ request }) {
    const url = new URL(request.url);
    const date = url.searchParams.get("date");
    if (date === null) return;
    const valid = /^\d{4}-\d{2}-\d{2}$/.test(date) && new Date(`${date}T00:00:00Z`).toISOString().startsWith(date);
    if (!valid) {
      url.searchParams.delete("date");
      throw replace(url.pathname + url.search, 302);
    }
  },
} satisfies Record<string, RouteCheck>;

/**
 * The page's language from its `:lang` prefix, which must be a site language other than the
 * host's default (that one is unprefixed): 404 for another word, a redirect for the default's.
 * Every site page's loader runs it first (pageLoader does).
 */
export function prefixLanguage({ params, request, context }: CheckArgs): LangKey {
  if (params.lang === undefined) return context.defaultLang;
  if (!isLangKey(params.lang)) throw notFound();
  if (params.lang === context.defaultLang) {
    const url = new URL(request.url);
    throw replace(url.pathname.slice(params.lang.length + 1) || "/", 301);
  }
  return params.lang;
}

/** A route action's language: the prefix checked as its page's loader checks it, then the page's own checks. */
export function pageLanguage(args: CheckArgs, routeChecks: readonly RouteCheck[] = []): LangKey {
  const lang = prefixLanguage(args);
  for (const check of routeChecks) check(args);
  return lang;
}
