import type { ContentKindKey } from "../../../../server/content/documents.server";
import type { DocumentState } from "../../../../server/services/content.server";

export type { ContentKindKey, DocumentState };

/** The content kinds the editor knows (server/content/documents.server.ts), in the order staff see them. */
export const CONTENT_KINDS = [
  "article",
  "help",
  "faq",
  "release-list",
  "release-notes",
  "partner-list",
  "partner-texts",
  "use-case-list",
  "use-case",
  "site",
] as const satisfies readonly ContentKindKey[];
// A kind added on the server but not listed here does not compile.
export const EVERY_KIND_LISTED: [Exclude<ContentKindKey, (typeof CONTENT_KINDS)[number]>] extends [never] ? true : never = true;

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
