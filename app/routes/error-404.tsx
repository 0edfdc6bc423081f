import { data, useLocation } from "react-router";
import { NotFound } from "~/components/NotFound";
import { sectionMeta } from "~/lib/meta/meta";
import type { LayoutHandle } from "~/root";
import type { Route } from "./+types/error-404";
import { pageLoader } from "../../server/http/page-loader.server";

// The page says "not found", so its status does too (no soft 404s). Its words are the shell's.
export const loader = pageLoader({}, (_args: Route.LoaderArgs, { lang }) => data({ lang }, { status: 404 }));

export const handle: LayoutHandle = { layout: "error" };

export const meta: Route.MetaFunction = (args) => sectionMeta(args, "notFound.title", undefined, { noindex: true });

export default function Error404Page() {
  const { pathname } = useLocation();
  return <NotFound path={pathname} />;
}
