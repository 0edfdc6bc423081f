import { createContext, forwardRef, useContext, useEffect, useState, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from "react";
import { PrefetchPageLinks, useLocation, useNavigate, type NavigateFunction } from "react-router";
import { useSiteLocale } from "~/i18n/use-lang";
import { localizePath } from "~/lib/paths";
import { acquirePreloadSlot, browserConnection, INTENT_DELAY_MS, prefetchAllowed, PRELOAD_SLOT_MS } from "~/lib/prefetch";

/**
 * Client-side navigation for the site's links. React Router's `Link` and `NavLink` run a dozen
 * hooks each (resolving the path against the route tree, the click handler, prefetch and view
 * transition state), and the shell renders about seventy of them on every page: about a tenth of a
 * page's CPU in all (issue 14, 8 % measured with --cpu-prof). These links are plain anchors whose click is
 * handed to the one `navigate` the root provides, with React Router's own rules for which clicks
 * are the browser's (another button, a modifier key, another target, a download).
 */
const SiteNavigate = createContext<NavigateFunction | null>(null);

/**
 * Provides `navigate` to the site's links, and preloads a link's route on intent (hover, focus,
 * touch) for all of them with one set of listeners on the document, within the site's preload
 * budget (app/lib/prefetch.ts): a preloaded route stays preloaded.
 */
export function SiteNavigationProvider({ children }: { children: ReactNode }) {
  const [preloaded, setPreloaded] = useState<readonly string[]>([]);
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
    const starts = ["mouseover", "focusin", "touchstart"] as const;
    const cancels = ["mouseout", "focusout"] as const;
    for (const type of starts) document.addEventListener(type, start, { passive: true });
    for (const type of cancels) document.addEventListener(type, cancel);
    return () => {
      clearTimeout(timer);
      for (const type of starts) document.removeEventListener(type, start);
      for (const type of cancels) document.removeEventListener(type, cancel);
    };
  }, []);
  return (
    <SiteNavigate value={useNavigate()}>
      {children}
      {preloaded.map((href) => (
        <PrefetchPageLinks key={href} page={href} />
      ))}
    </SiteNavigate>
  );
}

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  to: string;
  replace?: boolean;
  reloadDocument?: boolean;
  /** Keep the scroll position (filters that change the list below them). */
  preventScrollReset?: boolean;
};

function useSiteLinkClick(
  href: string,
  { onClick, target, replace, reloadDocument, preventScrollReset, download }: Pick<AnchorProps, "onClick" | "target" | "replace" | "reloadDocument" | "preventScrollReset" | "download">,
) {
  const navigate = useContext(SiteNavigate);
  return (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !navigate || reloadDocument || download !== undefined) return;
    if (event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey || (target && target !== "_self")) return;
    event.preventDefault();
    const here = window.location.pathname + window.location.search + window.location.hash;
    void navigate(href, { viewTransition: true, replace: replace ?? here === href, preventScrollReset });
  };
}

/** A link to a site path, prefixed with the page's language when it is not the host's default. */
export const LocalizedLink = forwardRef<HTMLAnchorElement, AnchorProps>(function LocalizedLink({ to, replace, reloadDocument, preventScrollReset, ...rest }, ref) {
  const { lang, defaultLang } = useSiteLocale();
  const href = localizePath(to, lang, defaultLang);
  const onClick = useSiteLinkClick(href, { ...rest, replace, reloadDocument, preventScrollReset });
  // data-discover: React Router fetches the routes of links it sees on the page (lazy route
  // discovery); data-site-link: preloaded on intent by SiteNavigationProvider.
  return <a ref={ref} href={href} data-discover="true" data-site-link="" {...rest} onClick={onClick} />;
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
