/**
 * Links written in content (`[pricing](/Pricing)`, `/helps/12`, `/faq#refunds`) are bare site
 * paths: the content says which page, the page that shows it says which language
 * (docs/decisions/0029). The importer refuses a link that names a language or no page at all;
 * whoever shows content (pages, Markdown twins, feeds) gives its links the reader's language.
 */
import fs from "node:fs";
import path from "node:path";
import type { AppLoadContext } from "react-router";
import { isLangKey, type LangKey } from "~/i18n/languages";
import type { HostPlan } from "~/lib/urls/hosts";
import { absoluteUrl } from "~/lib/meta/meta";
import { sendOnce } from "~/lib/page-html";
import { PAGE_ROUTES } from "~/lib/urls/page-paths";
import { languageHref } from "~/lib/urls/paths";
import { PUBLIC_DIR } from "../paths.server";

/** The site's page addresses (without a language prefix) as patterns; `:param` is one segment. */
const PAGE_PATTERNS: readonly RegExp[] = [
  /^\/$/,
  ...PAGE_ROUTES.map(([route]) => new RegExp(`^/${route.replace(/[.]/g, "\\.").replace(/:[a-z]+/gi, "[^/]+")}$`)),
];

/** The path of a root-relative address, without its query and fragment. */
const pathOf = (href: string) => href.replace(/[?#].*$/, "") || "/";

/** Whether a root-relative address is one of the site's pages (not an image, an asset or the API). */
export function isSitePage(href: string): boolean {
  const p = pathOf(href);
  return PAGE_PATTERNS.some((re) => re.test(p));
}

/**
 * Why a link written in content cannot stay as it is, or null when it is fine. Only addresses on
 * this site are judged (root-relative ones); links to other sites are the author's business.
 */
export function siteLinkProblem(href: string): string | null {
  if (!href.startsWith("/") || href.startsWith("//")) return null;
  const p = pathOf(href);
  const first = p.split("/")[1] ?? "";
  if (isLangKey(first)) {
    const bare = p.slice(first.length + 1) || "/";
    return `${href} names a language: write ${bare}, the page that shows it adds the reader's language`;
  }
  if (first === "images" || first === "favicon.ico") {
    return fs.existsSync(path.join(PUBLIC_DIR, ...decodeURIComponent(p).split("/"))) ? null : `${href}: no such file in public/`;
  }
  return isSitePage(href) ? null : `${href}: no page of the site has this address`;
}

/** Every problem of the links in `html` (sanitised importer output: `href="…"` attributes). */
export function siteLinkProblems(html: string): string[] {
  const problems: string[] = [];
  for (const m of html.matchAll(/\shref="([^"]*)"/g)) {
    const problem = siteLinkProblem(decodeAttribute(m[1]!));
    if (problem) problems.push(problem);
  }
  return problems;
}

/**
 * `html` with each link to a site page given by `link` (a bare path in, the reader's address out:
 * `/Pricing` → `/th/Pricing`, or an absolute address for a feed). Images and other files stay.
 */
export function localizeContentLinks(html: string, link: (bare: string) => string): string {
  return html.replace(/(\shref=")(\/(?!\/)[^"]*)"/g, (whole, before: string, raw: string) => {
    const href = decodeAttribute(raw);
    if (!isSitePage(href) || isLangKey(href.split(/[/?#]/)[1])) return whole;
    return `${before}${encodeAttribute(link(href))}"`;
  });
}

const decodeAttribute = (value: string) => value.replace(/&#x26;|&amp;/g, "&");
const encodeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/** Content markup for a page in `lang`: its site links in that language, sent once (docs/decisions/0027). */
export function contentForPage(context: Pick<AppLoadContext, "pageHtml" | "hostPlan" | "host">, lang: LangKey, html: string): string {
  return sendOnce(context.pageHtml, localizeContentLinks(html, (bare) => languageHref(context.hostPlan, context.host, bare, lang)));
}

/** Content markup for a machine reader (a feed, a Markdown twin): absolute links in `lang`. */
export function contentForReader(plan: HostPlan, lang: LangKey, html: string): string {
  return localizeContentLinks(html, (bare) => absoluteUrl(plan, lang, bare));
}
