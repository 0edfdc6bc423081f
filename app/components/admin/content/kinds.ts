import type { ContentKindKey } from "../../../../server/content/documents.server";
import type { DocumentState } from "../../../../server/services/content.server";

export type { ContentKindKey, DocumentState };

/** The content kinds the editor knows (server/content/documents.server.ts), as staff read them. */
export const CONTENT_KIND_LABELS = {
  article: { en: "Blog and news articles", zh: "博客与新闻文章" },
  help: { en: "Help articles", zh: "帮助文章" },
  faq: { en: "FAQ", zh: "常见问题" },
  "release-list": { en: "Release list (versions and dates)", zh: "版本列表（版本号与日期）" },
  "release-notes": { en: "Release notes", zh: "版本说明" },
  "partner-list": { en: "Partner list (names, websites, logos)", zh: "合作伙伴列表（名称、网站、标志）" },
  "partner-texts": { en: "Partner texts", zh: "合作伙伴文案" },
  "use-case-list": { en: "Use-case list (order, tags, drawing)", zh: "使用场景列表（顺序、标签、产品插图）" },
  "use-case": { en: "Use-case and solution pages", zh: "使用场景与解决方案页面" },
  site: { en: "Site texts (base info, statistics snippets)", zh: "站点文案（基础信息、统计代码）" },
} as const satisfies Record<ContentKindKey, { en: string; zh: string }>;
export const CONTENT_KINDS = Object.keys(CONTENT_KIND_LABELS) as ContentKindKey[];

export const STATE_LABELS = {
  file: { en: "Live", zh: "已上线" },
  published: { en: "Live (edited here)", zh: "已上线（后台编辑）" },
  draft: { en: "Unpublished changes", zh: "有未发布的修改" },
  scheduled: { en: "Scheduled", zh: "已定时发布" },
  new: { en: "New", zh: "新建" },
} as const satisfies Record<DocumentState, { en: string; zh: string }>;
export const STATE_TONES = { file: "green", published: "green", draft: "amber", scheduled: "blue", new: "neutral" } as const;

/** The content path of a new document, from the fields of the "new" form; null while incomplete. */
export function newDocumentPath(kind: ContentKindKey, fields: { lang: string; section: string; key: string }): string | null {
  const key = fields.key.trim().toLowerCase();
  const slug = /^[a-z0-9]+(-[a-z0-9]+)*$/.test(key);
  switch (kind) {
    case "article":
      return slug ? `articles/${fields.lang}/${fields.section === "news" ? "news" : "blog"}/${key}.md` : null;
    case "help":
      return slug ? `help/${fields.lang}/${key}.md` : null;
    case "faq":
      return `faq/${fields.lang}.yaml`;
    case "release-notes":
      return /^\d+\.\d+\.\d+$/.test(key) ? `releases/${fields.lang}/${key}.yaml` : null;
    case "partner-texts":
      return `partners/${fields.lang}.yaml`;
    case "use-case":
      return slug ? `${fields.section === "solutions" ? "solutions" : "use-cases"}/${fields.lang}/${key}.md` : null;
    case "site":
      return `site/${fields.lang}.json`;
    case "release-list":
      return "releases.yaml";
    case "partner-list":
      return "partners.yaml";
    case "use-case-list":
      return "use-cases.yaml";
  }
}
