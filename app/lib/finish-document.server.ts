/**
 * The last pass over a rendered document (app/entry.server.tsx), on its bytes: the document is
 * sent as it comes out of React, so it is never decoded to a string and encoded again, and only
 * the head is read as text.
 *
 * - React Router's `modulepreload` links in the head get `fetchpriority="low"` (issue 14). At
 *   their default high priority the page's twenty-odd route modules are fetched alongside, and on
 *   a slow connection ahead of, the stylesheet and the first picture, and Lighthouse counts every
 *   high-priority script that finished before the first paint as render-blocking. The page is
 *   server-rendered and paints without them; hydration follows once they arrive. React Router has
 *   no option for these links' attributes, hence the rewrite.
 * - Editor-set markup (base info's statistical_title / statistical_body, and the visitor-state
 *   script) goes just before `</head>` and the last `</body>`. Done here rather than in React,
 *   because the markup is arbitrary (scripts, noscript, meta) and React cannot render raw HTML in
 *   <head>; React 19 skips such foreign nodes when it hydrates. Text inside the page cannot end
 *   the body, and React Router's inline data escapes `<`.
 */
const TAG = '<link rel="modulepreload"';
const LOW = '<link rel="modulepreload" fetchpriority="low"';

export function finishDocument(html: Buffer, snippets: { head: string; body: string }): Uint8Array<ArrayBuffer> {
  const headEnd = html.indexOf("</head>");
  if (headEnd === -1) return new Uint8Array(html);
  const bodyEnd = html.lastIndexOf("</body>");
  // latin1 keeps every byte as one character, so UTF-8 text in the head comes out as it went in.
  const head = Buffer.from(html.subarray(0, headEnd).toString("latin1").replaceAll(TAG, LOW), "latin1");
  const parts: Uint8Array[] = [head, Buffer.from(snippets.head, "utf8")];
  if (bodyEnd > headEnd) parts.push(html.subarray(headEnd, bodyEnd), Buffer.from(snippets.body, "utf8"), html.subarray(bodyEnd));
  else parts.push(html.subarray(headEnd));
  const out = Buffer.concat(parts);
  // The same bytes as a plain Uint8Array over an ArrayBuffer: what a web Response takes as a body.
  return new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.length);
}

/**
 * Gives every <script> in trusted editor markup the response's CSP nonce, so the snippets run
 * under a policy that refuses inline scripts. Only for markup the site's editors set.
 */
export function withNonce(markup: string, nonce: string | undefined): string {
  if (!nonce || !markup) return markup;
  return markup.replace(/<script\b(?![^>]*\snonce\s*=)/gi, `<script nonce="${nonce}"`);
}
