import { ErrorNotice } from "~/components/ErrorNotice";
import { sectionMeta } from "~/lib/meta";
import { requirePageLang } from "~/lib/page-lang";
import type { Route } from "./+types/error-502";

export function loader({ params }: Route.LoaderArgs) {
  return { lang: requirePageLang(params) };
}

export const meta: Route.MetaFunction = ({ matches }) => [...sectionMeta(matches, "error.title"), { name: "robots", content: "noindex" }];

export default function Error502Page() {
  return <ErrorNotice />;
}
