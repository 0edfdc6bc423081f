import { index, route, type RouteConfig } from "@react-router/dev/routes";

/**
 * Every page of spec section 2 exists bare (English) and under /:lang. Paths the router cannot
 * tell apart by shape (/zh vs /blog-guides, /zh/blog-guides vs /blog-guides/tag) go to one
 * dispatcher that decides from the segments themselves (docs/decisions/0007).
 */
const pages: ReadonlyArray<readonly [path: string, file: string]> = [
  ["Pricing", "routes/pricing.tsx"],
  ["about-us", "routes/about.tsx"],
  // Blog and news share one implementation; the type is the path's first segment.
  ["blog", "routes/article-list.tsx"],
  ["blog/:id", "routes/article.tsx"],
  ["news", "routes/article-list.tsx"],
  ["news/:id", "routes/article.tsx"],
  ["download", "routes/download.tsx"],
  ["error/404", "routes/error-404.tsx"],
  ["error/502", "routes/error-502.tsx"],
  ["faq", "routes/faq.tsx"],
  ["helps", "routes/helps.tsx"],
  ["helps/:id", "routes/help-article.tsx"],
  ["links", "routes/links.tsx"],
  ["partner", "routes/partner.tsx"],
  ["partner/:id", "routes/partner-detail.tsx"],
  ["partner-plan", "routes/partner-plan.tsx"],
  ["pre-sales", "routes/pre-sales.tsx"],
  ["referral-program", "routes/referral-program.tsx"],
  ["release", "routes/release.tsx"],
  ["release/:id", "routes/release-detail.tsx"],
  ["scenarios/:slug", "routes/use-case.tsx"],
];

export default [
  index("routes/home.tsx", { id: "home" }),
  ...pages.map(([path, file]) => route(path, file, { id: path })),
  ...pages.map(([path, file]) => route(`:lang/${path}`, file, { id: `lang/${path}` })),
  route(":lang", "routes/dispatch.tsx", { id: "dispatch-1" }),
  route(":lang/:second", "routes/dispatch.tsx", { id: "dispatch-2" }),
  route(":lang/:second/:third", "routes/dispatch.tsx", { id: "dispatch-3" }),
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
