import type { BreadcrumbList, WebApplication, WithContext } from "schema-dts";
import { CheckPage } from "~/components/check/CheckPage";
import { getLanguage } from "~/i18n/languages";
import { absoluteUrl, breadcrumbList, message, rootData, sectionMeta } from "~/lib/meta/meta";
import { SITE_NAME } from "~/lib/site";
import { loadCheck } from "../../server/pages/check-pages.server";
import { pageLoader } from "../../server/http/page-loader.server";
import type { Route } from "./+types/check";

export const loader = pageLoader({ messages: ["common.pages.check", "check"] }, (args: Route.LoaderArgs, { lang }) => loadCheck(args.context, lang));

/** A free tool that runs in the browser: a WebApplication, and the breadcrumb from the home page. */
export const meta: Route.MetaFunction = (args) => {
  const root = rootData(args.matches);
  const lang = args.data?.lang;
  const title = message(root, "pages.check.title");
  const jsonLd: (WithContext<WebApplication> | WithContext<BreadcrumbList>)[] =
    root && lang && title
      ? [
          {
            "@context": "https://schema.org",
            "@type": "WebApplication",
            name: title,
            description: message(root, "pages.check.intro"),
            url: absoluteUrl(root.hostPlan, lang, "/check"),
            applicationCategory: "SecurityApplication",
            browserRequirements: "Requires JavaScript",
            operatingSystem: "Any",
            isAccessibleForFree: true,
            inLanguage: getLanguage(lang).tag,
            offers: { "@type": "Offer", price: "0", priceCurrency: "USD" },
            publisher: { "@type": "Organization", name: SITE_NAME },
          },
          breadcrumbList(root.hostPlan, lang, [{ name: title, path: "/check" }]),
        ]
      : [];
  return sectionMeta(args, "pages.check.title", "pages.check.intro", { jsonLd });
};

export default function CheckRoute({ loaderData }: Route.ComponentProps) {
  return <CheckPage help={loaderData.help} />;
}
