import { forwardRef } from "react";
import { Link, NavLink, type LinkProps, type NavLinkProps } from "react-router";
import { useLang } from "~/i18n/use-lang";
import { localizePath } from "~/lib/paths";

/** A link to a site path, prefixed with the page's language when it is not English. */
export const LocalizedLink = forwardRef<HTMLAnchorElement, LinkProps & { to: string }>(function LocalizedLink(
  { to, ...rest },
  ref,
) {
  const lang = useLang();
  return <Link ref={ref} to={localizePath(to, lang)} prefetch="intent" {...rest} />;
});

export function LocalizedNavLink({ to, ...rest }: NavLinkProps & { to: string }) {
  const lang = useLang();
  return <NavLink to={localizePath(to, lang)} prefetch="intent" {...rest} />;
}
