import type { MouseEvent, ReactNode } from "react";
import { useSafeNavigate } from "~/hooks/use-safe-navigate";

/**
 * A link to an address that comes from data (official links, partners' websites): a plain
 * anchor for crawlers and modified clicks, opened through the safe-navigation helper with its
 * explicit external flag on a plain click, so a script or look-alike address is refused.
 */
export function ExternalLink({
  href,
  children,
  className,
  describedBy,
  testId,
  hrefLang,
}: {
  href: string;
  children: ReactNode;
  className?: string;
  describedBy?: string;
  testId?: string;
  /** The language of the page it opens, when it is known (a website's root). */
  hrefLang?: string;
}) {
  const navigate = useSafeNavigate();
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (href.startsWith("mailto:") || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(href, { external: true });
  };
  return (
    <a
      href={href}
      hrefLang={hrefLang}
      target="_blank"
      rel="noopener noreferrer"
      onClick={open}
      className={className}
      aria-describedby={describedBy}
      data-testid={testId}
    >
      {children}
    </a>
  );
}
