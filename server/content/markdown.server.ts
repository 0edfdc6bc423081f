import type { Root as HastRoot } from "hast";
import { toString } from "hast-util-to-string";
import rehypeSanitize, { defaultSchema } from "rehype-sanitize";
import rehypeSlug from "rehype-slug";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { visit } from "unist-util-visit";

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

/** Heading ids survive sanitising unprefixed: they are made by rehype-slug from the text, not by authors. */
const schema = {
  ...defaultSchema,
  clobberPrefix: "",
  clobber: [],
  attributes: { ...defaultSchema.attributes, h2: ["id"], h3: ["id"], h4: ["id"] },
};

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype) // raw HTML in Markdown is dropped, never passed through
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

/** Markdown to sanitised HTML with a table of contents, via unified/remark/rehype. */
export function renderMarkdown(markdown: string): RenderedMarkdown {
  const file = processor.processSync(markdown);
  return { html: String(file), toc: (file.data.toc as TocEntry[]) ?? [], text: (file.data.text as string) ?? "" };
}
