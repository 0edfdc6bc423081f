import {
  createContext,
  forwardRef,
  useContext,
  useEffect,
  useRef,
  useState,
  type AnchorHTMLAttributes,
  type FocusEvent,
  type MouseEvent,
  type ReactNode,
  type TouchEvent,
} from "react";
import { PrefetchPageLinks, useLocation, useNavigate, type NavigateFunction } from "react-router";
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

/**
 * Client-side navigation for the site's links. React Router's `Link` and `NavLink` run a dozen
 * hooks each (resolving the path against the route tree, the click handler, prefetch and view
 * transition state), and the shell renders about seventy of them on every page: a fifth of a
 * render's CPU (issue 14, measured with --cpu-prof). These links are plain anchors whose click is
 * handed to the one `navigate` the root provides, with React Router's own rules for which clicks
 * are the browser's (another button, a modifier key, another target, a download).
 */
const SiteNavigate = createContext<NavigateFunction | null>(null);

export function SiteNavigationProvider({ children }: { children: ReactNode }) {
  return <SiteNavigate value={useNavigate()}>{children}</SiteNavigate>;
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
  const { start, cancel, node } = useIntentPreload(href);
  const onClick = useSiteLinkClick(href, { ...rest, replace, reloadDocument, preventScrollReset });
  return (
    <>
      {/* data-discover: React Router fetches the routes of links it sees on the page (lazy route discovery). */}
      <a ref={ref} href={href} data-discover="true" {...rest} {...intentHandlers(rest, start, cancel)} onClick={onClick} />
      {node}
    </>
  );
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
