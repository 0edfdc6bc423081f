import { forwardRef, useEffect, useRef, useState, type FocusEvent, type MouseEvent, type TouchEvent } from "react";
import { Link, NavLink, PrefetchPageLinks, type LinkProps, type NavLinkProps } from "react-router";
import { useSiteLocale } from "~/i18n/use-lang";
import { localizePath } from "~/lib/paths";
import { acquirePreloadSlot, browserConnection, INTENT_DELAY_MS, prefetchAllowed, PRELOAD_SLOT_MS } from "~/lib/prefetch";

/** Preloads the target route on intent, within the site's preload budget (app/lib/prefetch.ts). */
function useIntentPreload(href: string) {
  const [preload, setPreload] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const start = () => {
    if (preload || !prefetchAllowed(browserConnection())) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const release = acquirePreloadSlot();
      if (!release) return;
      setPreload(true);
      setTimeout(release, PRELOAD_SLOT_MS);
    }, INTENT_DELAY_MS);
  };
  const cancel = () => clearTimeout(timer.current);
  const node = preload ? <PrefetchPageLinks page={href} /> : null;
  return { start, cancel, node };
}

type Handlers = {
  onMouseEnter?: (e: MouseEvent<HTMLAnchorElement>) => void;
  onMouseLeave?: (e: MouseEvent<HTMLAnchorElement>) => void;
  onFocus?: (e: FocusEvent<HTMLAnchorElement>) => void;
  onBlur?: (e: FocusEvent<HTMLAnchorElement>) => void;
  onTouchStart?: (e: TouchEvent<HTMLAnchorElement>) => void;
};

function intentHandlers(props: Handlers, start: () => void, cancel: () => void): Handlers {
  return {
    onMouseEnter: (e) => (props.onMouseEnter?.(e), start()),
    onMouseLeave: (e) => (props.onMouseLeave?.(e), cancel()),
    onFocus: (e) => (props.onFocus?.(e), start()),
    onBlur: (e) => (props.onBlur?.(e), cancel()),
    onTouchStart: (e) => (props.onTouchStart?.(e), start()),
  };
}

/** A link to a site path, prefixed with the page's language when it is not the host's default. */
export const LocalizedLink = forwardRef<HTMLAnchorElement, LinkProps & { to: string }>(function LocalizedLink(
  { to, ...rest },
  ref,
) {
  const { lang, defaultLang } = useSiteLocale();
  const href = localizePath(to, lang, defaultLang);
  const { start, cancel, node } = useIntentPreload(href);
  return (
    <>
      <Link ref={ref} to={href} prefetch="none" viewTransition {...rest} {...intentHandlers(rest, start, cancel)} />
      {node}
    </>
  );
});

export function LocalizedNavLink({ to, ...rest }: NavLinkProps & { to: string }) {
  const { lang, defaultLang } = useSiteLocale();
  const href = localizePath(to, lang, defaultLang);
  const { start, cancel, node } = useIntentPreload(href);
  return (
    <>
      <NavLink to={href} prefetch="none" viewTransition {...rest} {...intentHandlers(rest, start, cancel)} />
      {node}
    </>
  );
}
