import { docsRedirect } from "../../server/pages/help-pages.server";
import type { Route } from "./+types/docs-redirect";
import { pageLoader } from "../../server/http/page-loader.server";

/** Old documentation links (/docs/{slug}, /{lang}/docs/{slug}) go to their help topic in one hop. */
export const loader = pageLoader({}, (args: Route.LoaderArgs, { lang }) => docsRedirect(args.context, { lang, slug: args.params.slug }));

export default function DocsRedirectRoute() {
  return null;
}
