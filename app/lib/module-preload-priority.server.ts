const TAG = '<link rel="modulepreload"';
const LOW = '<link rel="modulepreload" fetchpriority="low"';
const HEAD_END = "</head>";

/**
 * Marks React Router's `modulepreload` links in the document head `fetchpriority="low"`
 * (issue 14). At their default high priority the page's twenty-odd route modules are fetched
 * alongside, and on a slow connection ahead of, the stylesheet and the first picture, and
 * Lighthouse counts every high-priority script that finished before the first paint as
 * render-blocking. The page is server-rendered and paints without them; hydration follows once
 * they arrive. React Router has no option for these links' attributes, hence the rewrite of the
 * finished document; everything from `</head>` on is left as it is.
 */
export function lowerModulePreloadPriority(html: string): string {
  const end = html.indexOf(HEAD_END);
  if (end === -1) return html;
  return html.slice(0, end).replaceAll(TAG, LOW) + html.slice(end);
}
