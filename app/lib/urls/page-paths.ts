/**
 * The site's pages (spec section 2), each bare (English) and under /:lang (app/routes.ts builds
 * both from this list). Use-case pages live under /scenarios (docs/decisions/0007),
 * solution pages under /solutions (docs/decisions/0015).
 */
export const PAGE_ROUTES: ReadonlyArray<readonly [path: string, file: string]> = [
  ["Pricing", "routes/pricing.tsx"],
  ["about-us", "routes/about.tsx"],
  // Blog and news share one implementation; the type is the path's first segment.
  ["blog", "routes/article-list.tsx"],
  // What websites see of the visitor's browser (issue 31): measured in the browser, the page is the same for everyone.
  ["check", "routes/check.tsx"],
  // The chat's message form as a page: where the chat button leads without scripts (docs/decisions/0034).
  ["contact", "routes/contact.tsx"],
  ["blog/:id", "routes/article.tsx"],
  // Feeds: RSS 2.0 at feed.xml, Atom at atom.xml (docs/decisions/0016).
  ["blog/feed.xml", "routes/article-feed.tsx"],
  ["blog/atom.xml", "routes/article-feed.tsx"],
  ["news", "routes/article-list.tsx"],
  ["news/:id", "routes/article.tsx"],
  ["news/feed.xml", "routes/article-feed.tsx"],
  ["news/atom.xml", "routes/article-feed.tsx"],
  ["docs/:slug", "routes/docs-redirect.tsx"],
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
  ["pre-sales/booking/:id", "routes/pre-sales-booking.tsx"],
  ["pre-sales/booking/:id/calendar.ics", "routes/pre-sales-calendar.tsx"],
  ["referral-program", "routes/referral-program.tsx"],
  ["release", "routes/release.tsx"],
  ["release/feed.xml", "routes/release-feed.tsx"],
  ["release/atom.xml", "routes/release-feed.tsx"],
  ["release/:id", "routes/release-detail.tsx"],
  // The site search (docs/decisions/0030): a GET form, so it works without JavaScript.
  ["search", "routes/search.tsx"],
  ["scenarios", "routes/use-cases.tsx"],
  ["scenarios/:slug", "routes/use-case.tsx"],
  // The chat-app multi-account messaging page and any later solution (docs/decisions/0015).
  ["solutions/:slug", "routes/solution.tsx"],
  // "Is it official?" (issue 31): a downloaded file and a pasted address checked in the browser.
  ["verify", "routes/verify.tsx"],
];

/**
 * First path segments that belong to pages. A tag slug equal to one would be shadowed:
 * /news-product-updates/release is the release-notes page under a (bad) language prefix, not
 * the tag "release" of that category. Content with such a slug is refused when it is loaded.
 */
export const RESERVED_SEGMENTS: ReadonlySet<string> = new Set(PAGE_ROUTES.map(([path]) => path.split("/")[0]!.toLowerCase()));
