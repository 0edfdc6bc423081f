import { pageLang } from "~/lib/route-checks";
import { docsRedirect } from "../../server/pages/help-pages.server";
import type { Route } from "./+types/docs-redirect";

/** Old documentation links (/docs/{slug}, /{lang}/docs/{slug}) go to their help topic in one hop. */
export function loader(args: Route.LoaderArgs) {
  return docsRedirect(args.context, { lang: pageLang(args), slug: args.params.slug });
}

export default function DocsRedirectRoute() {
  return null;
}
