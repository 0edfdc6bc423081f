import { Form } from "react-router";
import { useSiteLocale } from "~/i18n/use-lang";
import { localizePath } from "~/lib/urls/paths";

/**
 * The search form: a plain GET form, so the query lives in the URL and it works without JavaScript.
 * Its words come from the page: the search page's, or the shell's on the 404 page (which is sent no others).
 */
export function SearchForm({
  query,
  id,
  autoFocus = false,
  words,
  className = "",
}: {
  query: string;
  id: string;
  autoFocus?: boolean;
  words: { label: string; placeholder: string; submit: string };
  className?: string;
}) {
  const site = useSiteLocale();
  const { label, placeholder, submit } = words;
  return (
    <Form
      method="get"
      action={localizePath("/search", site.lang, site.defaultLang)}
      role="search"
      aria-label={label}
      className={`flex w-full max-w-2xl gap-2 ${className}`}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        name="q"
        defaultValue={query}
        maxLength={100}
        autoFocus={autoFocus}
        enterKeyHint="search"
        placeholder={placeholder}
        className="min-w-0 flex-1 rounded-lg border border-slate-300 px-4 py-3 text-base focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200"
      />
      <button type="submit" className="shrink-0 rounded-lg bg-indigo-600 px-5 py-3 font-semibold text-white hover:bg-indigo-700">
        {submit}
      </button>
    </Form>
  );
}
