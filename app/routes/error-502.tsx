import { BadGateway } from "~/components/BadGateway";
import { sectionMeta } from "~/lib/meta/meta";
import { pageLang } from "~/lib/route-checks";
import type { LayoutHandle } from "~/root";
import type { Route } from "./+types/error-502";

export function loader(args: Route.LoaderArgs) {
  return { lang: pageLang(args) };
}

export const handle: LayoutHandle = { layout: "error" };

export const meta: Route.MetaFunction = (args) => sectionMeta(args, "badGateway.title", undefined, { noindex: true });

export default function Error502Page() {
  return <BadGateway />;
}
