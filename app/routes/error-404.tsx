import { data, useLocation } from "react-router";
import { NotFound } from "~/components/NotFound";
import { sectionMeta } from "~/lib/meta";
import { requirePageLang } from "~/lib/page-lang";
import type { Route } from "./+types/error-404";

export function loader({ params }: Route.LoaderArgs) {
  // The page says "not found", so its status does too (no soft 404s).
  return data({ lang: requirePageLang(params) }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => [...sectionMeta(matches, "notFound.title"), { name: "robots", content: "noindex" }];

export default function Error404Page() {
  const { pathname } = useLocation();
  return <NotFound path={pathname} />;
}
