import fs from "node:fs";
import path from "node:path";
import { data, type AppLoadContext, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import { LANG_KEYS, DEFAULT_LANG, type LangKey } from "~/i18n/languages";
import { mergeMessages, SHELL_MESSAGES, type MessageSelector, type MessageTree, type Messages, type Namespace as PageNamespace } from "~/i18n/namespaces";
import { writtenDates, type WrittenDates } from "~/lib/format/format-date";
import { shellLang } from "~/lib/page-lang";
import { LOCALES_DIR } from "../paths.server";

export type Namespace = string;
export type { MessageTree };

const cache = new Map<string, MessageTree>();

export function listNamespaces(): string[] {
  return fs
    .readdirSync(path.join(LOCALES_DIR, DEFAULT_LANG))
    .filter((f) => f.endsWith(".json"))
    .map((f) => f.slice(0, -5))
    .sort();
}

/** One language's messages of one namespace, read from app/locales once and kept. */
export function getNamespace(lang: LangKey, ns: Namespace): MessageTree {
  const key = `${lang}/${ns}`;
  let tree = cache.get(key);
  if (!tree) {
    const file = path.join(LOCALES_DIR, lang, `${ns}.json`);
    tree = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as MessageTree) : {};
    cache.set(key, tree);
  }
  return tree;
}

/** Everything the browser needs for one language: that language's namespaces and nothing else. */
export function getLanguageBundle(lang: LangKey, namespaces: Namespace[] = listNamespaces()): Record<Namespace, MessageTree> {
  return Object.fromEntries(namespaces.map((ns) => [ns, getNamespace(lang, ns)]));
}

/** Looks a dotted key up in the language, then in English; the key itself if neither has it. */
export function translate(lang: LangKey, ns: Namespace, key: string): string {
  for (const l of [lang, DEFAULT_LANG]) {
    let node: string | MessageTree | undefined = getNamespace(l, ns);
    for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
    if (typeof node === "string") return node;
  }
  return key;
}

export function preloadMessages(): void {
  for (const lang of LANG_KEYS) for (const ns of listNamespaces()) getNamespace(lang, ns);
}

/**
 * The selected parts of one language: "blog" all of the namespace, "product.faq" one section,
 * "common.pages.faq" one part of a section.
 */
export function getMessages(lang: LangKey, selectors: readonly MessageSelector[]): Messages {
  const picked: MessageTree[] = [];
  for (const selector of selectors) {
    const [ns, ...path] = selector.split(".") as [PageNamespace, ...string[]];
    let node: string | MessageTree | undefined = getNamespace(lang, ns);
    for (const part of path) node = typeof node === "object" ? node[part] : undefined;
    if (node === undefined) continue;
    picked.push([ns, ...path].reduceRight<string | MessageTree>((inner, key) => ({ [key]: inner }), node) as MessageTree);
  }
  return mergeMessages(picked as Messages[]);
}

/** What the root loader sends with every page: the shell's sections (docs/decisions/0025). */
export function shellMessages(lang: LangKey): Messages {
  return getMessages(lang, SHELL_MESSAGES);
}

type LoaderArgsLike = { request: Request; context: Pick<AppLoadContext, "defaultLang"> };
// React Router exports the class's type only: recognised by the tag every instance carries.
function isDataWithInit(value: unknown): value is DataWithResponseInit<unknown> {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

type PageTexts = { messages: Messages; writtenDates: WrittenDates };
type WithMessages<T> = T extends DataWithResponseInit<infer D> ? DataWithResponseInit<D & PageTexts> : T & PageTexts;

/** Every timestamp in a page's data: the values of its `…_at` fields, at any depth. */
function* timestampsIn(value: unknown, depth = 0): Generator<string> {
  if (depth > 6 || typeof value !== "object" || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) yield* timestampsIn(item, depth + 1);
    return;
  }
  for (const [key, field] of Object.entries(value)) {
    if (typeof field === "string") {
      if (key.endsWith("_at")) yield field;
    } else yield* timestampsIn(field, depth + 1);
  }
}

/**
 * A page loader's result with the words its page uses besides the shell's (whole namespaces or
 * sections, see MessageSelector), in the shell's language, so the browser gets them with the
 * route's data, on first load and through single fetch on client navigations alike. Every page
 * route declares its selection here; the test in app/i18n checks each declaration against what
 * the route's components and meta use.
 *
 * The page's dates come formatted too (writtenDates, app/lib/format/format-date.ts): the browser shows
 * them as the server wrote them instead of building a date formatter while it hydrates.
 *
 * A 404 thrown with a reason (`{ reason: "articleNotFound" }`) gets that reason's words added:
 * the root's error page shows them, and the shell is not sent the API's error messages.
 */
export async function withMessages<T extends object>(args: LoaderArgsLike, selectors: readonly MessageSelector[], load: () => T | Promise<T>): Promise<WithMessages<T>> {
  const lang = shellLang(new URL(args.request.url).pathname, args.context.defaultLang);
  let value: T;
  try {
    value = await load();
  } catch (thrown) {
    throw explainNotFound(thrown, lang);
  }
  const messages = getMessages(lang, selectors);
  const payload = isDataWithInit(value) ? (value.data as object) : value;
  const texts: PageTexts = { messages, writtenDates: writtenDates(lang, timestampsIn(payload)) };
  if (isDataWithInit(value)) {
    return data({ ...payload, ...texts }, value.init ?? undefined) as WithMessages<T>;
  }
  return { ...value, ...texts } as WithMessages<T>;
}

function explainNotFound(thrown: unknown, lang: LangKey): unknown {
  if (!isDataWithInit(thrown) || thrown.init?.status !== 404) return thrown;
  const reason = (thrown.data as { reason?: unknown } | null)?.reason;
  if (typeof reason !== "string") return thrown;
  return data({ ...(thrown.data as object), message: translate(lang, "errors", reason) }, thrown.init);
}
