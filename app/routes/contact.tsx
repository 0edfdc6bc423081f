import { ContactPage } from "~/components/chat/ContactPage";
import { sectionMeta } from "~/lib/meta/meta";
import { pageLanguage } from "~/lib/route-checks";
import { endpointAction } from "../../server/http/form-actions.server";
import { leaveMessageEndpoint } from "../../server/api/endpoints/visitor.server";
import { pageLoader } from "../../server/http/page-loader.server";
import type { Route } from "./+types/contact";

export function loader(args: Route.LoaderArgs) {
  return pageLoader({ messages: ["common.pages.contact"] }, (_args, { lang }) => ({ lang }))(args);
}

/** The message form, from this page or the chat button's dialog on any page: the API's own endpoint and limits. */
export function action(args: Route.ActionArgs) {
  return endpointAction(leaveMessageEndpoint, args, { lang: pageLanguage(args), echo: ["contact"] });
}

// Not indexed: a form with nothing to find in it, the same in 13 languages; the pages worth
// finding (about us, links, the help centre) name the ways to reach us (docs/decisions/0034).
export const meta: Route.MetaFunction = (args) => sectionMeta(args, "pages.contact.title", "pages.contact.intro", { noindex: true });

export default function ContactRoute() {
  return <ContactPage />;
}
