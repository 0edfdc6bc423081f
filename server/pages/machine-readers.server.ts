/**
 * Markdown for machine readers (llms.txt, docs/decisions/0016): each help article, blog and news
 * article and the FAQ answer as Markdown made from their sanitised HTML (rehype-remark), and
 * llms.txt lists, per language, the help centre, FAQ, pricing, download and the newest articles.
 */
import rehypeParse from "rehype-parse";
import rehypeRemark from "rehype-remark";
import remarkGfm from "remark-gfm";
import remarkStringify from "remark-stringify";
import { unified } from "unified";
import { getLanguage, isLangKey, type LangKey } from "~/i18n/languages";
import { defaultLangForHost, type HostPlan } from "~/lib/urls/hosts";
import { absoluteUrl } from "~/lib/meta/meta";
import { SITE_NAME } from "~/lib/site";
import type { Database } from "../db/client.server";
import { translate } from "../i18n/messages.server";
import { getArticle, latestArticles } from "../services/articles.server";
import { faqList } from "../services/faq.server";
import { getHelpArticle, listHelpArticles } from "../services/help.server";
import { getBaseInfo } from "../services/site.server";
import { languagesOfHost } from "./sitemaps.server";
import { contentForReader } from "../content/site-links.server";

const toMarkdown = unified().use(rehypeParse, { fragment: true }).use(rehypeRemark).use(remarkGfm).use(remarkStringify, { bullet: "-", fences: true });

/** Sanitised HTML (from the importer) as Markdown; site-relative links and images made absolute. */
export function htmlToMarkdown(html: string, origin: string): string {
  const absolute = html.replace(/(href|src)="\/(?!\/)/g, `$1="${origin}/`);
  return String(toMarkdown.processSync(absolute)).trim();
}

/** One line of text for a Markdown list item or heading. */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

export type MarkdownRequest = { lang: string | undefined; host?: string } & ({ kind: "helps" | "blog" | "news"; id: number } | { kind: "faq" });

/**
 * The Markdown of one page, or null when it does not exist in the language its address names
 * (no prefix: the host's default language), exactly as the HTML page would answer 404.
 */
export async function markdownVariant(db: Database, plan: HostPlan, q: MarkdownRequest): Promise<string | null> {
  const lang: LangKey | null = q.lang === undefined ? defaultLangForHost(plan, q.host) : isLangKey(q.lang) ? q.lang : null;
  if (!lang) return null;
  const origin = plan.en;
  if (q.kind === "faq") {
    const groups = await faqList(db, lang);
    if (groups.length === 0) return null;
    const parts = [`# ${translate(lang, "common", "pages.faq.title")} - ${SITE_NAME}`, "", `Source: ${absoluteUrl(plan, lang, "/faq")}`];
    for (const g of groups) {
      parts.push("", `## ${oneLine(g.name)}`);
      for (const item of g.items) parts.push("", `### ${oneLine(item.question)}`, "", htmlToMarkdown(contentForReader(plan, lang, item.answer), origin));
    }
    return `${parts.join("\n")}\n`;
  }
  if (q.kind === "helps") {
    const article = await getHelpArticle(db, q.id);
    if (!article || article.lang !== lang) return null;
    return page(
      article.title,
      article.summary,
      absoluteUrl(plan, lang, `/helps/${article.id}`),
      article.updated_at,
      contentForReader(plan, lang, article.content),
      origin,
    );
  }
  const article = await getArticle(db, q.id);
  if (!article || article.lang !== lang || article.type !== (q.kind === "blog" ? "blog" : "news")) return null;
  return page(
    article.title,
    article.summary,
    absoluteUrl(plan, lang, `/${article.type}/${article.id}`),
    article.updated_at,
    contentForReader(plan, lang, article.content),
    origin,
  );
}

function page(title: string, summary: string, url: string, updated: string, html: string, origin: string): string {
  return [
    `# ${oneLine(title)}`,
    "",
    ...(summary ? [`> ${oneLine(summary)}`, ""] : []),
    `Source: ${url}`,
    `Updated: ${updated.slice(0, 10)}`,
    "",
    htmlToMarkdown(html, origin),
    "",
  ].join("\n");
}

/** llms.txt (llmstxt.org): the site in a few lines per language, linking the Markdown variants. */
export async function llmsTxt(db: Database, plan: HostPlan, host: string | undefined): Promise<string> {
  // The host's default language first (English on the international host), then the others.
  const langs = languagesOfHost(plan, host).sort((a, b) => Number(b === defaultLangForHost(plan, host)) - Number(a === defaultLangForHost(plan, host)));
  const first = langs[0]!;
  const info = await getBaseInfo(db, first);
  const out = [`# ${SITE_NAME}`, "", `> ${oneLine(info?.description ?? translate(first, "common", "tagline"))}`, ""];
  out.push(
    "Every help article, blog and news article and the FAQ is also available as Markdown: add .md to its address (for example /helps/12.md, /zh/blog/3.md, /faq.md).",
    "",
  );
  for (const lang of langs) {
    const url = (path: string) => absoluteUrl(plan, lang, path);
    const t = (key: string) => translate(lang, "common", key);
    const [help, blog, news] = await Promise.all([
      listHelpArticles(db, { lang, page: 1, pageSize: 50, sort: "popular" }),
      latestArticles(db, "blog", lang, 10),
      latestArticles(db, "news", lang, 5),
    ]);
    out.push(`## ${getLanguage(lang).nativeName} (${getLanguage(lang).tag})`, "");
    out.push(`- [${t("pages.helps.title")}](${url("/helps")}): ${oneLine(t("pages.helps.intro"))}`);
    out.push(`- [${t("pages.faq.title")}](${url("/faq.md")}): ${oneLine(t("pages.faq.intro"))}`);
    out.push(`- [${t("pages.pricing.title")}](${url("/Pricing")}): ${oneLine(t("pages.pricing.intro"))}`);
    out.push(`- [${t("pages.download.title")}](${url("/download")}): ${oneLine(t("pages.download.intro"))}`);
    out.push("", `### ${t("pages.helps.title")}`, "");
    for (const h of help.list) out.push(`- [${oneLine(h.title)}](${url(`/helps/${h.id}.md`)})${h.summary ? `: ${oneLine(h.summary)}` : ""}`);
    out.push("", `### ${t("pages.blog.title")}`, "");
    for (const a of blog) out.push(`- [${oneLine(a.title)}](${url(`/blog/${a.id}.md`)})${a.summary ? `: ${oneLine(a.summary)}` : ""}`);
    if (news.length) {
      out.push("", `### ${t("pages.news.title")}`, "");
      for (const a of news) out.push(`- [${oneLine(a.title)}](${url(`/news/${a.id}.md`)})${a.summary ? `: ${oneLine(a.summary)}` : ""}`);
    }
    out.push("");
  }
  return out.join("\n");
}
