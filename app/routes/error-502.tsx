import { BadGateway } from "~/components/BadGateway";
import { sectionMeta } from "~/lib/meta/meta";
import type { LayoutHandle } from "~/root";
import type { Route } from "./+types/error-502";
import { pageLoader } from "../../server/http/page-loader.server";

export const loader = pageLoader({}, (_args: Route.LoaderArgs, { lang }) => ({ lang }));

export const handle: LayoutHandle = { layout: "error" };

export const meta: Route.MetaFunction = (args) => sectionMeta(args, "badGateway.title", undefined, { noindex: true });

export default function Error502Page() {
  return <BadGateway />;
}
