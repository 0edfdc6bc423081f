import { data, useLocation } from "react-router";
import { NotFound } from "~/components/NotFound";
import { sectionMeta } from "~/lib/meta/meta";
import { pageLang } from "~/lib/route-checks";
import type { LayoutHandle } from "~/root";
import type { Route } from "./+types/error-404";

export function loader(args: Route.LoaderArgs) {
  // The page says "not found", so its status does too (no soft 404s).
  return data({ lang: pageLang(args) }, { status: 404 });
}

export const handle: LayoutHandle = { layout: "error" };

export const meta: Route.MetaFunction = (args) => sectionMeta(args, "notFound.title", undefined, { noindex: true });

export default function Error404Page() {
  const { pathname } = useLocation();
  return <NotFound path={pathname} />;
}
