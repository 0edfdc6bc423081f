import { data, replace, type AppLoadContext } from "react-router";
import { isLangKey, type LangKey } from "~/i18n/languages";
import { htmlStrippedPath } from "./urls/url-rules";
import { idFromPath } from "@contracts/address-numbers";

export interface CheckArgs {
  params: Readonly<Record<string, string | undefined>>;
  request: Request;
  context: AppLoadContext;
}

type RouteCheck = (args: CheckArgs) => void;

const notFound = () => data(null, { status: 404 });

/**
 * The spec's named route checks (section 2). Loaders run them by name; they hold on the server
 * for first loads and on client navigations alike (the Express rules only see documents).
 */
const CHECKS: Readonly<Record<string, RouteCheck>> = {
  /** A prefix must be a site language, other than the host's default (that one is unprefixed). */
  language({ params, request, context }) {
    if (params.lang === undefined) return;
    if (!isLangKey(params.lang)) throw notFound();
    if (params.lang === context.defaultLang) {
      const url = new URL(request.url);
      throw replace(url.pathname.slice(params.lang.length + 1) || "/", 301);
    }
  },
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
  "pre-sales"({ request }) {
    const url = new URL(request.url);
    const date = url.searchParams.get("date");
    if (date === null) return;
    const valid = /^\d{4}-\d{2}-\d{2}$/.test(date) && new Date(`${date}T00:00:00Z`).toISOString().startsWith(date);
    if (!valid) {
      url.searchParams.delete("date");
      throw replace(url.pathname + url.search, 302);
    }
  },
};

export type RouteCheckName = keyof typeof CHECKS;

export function runRouteChecks(names: readonly string[], args: CheckArgs): void {
  for (const name of names) {
    const check = CHECKS[name];
    if (!check) throw new Error(`Unknown route check "${name}"`);
    check(args);
  }
}

/** Runs the language check (and any others named) and returns the page's language. */
export function pageLang(args: CheckArgs, extraChecks: readonly string[] = []): LangKey {
  runRouteChecks(["language", ...extraChecks], args);
  return isLangKey(args.params.lang) ? args.params.lang : args.context.defaultLang;
}
