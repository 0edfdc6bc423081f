import { data, type AppLoadContext, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import type { AdminNamespace, AdminWords } from "~/components/admin/admin-words";
import type { LangKey } from "~/i18n/languages";
import type { MessageSelector, Messages } from "~/i18n/namespaces";
import { prefixLanguage, type CheckArgs, type RouteCheck } from "~/lib/route-checks";
import type { StaffArea, StaffIdentity } from "@contracts/staff-access";
import { adminWordsFor } from "../i18n/admin-words.server";
import { getMessages, translate } from "../i18n/messages.server";
import { requireStaffPage } from "./staff-session.server";

/** What a page loader is called with: React Router's loader arguments (a route's own `Route.LoaderArgs` fits). */
export interface PageArgs extends CheckArgs {
  context: AppLoadContext;
}

// React Router exports the class's type only: recognised by the tag every instance carries
// (docs/private-internals.md, 4).
export function isDataWithInit(value: unknown): value is DataWithResponseInit<unknown> {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

/** A loader's data, out of `data(…, init)` if it was wrapped. */
type Unwrapped<T> = T extends DataWithResponseInit<infer D> ? D : T;
/** A loader's result with `added` beside its data (inside `data(…)` if it was wrapped); a Response passes as it is. */
type With<T, Added> = T extends Response ? T : T extends DataWithResponseInit<infer D> ? DataWithResponseInit<D & Added> : T & Added;

/** A site page: its language from the address, checks, and the words it shows beyond the shell's. */
export interface SitePage<T> {
  /**
   * The sections of app/locales this page's components and meta read beyond the shell's
   * (docs/decisions/0025), or, for a route that serves several kinds of page, a function of the
   * loaded data. A section left out is reported where a word of it is read (app/i18n/use-translation.ts).
   */
  messages?: readonly MessageSelector[] | ((page: Unwrapped<Awaited<T>>) => readonly MessageSelector[]);
  /** Address rules beyond the language, run in order after it (app/lib/route-checks.ts). */
  checks?: readonly RouteCheck[];
  /** How the page's language is found: by default its `:lang` prefix, checked (prefixLanguage). */
  language?: (args: PageArgs) => LangKey;
}

/** A page of the staff area: the area it belongs to (the signed-in staff member must be allowed it) and its words. */
export interface StaffPage {
  staff: StaffArea;
  /** The staff area's namespaces this page reads (app/admin-locales), in the staff member's language. */
  adminWords?: readonly AdminNamespace[];
}

/** A page of the staff area that needs no session (signing in, setting a password). */
export interface OpenStaffPage {
  staff?: never;
  adminWords: readonly AdminNamespace[];
}

/**
 * One declaration per route of what every page loader needs before its own work (docs/decisions/0035):
 *
 *   export const loader = pageLoader({ messages: ["help.centre"], checks: [checks.help] }, (args, { lang }) => loadHelpCentre(…));
 *   export const loader = pageLoader({ staff: "comments", adminWords: ["comments"] }, (args, { staff }) => …);
 *
 * A site page gets its language (the `:lang` prefix, checked), runs its route checks, then its
 * load; its data gets `messages`, the words it declared in that language, so the browser receives
 * them with the route's data on first loads and client navigations alike. A 404 thrown with a
 * reason (`{ reason: "articleNotFound" }`) gets that reason's words (the root's error page shows
 * them). A staff page requires a session allowed in its area first (a redirect to sign in, or
 * 403), as the API's staff endpoints do, and its data gets `adminWords`. A `data(…, init)` result
 * keeps its status and headers; a Response (a feed, a redirect) passes as it is.
 */
export function pageLoader<T, A extends PageArgs = PageArgs>(
  options: StaffPage,
  load: (args: A, page: { staff: StaffIdentity }) => T | Promise<T>,
): (args: A) => Promise<With<Awaited<T>, { adminWords: AdminWords }>>;
export function pageLoader<T, A extends PageArgs = PageArgs>(
  options: OpenStaffPage,
  load: (args: A) => T | Promise<T>,
): (args: A) => Promise<With<Awaited<T>, { adminWords: AdminWords }>>;
export function pageLoader<T, A extends PageArgs = PageArgs>(
  options: SitePage<T>,
  load: (args: A, page: { lang: LangKey }) => T | Promise<T>,
): (args: A) => Promise<With<Awaited<T>, { messages: Messages }>>;
export function pageLoader(
  options: SitePage<unknown> | StaffPage | OpenStaffPage,
  load: (args: PageArgs, page: { lang: LangKey } & { staff: StaffIdentity }) => unknown,
): (args: PageArgs) => Promise<unknown> {
  if ("adminWords" in options || "staff" in options) {
    const { staff: area, adminWords = [] } = options as StaffPage | OpenStaffPage;
    return async (args) => {
      const staff = area ? requireStaffPage(args.context, args.request, area) : undefined;
      const value = await load(args, { staff } as { lang: LangKey; staff: StaffIdentity });
      return beside(value, { adminWords: adminWordsFor(args.request, adminWords) });
    };
  }
  const { messages = [], checks = [], language = prefixLanguage } = options as SitePage<unknown>;
  return async (args) => {
    const lang = language(args);
    for (const check of checks) check(args);
    let value: unknown;
    try {
      value = await load(args, { lang } as { lang: LangKey; staff: StaffIdentity });
    } catch (thrown) {
      throw explainNotFound(thrown, lang);
    }
    if (value instanceof Response) return value;
    const selectors = typeof messages === "function" ? messages(isDataWithInit(value) ? value.data : value) : messages;
    return beside(value, { messages: getMessages(lang, selectors) });
  };
}

function beside(value: unknown, added: object): unknown {
  if (value instanceof Response) return value;
  if (isDataWithInit(value)) return data({ ...(value.data as object), ...added }, value.init ?? undefined);
  return { ...(value as object), ...added };
}

function explainNotFound(thrown: unknown, lang: LangKey): unknown {
  if (!isDataWithInit(thrown) || thrown.init?.status !== 404) return thrown;
  const reason = (thrown.data as { reason?: unknown } | null)?.reason;
  if (typeof reason !== "string") return thrown;
  return data({ ...(thrown.data as object), message: translate(lang, "errors", reason) }, thrown.init);
}
