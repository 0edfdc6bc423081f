import type { Root as HastRoot } from "hast";
import { toString } from "hast-util-to-string";
import rehypeSanitize, { defaultSchema, type Options as Schema } from "rehype-sanitize";
import rehypeSlug from "rehype-slug";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { visit } from "unist-util-visit";
import { remarkAlert } from "remark-github-blockquote-alert";
import { DEFAULT_LANG, type LangKey } from "~/i18n/languages";
import { siteLinkProblems } from "./site-links.server";

export interface TocEntry {
  id: string;
  text: string;
  depth: number;
}

export interface RenderedMarkdown {
  html: string;
  toc: TocEntry[];
  /** Plain text of the body, for search. */
  text: string;
}

/**
 * Heading ids survive sanitising unprefixed: they are made by rehype-slug from the text, not by
 * authors. Callouts keep their classes (and only those); their icons are dropped.
 */
const schema: Schema = {
  ...defaultSchema,
  clobberPrefix: "",
  clobber: [],
  attributes: {
    ...defaultSchema.attributes,
    h2: ["id"],
    h3: ["id"],
    h4: ["id"],
    div: [...(defaultSchema.attributes?.div ?? []), ["className", "markdown-alert", /^markdown-alert-(note|tip|important|warning|caution)$/]],
    p: [...(defaultSchema.attributes?.p ?? []), ["className", "markdown-alert-title"]],
  },
};

/** Callout titles in the article's language (GitHub's alert kinds). */
const ALERT_TITLES: Record<string, Record<LangKey, string>> = {
  note: { zh: "说明", en: "Note", ru: "Примечание", vn: "Lưu ý", es: "Nota", pt: "Nota", tc: "說明", tr: "Not", th: "หมายเหตุ", fr: "Remarque", uk: "Примітка", hi: "नोट", jp: "注記" },
  tip: { zh: "提示", en: "Tip", ru: "Совет", vn: "Mẹo", es: "Consejo", pt: "Dica", tc: "提示", tr: "İpucu", th: "เคล็ดลับ", fr: "Astuce", uk: "Порада", hi: "सुझाव", jp: "ヒント" },
  important: { zh: "重要", en: "Important", ru: "Важно", vn: "Quan trọng", es: "Importante", pt: "Importante", tc: "重要", tr: "Önemli", th: "สำคัญ", fr: "Important", uk: "Важливо", hi: "महत्वपूर्ण", jp: "重要" },
  warning: { zh: "注意", en: "Warning", ru: "Внимание", vn: "Cảnh báo", es: "Advertencia", pt: "Atenção", tc: "注意", tr: "Uyarı", th: "คำเตือน", fr: "Attention", uk: "Увага", hi: "चेतावनी", jp: "警告" },
  caution: { zh: "警告", en: "Caution", ru: "Осторожно", vn: "Thận trọng", es: "Precaución", pt: "Cuidado", tc: "警告", tr: "Dikkat", th: "ข้อควรระวัง", fr: "Prudence", uk: "Обережно", hi: "सावधानी", jp: "注意" },
};

const processors = new Map<LangKey, ReturnType<typeof makeProcessor>>();

function makeProcessor(lang: LangKey) {
  return unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkAlert) // GitHub's "> [!TIP]" callouts
    .use(remarkRehype) // raw HTML in Markdown is dropped, never passed through
    .use(() => (tree: HastRoot) => {
      visit(tree, "element", (node) => {
        const classes = node.properties?.className;
        // The callout's title becomes its kind in the article's language (the icon is dropped by the sanitiser).
        if (node.tagName === "div" && Array.isArray(classes) && classes.includes("markdown-alert")) {
          const type = String(classes.find((c) => String(c).startsWith("markdown-alert-")) ?? "").replace("markdown-alert-", "");
          const title = node.children.find((c) => c.type === "element" && c.tagName === "p");
          if (title && title.type === "element") title.children = [{ type: "text", value: ALERT_TITLES[type]?.[lang] ?? ALERT_TITLES.note![lang] }];
          delete node.properties.dir;
        }
      });
    })
    .use(rehypeSlug)
    .use(rehypeSanitize, schema)
    .use(() => (tree: HastRoot, file) => {
      const toc: TocEntry[] = [];
      visit(tree, "element", (node) => {
        if ((node.tagName === "h2" || node.tagName === "h3") && typeof node.properties?.id === "string") {
          toc.push({ id: node.properties.id, text: toString(node), depth: node.tagName === "h2" ? 2 : 3 });
        }
        if (node.tagName === "a" && typeof node.properties?.href === "string" && /^https?:/.test(node.properties.href)) {
          node.properties.rel = ["nofollow", "noopener", "noreferrer"];
          node.properties.target = "_blank";
        }
      });
      file.data.toc = toc;
      file.data.text = toString(tree).replace(/\s+/g, " ").trim();
    })
    .use(rehypeStringify);
}

/** A link in content that names a language or no page of the site (docs/decisions/0029). */
export class ContentLinkError extends Error {}

/**
 * Markdown to sanitised HTML with a table of contents, via unified/remark/rehype; callout titles in
 * `lang`. Site links stay bare paths (the page that shows them adds the language); one that names a
 * language or no page is refused here, so neither a file nor a staff edit can publish it.
 */
export function renderMarkdown(markdown: string, lang: LangKey = DEFAULT_LANG, source = "content"): RenderedMarkdown {
  let processor = processors.get(lang);
  if (!processor) processors.set(lang, (processor = makeProcessor(lang)));
  const file = processor.processSync(markdown);
  const html = String(file);
  const problems = siteLinkProblems(html);
  if (problems.length) throw new ContentLinkError(`${source}: ${problems.join("; ")}`);
  return { html, toc: (file.data.toc as TocEntry[]) ?? [], text: (file.data.text as string) ?? "" };
}

/** One line of Markdown (a release-note item) as sanitised inline HTML, without the paragraph around it. */
export function renderInlineMarkdown(markdown: string, source?: string): string {
  const { html } = renderMarkdown(markdown.replace(/\s*\n\s*/g, " "), DEFAULT_LANG, source);
  return html.replace(/^<p>/, "").replace(/<\/p>\s*$/, "");
}
