/**
 * The staff area's words: one JSON per language and namespace in app/admin-locales/<en|zh>/, read
 * with the site's message format (`{{name}}` placeholders, `key_one`/`key_other` plurals chosen by
 * `count`). Loaders send the namespaces their page uses, in the staff member's language only
 * (server/i18n/admin-words.server.ts); keys are typed against the English files, so a missing or
 * misspelt key does not compile, and admin-words.test.ts keeps Chinese equal to English.
 */
import { useMemo } from "react";
import { useMatches } from "react-router";
import type { MessageTree } from "~/i18n/namespaces";
import { formatMessage } from "~/i18n/translator";
import { useAdminLang, type AdminLang } from "./admin-lang";
import type account from "~/admin-locales/en/account.json";
import type audit from "~/admin-locales/en/audit.json";
import type bookings from "~/admin-locales/en/bookings.json";
import type comments from "~/admin-locales/en/comments.json";
import type content from "~/admin-locales/en/content.json";
import type coverage from "~/admin-locales/en/coverage.json";
import type dashboard from "~/admin-locales/en/dashboard.json";
import type feedback from "~/admin-locales/en/feedback.json";
import type inbox from "~/admin-locales/en/inbox.json";
import type shell from "~/admin-locales/en/shell.json";
import type staff from "~/admin-locales/en/staff.json";
import type usage from "~/admin-locales/en/usage.json";

export interface AdminResources {
  account: typeof account;
  audit: typeof audit;
  bookings: typeof bookings;
  comments: typeof comments;
  content: typeof content;
  coverage: typeof coverage;
  dashboard: typeof dashboard;
  feedback: typeof feedback;
  inbox: typeof inbox;
  shell: typeof shell;
  staff: typeof staff;
  usage: typeof usage;
}
export type AdminNamespace = keyof AdminResources;

/** Some namespaces of one language, as a loader sends them (`adminWords` in its data). */
export type AdminWords = Partial<Record<AdminNamespace, MessageTree>>;

type PluralSuffix = "_zero" | "_one" | "_two" | "_few" | "_many" | "_other";
/** The keys of a words tree: dotted paths to its strings, plural forms under their common name. */
export type AdminKey<T> = {
  [K in keyof T & string]: T[K] extends string ? (K extends `${infer Base}${PluralSuffix}` ? Base | K : K) : `${K}.${AdminKey<T[K]>}`;
}[keyof T & string];

/** Values for a message's `{{name}}` placeholders; `count` also picks its plural form. */
export type AdminValues = Record<string, string | number>;
export type AdminT<T> = (key: AdminKey<T>, values?: AdminValues) => string;
/** For keys made from data (an audit action, an entity): undefined where the words have none. */
export type AdminMaybeT = (key: string, values?: AdminValues) => string | undefined;

const pluralRules: Partial<Record<AdminLang, Intl.PluralRules>> = {};

/** t over one namespace (or one section of it) of the words sent; a key not sent comes back as itself. */
export function adminTranslator(
  lang: AdminLang,
  words: AdminWords,
  ns: AdminNamespace,
  section?: string,
): { t: (key: string, values?: AdminValues) => string; maybe: AdminMaybeT } {
  const tree = section ? (words[ns]?.[section] as MessageTree | undefined) : words[ns];
  const plurals = () => (pluralRules[lang] ??= new Intl.PluralRules(lang === "zh" ? "zh-CN" : "en"));
  const maybe: AdminMaybeT = (key, values) => formatMessage(tree, key, values, plurals);
  return { t: (key, values) => maybe(key, values) ?? key, maybe };
}

/** The words every matched route sent (the root sends the shell's, each page its own). */
export function wordsOfMatches(matches: readonly ({ data?: unknown; loaderData?: unknown } | undefined)[]): AdminWords {
  const words: AdminWords = {};
  for (const m of matches) Object.assign(words, ((m?.data ?? m?.loaderData) as { adminWords?: AdminWords } | undefined)?.adminWords);
  return words;
}

/** `t` for one staff namespace, or one section of it, in the staff member's language. */
export function useAdminWords<N extends AdminNamespace>(ns: N): { t: AdminT<AdminResources[N]>; maybe: AdminMaybeT };
export function useAdminWords<N extends AdminNamespace, S extends keyof AdminResources[N] & string>(
  ns: N,
  section: S,
): { t: AdminT<AdminResources[N][S]>; maybe: AdminMaybeT };
export function useAdminWords(ns: AdminNamespace, section?: string): { t: (key: string, values?: AdminValues) => string; maybe: AdminMaybeT } {
  const lang = useAdminLang();
  const matches = useMatches();
  const words = wordsOfMatches(matches);
  const tree = section ? words[ns]?.[section] : words[ns];
  // The same t while the words are the same (safe in effect dependencies).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => adminTranslator(lang, words, ns, section), [lang, tree, ns, section]);
}
