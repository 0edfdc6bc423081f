import { data } from "react-router";
import { requirePageLang } from "~/lib/page-lang";
import type { Route } from "./+types/help-article";

/** No help articles exist yet, so every id is unknown: a 404 with the shell, never an empty page. */
export function loader({ params }: Route.LoaderArgs) {
  requirePageLang(params);
  throw data(null, { status: 404 });
}

export default function HelpArticlePage() {
  return null;
}
