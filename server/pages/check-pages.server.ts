/** What the "What websites see" page (/check) loads: the same for every visitor (docs/decisions/0021). */
import type { AppLoadContext } from "react-router";
import type { LangKey } from "~/i18n/languages";
import { CHECK_HELP_ARTICLES, type CheckHelpLinks } from "~/components/check/help-links";
import { helpArticlesByKey } from "../services/help.server";

/**
 * The help articles each finding links to, as the reader's version (id and title): what a visitor sees
 * of their own browser is measured in the browser and fetched from /api/check/seen, never here.
 */
export async function loadCheck(context: AppLoadContext, lang: LangKey): Promise<{ lang: LangKey; help: CheckHelpLinks }> {
  const help = await context.shared(`check-help:${lang}`, () => helpArticlesByKey(context.db, lang, CHECK_HELP_ARTICLES));
  return { lang, help };
}
