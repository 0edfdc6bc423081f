import { forwardRef, useEffect, useState, type AnchorHTMLAttributes, type ReactNode } from "react";
import { PrefetchPageLinks, useLocation, useNavigate } from "react-router";
import { useSiteLocale } from "~/i18n/use-lang";
import { localizePath } from "~/lib/urls/paths";
import { acquirePreloadSlot, browserConnection, INTENT_DELAY_MS, prefetchAllowed, PRELOAD_SLOT_MS } from "~/lib/urls/prefetch";

/**
 * Client-side navigation for the site's links. React Router's `Link` and `NavLink` run a dozen
 * hooks each (resolving the path against the route tree, the click handler, prefetch and view
 * transition state), and the shell renders about seventy of them on every page: about a tenth of a
 * page's CPU in all (issue 14, 8 % measured with --cpu-prof). These links are plain anchors with no
 * hooks and no handlers of their own: one set of listeners on the document navigates and preloads
 * for all of them.
 */

/**
 * Turns a click on a site link into a client navigation, and preloads a link's route on intent
 * (hover, focus, touch), for all of them with one set of listeners on the document, within the
 * site's preload budget (app/lib/urls/prefetch.ts): a preloaded route stays preloaded.
 */
export function SiteNavigationProvider({ children }: { children: ReactNode }) {
  const [preloaded, setPreloaded] = useState<readonly string[]>([]);
  const navigate = useNavigate();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = new Set<string>();
    const linkOf = (event: Event) => (event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[data-site-link]") : null);
    const start = (event: Event) => {
      const href = linkOf(event)?.getAttribute("href");
      if (!href || done.has(href) || !prefetchAllowed(browserConnection())) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        const release = acquirePreloadSlot();
        if (!release) return;
        done.add(href);
        setPreloaded((list) => [...list, href]);
        setTimeout(release, PRELOAD_SLOT_MS);
      }, INTENT_DELAY_MS);
    };
    const cancel = (event: Event) => {
      if (linkOf(event)) clearTimeout(timer);
    };
    // After React's own listener on the document (registered when the page hydrated), so a
    // link's onClick that prevents the default is seen here. React Router's rules for which
    // clicks stay the browser's: another button, a modifier key, another target, a download.
    const click = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const link = linkOf(event);
      const href = link?.getAttribute("href");
      if (!link || !href || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
      event.preventDefault();
      const here = window.location.pathname + window.location.search + window.location.hash;
      void navigate(href, {
        viewTransition: true,
        replace: link.hasAttribute("data-replace") || here === href,
        preventScrollReset: link.hasAttribute("data-keep-scroll"),
      });
    };
    document.addEventListener("click", click);
    const starts = ["mouseover", "focusin", "touchstart"] as const;
    const cancels = ["mouseout", "focusout"] as const;
    for (const type of starts) document.addEventListener(type, start, { passive: true });
    for (const type of cancels) document.addEventListener(type, cancel);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("click", click);
      for (const type of starts) document.removeEventListener(type, start);
      for (const type of cancels) document.removeEventListener(type, cancel);
    };
  }, [navigate]);
  return (
    <>
      {children}
      {preloaded.map((href) => (
        <PrefetchPageLinks key={href} page={href} />
      ))}
    </>
  );
}

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  to: string;
  replace?: boolean;
  /** A full page load, not a client navigation. */
  reloadDocument?: boolean;
  /** Keep the scroll position (filters that change the list below them). */
  preventScrollReset?: boolean;
};

/**
 * A link to a site address that is already complete (a language switch, a page of a list): a
 * plain anchor whose click SiteNavigationProvider turns into a client navigation.
 * data-discover: React Router fetches the routes of links it sees on the page (lazy route
 * discovery); data-site-link: navigated on the client and preloaded on intent.
 */
export const SiteLink = forwardRef<HTMLAnchorElement, Omit<AnchorProps, "to"> & { href: string }>(function SiteLink(
  { replace, reloadDocument, preventScrollReset, ...rest },
  ref,
) {
  return (
    // The content comes in `rest` (children).
    // eslint-disable-next-line jsx-a11y/anchor-has-content
    <a
      ref={ref}
      data-discover="true"
      data-site-link={reloadDocument ? undefined : ""}
      data-replace={replace ? "" : undefined}
      data-keep-scroll={preventScrollReset ? "" : undefined}
      {...rest}
    />
  );
});

/** A link to a site path, prefixed with the page's language when it is not the host's default. */
export const LocalizedLink = forwardRef<HTMLAnchorElement, AnchorProps>(function LocalizedLink({ to, ...rest }, ref) {
  const { lang, defaultLang } = useSiteLocale();
  return <SiteLink ref={ref} href={localizePath(to, lang, defaultLang)} {...rest} />;
});

const comparable = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path).toLowerCase();

/** A LocalizedLink that knows whether it is the current page: `aria-current="page"` and its class say so. */
export function LocalizedNavLink({
  to,
  end,
  className,
  ...rest
}: Omit<AnchorProps, "className"> & { end?: boolean; className?: string | ((state: { isActive: boolean }) => string) }) {
  const { lang, defaultLang } = useSiteLocale();
  const { pathname } = useLocation();
  const href = localizePath(to, lang, defaultLang);
  const target = comparable(href.split(/[?#]/)[0]!);
  const current = comparable(pathname);
  const isActive = current === target || (!end && target !== "/" && current.startsWith(`${target}/`));
  return (
    <LocalizedLink
      to={to}
      aria-current={isActive ? "page" : undefined}
      className={typeof className === "function" ? className({ isActive }) : className}
      {...rest}
    />
  );
}
