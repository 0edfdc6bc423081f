import { getLanguage, isLangKey } from "~/i18n/languages";

/**
 * A site language (one of the 13) as staff read it: its key and its own name, e.g. "TH ไทย". The
 * name is drawn by the language names' font where the staff member's machine has no font for its
 * script (app/fonts/fonts.css), as in the language menu and the usage report.
 */
export function SiteLang({ lang }: { lang: string }) {
  const known = isLangKey(lang) ? getLanguage(lang) : null;
  return (
    <span className="whitespace-nowrap" data-language-names="">
      <span className="font-mono text-xs text-slate-500 uppercase">{lang}</span>
      {known ? (
        <span className="ml-1" lang={known.tag}>
          {known.nativeName}
        </span>
      ) : null}
    </span>
  );
}
