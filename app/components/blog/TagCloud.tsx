import { useTranslation } from "~/i18n/use-translation";
import { LocalizedLink } from "../LocalizedLink";

type Tag = { slug: string; name: string };

/** Tags a category page shows before the fold; the rest wait behind "More tags". */
export const TAGS_SHOWN = 12;
/** Fewer folded tags than this are shown with the others: a fold that hides two saves nothing. */
const FOLD_AT_LEAST = 4;

/**
 * The tags to show at once and those folded away. Tags come most used first; the page's own tag is
 * always shown, so a visitor sees where they are without opening the fold.
 */
export function splitTags<T extends Tag>(tags: readonly T[], current?: string): { shown: T[]; folded: T[] } {
  if (tags.length < TAGS_SHOWN + FOLD_AT_LEAST) return { shown: [...tags], folded: [] };
  const shown = tags.slice(0, TAGS_SHOWN);
  const folded = tags.slice(TAGS_SHOWN);
  const at = folded.findIndex((tag) => tag.slug === current);
  if (at !== -1) shown.push(...folded.splice(at, 1));
  return { shown, folded };
}

/**
 * A category's tags, most used first. A site that has written for years has dozens, which on a
 * phone stood as a wall of chips before the first article: past the first dozen they fold into a
 * disclosure that works without scripts.
 */
export function TagCloud({ tags, current, href }: { tags: readonly Tag[]; current?: string; href: (slug: string) => string }) {
  const { t } = useTranslation("blog");
  const { shown, folded } = splitTags(tags, current);
  const chips = (list: Tag[]) => (
    <ul className="flex flex-wrap gap-2">
      {list.map((tag) => (
        <li key={tag.slug}>
          <LocalizedLink
            to={href(tag.slug)}
            aria-current={current === tag.slug ? "page" : undefined}
            className="inline-block rounded-full bg-slate-100 px-3 py-1 text-xs text-slate-700 hover:bg-indigo-50 aria-[current=page]:bg-indigo-100 aria-[current=page]:font-semibold aria-[current=page]:text-indigo-800"
          >
            #{tag.name}
          </LocalizedLink>
        </li>
      ))}
    </ul>
  );
  return (
    <nav aria-label={t("list.tags")} className="mt-4" data-testid="tag-cloud">
      {chips(shown)}
      {folded.length ? (
        <details className="group mt-2" data-testid="more-tags">
          <summary className="inline-flex cursor-pointer list-none items-center gap-1 rounded-full px-3 py-1 text-xs font-medium text-indigo-700 hover:bg-indigo-50 [&::-webkit-details-marker]:hidden">
            {t("list.moreTags", { count: folded.length })}
            <svg viewBox="0 0 20 20" className="size-4 transition-transform group-open:rotate-180" aria-hidden="true" fill="currentColor">
              <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
            </svg>
          </summary>
          <div className="mt-2">{chips(folded)}</div>
        </details>
      ) : null}
    </nav>
  );
}
