import type { LangKey } from "~/i18n/languages";

/**
 * The languages whose glyphs come in about a hundred slices, each with its generated stylesheet
 * (app/fonts/generated/<name>.css). Thai and Devanagari have one slice each and sit in the main
 * stylesheet (fonts.css), so they are not here (docs/decisions/0023).
 */
export const SLICED_SCRIPT_SHEETS = { zh: "zh-hans", tc: "zh-hant", jp: "ja" } as const satisfies Partial<Record<LangKey, string>>;

/**
 * The stylesheet of a language's slices from a Vite glob of app/fonts/generated (`?url` in the
 * browser, `?inline` on the server): one list of languages, however the sheet is imported.
 */
export function slicedScriptSheet(lang: LangKey, sheets: Record<string, string>): string | undefined {
  const name = (SLICED_SCRIPT_SHEETS as Partial<Record<LangKey, string>>)[lang];
  return name ? sheets[`./generated/${name}.css`] : undefined;
}
